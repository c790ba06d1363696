#version 130
in vec4 position;
uniform mat4 mvp;
flat out int v_id;
out vec2 v_uv;
void main() { v_id = gl_VertexID; v_uv = position.xy; gl_Position = mvp * position; }
