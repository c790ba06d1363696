#version 450
// uniform.vert with an invariant output: the program must never be fast-linked.
// (A user varying, not gl_Position: Mesa 22.3 warns about Invariant on a
// gl_PerVertex member, which the validation check would count.)
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0, std140) uniform Default { vec4 offset; } u;
layout(location = 0) invariant out vec2 v_uv;
void main() { v_uv = pos * 0.5 + 0.5; gl_Position = vec4(pos + u.offset.xy, 0.0, 1.0); }
