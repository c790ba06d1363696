#version 320 es
precision mediump float;
out vec4 color;
void main() { color = vec4(1.0); }
