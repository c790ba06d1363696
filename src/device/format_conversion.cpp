#include "device/format_conversion.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "device/astc_decoder.h"
#include "util/bc_decoder.h"
#include "device/etc2_decoder.h"

namespace brass::vk {
namespace {

using pipe::Format;
using C = FormatConversion;

// ---- texel helpers -------------------------------------------------------

uint16_t load16(const uint8_t* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
uint32_t load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
void store16(uint8_t* p, uint16_t v) { std::memcpy(p, &v, 2); }
void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

// n-bit unorm -> 8-bit unorm, correctly rounded (x / max * 255 to nearest).
uint8_t unorm_to8(uint32_t x, uint32_t max) { return static_cast<uint8_t>((x * 255 * 2 + max) / (2 * max)); }
// 8-bit unorm -> n-bit unorm, correctly rounded.
uint32_t unorm_from8(uint32_t v, uint32_t max) { return (v * max * 2 + 255) / (2 * 255); }

// The "one" a fourth channel gets: 1.0 for normalized / float, 1 for integers.
uint32_t one_bits(Format f) {
  switch (f) {
    case Format::RGB8_UNORM:
    case Format::RGB8_SRGB: return 0xFF;
    case Format::RGB8_SNORM: return 0x7F;
    case Format::RGB16_UNORM: return 0xFFFF;
    case Format::RGB16_SNORM: return 0x7FFF;
    case Format::RGB16_FLOAT: return 0x3C00;
    case Format::RGB32_FLOAT: return 0x3F800000;
    default: return 1;  // UINT / SINT
  }
}

// Channel size of the byte-wise three-channel formats (0 for the others).
size_t rgb_channel_size(Format f) {
  switch (f) {
    case Format::RGB8_UNORM:
    case Format::RGB8_SNORM:
    case Format::RGB8_SRGB:
    case Format::RGB8_UINT:
    case Format::RGB8_SINT: return 1;
    case Format::RGB16_UNORM:
    case Format::RGB16_SNORM:
    case Format::RGB16_FLOAT:
    case Format::RGB16_UINT:
    case Format::RGB16_SINT: return 2;
    case Format::RGB32_FLOAT:
    case Format::RGB32_UINT:
    case Format::RGB32_SINT: return 4;
    default: return 0;
  }
}

// One- and two-channel 8-bit formats widened to four (R8/RG8 sRGB, which
// not every device samples); 0 for others.
size_t narrow_channel_count(Format f) {
  switch (f) {
    case Format::R8_SRGB: return 1;
    case Format::RG8_SRGB: return 2;
    default: return 0;
  }
}

bool is_packed_expand(Format f) {
  return f == Format::B5G6R5_UNORM || f == Format::RGBA4_UNORM || f == Format::RGB5A1_UNORM ||
         f == Format::R11G11B10_FLOAT || f == Format::RGB9E5_FLOAT;
}

bool is_etc2(Format f) { return f >= Format::ETC2_RGB8 && f <= Format::EAC_RG11_SNORM; }
bool is_bc(Format f) { return f >= Format::BC1_RGB_UNORM && f <= Format::BC5_SNORM; }
bool is_astc(Format f) { return f >= Format::ASTC_4x4_UNORM && f <= Format::ASTC_12x12_SRGB; }

// Stored texel size of a decoded block format.
size_t decoded_texel_size(Format f) {
  switch (f) {
    case Format::EAC_R11_UNORM:
    case Format::EAC_R11_SNORM:
    case Format::BC5_UNORM:
    case Format::BC5_SNORM: return 2;
    case Format::BC4_UNORM:
    case Format::BC4_SNORM: return 1;
    default: return 4;  // RGBA8, RG16
  }
}

// ---- sizes and validation ------------------------------------------------

bool mul(size_t a, size_t b, size_t* out) { return !__builtin_mul_overflow(a, b, out); }
bool add(size_t a, size_t b, size_t* out) { return !__builtin_add_overflow(a, b, out); }

// A buffer holding `depth` slices of `rows` rows of `row_bytes` bytes.
struct Layout {
  size_t row_pitch = 0;
  size_t slice_pitch = 0;
};

// Resolves tight pitches, checks them and that the region fits in `size`.
ConversionStatus resolve(size_t row_pitch, size_t slice_pitch, size_t size, const void* data, size_t row_bytes, size_t rows,
                         size_t depth, ConversionStatus too_small, Layout* out) {
  out->row_pitch = row_pitch ? row_pitch : row_bytes;
  if (out->row_pitch < row_bytes) return ConversionStatus::BadPitch;
  size_t slice_min;
  if (!mul(out->row_pitch, rows, &slice_min)) return too_small;
  out->slice_pitch = slice_pitch ? slice_pitch : slice_min;
  if (depth > 1 && out->slice_pitch < slice_min) return ConversionStatus::BadPitch;
  // needed = (depth - 1) * slice + (rows - 1) * row + row_bytes
  size_t a, b, needed;
  if (!mul(depth - 1, out->slice_pitch, &a) || !mul(rows - 1, out->row_pitch, &b) || !add(a, b, &needed) ||
      !add(needed, row_bytes, &needed)) {
    return too_small;
  }
  if (needed > size || data == nullptr) return too_small;
  return ConversionStatus::Ok;
}

// ---- small floats --------------------------------------------------------

// Half -> unsigned float with 5 exponent bits and `mantissa_bits` (6 for the
// 11-bit, 5 for the 10-bit channels of R11G11B10F), as the GL spec says:
// round to nearest (even), negatives and -Inf to 0, finite values too large
// to the largest finite value, +Inf stays, NaN stays NaN.
uint32_t half_to_small_float(uint16_t h, uint32_t mantissa_bits) {
  const uint32_t shift = 10 - mantissa_bits;
  const uint32_t exp = (h >> 10) & 31, mant = h & 0x3FF;
  if (exp == 31 && mant != 0) return (31u << mantissa_bits) | std::max(mant >> shift, 1u);  // NaN, payload kept
  if (h & 0x8000) return 0;                                        // negative, -Inf, -0
  if (exp == 31) return 31u << mantissa_bits;                      // +Inf
  // Exponent and mantissa as one integer: rounding carries into the exponent.
  const uint32_t v = h & 0x7FFF, kept = v >> shift, rest = v & ((1u << shift) - 1), halfway = 1u << (shift - 1);
  const uint32_t rounded = kept + ((rest > halfway || (rest == halfway && (kept & 1))) ? 1 : 0);
  const uint32_t max_finite = (31u << mantissa_bits) - 1;
  return std::min(rounded, max_finite);
}

// The GL specification's shared-exponent encoding (N = 9 mantissa bits,
// B = 15 exponent bias, Emax = 31).
uint32_t pack_rgb9e5(float r, float g, float b) {
  constexpr double kMax = 511.0 / 512.0 * 65536.0;
  auto clamp = [&](float v) { return std::isnan(v) ? 0.0 : std::clamp(static_cast<double>(v), 0.0, kMax); };
  const double rc = clamp(r), gc = clamp(g), bc = clamp(b);
  const double maxc = std::max({rc, gc, bc});
  int floor_log2 = -16;
  if (maxc > 0) {
    int e;
    std::frexp(maxc, &e);  // maxc = m * 2^e, m in [0.5, 1)
    floor_log2 = std::max(e - 1, -16);
  }
  int exp_shared = floor_log2 + 1 + 15;
  const double maxs = std::floor(maxc / std::ldexp(1.0, exp_shared - 15 - 9) + 0.5);
  if (maxs == 512.0) ++exp_shared;
  const double scale = std::ldexp(1.0, exp_shared - 15 - 9);
  auto mant = [&](double v) { return static_cast<uint32_t>(std::floor(v / scale + 0.5)); };
  return mant(rc) | (mant(gc) << 9) | (mant(bc) << 18) | (static_cast<uint32_t>(exp_shared) << 27);
}

// ---- row converters --------------------------------------------------------

using RowFn = void (*)(Format f, const uint8_t* src, uint8_t* dst, uint32_t count);

void copy_row(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  std::memcpy(dst, src, size_t{count} * pipe::describe(f).block_bytes);
}

// Normalized depth words (Z16: 16 bits; Z24X8: the low 24 bits of a 32-bit
// word, as Vulkan copies X8_D24) <-> D32_SFLOAT.
unsigned depth_bits(Format f) { return f == Format::Z16_UNORM ? 16 : 24; }

void depth_unorm_to_float(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  const unsigned bits = depth_bits(f);
  const size_t in = bits == 16 ? 2 : 4;
  const double max = double((1u << bits) - 1);
  for (size_t i = 0; i < count; ++i, src += in, dst += 4) {
    uint32_t v = 0;
    std::memcpy(&v, src, in);  // little-endian: the low bytes of v
    const float depth = static_cast<float>(double(v & ((1u << bits) - 1)) / max);
    std::memcpy(dst, &depth, 4);
  }
}

void depth_float_to_unorm(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  const unsigned bits = depth_bits(f);
  const size_t out = bits == 16 ? 2 : 4;
  const double max = double((1u << bits) - 1);
  for (size_t i = 0; i < count; ++i, src += 4, dst += out) {
    float depth;
    std::memcpy(&depth, src, 4);
    const double clamped = std::isnan(depth) ? 0.0 : std::clamp(double(depth), 0.0, 1.0);
    const auto v = static_cast<uint32_t>(std::lround(clamped * max));
    std::memcpy(dst, &v, out);
  }
}

void swap_red_blue(Format, const uint8_t* src, uint8_t* dst, uint32_t count) {
  for (size_t i = 0; i < count; ++i, src += 4, dst += 4) {
    const uint8_t t[4] = {src[2], src[1], src[0], src[3]};
    std::memcpy(dst, t, 4);
  }
}

void expand_rgb(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  const size_t n = rgb_channel_size(f);
  const uint32_t one = one_bits(f);
  for (size_t i = 0; i < count; ++i, src += 3 * n, dst += 4 * n) {
    std::memmove(dst, src, 3 * n);
    if (n == 1) dst[3] = static_cast<uint8_t>(one);
    if (n == 2) store16(dst + 6, static_cast<uint16_t>(one));
    if (n == 4) store32(dst + 12, one);
  }
}

// The stored channels past the format's are read through the swizzle
// (zero, one): stored as zero and one too, so the texel is also right as is.
void expand_narrow(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  const size_t n = narrow_channel_count(f);
  for (size_t i = 0; i < count; ++i, src += n, dst += 4) {
    const uint8_t t[4] = {src[0], n > 1 ? src[1] : uint8_t(0), 0, 255};
    std::memcpy(dst, t, 4);
  }
}

void shrink_narrow(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  const size_t n = narrow_channel_count(f);
  for (size_t i = 0; i < count; ++i, src += 4, dst += n) std::memmove(dst, src, n);
}

void drop_alpha(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  const size_t n = rgb_channel_size(f);
  for (size_t i = 0; i < count; ++i, src += 4 * n, dst += 3 * n) std::memmove(dst, src, 3 * n);
}

void expand_packed(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (f == Format::R11G11B10_FLOAT || f == Format::RGB9E5_FLOAT) {
      const uint32_t v = load32(src + i * 4);
      uint16_t h[4];
      if (f == Format::R11G11B10_FLOAT) {
        // Same exponent bias and width as half, fewer mantissa bits, no
        // sign: widening the mantissa is exact (Inf and NaN stay so).
        h[0] = static_cast<uint16_t>((v & 0x7FF) << 4);
        h[1] = static_cast<uint16_t>(((v >> 11) & 0x7FF) << 4);
        h[2] = static_cast<uint16_t>(((v >> 22) & 0x3FF) << 5);
      } else {
        float rgb[3];
        unpack_rgb9e5(v, rgb);
        for (int c = 0; c < 3; ++c) h[c] = float_to_half(rgb[c]);
      }
      h[3] = 0x3C00;
      std::memcpy(dst + i * 8, h, 8);
      continue;
    }
    const uint32_t v = load16(src + i * 2);
    uint8_t* t = dst + i * 4;
    if (f == Format::B5G6R5_UNORM) {
      t[0] = unorm_to8(v >> 11, 31);
      t[1] = unorm_to8((v >> 5) & 63, 63);
      t[2] = unorm_to8(v & 31, 31);
      t[3] = 0xFF;
    } else if (f == Format::RGBA4_UNORM) {
      t[0] = unorm_to8(v >> 12, 15);
      t[1] = unorm_to8((v >> 8) & 15, 15);
      t[2] = unorm_to8((v >> 4) & 15, 15);
      t[3] = unorm_to8(v & 15, 15);
    } else {  // RGB5A1
      t[0] = unorm_to8(v >> 11, 31);
      t[1] = unorm_to8((v >> 6) & 31, 31);
      t[2] = unorm_to8((v >> 1) & 31, 31);
      t[3] = (v & 1) ? 0xFF : 0;
    }
  }
}

void pack_packed(Format f, const uint8_t* src, uint8_t* dst, uint32_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (f == Format::R11G11B10_FLOAT || f == Format::RGB9E5_FLOAT) {
      uint16_t h[4];
      std::memcpy(h, src + i * 8, 8);
      uint32_t packed;
      if (f == Format::R11G11B10_FLOAT) {
        packed = half_to_small_float(h[0], 6) | (half_to_small_float(h[1], 6) << 11) | (half_to_small_float(h[2], 5) << 22);
      } else {
        packed = pack_rgb9e5(half_to_float(h[0]), half_to_float(h[1]), half_to_float(h[2]));
      }
      store32(dst + i * 4, packed);
      continue;
    }
    const uint8_t* t = src + i * 4;
    uint32_t v;
    if (f == Format::B5G6R5_UNORM) {
      v = (unorm_from8(t[0], 31) << 11) | (unorm_from8(t[1], 63) << 5) | unorm_from8(t[2], 31);
    } else if (f == Format::RGBA4_UNORM) {
      v = (unorm_from8(t[0], 15) << 12) | (unorm_from8(t[1], 15) << 8) | (unorm_from8(t[2], 15) << 4) | unorm_from8(t[3], 15);
    } else {  // RGB5A1
      v = (unorm_from8(t[0], 31) << 11) | (unorm_from8(t[1], 31) << 6) | (unorm_from8(t[2], 31) << 1) | unorm_from8(t[3], 1);
    }
    store16(dst + i * 2, static_cast<uint16_t>(v));
  }
}

// Applies `fn` to every row of an uncompressed region.
ConversionStatus convert_rows(Format f, ConversionExtent e, const ConstImageData& src, size_t src_texel, const ImageData& dst,
                              size_t dst_texel, RowFn fn) {
  Layout s, d;
  if (auto st = resolve(src.row_pitch, src.slice_pitch, src.size, src.data, src_texel * e.width, e.height, e.depth,
                        ConversionStatus::SourceTooSmall, &s);
      st != ConversionStatus::Ok) {
    return st;
  }
  if (auto st = resolve(dst.row_pitch, dst.slice_pitch, dst.size, dst.data, dst_texel * e.width, e.height, e.depth,
                        ConversionStatus::DestinationTooSmall, &d);
      st != ConversionStatus::Ok) {
    return st;
  }
  const auto* sp = static_cast<const uint8_t*>(src.data);
  auto* dp = static_cast<uint8_t*>(dst.data);
  for (uint32_t z = 0; z < e.depth; ++z) {
    for (uint32_t y = 0; y < e.height; ++y) fn(f, sp + z * s.slice_pitch + y * s.row_pitch, dp + z * d.slice_pitch + y * d.row_pitch, e.width);
  }
  return ConversionStatus::Ok;
}

// ---- block decoding ------------------------------------------------------

// Decodes one block into a 4x4 tile of stored texels (row-major, tight).
void decode_block(Format f, const uint8_t* block, uint8_t* tile) {
  switch (f) {
    case Format::ETC2_RGB8:
    case Format::ETC2_SRGB8: etc2::decode_rgb8(block, tile); break;
    case Format::ETC2_RGB8A1:
    case Format::ETC2_SRGB8A1: etc2::decode_rgb8a1(block, tile); break;
    case Format::ETC2_RGBA8:
    case Format::ETC2_SRGB8_A8: etc2::decode_rgba8(block, tile); break;
    case Format::EAC_R11_UNORM:
    case Format::EAC_R11_SNORM: {
      uint16_t t[16];
      etc2::decode_r11(block, f == Format::EAC_R11_SNORM, t, 1);
      std::memcpy(tile, t, sizeof(t));
      break;
    }
    case Format::EAC_RG11_UNORM:
    case Format::EAC_RG11_SNORM: {
      uint16_t t[32];
      etc2::decode_rg11(block, f == Format::EAC_RG11_SNORM, t);
      std::memcpy(tile, t, sizeof(t));
      break;
    }
    case Format::BC1_RGB_UNORM:
    case Format::BC1_RGB_SRGB: bc::decode_bc1(block, false, tile); break;
    case Format::BC1_RGBA_UNORM:
    case Format::BC1_RGBA_SRGB: bc::decode_bc1(block, true, tile); break;
    case Format::BC2_UNORM:
    case Format::BC2_SRGB: bc::decode_bc2(block, tile); break;
    case Format::BC3_UNORM:
    case Format::BC3_SRGB: bc::decode_bc3(block, tile); break;
    case Format::BC4_UNORM:
    case Format::BC4_SNORM: bc::decode_bc4(block, f == Format::BC4_SNORM, tile, 1); break;
    case Format::BC5_UNORM:
    case Format::BC5_SNORM: bc::decode_bc5(block, f == Format::BC5_SNORM, tile); break;
    default: break;
  }
}

ConversionStatus decode_blocks(Format f, ConversionExtent e, const ConstImageData& src, const ImageData& dst) {
  const auto& desc = pipe::describe(f);
  const size_t texel = decoded_texel_size(f);
  // 64-bit so a width near 2^32 cannot wrap.
  const size_t blocks_x = (uint64_t{e.width} + 3) / 4, blocks_y = (uint64_t{e.height} + 3) / 4;
  Layout s, d;
  if (auto st = resolve(src.row_pitch, src.slice_pitch, src.size, src.data, size_t{blocks_x} * desc.block_bytes, blocks_y,
                        e.depth, ConversionStatus::SourceTooSmall, &s);
      st != ConversionStatus::Ok) {
    return st;
  }
  if (auto st = resolve(dst.row_pitch, dst.slice_pitch, dst.size, dst.data, texel * e.width, e.height, e.depth,
                        ConversionStatus::DestinationTooSmall, &d);
      st != ConversionStatus::Ok) {
    return st;
  }
  const auto* sp = static_cast<const uint8_t*>(src.data);
  auto* dp = static_cast<uint8_t*>(dst.data);
  uint8_t tile[16 * 4];
  for (uint32_t z = 0; z < e.depth; ++z) {
    for (size_t by = 0; by < blocks_y; ++by) {
      for (size_t bx = 0; bx < blocks_x; ++bx) {
        decode_block(f, sp + z * s.slice_pitch + by * s.row_pitch + bx * desc.block_bytes, tile);
        const size_t w = std::min<size_t>(4, e.width - bx * 4), h = std::min<size_t>(4, e.height - by * 4);
        for (size_t y = 0; y < h; ++y) {
          std::memcpy(dp + z * d.slice_pitch + (by * 4 + y) * d.row_pitch + bx * 4 * texel, tile + y * 4 * texel, w * texel);
        }
      }
    }
  }
  return ConversionStatus::Ok;
}

// ASTC: libastcenc decodes one row of blocks at a time, straight into the
// destination when its rows are tight, else through a strip buffer. A source
// row of blocks is contiguous whatever the pitch.
ConversionStatus decode_astc(Format f, ConversionExtent e, const ConstImageData& src, const ImageData& dst) {
  const auto& desc = pipe::describe(f);
  const uint32_t bw = desc.block_width, bh = desc.block_height;
  const size_t blocks_x = (uint64_t{e.width} + bw - 1) / bw, blocks_y = (uint64_t{e.height} + bh - 1) / bh;
  Layout s, d;
  if (auto st = resolve(src.row_pitch, src.slice_pitch, src.size, src.data, blocks_x * desc.block_bytes, blocks_y, e.depth,
                        ConversionStatus::SourceTooSmall, &s);
      st != ConversionStatus::Ok) {
    return st;
  }
  const size_t out_row = size_t{4} * e.width;
  if (auto st = resolve(dst.row_pitch, dst.slice_pitch, dst.size, dst.data, out_row, e.height, e.depth,
                        ConversionStatus::DestinationTooSmall, &d);
      st != ConversionStatus::Ok) {
    return st;
  }
  astc::Decoder decoder(bw, bh, desc.kind == pipe::FormatKind::CompressedSrgb);
  if (!decoder.ok()) return ConversionStatus::DecoderFailed;
  const bool tight = d.row_pitch == out_row;
  std::unique_ptr<uint8_t[]> strip;
  if (!tight) {
    strip.reset(new (std::nothrow) uint8_t[out_row * bh]);
    if (!strip) return ConversionStatus::DecoderFailed;
  }
  const auto* sp = static_cast<const uint8_t*>(src.data);
  auto* dp = static_cast<uint8_t*>(dst.data);
  for (uint32_t z = 0; z < e.depth; ++z) {
    for (size_t by = 0; by < blocks_y; ++by) {
      const uint32_t rows = static_cast<uint32_t>(std::min<size_t>(bh, e.height - by * bh));
      uint8_t* out = dp + z * d.slice_pitch + by * bh * d.row_pitch;
      if (!decoder.decode_block_row(sp + z * s.slice_pitch + by * s.row_pitch, blocks_x * desc.block_bytes, e.width, rows,
                                    tight ? out : strip.get())) {
        return ConversionStatus::DecoderFailed;
      }
      if (!tight) {
        for (uint32_t y = 0; y < rows; ++y) std::memcpy(out + y * d.row_pitch, strip.get() + y * out_row, out_row);
      }
    }
  }
  return ConversionStatus::Ok;
}

// ---- depth / stencil -----------------------------------------------------

// D24S8 (GL_UNSIGNED_INT_24_8: depth in bits 31..8, stencil in 7..0) <->
// D32_SFLOAT and S8_UINT planes.
ConversionStatus repack_depth_stencil(ConversionExtent e, bool to_planes, const ConstImageData& packed_src,
                                      const ImageData& packed_dst, const ConstImageData& depth_src, const ImageData& depth_dst,
                                      const ConstImageData& stencil_src, const ImageData& stencil_dst) {
  Layout p, dl, sl;
  const ConversionStatus packed_small = to_planes ? ConversionStatus::SourceTooSmall : ConversionStatus::DestinationTooSmall;
  const ConversionStatus planes_small = to_planes ? ConversionStatus::DestinationTooSmall : ConversionStatus::SourceTooSmall;
  const size_t rows = e.height, depth = e.depth;
  auto check = [&](size_t rp, size_t sp, size_t size, const void* data, size_t texel, ConversionStatus small, Layout* out) {
    return resolve(rp, sp, size, data, texel * e.width, rows, depth, small, out);
  };
  ConversionStatus st = to_planes
                            ? check(packed_src.row_pitch, packed_src.slice_pitch, packed_src.size, packed_src.data, 4, packed_small, &p)
                            : check(packed_dst.row_pitch, packed_dst.slice_pitch, packed_dst.size, packed_dst.data, 4, packed_small, &p);
  if (st != ConversionStatus::Ok) return st;
  st = to_planes ? check(depth_dst.row_pitch, depth_dst.slice_pitch, depth_dst.size, depth_dst.data, 4, planes_small, &dl)
                 : check(depth_src.row_pitch, depth_src.slice_pitch, depth_src.size, depth_src.data, 4, planes_small, &dl);
  if (st != ConversionStatus::Ok) return st;
  st = to_planes ? check(stencil_dst.row_pitch, stencil_dst.slice_pitch, stencil_dst.size, stencil_dst.data, 1, planes_small, &sl)
                 : check(stencil_src.row_pitch, stencil_src.slice_pitch, stencil_src.size, stencil_src.data, 1, planes_small, &sl);
  if (st != ConversionStatus::Ok) return st;
  for (uint32_t z = 0; z < e.depth; ++z) {
    for (uint32_t y = 0; y < e.height; ++y) {
      for (uint32_t x = 0; x < e.width; ++x) {
        const size_t po = z * p.slice_pitch + y * p.row_pitch + x * 4;
        const size_t dof = z * dl.slice_pitch + y * dl.row_pitch + x * 4;
        const size_t so = z * sl.slice_pitch + y * sl.row_pitch + x;
        if (to_planes) {
          const uint32_t v = load32(static_cast<const uint8_t*>(packed_src.data) + po);
          const float depth_value = static_cast<float>(static_cast<double>(v >> 8) / 16777215.0);
          std::memcpy(static_cast<uint8_t*>(depth_dst.data) + dof, &depth_value, 4);
          static_cast<uint8_t*>(stencil_dst.data)[so] = static_cast<uint8_t>(v & 0xFF);
        } else {
          float depth_value;
          std::memcpy(&depth_value, static_cast<const uint8_t*>(depth_src.data) + dof, 4);
          const double clamped = std::isnan(depth_value) ? 0.0 : std::clamp(static_cast<double>(depth_value), 0.0, 1.0);
          const auto d24 = static_cast<uint32_t>(std::lround(clamped * 16777215.0));
          store32(static_cast<uint8_t*>(packed_dst.data) + po, (d24 << 8) | static_cast<const uint8_t*>(stencil_src.data)[so]);
        }
      }
    }
  }
  return ConversionStatus::Ok;
}

}  // namespace

