#version 460 core
layout(location = 0) in vec4 position;
flat out int v_draw;
void main() { v_draw = gl_DrawID + gl_BaseVertex + gl_BaseInstance; gl_Position = position; }
