#version 440 core
layout(location = 0, component = 0) in vec2 v_a;
layout(location = 0, component = 2) in vec2 v_b;
out vec4 color;
void main() { color = vec4(v_a, v_b); }