const char* to_string(ConversionStatus status) {
  switch (status) {
    case ConversionStatus::Ok: return "ok";
    case ConversionStatus::Unsupported: return "unsupported conversion";
    case ConversionStatus::BadPitch: return "pitch smaller than the region";
    case ConversionStatus::SourceTooSmall: return "source too small for the region";
    case ConversionStatus::DestinationTooSmall: return "destination too small for the region";
    case ConversionStatus::MissingPlane: return "stencil plane missing";
    case ConversionStatus::DecoderFailed: return "block decoder failed";
  }
  return "?";
}

size_t source_element_size(Format format) { return pipe::describe(format).block_bytes; }

size_t stored_texel_size(Format format, FormatConversion conversion) {
  switch (conversion) {
    case C::None:
    case C::SwapRedBlue: return pipe::describe(format).block_bytes;
    case C::DepthStencilRepack:
    case C::DepthToFloat: return 4;
    case C::DecodeEtc2:
    case C::DecodeBc: return decoded_texel_size(format);
    case C::DecodeAstc: return 4;  // RGBA8
    case C::ExpandToFourChannels:
      if (narrow_channel_count(format)) return 4;
      if (const size_t n = rgb_channel_size(format)) return 4 * n;
      return (format == Format::R11G11B10_FLOAT || format == Format::RGB9E5_FLOAT) ? 8 : 4;
  }
  return 0;
}

