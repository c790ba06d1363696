#version 450
layout(set = 1, binding = 0, std140) uniform Block { vec4 tint; } b;
layout(location = 0) out vec4 o;
void main() { o = b.tint; }
