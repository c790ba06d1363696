#include "gl/pixel/packed_float.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "gl/pixel/half_float.h"

namespace brass::gl::pixel {
namespace {

TEST(PixelHalfFloat, ExactValues) {
  EXPECT_EQ(float_to_half(0.0f), 0x0000);
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half(1.0f), 0x3C00);
  EXPECT_EQ(float_to_half(-2.0f), 0xC000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7BFF);
  EXPECT_EQ(float_to_half(0.5f), 0x3800);
}

TEST(PixelHalfFloat, OverflowRoundsToInfinityAtTheHalfwayPoint) {
  EXPECT_EQ(float_to_half(65519.0f), 0x7BFF);  // below the halfway point: max finite
  EXPECT_EQ(float_to_half(65520.0f), 0x7C00);  // halfway to 65536 ties to even: inf
  EXPECT_EQ(float_to_half(1e10f), 0x7C00);
  EXPECT_EQ(float_to_half(-1e10f), 0xFC00);
  EXPECT_EQ(float_to_half(std::numeric_limits<float>::infinity()), 0x7C00);
}

TEST(PixelHalfFloat, NaNStaysNaN) {
  const uint16_t h = float_to_half(std::nanf(""));
  EXPECT_EQ(h & 0x7C00, 0x7C00);
  EXPECT_NE(h & 0x03FF, 0);
  EXPECT_TRUE(std::isnan(half_to_float(h)));
}

TEST(PixelHalfFloat, RoundToNearestEven) {
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to the even mantissa (1).
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11)), 0x3C00);
  // 1 + 3 * 2^-11 is halfway between 0x3C01 and 0x3C02: ties to 0x3C02.
  EXPECT_EQ(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);
  // Just above the halfway point rounds up.
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)), 0x3C01);
}

TEST(PixelHalfFloat, Denormals) {
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -24)), 0x0001);  // smallest denormal
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -14)), 0x0400);  // smallest normal
  EXPECT_EQ(float_to_half(std::ldexp(1023.0f, -24)), 0x03FF);
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -25)), 0x0000);  // tie with 0 -> even (0)
  EXPECT_EQ(float_to_half(std::ldexp(3.0f, -26)), 0x0001);  // 0.75 ulp -> 1
  EXPECT_EQ(float_to_half(std::ldexp(3.0f, -25)), 0x0002);  // 1.5 ulp ties to even 2
  EXPECT_FLOAT_EQ(half_to_float(0x0001), std::ldexp(1.0f, -24));
  EXPECT_FLOAT_EQ(half_to_float(0x83FF), -std::ldexp(1023.0f, -24));
}

TEST(PixelHalfFloat, EveryHalfRoundTrips) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const float f = half_to_float(static_cast<uint16_t>(h));
    if (std::isnan(f)) continue;
    EXPECT_EQ(float_to_half(f), h) << h;
  }
}

TEST(PixelPackedFloat, Uf11AndUf10Encoding) {
  EXPECT_EQ(float_to_uf11(1.0f), 15u << 6);
  EXPECT_EQ(float_to_uf10(1.0f), 15u << 5);
  EXPECT_EQ(float_to_uf11(-1.0f), 0u);  // negatives clamp to 0
  EXPECT_EQ(float_to_uf11(-std::numeric_limits<float>::infinity()), 0u);
  EXPECT_EQ(float_to_uf11(std::numeric_limits<float>::infinity()), 0x7C0u);
  EXPECT_EQ(float_to_uf11(1e9f), 0x7BFu);  // finite overflow -> max finite (65024)
  EXPECT_FLOAT_EQ(uf11_to_float(0x7BF), 65024.0f);
  EXPECT_FLOAT_EQ(uf10_to_float(0x3DF), 64512.0f);
  EXPECT_TRUE(std::isnan(uf11_to_float(float_to_uf11(std::nanf("")))));
  EXPECT_TRUE(std::isnan(uf10_to_float(float_to_uf10(std::nanf("")))));
  // Denormals: smallest 11-bit denormal is 2^-20, 10-bit 2^-19.
  EXPECT_EQ(float_to_uf11(std::ldexp(1.0f, -20)), 1u);
  EXPECT_EQ(float_to_uf10(std::ldexp(1.0f, -19)), 1u);
  EXPECT_FLOAT_EQ(uf11_to_float(1), std::ldexp(1.0f, -20));
  // Rounding: 1 + 2^-7 is halfway between 1 and 1 + 2^-6 in 11-bit: even -> 1.
  EXPECT_EQ(float_to_uf11(1.0f + std::ldexp(1.0f, -7)), 15u << 6);
  EXPECT_EQ(float_to_uf11(1.0f + 3 * std::ldexp(1.0f, -7)), (15u << 6) | 2u);
}

