#include "gl/pixel/pack_unpack.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gl/pixel/half_float.h"

namespace brass::gl::pixel {
namespace {

uint32_t pixel_bytes(PixelLayout l) {
  ClientPixelSize s;
  EXPECT_EQ(client_pixel_size(l.format, l.type, &s), static_cast<GLenum>(GL_NO_ERROR));
  return s.pixel_bytes();
}

template <typename T>
std::vector<uint8_t> bytes_of(std::initializer_list<T> values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.begin(), out.size());
  return out;
}

template <typename T>
std::vector<T> values_of(const std::vector<uint8_t>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}

// Tightly packed width x 1 conversion.
std::vector<uint8_t> convert(PixelLayout from, const std::vector<uint8_t>& src, PixelLayout to,
                             ConversionOptions options = {}) {
  const uint32_t in_bytes = pixel_bytes(from);
  const uint32_t width = static_cast<uint32_t>(src.size() / in_bytes);
  std::vector<uint8_t> dst(uint64_t{width} * pixel_bytes(to), 0xCD);
  const GLenum err = convert_pixels({from, src.data(), src.size(), src.size()}, {to, dst.data(), dst.size(), dst.size()},
                                    {width, 1, 1}, options);
  EXPECT_EQ(err, static_cast<GLenum>(GL_NO_ERROR));
  return dst;
}

constexpr PixelLayout kRgbaUbyte{GL_RGBA, GL_UNSIGNED_BYTE};
constexpr PixelLayout kRgbaFloat{GL_RGBA, GL_FLOAT};

TEST(PixelConvert, UnormRoundsToNearest) {
  // ES 3.0 §2.1.6.1: u = round(f * (2^b - 1)); 0.5 * 255 = 127.5 -> 128.
  const auto out = convert(kRgbaFloat, bytes_of<float>({0.5f, 1.5f, -0.25f, std::nanf("")}), kRgbaUbyte);
  EXPECT_EQ(out, (std::vector<uint8_t>{128, 255, 0, 0}));
  const auto tiny = convert(kRgbaFloat, bytes_of<float>({0.5f / 255.0f - 1e-6f, 0.5f / 255.0f + 1e-6f, 1.0f, 0.0f}),
                            kRgbaUbyte);
  EXPECT_EQ(tiny, (std::vector<uint8_t>{0, 1, 255, 0}));
  const auto u16 = values_of<uint16_t>(
      convert(kRgbaFloat, bytes_of<float>({0.5f, 1.0f, 0.0f, 2.0f}), {GL_RGBA, GL_UNSIGNED_SHORT}));
  EXPECT_EQ(u16, (std::vector<uint16_t>{32768, 65535, 0, 65535}));
}

TEST(PixelConvert, SnormConversion) {
  const auto out = values_of<int8_t>(
      convert(kRgbaFloat, bytes_of<float>({-1.0f, 1.0f, -2.0f, 0.5f}), {GL_RGBA, GL_BYTE}));
  EXPECT_EQ(out, (std::vector<int8_t>{-127, 127, -127, 64}));
  // -128 and -127 both decode to -1.0.
  const auto back = values_of<float>(convert({GL_RGBA, GL_BYTE}, bytes_of<int8_t>({-128, -127, 0, 127}), kRgbaFloat));
  EXPECT_EQ(back, (std::vector<float>{-1.0f, -1.0f, 0.0f, 1.0f}));
  // Snorm to unorm clamps negatives to 0.
  EXPECT_EQ(convert({GL_RGBA, GL_BYTE}, bytes_of<int8_t>({-64, 127, 0, 64}), kRgbaUbyte),
            (std::vector<uint8_t>{0, 255, 0, 129}));
}

TEST(PixelConvert, HalfFloatEncoding) {
  const auto out = values_of<uint16_t>(
      convert(kRgbaFloat, bytes_of<float>({65520.0f, 65504.0f, 1.0f, std::ldexp(1.0f, -24)}), {GL_RGBA, GL_HALF_FLOAT}));
  EXPECT_EQ(out, (std::vector<uint16_t>{0x7C00, 0x7BFF, 0x3C00, 0x0001}));
  // HALF_FLOAT_OES reads the same.
  const auto back = values_of<float>(convert({GL_RGBA, GL_HALF_FLOAT_OES}, bytes_of<uint16_t>({0x3C00, 0xC000, 0, 0x3800}),
                                             kRgbaFloat));
  EXPECT_EQ(back, (std::vector<float>{1.0f, -2.0f, 0.0f, 0.5f}));
}

TEST(PixelConvert, Rgb565Expansion) {
  // 5_6_5: R in the top 5 bits. 16/31 * 255 = 131.6 -> 132; 32/63 * 255 = 129.5 -> 130.
  const auto out = convert({GL_RGB, GL_UNSIGNED_SHORT_5_6_5},
                           bytes_of<uint16_t>({0xF800, 0x07E0, 0x001F, (16 << 11) | (32 << 5) | 1}), kRgbaUbyte);
  EXPECT_EQ(out, (std::vector<uint8_t>{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 132, 130, 8, 255}));
  // And back: 8-bit to 5/6 bits rounds to nearest.
  const auto packed = values_of<uint16_t>(
      convert(kRgbaUbyte, std::vector<uint8_t>{255, 0, 0, 255, 132, 130, 8, 0}, {GL_RGB, GL_UNSIGNED_SHORT_5_6_5}));
  EXPECT_EQ(packed, (std::vector<uint16_t>{0xF800, (16 << 11) | (32 << 5) | 1}));
}

TEST(PixelConvert, Packed4444And5551) {
  const auto a = values_of<uint16_t>(
      convert(kRgbaUbyte, std::vector<uint8_t>{255, 0, 136, 17}, {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4}));
  EXPECT_EQ(a, (std::vector<uint16_t>{0xF081}));
  const auto b = values_of<uint16_t>(
      convert(kRgbaUbyte, std::vector<uint8_t>{255, 0, 255, 128}, {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1}));
  EXPECT_EQ(b, (std::vector<uint16_t>{0xF83F}));  // 11111 00000 11111 1
  EXPECT_EQ(convert({GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1}, bytes_of<uint16_t>({0x0001}), kRgbaUbyte),
            (std::vector<uint8_t>{0, 0, 0, 255}));
}

TEST(PixelConvert, Rgb10A2Rev) {
  // R in the low 10 bits, A in the top 2. 128/255 * 1023 = 513.5 -> 514.
  const auto out = values_of<uint32_t>(
      convert(kRgbaUbyte, std::vector<uint8_t>{255, 0, 128, 255}, {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV}));
  EXPECT_EQ(out, (std::vector<uint32_t>{1023u | (0u << 10) | (514u << 20) | (3u << 30)}));
  const auto f = values_of<float>(convert({GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV},
                                          bytes_of<uint32_t>({1023u | (1u << 30)}), kRgbaFloat));
  EXPECT_FLOAT_EQ(f[0], 1.0f);
  EXPECT_FLOAT_EQ(f[3], 1.0f / 3.0f);
  // The integer flavour passes raw values.
  const auto i = values_of<uint32_t>(convert({GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV},
                                             bytes_of<uint32_t>({5u | (700u << 10) | (2u << 30)}),
                                             {GL_RGBA_INTEGER, GL_UNSIGNED_INT}));
  EXPECT_EQ(i, (std::vector<uint32_t>{5, 700, 0, 2}));
}

TEST(PixelConvert, PackedFloatFormats) {
  const auto r11 = values_of<uint32_t>(
      convert({GL_RGB, GL_FLOAT}, bytes_of<float>({1.0f, 2.0f, -1.0f}), {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV}));
  EXPECT_EQ(r11, (std::vector<uint32_t>{(15u << 6) | ((16u << 6) << 11)}));
  const auto e5 = values_of<uint32_t>(
      convert({GL_RGB, GL_FLOAT}, bytes_of<float>({1.0f, 0.0f, 0.0f}), {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV}));
  EXPECT_EQ(e5, (std::vector<uint32_t>{(16u << 27) | 256u}));
  const auto back = values_of<float>(
      convert({GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV}, bytes_of<uint32_t>({(16u << 27) | 256u | (128u << 9)}), kRgbaFloat));
  EXPECT_EQ(back, (std::vector<float>{1.0f, 0.5f, 0.0f, 1.0f}));
}

TEST(PixelConvert, ComponentSwizzlesAndDefaults) {
  // RGB -> RGBA fills alpha with 1.
  EXPECT_EQ(convert({GL_RGB, GL_UNSIGNED_BYTE}, std::vector<uint8_t>{1, 2, 3}, kRgbaUbyte),
            (std::vector<uint8_t>{1, 2, 3, 255}));
  // RED/RG fill G,B with 0.
  EXPECT_EQ(convert({GL_RG, GL_UNSIGNED_BYTE}, std::vector<uint8_t>{9, 8}, kRgbaUbyte),
            (std::vector<uint8_t>{9, 8, 0, 255}));
  // BGRA <-> RGBA.
  EXPECT_EQ(convert({GL_BGRA_EXT, GL_UNSIGNED_BYTE}, std::vector<uint8_t>{1, 2, 3, 4}, kRgbaUbyte),
            (std::vector<uint8_t>{3, 2, 1, 4}));
  EXPECT_EQ(convert(kRgbaUbyte, std::vector<uint8_t>{1, 2, 3, 4}, {GL_BGRA_EXT, GL_UNSIGNED_BYTE}),
            (std::vector<uint8_t>{3, 2, 1, 4}));
  // ALPHA reads as (0,0,0,A); LUMINANCE as (L,0,0,1); LUMINANCE_ALPHA as (L,0,0,A).
  EXPECT_EQ(convert({GL_ALPHA, GL_UNSIGNED_BYTE}, std::vector<uint8_t>{77}, kRgbaUbyte),
            (std::vector<uint8_t>{0, 0, 0, 77}));
  EXPECT_EQ(convert({GL_LUMINANCE, GL_UNSIGNED_BYTE}, std::vector<uint8_t>{77}, kRgbaUbyte),
            (std::vector<uint8_t>{77, 0, 0, 255}));
  EXPECT_EQ(convert({GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE}, std::vector<uint8_t>{77, 5}, kRgbaUbyte),
            (std::vector<uint8_t>{77, 0, 0, 5}));
  // Packing LUMINANCE takes R.
  EXPECT_EQ(convert(kRgbaUbyte, std::vector<uint8_t>{10, 20, 30, 40}, {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE}),
            (std::vector<uint8_t>{10, 40}));
}

TEST(PixelConvert, IntegerValuesAreCopiedAndClamped) {
  const auto out = values_of<int8_t>(convert({GL_RGBA_INTEGER, GL_INT}, bytes_of<int32_t>({300, -300, 5, -5}),
                                             {GL_RGBA_INTEGER, GL_BYTE}));
  EXPECT_EQ(out, (std::vector<int8_t>{127, -128, 5, -5}));
  const auto wide = values_of<uint32_t>(convert({GL_RGB_INTEGER, GL_UNSIGNED_INT},
                                                bytes_of<uint32_t>({0xFFFFFFFFu, 0, 7}),
                                                {GL_RGBA_INTEGER, GL_UNSIGNED_INT}));
  EXPECT_EQ(wide, (std::vector<uint32_t>{0xFFFFFFFFu, 0, 7, 1}));  // integer alpha default is 1
  const auto neg = values_of<uint16_t>(convert({GL_RED_INTEGER, GL_SHORT}, bytes_of<int16_t>({-5}),
                                               {GL_RED_INTEGER, GL_UNSIGNED_SHORT}));
  EXPECT_EQ(neg, (std::vector<uint16_t>{0}));
}

TEST(PixelConvert, IntegerAndNormalizedDoNotMix) {
  std::vector<uint8_t> src(4), dst(4);
  EXPECT_EQ(convert_pixels({kRgbaUbyte, src.data(), 4, 4}, {{GL_RGBA_INTEGER, GL_UNSIGNED_BYTE}, dst.data(), 4, 4},
                           {1, 1, 1}),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(convert_pixels({{GL_RGBA, 0x1234}, src.data(), 4, 4}, {kRgbaUbyte, dst.data(), 4, 4}, {1, 1, 1}),
            static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST(PixelConvert, DepthAndStencil) {
  const PixelLayout z24x8 = storage_layout(pipe::Format::Z24X8_UNORM);
  const auto z = values_of<uint32_t>(
      convert({GL_DEPTH_COMPONENT, GL_FLOAT}, bytes_of<float>({1.0f, 0.5f, 0.0f, 2.0f}), z24x8));
  // Depth in the low 24 bits, as Vulkan copies X8_D24_UNORM_PACK32.
  EXPECT_EQ(z, (std::vector<uint32_t>{0xFFFFFFu, 0x800000u, 0, 0xFFFFFFu}));
  const auto from_uint = values_of<uint32_t>(
      convert({GL_DEPTH_COMPONENT, GL_UNSIGNED_INT}, bytes_of<uint32_t>({0xFFFFFFFFu, 0x80000000u}), z24x8));
  EXPECT_EQ(from_uint, (std::vector<uint32_t>{0xFFFFFFu, 0x800000u}));
  const auto z16 = values_of<uint16_t>(
      convert({GL_DEPTH_COMPONENT, GL_UNSIGNED_INT}, bytes_of<uint32_t>({0xFFFFFFFFu, 0x80000000u}),
              {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT}));
  EXPECT_EQ(z16, (std::vector<uint16_t>{0xFFFF, 0x8000}));

  // 24_8 -> FLOAT_32_UNSIGNED_INT_24_8_REV: depth becomes float, stencil the low byte of word 2.
  const auto d32s8 = values_of<uint32_t>(convert({GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8},
                                                 bytes_of<uint32_t>({0xFFFFFF00u | 0x5Au}),
                                                 {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV}));
  ASSERT_EQ(d32s8.size(), 2u);
  EXPECT_EQ(d32s8[0], std::bit_cast<uint32_t>(1.0f));
  EXPECT_EQ(d32s8[1], 0x5Au);
  // And back.
  const auto d24s8 = values_of<uint32_t>(convert({GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV},
                                                 bytes_of<uint32_t>({std::bit_cast<uint32_t>(0.5f), 0xFFFFFF07u}),
                                                 {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8}));
  EXPECT_EQ(d24s8, (std::vector<uint32_t>{(0x800000u << 8) | 0x07u}));
  // Stencil is read as an integer.
  EXPECT_EQ(convert({GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8}, bytes_of<uint32_t>({0x12345678u}),
                    {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE}),
            (std::vector<uint8_t>{0x78}));
  // Float depth is not clamped unless asked (desktop DEPTH_COMPONENT32).
  const PixelLayout zf{GL_DEPTH_COMPONENT, GL_FLOAT};
  EXPECT_EQ(values_of<float>(convert(zf, bytes_of<float>({1.5f}), zf, {true})), (std::vector<float>{1.0f}));
  EXPECT_EQ(values_of<float>(convert(zf, bytes_of<float>({1.5f}), zf)), (std::vector<float>{1.5f}));
}

// Client -> stored -> client for every uncompressed storage format, through a
// layout of at least the storage's precision. The first conversion into
// storage canonicalizes (e.g. snorm -128 -> -127); after it, storage ->
// client -> storage must be exact.
PixelLayout wide_layout_for(const InternalFormatInfo& f) {
  if (f.has_depth() && f.has_stencil()) return {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV};
  if (f.has_depth())
    return f.component_type == ComponentType::Float ? PixelLayout{GL_DEPTH_COMPONENT, GL_FLOAT}
                                                     : PixelLayout{GL_DEPTH_COMPONENT, GL_UNSIGNED_INT};
  if (f.has_stencil()) return {GL_STENCIL_INDEX, GL_UNSIGNED_INT};
  switch (f.component_type) {
    case ComponentType::Int: return {GL_RGBA_INTEGER, GL_INT};
    case ComponentType::UnsignedInt: return {GL_RGBA_INTEGER, GL_UNSIGNED_INT};
    case ComponentType::SignedNormalized: return {GL_RGBA, GL_FLOAT};
    default: return {GL_RGBA, GL_FLOAT};
  }
}

TEST(PixelConvert, EveryStorageFormatRoundTripsThroughAWideClientLayout) {
  std::mt19937 rng(1234);
  for (const InternalFormatInfo& f : all_internal_formats()) {
    if (f.is_compressed()) continue;
    const PixelLayout stored = storage_layout(f);
    const PixelLayout wide = wide_layout_for(f);
    const uint32_t width = 64;
    // Random storage bytes (possibly non-canonical), canonicalized by one
    // storage -> wide -> storage pass. Random float bits can be NaN, which
    // has no exact round trip; replace them.
    std::vector<uint8_t> raw(uint64_t{width} * pixel_bytes(stored));
    for (auto& b : raw) b = static_cast<uint8_t>(rng());
    if (wide.type == GL_FLOAT || f.component_type == ComponentType::Float) {
      const auto client = values_of<float>(convert(stored, raw, wide));
      std::vector<float> clean(client.size());
      for (size_t i = 0; i < client.size(); ++i)
        clean[i] = std::isfinite(client[i]) ? client[i] : 0.25f;
      std::vector<uint8_t> clean_bytes(clean.size() * 4);
      std::memcpy(clean_bytes.data(), clean.data(), clean_bytes.size());
      if (wide.type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) clean_bytes = convert(stored, raw, wide);
      raw = convert(wide, clean_bytes, stored, {f.internal_format == GL_DEPTH_COMPONENT32});
    }
    const auto canonical = convert(wide, convert(stored, raw, wide), stored);
    const auto again = convert(wide, convert(stored, canonical, wide), stored);
    EXPECT_EQ(canonical, again) << std::hex << f.internal_format;
  }
}

TEST(PixelConvert, ClientTypesRoundTripThroughStorage) {
  // Each client type into a storage format of the same or higher precision
  // and back is exact (slow path: the layouts differ).
  struct Case {
    PixelLayout client;
    pipe::Format storage;
  };
  std::mt19937 rng(99);
  for (const Case& c : {Case{kRgbaUbyte, pipe::Format::RGBA16_UNORM}, Case{kRgbaUbyte, pipe::Format::RGBA32_FLOAT},
                        Case{{GL_RGBA, GL_UNSIGNED_SHORT}, pipe::Format::RGBA32_FLOAT},
                        Case{{GL_RGB, GL_UNSIGNED_SHORT_5_6_5}, pipe::Format::RGBA8_UNORM},
                        Case{{GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4}, pipe::Format::RGBA8_UNORM},
                        Case{{GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1}, pipe::Format::RGBA8_UNORM},
                        Case{{GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV}, pipe::Format::RGBA16_UNORM},
                        Case{{GL_RGBA, GL_HALF_FLOAT}, pipe::Format::RGBA32_FLOAT},
                        Case{{GL_RGBA_INTEGER, GL_BYTE}, pipe::Format::RGBA32_SINT},
                        Case{{GL_RGBA_INTEGER, GL_UNSIGNED_SHORT}, pipe::Format::RGBA32_UINT},
                        Case{{GL_RGBA_INTEGER, GL_SHORT}, pipe::Format::RGBA16_SINT},
                        Case{{GL_BGRA_EXT, GL_UNSIGNED_BYTE}, pipe::Format::RGBA8_UNORM},
                        Case{{GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE}, pipe::Format::RGBA8_UNORM},
                        Case{{GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8}, pipe::Format::Z32_FLOAT_S8X24_UINT},
                        Case{{GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT}, pipe::Format::Z24X8_UNORM}}) {
    std::vector<uint8_t> client(32 * pixel_bytes(c.client));
    for (auto& b : client) b = static_cast<uint8_t>(rng());
    if (c.client.type == GL_HALF_FLOAT)  // keep halves finite
      for (size_t i = 1; i < client.size(); i += 2) client[i] &= 0x7B;
    const PixelLayout stored = storage_layout(c.storage);
    EXPECT_EQ(convert(stored, convert(c.client, client, stored), c.client), client)
        << std::hex << c.client.format << " " << c.client.type;
  }
}

TEST(PixelUnpack, HonoursUnpackStateAndUsesTheStorageLayout) {
  // 3x2 RGB/UNSIGNED_BYTE with alignment 4 (rows of 12 bytes), skip 1 row and
  // 1 pixel, row length 4, into RGBA8 storage... which ES would not allow but
  // the converter supports; here into RGB8 storage (fast path) and
  // LUMINANCE32F (slow path).
  PixelStoreParams unpack;
  unpack.row_length = 4;
  unpack.skip_rows = 1;
  unpack.skip_pixels = 1;
  std::vector<uint8_t> client(12 * 3);
  for (size_t i = 0; i < client.size(); ++i) client[i] = static_cast<uint8_t>(i);
  std::vector<uint8_t> stored(2 * 2 * 3);
  ASSERT_EQ(unpack_pixels(unpack, GL_RGB, GL_UNSIGNED_BYTE, client.data(), false, *find_internal_format(GL_RGB8),
                          stored.data(), 6, 12, {2, 2, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(stored, (std::vector<uint8_t>{15, 16, 17, 18, 19, 20, 27, 28, 29, 30, 31, 32}));

  PixelStoreParams tight;
  tight.alignment = 1;
  const auto lum = bytes_of<float>({0.25f, 2.0f});
  std::vector<uint8_t> l32f(8);
  ASSERT_EQ(unpack_pixels(tight, GL_LUMINANCE, GL_FLOAT, lum.data(), false, *find_internal_format(GL_LUMINANCE32F_EXT),
                          l32f.data(), 8, 8, {2, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(values_of<float>(l32f), (std::vector<float>{0.25f, 2.0f}));
  // LUMINANCE_ALPHA32F lives in RG32F memory as (L, A).
  const auto la = bytes_of<float>({0.25f, 0.75f});
  std::vector<uint8_t> la32f(8);
  ASSERT_EQ(unpack_pixels(tight, GL_LUMINANCE_ALPHA, GL_FLOAT, la.data(), false,
                          *find_internal_format(GL_LUMINANCE_ALPHA32F_EXT), la32f.data(), 8, 8, {1, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(values_of<float>(la32f), (std::vector<float>{0.25f, 0.75f}));
  // ALPHA32F lives in R32F memory.
  const auto alpha = bytes_of<float>({0.5f});
  std::vector<uint8_t> a32f(4);
  ASSERT_EQ(unpack_pixels(tight, GL_ALPHA, GL_FLOAT, alpha.data(), false, *find_internal_format(GL_ALPHA32F_EXT),
                          a32f.data(), 4, 4, {1, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(values_of<float>(a32f), (std::vector<float>{0.5f}));
  // DEPTH_COMPONENT32 clamps float depth into [0,1].
  const auto depth = bytes_of<float>({1.5f, -1.0f});
  std::vector<uint8_t> z32(8);
  ASSERT_EQ(unpack_pixels(tight, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data(), false,
                          *find_internal_format(GL_DEPTH_COMPONENT32), z32.data(), 8, 8, {2, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(values_of<float>(z32), (std::vector<float>{1.0f, 0.0f}));
  // So do the float depth formats: ES keeps no depth outside [0,1].
  std::vector<uint8_t> z32f(8);
  ASSERT_EQ(unpack_pixels(tight, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data(), false,
                          *find_internal_format(GL_DEPTH_COMPONENT32F), z32f.data(), 8, 8, {2, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(values_of<float>(z32f), (std::vector<float>{1.0f, 0.0f}));
  const auto d32s8_client = bytes_of<uint32_t>({std::bit_cast<uint32_t>(-0.5f), 0x7Fu, std::bit_cast<uint32_t>(2.0f), 3u});
  std::vector<uint8_t> d32s8(16);
  ASSERT_EQ(unpack_pixels(tight, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, d32s8_client.data(), false,
                          *find_internal_format(GL_DEPTH32F_STENCIL8), d32s8.data(), 16, 16, {2, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  const auto words = values_of<uint32_t>(d32s8);
  EXPECT_EQ(words, (std::vector<uint32_t>{std::bit_cast<uint32_t>(0.0f), 0x7Fu, std::bit_cast<uint32_t>(1.0f), 3u}));
  // Compressed storage has no texel layout.
  EXPECT_EQ(unpack_pixels(tight, GL_RGBA, GL_UNSIGNED_BYTE, client.data(), false,
                          *find_internal_format(GL_COMPRESSED_RGB8_ETC2), stored.data(), 8, 8, {1, 1, 1}),
            static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelUnpack, ThreeDimensionalSkipImages) {
  PixelStoreParams unpack;
  unpack.alignment = 1;
  unpack.image_height = 3;
  unpack.skip_images = 1;
  std::vector<uint8_t> client(2 * 3 * 4);  // 4 images of 3 rows of 2 R8 pixels, use 2x2x2
  for (size_t i = 0; i < client.size(); ++i) client[i] = static_cast<uint8_t>(i);
  std::vector<uint8_t> stored(2 * 2 * 2);
  ASSERT_EQ(unpack_pixels(unpack, GL_RED, GL_UNSIGNED_BYTE, client.data(), true, *find_internal_format(GL_R8),
                          stored.data(), 2, 4, {2, 2, 2}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(stored, (std::vector<uint8_t>{6, 7, 8, 9, 12, 13, 14, 15}));
}

TEST(PixelPack, ReadPixelsIntoClientLayoutWithPadding) {
  // RGB565 storage read back as RGBA/UNSIGNED_BYTE with PACK_ALIGNMENT 8 and
  // a row length of 3: rows of 12 bytes padded to 16.
  const InternalFormatInfo& rgb565 = *find_internal_format(GL_RGB565);
  const auto stored = bytes_of<uint16_t>({0xF800, 0x07E0, 0x001F, 0xFFFF});
  PixelStoreParams pack;
  pack.alignment = 8;
  pack.row_length = 3;
  std::vector<uint8_t> client(16 + 8, 0xAA);
  ASSERT_EQ(pack_pixels(rgb565, stored.data(), 4, 8, pack, GL_RGBA, GL_UNSIGNED_BYTE, client.data(), false, {2, 2, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(client, (std::vector<uint8_t>{255, 0,   0,   255, 0,   255, 0,   255, 0xAA, 0xAA, 0xAA, 0xAA,
                                          0xAA, 0xAA, 0xAA, 0xAA, 0, 0, 255, 255, 255, 255, 255, 255}));
  // Reading an integer buffer as normalized is refused.
  const InternalFormatInfo& rgba8ui = *find_internal_format(GL_RGBA8UI);
  EXPECT_EQ(pack_pixels(rgba8ui, stored.data(), 4, 4, pack, GL_RGBA, GL_UNSIGNED_BYTE, client.data(), false, {1, 1, 1}),
            static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelPack, FastPathCopiesPaddedRows) {
  // Same layout both sides, strided source and destination: per-row memcpy.
  std::vector<uint8_t> src = {1, 2, 3, 4, 9, 9, 5, 6, 7, 8, 9, 9};
  std::vector<uint8_t> dst(8);
  ASSERT_EQ(convert_pixels({{GL_RG, GL_UNSIGNED_BYTE}, src.data(), 6, 12}, {{GL_RG, GL_UNSIGNED_BYTE}, dst.data(), 4, 8},
                           {2, 2, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(dst, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(storage_row_bytes(pipe::Format::RGB8_UNORM, 5), 15u);
  EXPECT_EQ(storage_row_bytes(pipe::Format::ETC2_RGBA8, 5), 32u);
}

}  // namespace
}  // namespace brass::gl::pixel

namespace brass::gl::pixel {
namespace {

TEST(PixelConvert, DesktopPackedTypes) {
  auto to_rgba = [](PixelLayout l, std::vector<uint8_t> data) { return convert(l, data, kRgbaUbyte); };
  EXPECT_EQ(to_rgba({GL_RGBA, GL_UNSIGNED_INT_8_8_8_8}, bytes_of<uint32_t>({0x11223344u})),
            (std::vector<uint8_t>{0x11, 0x22, 0x33, 0x44}));
  EXPECT_EQ(to_rgba({GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV}, bytes_of<uint32_t>({0x11223344u})),
            (std::vector<uint8_t>{0x22, 0x33, 0x44, 0x11}));  // B in bits 0-7, A in 24-31
  EXPECT_EQ(to_rgba({GL_RGB, GL_UNSIGNED_BYTE_3_3_2}, std::vector<uint8_t>{0xE3}),
            (std::vector<uint8_t>{255, 0, 255, 255}));
  EXPECT_EQ(to_rgba({GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV}, std::vector<uint8_t>{0x07}),
            (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ(to_rgba({GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV}, bytes_of<uint16_t>({0x001F})),
            (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ(to_rgba({GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV}, bytes_of<uint16_t>({0x801F})),
            (std::vector<uint8_t>{0, 0, 255, 255}));
  EXPECT_EQ(to_rgba({GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV}, bytes_of<uint16_t>({0xF00F})),
            (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ(to_rgba({GL_RGBA, GL_UNSIGNED_INT_10_10_10_2}, bytes_of<uint32_t>({(1023u << 22) | 3u})),
            (std::vector<uint8_t>{255, 0, 0, 255}));
  // Packed types are desktop-only names.
  EXPECT_FALSE(is_client_type_enum(GL_UNSIGNED_INT_8_8_8_8_REV, ApiKind::Es));
  EXPECT_TRUE(is_client_type_enum(GL_UNSIGNED_INT_8_8_8_8_REV, ApiKind::Desktop));
}

TEST(PixelConvert, RemapPathMatchesDecodePath) {
  // Same element type on both sides takes the byte-remap path; the result
  // must equal what decoding through doubles gives (for canonical values).
  std::mt19937 rng(7);
  const PixelLayout layouts[] = {{GL_RGBA, GL_UNSIGNED_BYTE}, {GL_RGB, GL_UNSIGNED_BYTE}, {GL_BGRA, GL_UNSIGNED_BYTE},
                                 {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE}, {GL_ALPHA, GL_UNSIGNED_BYTE},
                                 {GL_RG, GL_UNSIGNED_BYTE}, {GL_RED, GL_UNSIGNED_BYTE}};
  for (const PixelLayout& from : layouts) {
    std::vector<uint8_t> src(16 * pixel_bytes(from));
    for (auto& b : src) b = static_cast<uint8_t>(rng());
    for (const PixelLayout& to : layouts) {
      const auto remapped = convert(from, src, to);
      // Through a float intermediate (decode path), then back to bytes.
      const auto via_float = convert({GL_RGBA, GL_FLOAT}, convert(from, src, {GL_RGBA, GL_FLOAT}), to);
      EXPECT_EQ(remapped, via_float) << std::hex << from.format << " -> " << to.format;
    }
  }
  // Float and integer remaps fill defaults with 1.0f and 1.
  EXPECT_EQ(values_of<float>(convert({GL_RG, GL_FLOAT}, bytes_of<float>({2.0f, -3.0f}), kRgbaFloat)),
            (std::vector<float>{2.0f, -3.0f, 0.0f, 1.0f}));
  EXPECT_EQ(values_of<int16_t>(convert({GL_RED_INTEGER, GL_SHORT}, bytes_of<int16_t>({-9}), {GL_RGBA_INTEGER, GL_SHORT})),
            (std::vector<int16_t>{-9, 0, 0, 1}));
  EXPECT_EQ(values_of<uint16_t>(convert({GL_RED, GL_HALF_FLOAT}, bytes_of<uint16_t>({0x4000}), {GL_RGBA, GL_HALF_FLOAT})),
            (std::vector<uint16_t>{0x4000, 0, 0, 0x3C00}));
}

}  // namespace
}  // namespace brass::gl::pixel

namespace brass::gl::pixel {
namespace {

TEST(PixelPack, LuminanceReadback) {
  const InternalFormatInfo& rgba8 = *find_internal_format(GL_RGBA8);
  const std::vector<uint8_t> stored = {60, 70, 80, 90};
  PixelStoreParams pack;
  std::vector<uint8_t> client(2);
  // GetTexImage rule: L = R.
  ASSERT_EQ(pack_pixels(rgba8, stored.data(), 4, 4, pack, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, client.data(), false,
                        {1, 1, 1}),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(client, (std::vector<uint8_t>{60, 90}));
  // Desktop ReadPixels rule: L = R + G + B, clamped by the normalized encode.
  ConversionOptions sum;
  sum.luminance_is_rgb_sum = true;
  ASSERT_EQ(pack_pixels(rgba8, stored.data(), 4, 4, pack, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, client.data(), false,
                        {1, 1, 1}, sum),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(client, (std::vector<uint8_t>{210, 90}));
  const std::vector<uint8_t> bright = {200, 200, 200, 1};
  ASSERT_EQ(pack_pixels(rgba8, bright.data(), 4, 4, pack, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, client.data(), false,
                        {1, 1, 1}, sum),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(client, (std::vector<uint8_t>{255, 1}));
}

}  // namespace
}  // namespace brass::gl::pixel
