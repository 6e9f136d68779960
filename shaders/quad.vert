#version 330 core
// One textured rectangle without any vertex buffer: corners come from gl_VertexID
// (triangle strip of 4), the rectangle from a uniform in normalised device coordinates.
uniform vec4 rect; // x0, y0, x1, y1
out vec2 uv;

void main()
{
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    uv = vec2(corner.x, 1.0 - corner.y); // textures are stored top row first
    gl_Position = vec4(mix(rect.xy, rect.zw, corner), 0.0, 1.0);
}
