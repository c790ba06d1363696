// ASTC LDR decoding (FormatConversion::DecodeAstc): images compressed here
// with libastcenc itself, decoded through Brass's conversion path and
// compared with libastcenc's own decompression of the same blocks (exact);
// hand-made void-extent blocks for the sRGB rule (the stored value is the
// sRGB-encoded byte, not a linearized one); edge blocks, pitches, slices,
// garbage blocks and threads.
#include <astcenc.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "device/format_conversion.h"

namespace brass::vk {
namespace {

using pipe::Format;
using C = FormatConversion;

constexpr Format kAstcFormats[] = {
    Format::ASTC_4x4_UNORM,   Format::ASTC_4x4_SRGB,   Format::ASTC_5x4_UNORM,   Format::ASTC_5x4_SRGB,
    Format::ASTC_5x5_UNORM,   Format::ASTC_5x5_SRGB,   Format::ASTC_6x5_UNORM,   Format::ASTC_6x5_SRGB,
    Format::ASTC_6x6_UNORM,   Format::ASTC_6x6_SRGB,   Format::ASTC_8x5_UNORM,   Format::ASTC_8x5_SRGB,
    Format::ASTC_8x6_UNORM,   Format::ASTC_8x6_SRGB,   Format::ASTC_8x8_UNORM,   Format::ASTC_8x8_SRGB,
    Format::ASTC_10x5_UNORM,  Format::ASTC_10x5_SRGB,  Format::ASTC_10x6_UNORM,  Format::ASTC_10x6_SRGB,
    Format::ASTC_10x8_UNORM,  Format::ASTC_10x8_SRGB,  Format::ASTC_10x10_UNORM, Format::ASTC_10x10_SRGB,
    Format::ASTC_12x10_UNORM, Format::ASTC_12x10_SRGB, Format::ASTC_12x12_UNORM, Format::ASTC_12x12_SRGB,
};

bool is_srgb(Format f) { return pipe::describe(f).kind == pipe::FormatKind::CompressedSrgb; }

// A texture-like RGBA8 test image: gradients, a hard edge and varying alpha,
// different in every slice.
std::vector<uint8_t> synthetic_rgba(uint32_t w, uint32_t h, uint32_t slice) {
  std::vector<uint8_t> img(size_t{w} * h * 4);
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &img[(size_t{y} * w + x) * 4];
      p[0] = static_cast<uint8_t>(x * 255 / (w > 1 ? w - 1 : 1));
      p[1] = static_cast<uint8_t>(y * 255 / (h > 1 ? h - 1 : 1));
      p[2] = static_cast<uint8_t>((x + y) % 3 == 0 ? 200 : 40 + slice * 60);
      p[3] = static_cast<uint8_t>(x < w / 2 ? 255 : 96 + y * 10 + slice * 20);
    }
  }
  return img;
}