namespace {
// a * b * c * d, or SIZE_MAX when it does not fit (an allocation of that fails cleanly).
size_t product(size_t a, size_t b, size_t c, size_t d) {
  size_t r;
  if (!mul(a, b, &r) || !mul(r, c, &r) || !mul(r, d, &r)) return SIZE_MAX;
  return r;
}
}  // namespace

size_t source_size(Format format, ConversionExtent e) {
  const auto& d = pipe::describe(format);
  const size_t bx = (uint64_t{e.width} + d.block_width - 1) / d.block_width;
  const size_t by = (uint64_t{e.height} + d.block_height - 1) / d.block_height;
  return product(bx, by, e.depth, d.block_bytes);
}

size_t converted_size(Format format, FormatConversion conversion, ConversionExtent e) {
  if (conversion == C::None) return source_size(format, e);
  return product(e.width, e.height, e.depth, stored_texel_size(format, conversion));
}

size_t stencil_plane_size(ConversionExtent e) { return product(e.width, e.height, e.depth, 1); }

bool can_convert_to_stored(Format format, FormatConversion conversion) {
  switch (conversion) {
    case C::None: return format != Format::None;
    case C::SwapRedBlue: return format == Format::BGRA8_UNORM || format == Format::BGRA8_SRGB;
    case C::DepthStencilRepack: return format == Format::Z24_UNORM_S8_UINT;
    case C::DepthToFloat: return format == Format::Z16_UNORM || format == Format::Z24X8_UNORM;
    case C::DecodeEtc2: return is_etc2(format);
    case C::DecodeBc: return is_bc(format);
    case C::DecodeAstc: return is_astc(format);
    case C::ExpandToFourChannels:
      return rgb_channel_size(format) != 0 || is_packed_expand(format) || narrow_channel_count(format) != 0;
  }
  return false;
}

