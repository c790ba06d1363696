// The packed float encodings of GL_R11F_G11F_B10F (type
// UNSIGNED_INT_10F_11F_11F_REV) and GL_RGB9_E5 (UNSIGNED_INT_5_9_9_9_REV),
// ES 3.0 §2.1.3/§2.1.4 and §3.8.3.2.
#pragma once

#include <cstdint>

namespace brass::gl::pixel {

// Unsigned small floats: 5 exponent bits (bias 15) and 6 (11-bit) or 5
// (10-bit) mantissa bits, no sign. Encoding rounds finite values to the
// nearest representable one (ties to even); negatives and -inf become 0,
// finite values above the largest finite one become that maximum, +inf stays
// inf and any NaN becomes a NaN, as the spec requires.
uint32_t float_to_uf11(float f);
uint32_t float_to_uf10(float f);
float uf11_to_float(uint32_t v);
float uf10_to_float(uint32_t v);

// R in bits 0-10, G in 11-21, B in 22-31.
uint32_t pack_r11g11b10(const float rgb[3]);
void unpack_r11g11b10(uint32_t packed, float rgb[3]);

// Shared exponent: three 9-bit mantissas (R in bits 0-8, G 9-17, B 18-26) and
// a 5-bit exponent (bits 27-31), bias 15, no implied leading one. Encoding is
// the spec's algorithm: clamp to [0, 65408] (NaN -> 0), choose the exponent
// from the largest component, round mantissas to nearest.
uint32_t pack_rgb9e5(const float rgb[3]);
void unpack_rgb9e5(uint32_t packed, float rgb[3]);

}  // namespace brass::gl::pixel
