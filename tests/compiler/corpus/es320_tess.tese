#version 320 es
layout(triangles) in;
in vec4 c_pos[];
void main() {
  gl_Position = gl_TessCoord.x * c_pos[0] + gl_TessCoord.y * c_pos[1] + gl_TessCoord.z * c_pos[2];
}
