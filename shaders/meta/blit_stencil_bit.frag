// Stencil shader blit without stencil export: a fragment shader cannot
// write stencil, so the destination's stencil is written one bit per draw,
// by the fixed-function stencil op (REPLACE with reference 0xff and write
// mask = that bit, dynamic state) on the fragments this shader keeps: those
// whose source stencil (nearest, the stencil aspect's view) has the bit
// (push.value.x) set. A draw with no fragment shader and reference 0 clears
// the rectangle first.
#version 450
layout(push_constant) uniform Push {
  vec4 src;
  vec4 value;  // x: the bit, as uint bits
  ivec4 misc;
} push;
layout(set = 0, binding = 0) uniform usampler2D src;
layout(location = 0) in vec2 uv;
void main() {
  if ((textureLod(src, uv, 0.0).r & floatBitsToUint(push.value.x)) == 0u) discard;
}
