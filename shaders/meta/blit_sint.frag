// Shader blit of a sint color source: sampled at uv (normalized, lod 0 of
// a view of the source level/layer) with the sampler's filter.
#version 450
layout(set = 0, binding = 0) uniform isampler2D src;
layout(location = 0) in vec2 uv;
layout(location = 0) out ivec4 color;
void main() { color = textureLod(src, uv, 0.0); }
