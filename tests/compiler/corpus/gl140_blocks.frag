#version 140
in vec4 v_color;
uniform Globals { mat4 mvp; vec4 tint; };
out vec4 color;
void main() { color = v_color * tint; }
