#version 450
layout(set = 0, binding = 4, std140) uniform Default { vec4 color; } d;
layout(set = 1, binding = 0, std140) uniform Block { vec4 tint; } b;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o;
void main() { o = d.color + b.tint; }
