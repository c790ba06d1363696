// The BPTC decoders (util/bptc_decoder.h): blocks assembled bit by bit from
// the layouts of ARB_texture_compression_bptc (a two-subset BC7 mode with
// shared P-bits, BC6H's untransformed 10-bit mode and a transformed
// two-subset mode), reserved modes, and round trips through the GL's BPTC
// encoder (gl/pixel/bptc_encoder.h) for solid and gradient blocks.
#include "util/bptc_decoder.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>

#include "gl/pixel/bptc_encoder.h"
#include "gl/pixel/half_float.h"

namespace brass::bc {
namespace {

// Appends fields to a 128-bit block from bit 0 up, each LSB first.
struct BitWriter {
  std::array<uint8_t, 16> block{};
  uint32_t pos = 0;
  void put(uint32_t value, uint32_t bits) {
    for (uint32_t i = 0; i < bits; ++i, ++pos)
      if ((value >> i) & 1u) block[pos / 8] = static_cast<uint8_t>(block[pos / 8] | (1u << (pos % 8)));
  }
};

TEST(BptcDecoder, Bc7TwoSubsetsWithSharedPBits) {
  // Mode 1 (bits "01"), partition 0 (columns 0-1 subset 0, 2-3 subset 1),
  // 6-bit endpoints: subset 0 red, subset 1 blue; both shared P-bits 1.
  BitWriter w;
  w.put(0b10, 2);
  w.put(0, 6);
  const uint32_t red[4] = {63, 63, 0, 0}, green[4] = {0, 0, 0, 0}, blue[4] = {0, 0, 63, 63};
  for (uint32_t v : red) w.put(v, 6);
  for (uint32_t v : green) w.put(v, 6);
  for (uint32_t v : blue) w.put(v, 6);
  w.put(1, 1);
  w.put(1, 1);
  // 3-bit indices, 2 bits at the anchors (texel 0 and, for partition 0,
  // texel 15): all 0.
  ASSERT_EQ(w.pos + 16 * 3 - 2, 128u);
  uint8_t out[64];
  decode_bc7(w.block.data(), out);
  // 6 bits + P-bit 1: 63 -> 127 -> 255, 0 -> 1 -> 2 (the top bits repeated).
  for (int i = 0; i < 16; ++i) {
    SCOPED_TRACE(i);
    const bool left = (i % 4) < 2;
    EXPECT_EQ(out[i * 4 + 0], left ? 255 : 2);
    EXPECT_EQ(out[i * 4 + 1], 2);
    EXPECT_EQ(out[i * 4 + 2], left ? 2 : 255);
    EXPECT_EQ(out[i * 4 + 3], 255);  // no alpha bits: opaque
  }
}

TEST(BptcDecoder, Bc7ReservedModeIsTransparentBlack) {
  std::array<uint8_t, 16> block{};
  block[5] = 0xFF;
  uint8_t out[64];
  decode_bc7(block.data(), out);
  for (uint8_t v : out) EXPECT_EQ(v, 0);
}

TEST(BptcDecoder, Bc7RoundTripsTheEncoder) {
  uint8_t src[64], blocks[16], out[64];
  // A solid colour and a two-colour gradient with alpha.
  for (int i = 0; i < 16; ++i) {
    src[i * 4 + 0] = 200;
    src[i * 4 + 1] = 17;
    src[i * 4 + 2] = 90;
    src[i * 4 + 3] = 255;
  }
  gl::pixel::encode_bc7(src, blocks);
  decode_bc7(blocks, out);
  for (int i = 0; i < 64; ++i) EXPECT_NEAR(out[i], src[i], 1) << i;
  for (int i = 0; i < 16; ++i) {
    src[i * 4 + 0] = static_cast<uint8_t>(16 * i);
    src[i * 4 + 1] = static_cast<uint8_t>(255 - 16 * i);
    src[i * 4 + 2] = 40;
    src[i * 4 + 3] = static_cast<uint8_t>(128 + 8 * i);
  }
  gl::pixel::encode_bc7(src, blocks);
  decode_bc7(blocks, out);
  for (int i = 0; i < 64; ++i) EXPECT_NEAR(out[i], src[i], 6) << i;
}

TEST(BptcDecoder, Bc6hUntransformedTenBitMode) {
  // Mode 3 (m = 00011): r0/g0/b0 = 495 and r1/g1/b1 = 0, one subset,
  // 4-bit indices (3 at texel 0).
  BitWriter w;
  w.put(3, 5);
  for (int i = 0; i < 3; ++i) w.put(495, 10);
  for (int i = 0; i < 3; ++i) w.put(0, 10);
  w.put(0, 3);   // texel 0: index 0 (endpoint 0)
  w.put(15, 4);  // texel 1: index 15 (endpoint 1)
  w.put(8, 4);   // texel 2: index 8 (weight 34)
  ASSERT_EQ(w.pos + 13 * 4, 128u);
  uint16_t out[64];
  decode_bc6h(w.block.data(), false, out);
  // 495 unquantizes to 495 * 64 + 32 = 31712, which the final 31/64 scale
  // makes 15360 = 1.0.
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(out[0 * 4 + c], 0x3C00);
    EXPECT_EQ(out[1 * 4 + c], 0);
    EXPECT_EQ(out[2 * 4 + c], ((30 * 31712 + 32) >> 6) * 31 >> 6);
  }
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i * 4 + 3], 0x3C00);
  // Signed: 495 of 10 bits is positive; 31712 scales by 31/32.
  decode_bc6h(w.block.data(), true, out);
  EXPECT_EQ(out[0], static_cast<uint16_t>(((495 << 15) + 0x4000) >> 9) * 31 >> 5);
}

