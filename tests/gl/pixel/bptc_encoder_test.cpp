// The BPTC encoder (gl/pixel/bptc_encoder.h) against a reference decoder of
// the modes it writes (BC7 modes 5 and 6, BC6H mode 11), written here from
// the BPTC chapter of EXT_texture_compression_bptc: solid colours and
// two-colour blocks come back within one step, gradients within the
// format's spacing, and the mode and anchor-index rules hold. The e2e tests
// (e2e_bptc_es_test.cpp) also decode the blocks with the device.
#include "gl/pixel/bptc_encoder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace brass::gl::pixel {
namespace {

struct BitReader {
  const uint8_t* p;
  uint32_t pos = 0;
  uint32_t get(uint32_t bits) {
    uint32_t v = 0;
    for (uint32_t i = 0; i < bits; ++i, ++pos) v |= ((p[pos / 8] >> (pos % 8)) & 1u) << i;
    return v;
  }
};

constexpr int kW2[4] = {0, 21, 43, 64};
constexpr int kW4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

int lerp(int a, int b, int w) { return ((64 - w) * a + w * b + 32) >> 6; }

// BC7 modes 5 and 6 to RGBA8; false for any other mode.
bool decode_bc7(const uint8_t block[16], uint8_t out[64]) {
  BitReader r{block};
  if (block[0] & 0x40 && !(block[0] & 0x3f)) {  // mode 6
    r.get(7);
    int e[2][4];
    for (int c = 0; c < 4; ++c) {
      e[0][c] = static_cast<int>(r.get(7));
      e[1][c] = static_cast<int>(r.get(7));
    }
    const int p0 = static_cast<int>(r.get(1)), p1 = static_cast<int>(r.get(1));
    for (int c = 0; c < 4; ++c) {
      e[0][c] = e[0][c] << 1 | p0;
      e[1][c] = e[1][c] << 1 | p1;
    }
    for (int t = 0; t < 16; ++t) {
      const int i = static_cast<int>(r.get(t == 0 ? 3 : 4));
      for (int c = 0; c < 4; ++c) out[t * 4 + c] = static_cast<uint8_t>(lerp(e[0][c], e[1][c], kW4[i]));
    }
    return true;
  }
  if (block[0] & 0x20 && !(block[0] & 0x1f)) {  // mode 5
    r.get(6);
    if (r.get(2) != 0) return false;  // the encoder writes no rotation
    int e[2][4];
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 2; ++k) {
        const int q = static_cast<int>(r.get(7));
        e[k][c] = q << 1 | q >> 6;
      }
    e[0][3] = static_cast<int>(r.get(8));
    e[1][3] = static_cast<int>(r.get(8));
    int ci[16], ai[16];
    for (int t = 0; t < 16; ++t) ci[t] = static_cast<int>(r.get(t == 0 ? 1 : 2));
    for (int t = 0; t < 16; ++t) ai[t] = static_cast<int>(r.get(t == 0 ? 1 : 2));
    for (int t = 0; t < 16; ++t) {
      for (int c = 0; c < 3; ++c) out[t * 4 + c] = static_cast<uint8_t>(lerp(e[0][c], e[1][c], kW2[ci[t]]));
      out[t * 4 + 3] = static_cast<uint8_t>(lerp(e[0][3], e[1][3], kW2[ai[t]]));
    }
    return true;
  }
  return false;
}

// BC6H mode 11 to binary16 RGB (signed values as sign and magnitude).
bool decode_bc6h(const uint8_t block[16], bool is_signed, uint16_t out[48]) {
  BitReader r{block};
  if (r.get(5) != 0x03) return false;
  int e[2][3];
  for (int k = 0; k < 2; ++k)
    for (int c = 0; c < 3; ++c) {
      int x = static_cast<int>(r.get(10));
      if (is_signed && (x & 0x200)) x -= 0x400;  // sign-extend
      int u;
      if (!is_signed) {
        u = x == 0 ? 0 : x == 1023 ? 0xffff : ((x << 16) + 0x8000) >> 10;
      } else {
        const int m = std::abs(x);
        u = x == 0 ? 0 : m >= 511 ? 0x7fff : ((m << 15) + 0x4000) >> 9;
        if (x < 0) u = -u;
      }
      e[k][c] = u;
    }
  for (int t = 0; t < 16; ++t) {
    const int i = static_cast<int>(r.get(t == 0 ? 3 : 4));
    for (int c = 0; c < 3; ++c) {
      const int v = (e[0][c] * (64 - kW4[i]) + e[1][c] * kW4[i] + 32) >> 6;
      if (!is_signed) {
        out[t * 3 + c] = static_cast<uint16_t>((v * 31) >> 6);
      } else {
        const int f = v < 0 ? -(((-v) * 31) >> 5) : (v * 31) >> 5;
        out[t * 3 + c] = static_cast<uint16_t>(f < 0 ? 0x8000 | -f : f);
      }
    }
  }
  return true;
}

using Rgba = std::array<uint8_t, 64>;

int max_error(const Rgba& want, const uint8_t* got) {
  int worst = 0;
  for (int i = 0; i < 64; ++i) worst = std::max(worst, std::abs(int{want[i]} - int{got[i]}));
  return worst;
}

