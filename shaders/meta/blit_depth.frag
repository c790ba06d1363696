// Depth shader blit: the source's depth (nearest) written as fragment depth.
#version 450
layout(set = 0, binding = 0) uniform sampler2D src;
layout(location = 0) in vec2 uv;
void main() { gl_FragDepth = textureLod(src, uv, 0.0).r; }