bool can_convert_from_stored(Format format, FormatConversion conversion) {
  switch (conversion) {
    case C::None:
    case C::SwapRedBlue:
    case C::DepthStencilRepack:
    case C::DepthToFloat: return can_convert_to_stored(format, conversion);
    case C::ExpandToFourChannels: return can_convert_to_stored(format, conversion);
    case C::DecodeEtc2:
    case C::DecodeBc:
    case C::DecodeAstc: return false;
  }
  return false;
}

ConversionStatus convert_to_stored(Format format, FormatConversion conversion, ConversionExtent e, const ConstImageData& src,
                                   const ImageData& dst, const ImageData* stencil) {
  if (!can_convert_to_stored(format, conversion)) return ConversionStatus::Unsupported;
  if (conversion == C::DepthStencilRepack && stencil == nullptr) return ConversionStatus::MissingPlane;
  if (e.empty()) return ConversionStatus::Ok;
  const size_t src_texel = source_element_size(format), dst_texel = stored_texel_size(format, conversion);
  switch (conversion) {
    case C::None:
      if (pipe::describe(format).is_compressed()) {
        // Whole blocks, copied row of blocks by row of blocks.
        const auto& d = pipe::describe(format);
        const ConversionExtent blocks{static_cast<uint32_t>((uint64_t{e.width} + d.block_width - 1) / d.block_width),
                                      static_cast<uint32_t>((uint64_t{e.height} + d.block_height - 1) / d.block_height), e.depth};
        return convert_rows(format, blocks, src, src_texel, dst, src_texel, copy_row);
      }
      return convert_rows(format, e, src, src_texel, dst, dst_texel, copy_row);
    case C::SwapRedBlue: return convert_rows(format, e, src, src_texel, dst, dst_texel, swap_red_blue);
    case C::ExpandToFourChannels:
      return convert_rows(format, e, src, src_texel, dst, dst_texel,
                          narrow_channel_count(format) ? expand_narrow
                          : rgb_channel_size(format)   ? expand_rgb
                                                       : expand_packed);
    case C::DecodeEtc2:
    case C::DecodeBc: return decode_blocks(format, e, src, dst);
    case C::DecodeAstc: return decode_astc(format, e, src, dst);
    case C::DepthStencilRepack: return repack_depth_stencil(e, true, src, {}, {}, dst, {}, *stencil);
    case C::DepthToFloat: return convert_rows(format, e, src, src_texel, dst, dst_texel, depth_unorm_to_float);
  }
  return ConversionStatus::Unsupported;
}

