#version 150 core
in vec4 position;
void main() { gl_Position = position; }
