#version 140
in vec4 position;
uniform Globals { mat4 mvp; vec4 tint; };
uniform samplerBuffer lut;
out vec4 v_color;
void main() { v_color = tint * texelFetch(lut, gl_InstanceID); gl_Position = mvp * position; }