ConversionStatus convert_from_stored(Format format, FormatConversion conversion, ConversionExtent e, const ConstImageData& src,
                                     const ImageData& dst, const ConstImageData* stencil) {
  if (!can_convert_from_stored(format, conversion)) return ConversionStatus::Unsupported;
  if (conversion == C::DepthStencilRepack && stencil == nullptr) return ConversionStatus::MissingPlane;
  if (e.empty()) return ConversionStatus::Ok;
  if (conversion == C::None) return convert_to_stored(format, conversion, e, src, dst);
  const size_t gl_texel = source_element_size(format), stored_texel = stored_texel_size(format, conversion);
  switch (conversion) {
    case C::SwapRedBlue: return convert_rows(format, e, src, stored_texel, dst, gl_texel, swap_red_blue);
    case C::ExpandToFourChannels:
      return convert_rows(format, e, src, stored_texel, dst, gl_texel,
                          narrow_channel_count(format) ? shrink_narrow
                          : rgb_channel_size(format)   ? drop_alpha
                                                       : pack_packed);
    case C::DepthStencilRepack: return repack_depth_stencil(e, false, {}, dst, src, {}, *stencil, {});
    case C::DepthToFloat: return convert_rows(format, e, src, stored_texel, dst, gl_texel, depth_float_to_unorm);
    default: return ConversionStatus::Unsupported;
  }
}