TEST(BptcDecoder, Bc6hTransformedEndpointsAddToTheBase) {
  // Mode 14 (m = 01110): 9-bit base, 5-bit deltas, two subsets. r0 = 256,
  // r1 = -1 (a delta of 11111), every other field 0; partition 0.
  BitWriter w;
  w.put(14, 5);
  w.put(256, 9);  // r0[8:0]
  w.put(0, 1);    // b2[4]
  w.put(0, 9);    // g0
  w.put(0, 1);    // g2[4]
  w.put(0, 9);    // b0
  w.put(0, 1);    // b3[4]
  w.put(31, 5);   // r1[4:0]
  w.put(0, 128 - 5 - 9 - 1 - 9 - 1 - 9 - 1 - 5 - 46 - 5);  // the rest of the endpoint fields
  w.put(0, 5);    // partition 0
  w.put(0, 2);    // texel 0: index 0 (anchor: 2 bits)
  w.put(7, 3);    // texel 1: index 7 (endpoint 1)
  ASSERT_EQ(w.pos + 14 * 3 - 1, 128u);
  uint16_t out[64];
  decode_bc6h(w.block.data(), false, out);
  // r0 = 256 of 9 bits: ((256 << 15) + 0x4000) >> 8 = 32832; r1 = 255.
  EXPECT_EQ(out[0], 32832 * 31 >> 6);
  EXPECT_EQ(out[1 * 4], (((255 << 15) + 0x4000) >> 8) * 31 >> 6);
  EXPECT_EQ(out[1], 0);  // green 0
}

TEST(BptcDecoder, Bc6hReservedModeIsOpaqueBlack) {
  std::array<uint8_t, 16> block{};
  block[0] = 19;  // reserved mode number 10011
  uint16_t out[64];
  decode_bc6h(block.data(), false, out);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(out[i * 4], 0);
    EXPECT_EQ(out[i * 4 + 3], 0x3C00);
  }
}

TEST(BptcDecoder, Bc6hRoundTripsTheEncoder) {
  // BC6H interpolates binary16 bit patterns (as integers, sign and
  // magnitude for the signed format): ramps of patterns come back within
  // the encoder's precision (32 binary16 units, as its own test).
  for (const bool is_signed : {false, true}) {
    SCOPED_TRACE(is_signed);
    uint16_t src[64], out[64];
    uint8_t block[16];
    const uint16_t base = gl::pixel::float_to_half(0.5f);
    for (int i = 0; i < 16; ++i) {
      const uint16_t sign = is_signed ? 0x8000 : 0;
      src[i * 4 + 0] = static_cast<uint16_t>(sign | (base + 40 * i));
      src[i * 4 + 1] = static_cast<uint16_t>(sign | (base + 20 * i));
      src[i * 4 + 2] = gl::pixel::float_to_half(1.0f);
      src[i * 4 + 3] = gl::pixel::float_to_half(1.0f);
    }
    gl::pixel::encode_bc6h(src, is_signed, block);
    decode_bc6h(block, is_signed, out);
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) {
        EXPECT_EQ(out[i * 4 + c] & 0x8000, src[i * 4 + c] & 0x8000) << i << "," << c;
        EXPECT_NEAR(out[i * 4 + c] & 0x7FFF, src[i * 4 + c] & 0x7FFF, 32) << i << "," << c;
      }
  }
}

}  // namespace
}  // namespace brass::bc
