#version 460 core
flat in int v_draw;
out vec4 color;
void main() { color = vec4(float(v_draw)); }
