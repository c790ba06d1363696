#version 320 es
layout(vertices = 3) out;
in vec4 v_pos[];
out vec4 c_pos[];
void main() {
  c_pos[gl_InvocationID] = v_pos[gl_InvocationID];
  gl_TessLevelInner[0] = 2.0;
  gl_TessLevelOuter[0] = 2.0;
  gl_TessLevelOuter[1] = 2.0;
  gl_TessLevelOuter[2] = 2.0;
}
