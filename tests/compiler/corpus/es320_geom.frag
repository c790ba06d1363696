#version 320 es
precision mediump float;
in vec4 g_color;
uniform highp vec4 u_scale;
out vec4 color;
void main() { color = g_color + u_scale; }
