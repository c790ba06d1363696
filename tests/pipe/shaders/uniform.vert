#version 450
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0, std140) uniform Default { vec4 offset; } u;
layout(location = 0) out vec2 v_uv;
void main() { v_uv = pos * 0.5 + 0.5; gl_Position = vec4(pos + u.offset.xy, 0.0, 1.0); }
