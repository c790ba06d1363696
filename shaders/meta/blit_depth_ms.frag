// Depth shader blit from a multisampled source: one sample's depth written
// as fragment depth. Into a single-sampled destination that is sample 0
// (GL 4.6 §18.3.1 lets a depth resolve take any value between the pixel's
// samples' extremes); into a destination of as many samples, each sample
// its own (reading gl_SampleID runs the shader per sample).
#version 450
layout(set = 0, binding = 0) uniform sampler2DMS src;
layout(location = 0) in vec2 uv;
void main() {
  ivec2 size = textureSize(src);
  ivec2 t = clamp(ivec2(floor(uv * vec2(size))), ivec2(0), size - 1);
  gl_FragDepth = texelFetch(src, t, gl_SampleID).r;
}
