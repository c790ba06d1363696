#version 320 es
in vec4 pos;
out vec4 v_pos;
void main() { v_pos = pos; gl_Position = pos; }
