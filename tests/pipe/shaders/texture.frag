#version 450
layout(set = 2, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o;
void main() { o = texture(tex, v_uv); }
