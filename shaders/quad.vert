#version 330 core
// One textured rectangle without any vertex buffer: corners come from gl_VertexID
// (triangle strip of 4), the rectangle from a uniform in normalised device coordinates, the
// part of the texture it shows from another (all of it, unless the picture is zoomed in).
uniform vec4 rect; // x0, y0, x1, y1
uniform vec4 view; // u0, v0, u1, v1: texture fractions, top-left origin
out vec2 uv;

void main()
{
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    uv = mix(view.xy, view.zw, vec2(corner.x, 1.0 - corner.y)); // textures: top row first
    gl_Position = vec4(mix(rect.xy, rect.zw, corner), 0.0, 1.0);
}
