#version 330 core
// A picture from three single-channel textures (vfview's planes: G, B, R), so nothing is
// repacked on the CPU. mode 1: the amplified difference from a second set of planes.
uniform sampler2D plane_g, plane_b, plane_r;
uniform sampler2D other_g, other_b, other_r;
uniform int mode;
uniform float gain;
in vec2 uv;
out vec4 colour;

void main()
{
    vec3 a = vec3(texture(plane_r, uv).r, texture(plane_g, uv).r, texture(plane_b, uv).r);
    if (mode == 1) {
        vec3 b = vec3(texture(other_r, uv).r, texture(other_g, uv).r, texture(other_b, uv).r);
        a = min(abs(a - b) * gain, vec3(1.0));
    }
    colour = vec4(a, 1.0);
}
