// Masked clear of one color attachment with a uint value. The output's
// Location is patched at pipeline creation to the attachment's index; the
// pipeline's write mask does the masking.
#version 450
layout(push_constant) uniform Push {
  vec4 src;
  vec4 value;
  ivec4 misc;
} push;
layout(location = 0) out uvec4 color;
void main() { color = floatBitsToUint(push.value); }
