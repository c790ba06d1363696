#version 450
// A default block shared by both stages (a GL program linked whole): the
// same std140 layout in each, as the GL frontend lays it out.
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0, std140) uniform Default { vec4 offset; vec4 color; float scale[3]; } u;
void main() { gl_Position = vec4(pos * u.scale[2] + u.offset.xy, 0.0, 1.0); }
