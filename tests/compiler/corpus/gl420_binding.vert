#version 420 core
in vec4 position;
layout(std140, binding = 3) uniform Camera { mat4 view_proj; };
void main() { gl_Position = view_proj * position; }
