#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in vec2 offset;  // per instance (zero when not bound as such)
layout(location = 0) out vec4 v_color;
void main() { v_color = color; gl_Position = vec4(pos + offset, 0.0, 1.0); }
