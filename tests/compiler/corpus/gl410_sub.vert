#version 410 core
layout(location = 0) in vec4 position;
layout(location = 0) out vec4 v_pos;
void main() { v_pos = position; gl_Position = position; }
