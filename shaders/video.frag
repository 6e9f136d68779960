#version 330 core
// A picture from three single-channel textures (vfview's planes: G, B, R), so nothing is
// repacked on the CPU. mode 1: the amplified difference from a second set of planes. Zoomed
// in, every pixel is a square of one colour (pixel_squares), so that the engines' outputs are
// seen as they are, not smoothed.
uniform sampler2D plane_g, plane_b, plane_r;
uniform sampler2D other_g, other_b, other_r;
uniform int mode;
uniform int pixel_squares;
uniform float gain;
in vec2 uv;
out vec4 colour;

void main()
{
    vec2 at = uv;
    if (pixel_squares == 1) {
        vec2 size = vec2(textureSize(plane_g, 0));
        at = (floor(uv * size) + 0.5) / size;
    }
    vec3 a = vec3(texture(plane_r, at).r, texture(plane_g, at).r, texture(plane_b, at).r);
    if (mode == 1) {
        vec3 b = vec3(texture(other_r, at).r, texture(other_g, at).r, texture(other_b, at).r);
        a = min(abs(a - b) * gain, vec3(1.0));
    }
    colour = vec4(a, 1.0);
}