// libastcenc as the reference: compresses (fast preset) and decompresses.
class Codec {
 public:
  explicit Codec(Format f) {
    const auto& d = pipe::describe(f);
    bw_ = d.block_width, bh_ = d.block_height;
    astcenc_config config{};
    ok_ = astcenc_config_init(is_srgb(f) ? ASTCENC_PRF_LDR_SRGB : ASTCENC_PRF_LDR, bw_, bh_, 1, ASTCENC_PRE_FAST,
                              0, &config) == ASTCENC_SUCCESS &&
          astcenc_context_alloc(&config, 1, &ctx_) == ASTCENC_SUCCESS;
  }
  ~Codec() {
    if (ctx_) astcenc_context_free(ctx_);
  }
  bool ok() const { return ok_; }
  size_t blocks_size(uint32_t w, uint32_t h) const { return size_t{(w + bw_ - 1) / bw_} * ((h + bh_ - 1) / bh_) * 16; }
  std::vector<uint8_t> compress(std::vector<uint8_t> rgba, uint32_t w, uint32_t h) {
    std::vector<uint8_t> out(blocks_size(w, h));
    void* slices[1] = {rgba.data()};
    astcenc_image image{w, h, 1, ASTCENC_TYPE_U8, slices};
    const astcenc_swizzle swz{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
    EXPECT_EQ(astcenc_compress_image(ctx_, &image, &swz, out.data(), out.size(), 0), ASTCENC_SUCCESS);
    return out;
  }
  std::vector<uint8_t> decompress(const std::vector<uint8_t>& blocks, uint32_t w, uint32_t h) {
    std::vector<uint8_t> out(size_t{w} * h * 4);
    void* slices[1] = {out.data()};
    astcenc_image image{w, h, 1, ASTCENC_TYPE_U8, slices};
    const astcenc_swizzle swz{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
    EXPECT_EQ(astcenc_decompress_image(ctx_, blocks.data(), blocks.size(), &image, &swz, 0), ASTCENC_SUCCESS);
    return out;
  }

 private:
  astcenc_context* ctx_ = nullptr;
  uint32_t bw_ = 0, bh_ = 0;
  bool ok_ = false;
};

std::string name(Format f) { return pipe::describe(f).name; }

// A void-extent (constant color) block: block mode 0x1FC, LDR, no extent
// coordinates (all ones), then R, G, B, A as 16-bit UNORM.
std::vector<uint8_t> void_extent(uint16_t r, uint16_t g, uint16_t b, uint16_t a) {
  std::vector<uint8_t> block = {0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  for (uint16_t c : {r, g, b, a}) {
    block.push_back(static_cast<uint8_t>(c & 0xFF));
    block.push_back(static_cast<uint8_t>(c >> 8));
  }
  return block;
}

TEST(FormatConversionAstc, TableAndSizes) {
  for (Format f : kAstcFormats) {
    const auto& d = pipe::describe(f);
    EXPECT_TRUE(d.is_compressed()) << name(f);
    EXPECT_EQ(d.block_bytes, 16) << name(f);
    EXPECT_EQ(d.channels, 4) << name(f);
    EXPECT_TRUE(can_convert_to_stored(f, C::DecodeAstc)) << name(f);
    EXPECT_FALSE(can_convert_from_stored(f, C::DecodeAstc)) << name(f);
    EXPECT_EQ(stored_texel_size(f, C::DecodeAstc), 4u);
  }
  EXPECT_FALSE(can_convert_to_stored(Format::ETC2_RGBA8, C::DecodeAstc));
  EXPECT_FALSE(can_convert_to_stored(Format::RGBA8_UNORM, C::DecodeAstc));
  EXPECT_FALSE(can_convert_to_stored(Format::ASTC_6x6_UNORM, C::DecodeBc));
  // Whole blocks of the footprint: 13x7 is 3x2 blocks of 6x6, 2x1 of 12x10.
  EXPECT_EQ(source_size(Format::ASTC_6x6_UNORM, {13, 7, 1}), 3u * 2 * 16);
  EXPECT_EQ(source_size(Format::ASTC_12x10_SRGB, {13, 7, 1}), 2u * 1 * 16);
  EXPECT_EQ(source_size(Format::ASTC_5x4_UNORM, {11, 9, 2}), 3u * 3 * 2 * 16);
  EXPECT_EQ(converted_size(Format::ASTC_12x12_UNORM, C::DecodeAstc, {13, 7, 1}), 13u * 7 * 4);
}

// The conversion equals libastcenc's own decode of what it compressed, for
// sizes that end in partial blocks.
TEST(FormatConversionAstc, MatchesLibastcencDecode) {
  const Format formats[] = {Format::ASTC_6x6_UNORM, Format::ASTC_6x6_SRGB,   Format::ASTC_12x10_UNORM,
                            Format::ASTC_12x10_SRGB, Format::ASTC_4x4_UNORM, Format::ASTC_5x4_SRGB,
                            Format::ASTC_10x10_UNORM, Format::ASTC_12x12_SRGB};
  const uint32_t sizes[][2] = {{13, 7}, {1, 1}, {24, 20}, {29, 31}};
  for (Format f : formats) {
    Codec codec(f);
    ASSERT_TRUE(codec.ok()) << name(f);
    for (const auto& s : sizes) {
      const uint32_t w = s[0], h = s[1];
      const std::vector<uint8_t> blocks = codec.compress(synthetic_rgba(w, h, 0), w, h);
      const std::vector<uint8_t> expect = codec.decompress(blocks, w, h);
      ASSERT_EQ(source_size(f, {w, h, 1}), blocks.size());
      std::vector<uint8_t> out(converted_size(f, C::DecodeAstc, {w, h, 1}) + 1, 0xAB);
      ASSERT_EQ(convert_to_stored(f, C::DecodeAstc, {w, h, 1}, {blocks.data(), blocks.size()}, {out.data(), out.size() - 1}),
                ConversionStatus::Ok)
          << name(f) << " " << w << "x" << h;
      EXPECT_EQ(out.back(), 0xAB) << name(f) << " wrote past its size";
      out.pop_back();
      EXPECT_EQ(out, expect) << name(f) << " " << w << "x" << h;
    }
  }
}

// Several slices (2D array layers), a padded source and destination pitch.
TEST(FormatConversionAstc, SlicesAndPitches) {
  for (Format f : {Format::ASTC_6x6_SRGB, Format::ASTC_12x10_UNORM, Format::ASTC_8x5_UNORM}) {
    const auto& d = pipe::describe(f);
    Codec codec(f);
    ASSERT_TRUE(codec.ok());
    const uint32_t w = 13, h = 7, depth = 3;
    const size_t blocks_x = (w + d.block_width - 1) / d.block_width, blocks_y = (h + d.block_height - 1) / d.block_height;
    const size_t src_row = blocks_x * 16 + 16, src_slice = src_row * blocks_y + 32;
    const size_t dst_row = w * 4 + 12, dst_slice = dst_row * h + 8;
    std::vector<uint8_t> src(src_slice * depth, 0x5A), dst(dst_slice * depth, 0xCD);
    std::vector<std::vector<uint8_t>> expect;
    for (uint32_t z = 0; z < depth; ++z) {
      const std::vector<uint8_t> blocks = codec.compress(synthetic_rgba(w, h, z), w, h);
      for (size_t by = 0; by < blocks_y; ++by)
        std::memcpy(&src[z * src_slice + by * src_row], &blocks[by * blocks_x * 16], blocks_x * 16);
      expect.push_back(codec.decompress(blocks, w, h));
    }
    ASSERT_EQ(convert_to_stored(f, C::DecodeAstc, {w, h, depth}, {src.data(), src.size(), src_row, src_slice},
                                {dst.data(), dst.size(), dst_row, dst_slice}),
              ConversionStatus::Ok)
        << name(f);
    for (uint32_t z = 0; z < depth; ++z) {
      for (uint32_t y = 0; y < h; ++y) {
        const uint8_t* row = &dst[z * dst_slice + y * dst_row];
        EXPECT_EQ(std::memcmp(row, &expect[z][size_t{y} * w * 4], w * 4), 0) << name(f) << " slice " << z << " row " << y;
        for (size_t pad = w * 4; pad < dst_row; ++pad) ASSERT_EQ(row[pad], 0xCD) << "padding written";
      }
    }
  }
}

// sRGB formats store the sRGB-encoded byte (the top 8 bits of the 16-bit
// color, ASTC's sRGB rule), which the *_SRGB VkFormat linearizes once;
// UNORM formats round the 16-bit value to 8 bits.
TEST(FormatConversionAstc, VoidExtentColorsAndSrgbBytes) {
  const std::vector<uint8_t> block = void_extent(0x12FF, 0x8080, 0x0000, 0xFFFF);
  for (Format f : kAstcFormats) {
    const auto& d = pipe::describe(f);
    const uint32_t w = d.block_width, h = d.block_height;
    std::vector<uint8_t> out(size_t{w} * h * 4, 0xCD);
    ASSERT_EQ(convert_to_stored(f, C::DecodeAstc, {w, h, 1}, {block.data(), block.size()}, {out.data(), out.size()}),
              ConversionStatus::Ok)
        << name(f);
    const uint8_t red = is_srgb(f) ? 0x12 : 19;  // 0x12FF / 65535 * 255 = 18.99
    for (size_t i = 0; i < out.size(); i += 4) {
      ASSERT_EQ(out[i + 0], red) << name(f) << " texel " << i / 4;
      ASSERT_EQ(out[i + 1], 0x80) << name(f);
      ASSERT_EQ(out[i + 2], 0x00) << name(f);
      ASSERT_EQ(out[i + 3], 0xFF) << name(f);
    }
  }
}

// Reserved encodings decode to the error color (opaque magenta for LDR);
// arbitrary bytes, at every size up to two blocks each way, decode within
// the destination without failing.
TEST(FormatConversionAstc, GarbageBlocksNeverFail) {
  const std::vector<uint8_t> zero(16, 0);  // block mode 0: reserved
  for (Format f : {Format::ASTC_4x4_UNORM, Format::ASTC_8x8_SRGB}) {
    const auto& d = pipe::describe(f);
    std::vector<uint8_t> out(size_t{d.block_width} * d.block_height * 4);
    ASSERT_EQ(convert_to_stored(f, C::DecodeAstc, {d.block_width, d.block_height, 1}, {zero.data(), zero.size()},
                                {out.data(), out.size()}),
              ConversionStatus::Ok);
    for (size_t i = 0; i < out.size(); i += 4) {
      ASSERT_EQ(out[i + 0], 0xFF) << name(f);
      ASSERT_EQ(out[i + 1], 0x00) << name(f);
      ASSERT_EQ(out[i + 2], 0xFF) << name(f);
      ASSERT_EQ(out[i + 3], 0xFF) << name(f);
    }
  }
  std::vector<uint8_t> src(16 * 3 * 3 * 2);
  uint32_t state = 12345;
  for (uint8_t& b : src) {
    state = state * 1664525u + 1013904223u;
    b = static_cast<uint8_t>(state >> 24);
  }
  for (Format f : kAstcFormats) {
    const auto& d = pipe::describe(f);
    for (uint32_t h = 1; h <= 2u * d.block_height + 1; h += d.block_height / 2 + 1) {
      for (uint32_t w = 1; w <= 2u * d.block_width + 1; w += d.block_width / 2 + 1) {
        const ConversionExtent e{w, h, 2};
        ASSERT_LE(source_size(f, e), src.size());
        std::vector<uint8_t> dst(converted_size(f, C::DecodeAstc, e) + 1, 0xAB);
        ASSERT_EQ(convert_to_stored(f, C::DecodeAstc, e, {src.data(), source_size(f, e)}, {dst.data(), dst.size() - 1}),
                  ConversionStatus::Ok)
            << name(f) << " " << w << "x" << h;
        ASSERT_EQ(dst.back(), 0xAB) << name(f) << " " << w << "x" << h << " wrote past its size";
      }
    }
  }
}

TEST(FormatConversionAstc, RejectsTruncatedRegions) {
  std::vector<uint8_t> src(64), dst(13 * 7 * 4);
  // 13x7 in 6x6 blocks needs 3x2 blocks = 96 bytes.
  EXPECT_EQ(convert_to_stored(Format::ASTC_6x6_UNORM, C::DecodeAstc, {13, 7, 1}, {src.data(), src.size()},
                              {dst.data(), dst.size()}),
            ConversionStatus::SourceTooSmall);
  src.resize(96);
  EXPECT_EQ(convert_to_stored(Format::ASTC_6x6_UNORM, C::DecodeAstc, {13, 7, 1}, {src.data(), src.size()},
                              {dst.data(), dst.size() - 1}),
            ConversionStatus::DestinationTooSmall);
  EXPECT_EQ(convert_to_stored(Format::ASTC_6x6_UNORM, C::DecodeAstc, {13, 7, 1}, {src.data(), src.size(), 32},
                              {dst.data(), dst.size()}),
            ConversionStatus::BadPitch);
  EXPECT_EQ(convert_to_stored(Format::ASTC_6x6_UNORM, C::DecodeAstc, {13, 7, 1}, {nullptr, src.size()},
                              {dst.data(), dst.size()}),
            ConversionStatus::SourceTooSmall);
  EXPECT_EQ(convert_to_stored(Format::ASTC_6x6_UNORM, C::DecodeAstc, {0, 7, 1}, {nullptr, 0}, {nullptr, 0}),
            ConversionStatus::Ok);
  EXPECT_EQ(convert_to_stored(Format::ASTC_12x12_UNORM, C::DecodeAstc, {0xFFFFFFFF, 12, 1}, {src.data(), src.size()},
                              {dst.data(), dst.size()}),
            ConversionStatus::SourceTooSmall);
}

// Decodes on several threads at once give the single-threaded result.
TEST(FormatConversionAstc, ConcurrentDecodes) {
  const Format f = Format::ASTC_6x6_SRGB;
  Codec codec(f);
  ASSERT_TRUE(codec.ok());
  const uint32_t w = 30, h = 18;
  const std::vector<uint8_t> blocks = codec.compress(synthetic_rgba(w, h, 1), w, h);
  const std::vector<uint8_t> expect = codec.decompress(blocks, w, h);
  std::vector<std::vector<uint8_t>> outs(4, std::vector<uint8_t>(expect.size()));
  std::vector<ConversionStatus> status(outs.size(), ConversionStatus::Unsupported);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < outs.size(); ++i) {
    threads.emplace_back([&, i] {
      for (int repeat = 0; repeat < 3 && (repeat == 0 || status[i] == ConversionStatus::Ok); ++repeat) {
        status[i] = convert_to_stored(f, C::DecodeAstc, {w, h, 1}, {blocks.data(), blocks.size()},
                                      {outs[i].data(), outs[i].size()});
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (size_t i = 0; i < outs.size(); ++i) {
    EXPECT_EQ(status[i], ConversionStatus::Ok);
    EXPECT_EQ(outs[i], expect) << "thread " << i;
  }
}

// Decoders hand their libastcenc contexts to a pool (astc_decoder.cpp): a
// context taken back must be one of the same footprint and profile, also
// after the pool (8 idle contexts) has evicted some. Every footprint and
// profile, each decoded twice in a row and once more after its successor.
TEST(FormatConversionAstc, PooledContextsKeepTheirFootprint) {
  const uint32_t w = 25, h = 13;
  struct Case {
    std::vector<uint8_t> blocks, expect;
  };
  std::vector<Case> cases;
  for (Format f : kAstcFormats) {
    Codec codec(f);
    ASSERT_TRUE(codec.ok()) << name(f);
    Case c;
    c.blocks = codec.compress(synthetic_rgba(w, h, 2), w, h);
    c.expect = codec.decompress(c.blocks, w, h);
    cases.push_back(std::move(c));
  }
  auto decode_matches = [&](size_t i) {
    const Format f = kAstcFormats[i];
    std::vector<uint8_t> out(cases[i].expect.size());
    EXPECT_EQ(convert_to_stored(f, C::DecodeAstc, {w, h, 1}, {cases[i].blocks.data(), cases[i].blocks.size()},
                                {out.data(), out.size()}),
              ConversionStatus::Ok)
        << name(f);
    EXPECT_EQ(out, cases[i].expect) << name(f);
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    decode_matches(i);
    decode_matches(i);
    if (i > 0) decode_matches(i - 1);
  }
}

}  // namespace
}  // namespace brass::vk
