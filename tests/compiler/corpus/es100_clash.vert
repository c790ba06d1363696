#version 100
// Identifiers that are keywords or built-ins in ESSL 3.10.
attribute vec4 sample;
uniform float texture;
uniform vec4 buffer;
uniform float shared;
varying vec4 v_color;
float round(float x) { return floor(x + 0.5); }
void main() {
  float switch_ = round(texture);
  v_color = buffer * shared * switch_;
  gl_Position = sample;
}
