#version 130
flat in int v_id;
in vec2 v_uv;
uniform sampler2D tex;
uniform float sample;
out vec4 color;
void main() { color = texture(tex, v_uv) * float(v_id) * sample; }
