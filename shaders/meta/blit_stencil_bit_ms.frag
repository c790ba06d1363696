// blit_stencil_bit.frag from a multisampled source: sample 0 into a
// single-sampled destination (GL 4.6 §18.3.1: a single sample's stencil
// value is selected), each sample its own into a destination of as many
// samples (reading gl_SampleID runs the shader per sample).
#version 450
layout(push_constant) uniform Push {
  vec4 src;
  vec4 value;  // x: the bit, as uint bits
  ivec4 misc;
} push;
layout(set = 0, binding = 0) uniform usampler2DMS src;
layout(location = 0) in vec2 uv;
void main() {
  ivec2 size = textureSize(src);
  ivec2 t = clamp(ivec2(floor(uv * vec2(size))), ivec2(0), size - 1);
  if ((texelFetch(src, t, gl_SampleID).r & floatBitsToUint(push.value.x)) == 0u) discard;
}
