#version 450 core
layout(location = 0) in vec4 position;
out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[1]; };
void main() { gl_Position = position; gl_ClipDistance[0] = position.x; }
