#version 330 core
// Text and graphs rendered on the CPU into an RGBA texture, blended over the video.
uniform sampler2D image;
in vec2 uv;
out vec4 colour;

void main()
{
    colour = texture(image, uv);
}