TEST(PixelPackedFloat, EveryUf11AndUf10RoundTrips) {
  for (uint32_t v = 0; v < 0x7C0; ++v) EXPECT_EQ(float_to_uf11(uf11_to_float(v)), v);
  for (uint32_t v = 0; v < 0x3E0; ++v) EXPECT_EQ(float_to_uf10(uf10_to_float(v)), v);
}

TEST(PixelPackedFloat, R11G11B10Layout) {
  const float rgb[3] = {1.0f, 2.0f, 0.5f};
  const uint32_t packed = pack_r11g11b10(rgb);
  EXPECT_EQ(packed & 0x7FFu, 15u << 6);
  EXPECT_EQ((packed >> 11) & 0x7FFu, 16u << 6);
  EXPECT_EQ(packed >> 22, 14u << 5);
  float back[3];
  unpack_r11g11b10(packed, back);
  EXPECT_FLOAT_EQ(back[0], 1.0f);
  EXPECT_FLOAT_EQ(back[1], 2.0f);
  EXPECT_FLOAT_EQ(back[2], 0.5f);
}

TEST(PixelPackedFloat, Rgb9e5Encoding) {
  const float one[3] = {1.0f, 0.0f, 0.0f};
  // 1.0 = 256 * 2^(16 - 15 - 9): exponent 16, mantissa 256.
  EXPECT_EQ(pack_rgb9e5(one), (16u << 27) | 256u);
  const float mixed[3] = {1.0f, 0.5f, 0.25f};
  float back[3];
  unpack_rgb9e5(pack_rgb9e5(mixed), back);
  EXPECT_FLOAT_EQ(back[0], 1.0f);
  EXPECT_FLOAT_EQ(back[1], 0.5f);
  EXPECT_FLOAT_EQ(back[2], 0.25f);
  // Clamps: max representable 65408, negatives and NaN to 0.
  const float big[3] = {1e9f, -5.0f, std::nanf("")};
  unpack_rgb9e5(pack_rgb9e5(big), back);
  EXPECT_FLOAT_EQ(back[0], 65408.0f);
  EXPECT_FLOAT_EQ(back[1], 0.0f);
  EXPECT_FLOAT_EQ(back[2], 0.0f);
  // Mantissa rounding overflow bumps the exponent: 511.9 -> 512 = 256 * 2^1.
  const float carry[3] = {511.9f, 0.0f, 0.0f};
  EXPECT_EQ(pack_rgb9e5(carry), (25u << 27) | 256u);
  const float zero[3] = {0.0f, 0.0f, 0.0f};
  EXPECT_EQ(pack_rgb9e5(zero), 0u);
  // Small components lose precision relative to the largest.
  const float small[3] = {1.0f, 1.0f / 1024.0f, 0.0f};
  unpack_rgb9e5(pack_rgb9e5(small), back);
  EXPECT_FLOAT_EQ(back[1], 0.0f);  // 2^-10 is below half the 2^-8 step
}

}  // namespace
}  // namespace brass::gl::pixel
