// IEEE 754 binary16 <-> binary32, as GL's HALF_FLOAT (ES 3.0 §2.1.2).
// float -> half rounds to nearest, ties to even (so 65519.99 -> 65504 but
// 65520 -> +inf), keeps NaN a NaN, and produces denormals below 2^-14.
#pragma once

#include <bit>
#include <cstdint>

namespace brass::gl::pixel {

inline float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu;
  uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0x1F)  // inf / NaN: widen the payload so NaN stays NaN
    return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
  if (exponent == 0) {
    if (mantissa == 0) return std::bit_cast<float>(sign);
    // Denormal half: value = mantissa * 2^-24, exact in float.
    const float magnitude = static_cast<float>(mantissa) * (1.0f / 16777216.0f);
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

inline uint16_t float_to_half(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t exponent = (bits >> 23) & 0xFFu;
  const uint32_t mantissa = bits & 0x7FFFFFu;
  if (exponent == 0xFF) {  // inf or NaN (force a mantissa bit so NaN stays NaN)
    return static_cast<uint16_t>(sign | 0x7C00u | (mantissa ? (0x200u | (mantissa >> 13)) : 0u));
  }
  const int unbiased = static_cast<int>(exponent) - 127;
  if (unbiased > 15) return static_cast<uint16_t>(sign | 0x7C00u);  // overflow -> inf
  if (unbiased >= -14) {
    // Normal half: drop 13 mantissa bits with round-to-nearest-even. A carry
    // out of the mantissa bumps the exponent, and out of exponent 30 gives
    // inf, which is the correct rounding (65520 -> inf).
    uint32_t half = (static_cast<uint32_t>(unbiased + 15) << 10) | (mantissa >> 13);
    const uint32_t rest = mantissa & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  if (unbiased < -25) return sign;  // below half the smallest denormal: +-0
  // Denormal half: the value is full_mantissa * 2^(unbiased-23); the result
  // counts units of 2^-24, so shift right by (-unbiased - 1).
  const uint32_t full = mantissa | 0x800000u;
  const int shift = -unbiased - 1;  // 14..24
  uint32_t half = full >> shift;
  const uint32_t rest = full & ((1u << shift) - 1u);
  const uint32_t halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (half & 1u))) ++half;
  return static_cast<uint16_t>(sign | half);
}

}  // namespace brass::gl::pixel
