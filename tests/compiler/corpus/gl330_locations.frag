#version 330 core
in vec3 v_color;
layout(location = 1) out vec4 second;
layout(location = 0) out vec4 first;
void main() { first = vec4(v_color, 1.0); second = vec4(1.0); }
