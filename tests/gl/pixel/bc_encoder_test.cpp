// The S3TC/RGTC block encoder (gl/pixel/bc_encoder.h), checked through the
// independent decoders (util/bc_decoder.h): solid colours
// that 565 can hold decode exactly, others within the format's step,
// two-colour gradients between representable colours within a unit or two,
// alpha ramps within half a step of the eight-value ramp, DXT1's
// transparent texels, and whole images with partial edge blocks.
#include "gl/pixel/bc_encoder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "util/bc_decoder.h"

namespace brass::gl::pixel {
namespace {

using Block = std::array<uint8_t, 64>;

Block solid(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
  Block t;
  for (int i = 0; i < 16; ++i) {
    t[i * 4 + 0] = r;
    t[i * 4 + 1] = g;
    t[i * 4 + 2] = b;
    t[i * 4 + 3] = a;
  }
  return t;
}

int max_rgb_error(const Block& want, const uint8_t* got, bool with_alpha) {
  int worst = 0;
  for (int i = 0; i < 16; ++i)
    for (int ch = 0; ch < (with_alpha ? 4 : 3); ++ch)
      worst = std::max(worst, std::abs(int{want[i * 4 + ch]} - int{got[i * 4 + ch]}));
  return worst;
}

// expand5/6 of the decoders: 565-representable 8-bit values.
uint8_t rep5(uint32_t v5) { return static_cast<uint8_t>((v5 << 3) | (v5 >> 2)); }
uint8_t rep6(uint32_t v6) { return static_cast<uint8_t>((v6 << 2) | (v6 >> 4)); }

TEST(BcEncoder, Bc1RepresentableSolidIsExact) {
  const Block colors[] = {solid(255, 0, 0), solid(0, 255, 0), solid(0, 0, 255), solid(255, 255, 255), solid(0, 0, 0),
                          solid(rep5(17), rep6(40), rep5(3))};
  for (const Block& c : colors) {
    uint8_t block[8], out[64];
    encode_bc1(c.data(), false, block);
    bc::decode_bc1(block, false, out);
    EXPECT_EQ(max_rgb_error(c, out, true), 0);
  }
}

TEST(BcEncoder, Bc1ArbitrarySolidWithinOneStep) {
  // Colours 565 cannot hold: the 2/3 point of the nearest endpoint pair.
  for (int v = 0; v < 256; v += 7) {
    const Block c = solid(static_cast<uint8_t>(v), static_cast<uint8_t>(255 - v), static_cast<uint8_t>((v * 3) & 255));
    uint8_t block[8], out[64];
    encode_bc1(c.data(), false, block);
    bc::decode_bc1(block, false, out);
    EXPECT_LE(max_rgb_error(c, out, true), 2) << "v=" << v;
  }
}

TEST(BcEncoder, Bc1TwoColourGradient) {
  // Texels at 0, 1/3, 2/3 and 1 of the way between two representable
  // colours: the palette itself (the decoder truncates the thirds).
  const uint8_t a[3] = {rep5(28), rep6(5), rep5(9)}, b[3] = {rep5(2), rep6(60), rep5(30)};
  Block t;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      for (int ch = 0; ch < 4; ++ch)
        t[(y * 4 + x) * 4 + ch] =
            ch == 3 ? 255 : static_cast<uint8_t>((a[ch] * (3 - x) + b[ch] * x + 1) / 3);
  uint8_t block[8], out[64];
  encode_bc1(t.data(), false, block);
  bc::decode_bc1(block, false, out);
  EXPECT_LE(max_rgb_error(t, out, true), 1);
}

TEST(BcEncoder, Bc1SmoothRampIsClose) {
  // A grey ramp across the block: 4 levels along one axis, so the error
  // stays within the spacing the two endpoints allow.
  Block t;
  for (int i = 0; i < 16; ++i) {
    const uint8_t v = static_cast<uint8_t>(64 + (i % 4) * 20 + (i / 4) * 2);
    t[i * 4 + 0] = t[i * 4 + 1] = t[i * 4 + 2] = v;
    t[i * 4 + 3] = 255;
  }
  uint8_t block[8], out[64];
  encode_bc1(t.data(), false, block);
  bc::decode_bc1(block, false, out);
  EXPECT_LE(max_rgb_error(t, out, false), 8);
}

TEST(BcEncoder, Bc1PunchThroughAlpha) {
  Block t = solid(255, 0, 0);
  for (int i : {0, 5, 10, 15}) t[i * 4 + 3] = 0;
  uint8_t block[8], out[64];
  encode_bc1(t.data(), true, block);
  bc::decode_bc1(block, true, out);
  for (int i = 0; i < 16; ++i) {
    const bool transparent = i % 5 == 0;
    EXPECT_EQ(out[i * 4 + 3], transparent ? 0 : 255) << i;
    if (!transparent) {
      EXPECT_EQ(out[i * 4 + 0], 255) << i;
      EXPECT_EQ(out[i * 4 + 1], 0) << i;
    }
  }
  // All transparent.
  const Block clear = solid(10, 20, 30, 0);
  encode_bc1(clear.data(), true, block);
  bc::decode_bc1(block, true, out);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i * 4 + 3], 0);
}

