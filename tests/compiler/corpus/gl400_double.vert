#version 400 core
in vec4 position;
uniform double u_scale;
uniform dvec3 u_offset;
uniform dmat3 u_rot;
void main() { gl_Position = vec4((u_rot * (dvec3(position.xyz) * u_scale + u_offset)), 1.0); }
