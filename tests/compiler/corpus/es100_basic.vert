#version 100
// ES 2.0 style vertex shader.
attribute vec4 a_position;
attribute vec2 a_texcoord;
uniform mat4 u_mvp;
uniform vec2 u_offsets[4];
varying vec2 v_texcoord;
void main() {
  v_texcoord = a_texcoord + u_offsets[3];
  gl_Position = u_mvp * a_position;
  gl_PointSize = 2.0;
}
