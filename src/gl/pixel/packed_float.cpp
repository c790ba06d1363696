#include "gl/pixel/packed_float.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace brass::gl::pixel {
namespace {

// Shared encoder for the unsigned 11- and 10-bit floats.
uint32_t float_to_unsigned_small_float(float f, int mantissa_bits) {
  const uint32_t exponent_mask = 0x1Fu << mantissa_bits;
  const uint32_t max_finite = (0x1Eu << mantissa_bits) | ((1u << mantissa_bits) - 1u);
  if (std::isnan(f)) return exponent_mask | 1u;  // some NaN (mantissa != 0)
  if (!(f > 0.0f)) return 0;                     // negatives, -0, -inf -> 0
  if (std::isinf(f)) return exponent_mask;       // +inf stays inf
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const int unbiased = static_cast<int>((bits >> 23) & 0xFFu) - 127;
  const uint32_t mantissa = bits & 0x7FFFFFu;
  const int dropped = 23 - mantissa_bits;
  if (unbiased > 15) return max_finite;
  uint32_t result;
  if (unbiased >= -14) {
    result = (static_cast<uint32_t>(unbiased + 15) << mantissa_bits) | (mantissa >> dropped);
    const uint32_t rest = mantissa & ((1u << dropped) - 1u);
    const uint32_t halfway = 1u << (dropped - 1);
    if (rest > halfway || (rest == halfway && (result & 1u))) ++result;
  } else {
    // Denormal: units of 2^(-14 - mantissa_bits).
    const int shift = dropped + (-14 - unbiased);
    if (shift > 24) return 0;
    const uint32_t full = mantissa | 0x800000u;
    result = full >> shift;
    const uint32_t rest = full & ((1u << shift) - 1u);
    const uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (result & 1u))) ++result;
  }
  // Rounding up past the largest finite value must not produce inf: finite
  // inputs stay finite.
  return std::min(result, max_finite);
}

float unsigned_small_float_to_float(uint32_t v, int mantissa_bits) {
  const uint32_t exponent = (v >> mantissa_bits) & 0x1Fu;
  const uint32_t mantissa = v & ((1u << mantissa_bits) - 1u);
  if (exponent == 0x1F) return mantissa ? std::nanf("") : INFINITY;
  if (exponent == 0) return std::ldexp(static_cast<float>(mantissa), -14 - mantissa_bits);
  return std::ldexp(1.0f + static_cast<float>(mantissa) / static_cast<float>(1u << mantissa_bits),
                    static_cast<int>(exponent) - 15);
}

constexpr int kRgb9e5MantissaBits = 9;
constexpr int kRgb9e5Bias = 15;
constexpr int kRgb9e5MaxExponent = 31;
// (2^N - 1) / 2^N * 2^(Emax - B)
constexpr float kRgb9e5Max = 511.0f / 512.0f * 65536.0f;

}  // namespace

uint32_t float_to_uf11(float f) { return float_to_unsigned_small_float(f, 6); }
uint32_t float_to_uf10(float f) { return float_to_unsigned_small_float(f, 5); }
float uf11_to_float(uint32_t v) { return unsigned_small_float_to_float(v & 0x7FFu, 6); }
float uf10_to_float(uint32_t v) { return unsigned_small_float_to_float(v & 0x3FFu, 5); }

uint32_t pack_r11g11b10(const float rgb[3]) {
  return float_to_uf11(rgb[0]) | (float_to_uf11(rgb[1]) << 11) | (float_to_uf10(rgb[2]) << 22);
}

void unpack_r11g11b10(uint32_t packed, float rgb[3]) {
  rgb[0] = uf11_to_float(packed);
  rgb[1] = uf11_to_float(packed >> 11);
  rgb[2] = uf10_to_float(packed >> 22);
}

uint32_t pack_rgb9e5(const float rgb[3]) {
  double clamped[3];
  for (int i = 0; i < 3; ++i) {
    const float c = rgb[i];
    // NaN fails both comparisons and lands on 0, as the spec's clamp says.
    clamped[i] = (c > 0.0f) ? std::min(static_cast<double>(c), static_cast<double>(kRgb9e5Max)) : 0.0;
  }
  const double max_c = std::max({clamped[0], clamped[1], clamped[2]});
  // exp_shared' = max(-B-1, floor(log2(max_c))) + 1 + B
  int floor_log2 = -kRgb9e5Bias - 1;
  if (max_c > 0.0) {
    int e;
    std::frexp(max_c, &e);  // max_c = m * 2^e, m in [0.5, 1): floor(log2) = e - 1
    floor_log2 = std::max(floor_log2, e - 1);
  }
  int exp_shared = floor_log2 + 1 + kRgb9e5Bias;
  double scale = std::ldexp(1.0, exp_shared - kRgb9e5Bias - kRgb9e5MantissaBits);
  const double max_s = std::floor(max_c / scale + 0.5);
  if (max_s >= static_cast<double>(1 << kRgb9e5MantissaBits)) {
    ++exp_shared;
    scale *= 2.0;
  }
  exp_shared = std::min(exp_shared, kRgb9e5MaxExponent);
  uint32_t out = static_cast<uint32_t>(exp_shared) << 27;
  for (int i = 0; i < 3; ++i) {
    const uint32_t m = static_cast<uint32_t>(std::floor(clamped[i] / scale + 0.5));
    out |= std::min(m, 511u) << (9 * i);
  }
  return out;
}

void unpack_rgb9e5(uint32_t packed, float rgb[3]) {
  const int exponent = static_cast<int>(packed >> 27);
  for (int i = 0; i < 3; ++i) {
    const uint32_t m = (packed >> (9 * i)) & 0x1FFu;
    rgb[i] = static_cast<float>(std::ldexp(static_cast<double>(m), exponent - kRgb9e5Bias - kRgb9e5MantissaBits));
  }
}

}  // namespace brass::gl::pixel
