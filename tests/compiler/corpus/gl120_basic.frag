#version 120
uniform sampler2D tex;
uniform sampler2DShadow shadow;
varying vec3 v_normal;
void main() {
  gl_FragColor = texture2D(tex, v_normal.xy) * shadow2D(shadow, v_normal).r;
}
