#version 100
precision mediump float;
uniform sampler2D u_tex;
uniform samplerCube u_cube;
uniform vec4 u_color;
varying vec2 v_texcoord;
void main() {
  vec4 c = texture2D(u_tex, v_texcoord) + textureCube(u_cube, vec3(v_texcoord, 1.0));
  c += texture2DProj(u_tex, vec3(v_texcoord, 2.0));
  gl_FragColor = c * u_color;
}