TEST(BptcEncoder, Bc7SolidColoursWithinOneStep) {
  for (int v = 0; v < 256; v += 5) {
    Rgba t;
    for (int i = 0; i < 16; ++i) {
      t[i * 4 + 0] = static_cast<uint8_t>(v);
      t[i * 4 + 1] = static_cast<uint8_t>(255 - v);
      t[i * 4 + 2] = static_cast<uint8_t>((v * 7) & 255);
      t[i * 4 + 3] = static_cast<uint8_t>(v < 128 ? 255 : v);
    }
    uint8_t block[16], out[64];
    encode_bc7(t.data(), block);
    ASSERT_TRUE(decode_bc7(block, out)) << "mode byte " << int{block[0]};
    EXPECT_LE(max_error(t, out), 1) << v;
  }
  // 0 and 255 in one colour: exact (mode 5 holds both ends).
  Rgba t;
  for (int i = 0; i < 16; ++i) {
    t[i * 4 + 0] = 255;
    t[i * 4 + 1] = 0;
    t[i * 4 + 2] = 0;
    t[i * 4 + 3] = 255;
  }
  uint8_t block[16], out[64];
  encode_bc7(t.data(), block);
  ASSERT_TRUE(decode_bc7(block, out));
  EXPECT_EQ(max_error(t, out), 0);
}

TEST(BptcEncoder, Bc7GradientsAndAlpha) {
  // A colour ramp along one axis with an alpha ramp: 16 levels of 4-bit
  // indices cover it within a few units.
  Rgba t;
  for (int i = 0; i < 16; ++i) {
    t[i * 4 + 0] = static_cast<uint8_t>(10 + i * 15);
    t[i * 4 + 1] = static_cast<uint8_t>(200 - i * 10);
    t[i * 4 + 2] = 60;
    t[i * 4 + 3] = static_cast<uint8_t>(255 - i * 16);
  }
  uint8_t block[16], out[64];
  encode_bc7(t.data(), block);
  ASSERT_TRUE(decode_bc7(block, out));
  EXPECT_LE(max_error(t, out), 4);
  // The anchor (texel 0) index has its top bit clear: encoding is
  // independent of which end texel 0 sits at.
  for (int i = 0; i < 8; ++i)
    for (int c = 0; c < 4; ++c) std::swap(t[i * 4 + c], t[(15 - i) * 4 + c]);
  encode_bc7(t.data(), block);
  ASSERT_TRUE(decode_bc7(block, out));
  EXPECT_LE(max_error(t, out), 4);
}

uint16_t half_of(float f) {
  // Positive normal values only (the tests' inputs).
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  const int exp = static_cast<int>((bits >> 23) & 0xff) - 127 + 15;
  if (f == 0.0f) return 0;
  return static_cast<uint16_t>((exp << 10) | ((bits >> 13) & 0x3ff));
}

TEST(BptcEncoder, Bc6hSolidAndTwoValues) {
  for (bool is_signed : {false, true}) {
    SCOPED_TRACE(is_signed);
    uint16_t texels[64];
    const float values[3] = {0.25f, 3.5f, 100.0f};
    for (int i = 0; i < 16; ++i) {
      for (int c = 0; c < 3; ++c) texels[i * 4 + c] = half_of(values[c]);
      texels[i * 4 + 3] = half_of(1.0f);
    }
    uint8_t block[16];
    uint16_t out[48];
    encode_bc6h(texels, is_signed, block);
    ASSERT_TRUE(decode_bc6h(block, is_signed, out));
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) EXPECT_LE(std::abs(int{out[i * 3 + c]} - int{texels[i * 4 + c]}), 32) << i;
    // Two values per channel, one per half of the block: both ends of the
    // interpolation.
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) texels[i * 4 + c] = half_of(i % 4 < 2 ? values[c] : values[c] * 4.0f);
    encode_bc6h(texels, is_signed, block);
    ASSERT_TRUE(decode_bc6h(block, is_signed, out));
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) EXPECT_LE(std::abs(int{out[i * 3 + c]} - int{texels[i * 4 + c]}), 32) << i;
  }
  // Negative values: 0 in the unsigned format, kept in the signed one.
  uint16_t texels[64];
  for (int i = 0; i < 64; ++i) texels[i] = static_cast<uint16_t>(0x8000 | half_of(2.0f));
  uint8_t block[16];
  uint16_t out[48];
  encode_bc6h(texels, false, block);
  ASSERT_TRUE(decode_bc6h(block, false, out));
  for (int i = 0; i < 48; ++i) EXPECT_EQ(out[i], 0) << i;
  encode_bc6h(texels, true, block);
  ASSERT_TRUE(decode_bc6h(block, true, out));
  for (int i = 0; i < 48; ++i) {
    EXPECT_TRUE(out[i] & 0x8000) << i;
    EXPECT_LE(std::abs(int{out[i] & 0x7fff} - int{half_of(2.0f)}), 32) << i;
  }
}

}  // namespace
}  // namespace brass::gl::pixel
