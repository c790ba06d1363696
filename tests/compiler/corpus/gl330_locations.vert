#version 330 core
layout(location = 2) in vec4 position;
layout(location = 0) in vec3 color;
out vec3 v_color;
void main() { v_color = color; gl_Position = position; }
