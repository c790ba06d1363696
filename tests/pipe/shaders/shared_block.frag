#version 450
layout(set = 0, binding = 4, std140) uniform Default { vec4 offset; vec4 color; float scale[3]; } u;
layout(location = 0) out vec4 o;
void main() { o = u.color * u.scale[1]; }
