#version 110
attribute vec4 position;
attribute vec3 normal;
uniform mat4 mvp;
varying vec3 v_normal;
void main() { v_normal = normal; gl_Position = mvp * position; }