// ---- floats --------------------------------------------------------------

uint16_t float_to_half(float value) {
  const uint32_t f = std::bit_cast<uint32_t>(value);
  const uint32_t sign = (f >> 16) & 0x8000;
  const uint32_t abs = f & 0x7FFFFFFF;
  if (abs >= 0x7F800000) return static_cast<uint16_t>(sign | 0x7C00 | (abs > 0x7F800000 ? 0x200 : 0));  // Inf / NaN
  if (abs >= 0x477FF000) return static_cast<uint16_t>(sign | 0x7C00);  // rounds past 65504: Inf
  const int32_t exp = static_cast<int32_t>(abs >> 23) - 127;
  if (exp < -25) return static_cast<uint16_t>(sign);  // below half the smallest subnormal
  uint32_t mant = (abs & 0x7FFFFF) | 0x800000;     // 24 significant bits
  // Shift so the result has 10 fraction bits (normals) or is a subnormal.
  const int32_t shift = exp < -14 ? 13 + (-14 - exp) : 13;
  const uint32_t kept = mant >> shift;
  const uint32_t rest = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
  uint32_t rounded = kept + ((rest > halfway || (rest == halfway && (kept & 1))) ? 1 : 0);
  if (exp < -14) return static_cast<uint16_t>(sign | rounded);  // subnormal (may round up to the smallest normal)
  // Normal: rounded includes the implicit bit (0x400..0x800).
  return static_cast<uint16_t>(sign | ((static_cast<uint32_t>(exp + 15) << 10) + (rounded - 0x400)));
}

float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  const uint32_t exp = (h >> 10) & 31, mant = h & 0x3FF;
  if (exp == 0) {
    const float v = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -v : v;
  }
  if (exp == 31) return std::bit_cast<float>(sign | 0x7F800000 | (mant << 13));
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

float unpack_uf11(uint32_t bits) { return half_to_float(static_cast<uint16_t>((bits & 0x7FF) << 4)); }
float unpack_uf10(uint32_t bits) { return half_to_float(static_cast<uint16_t>((bits & 0x3FF) << 5)); }

void unpack_rgb9e5(uint32_t packed, float rgb[3]) {
  // value = mantissa * 2^(exponent - 15 - 9)
  const int exponent = static_cast<int>(packed >> 27) - 24;
  for (int c = 0; c < 3; ++c) rgb[c] = std::ldexp(static_cast<float>((packed >> (9 * c)) & 0x1FF), exponent);
}

}  // namespace brass::vk
