#version 440 core
layout(location = 0) in vec4 position;
layout(location = 0, component = 0) out vec2 v_a;
layout(location = 0, component = 2) out vec2 v_b;
void main() { v_a = position.xy; v_b = position.zw; gl_Position = position; }