TEST(BcEncoder, Bc2AlphaNibbles) {
  Block t = solid(0, 255, 0);
  for (int i = 0; i < 16; ++i) t[i * 4 + 3] = static_cast<uint8_t>(i * 17);
  uint8_t block[16], out[64];
  encode_bc2(t.data(), block);
  bc::decode_bc2(block, out);
  EXPECT_EQ(max_rgb_error(t, out, true), 0);
}

TEST(BcEncoder, Bc3AlphaRamp) {
  // 16 alpha values over 0..255: within half the ramp's step of 255/7.
  Block t = solid(0, 0, 255);
  for (int i = 0; i < 16; ++i) t[i * 4 + 3] = static_cast<uint8_t>(i * 17);
  uint8_t block[16], out[64];
  encode_bc3(t.data(), block);
  bc::decode_bc3(block, out);
  EXPECT_EQ(max_rgb_error(t, out, false), 0);
  for (int i = 0; i < 16; ++i) EXPECT_LE(std::abs(int{t[i * 4 + 3]} - int{out[i * 4 + 3]}), 255 / 14 + 1) << i;
  // Eight alpha values on the ramp itself decode within the rounding.
  for (int i = 0; i < 16; ++i) t[i * 4 + 3] = static_cast<uint8_t>(100 + (i % 8) * 7);
  encode_bc3(t.data(), block);
  bc::decode_bc3(block, out);
  for (int i = 0; i < 16; ++i) EXPECT_LE(std::abs(int{t[i * 4 + 3]} - int{out[i * 4 + 3]}), 1) << i;
}

TEST(BcEncoder, Bc4UnsignedAndSigned) {
  uint8_t v[16], block[8], out[16];
  for (int i = 0; i < 16; ++i) v[i] = 77;
  encode_bc4(v, 1, false, block);
  bc::decode_bc4(block, false, out, 1);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], 77);
  for (int i = 0; i < 16; ++i) v[i] = static_cast<uint8_t>(30 + (i % 8) * 10);  // on a 7-step ramp 30..100
  encode_bc4(v, 1, false, block);
  bc::decode_bc4(block, false, out, 1);
  for (int i = 0; i < 16; ++i) EXPECT_LE(std::abs(int{v[i]} - int{out[i]}), 1) << i;
  // Signed: -127..127 ramp.
  for (int i = 0; i < 16; ++i) v[i] = static_cast<uint8_t>(static_cast<int8_t>(-127 + i * 16));
  encode_bc4(v, 1, true, block);
  bc::decode_bc4(block, true, out, 1);
  for (int i = 0; i < 16; ++i)
    EXPECT_LE(std::abs(int{static_cast<int8_t>(v[i])} - int{static_cast<int8_t>(out[i])}), 254 / 14 + 1) << i;
  // -128 codes as -127.
  for (int i = 0; i < 16; ++i) v[i] = 0x80;
  encode_bc4(v, 1, true, block);
  bc::decode_bc4(block, true, out, 1);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(static_cast<int8_t>(out[i]), -127);
}

TEST(BcEncoder, Bc5TwoChannels) {
  uint8_t rg[32], block[16], out[32];
  for (int i = 0; i < 16; ++i) {
    rg[i * 2] = 200;
    rg[i * 2 + 1] = static_cast<uint8_t>(i < 8 ? 10 : 240);
  }
  encode_bc5(rg, false, block);
  bc::decode_bc5(block, false, out);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(out[i], rg[i]) << i;
}

TEST(BcEncoder, ImageWithPartialEdgeBlocks) {
  // 6x5 RGBA image of four quadrant colours: two blocks by two, the right
  // and top ones partial; every texel decodes to its colour.
  const uint32_t w = 6, h = 5;
  std::vector<uint8_t> src(w * h * 4);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &src[(y * w + x) * 4];
      p[0] = x < 4 ? 255 : 0;
      p[1] = y < 4 ? 255 : 0;
      p[2] = 0;
      p[3] = 255;
    }
  BlockCodec codec;
  ASSERT_TRUE(online_block_codec(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, &codec));
  EXPECT_EQ(block_codec_source_format(codec), static_cast<GLenum>(GL_RGBA8));
  std::vector<uint8_t> blocks(2 * 2 * 16);
  encode_image(codec, src.data(), w * 4, w, h, blocks.data(), 2 * 16);
  for (uint32_t by = 0; by < 2; ++by)
    for (uint32_t bx = 0; bx < 2; ++bx) {
      uint8_t out[64];
      bc::decode_bc3(&blocks[(by * 2 + bx) * 16], out);
      for (uint32_t y = 0; y < 4 && by * 4 + y < h; ++y)
        for (uint32_t x = 0; x < 4 && bx * 4 + x < w; ++x)
          for (int ch = 0; ch < 4; ++ch)
            EXPECT_EQ(out[(y * 4 + x) * 4 + ch], src[((by * 4 + y) * w + bx * 4 + x) * 4 + ch]);
    }
  EXPECT_FALSE(online_block_codec(GL_COMPRESSED_RGBA8_ETC2_EAC, &codec));
}

}  // namespace
}  // namespace brass::gl::pixel
