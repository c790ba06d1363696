#version 100
precision mediump float;
uniform sampler2D texture2;
uniform highp float texture;
varying vec4 v_color;
void main() {
  gl_FragColor = v_color * texture + texture2D(texture2, vec2(0.5));
}
