#include "gl/pixel/pack_unpack.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "gl/pixel/half_float.h"
#include "gl/pixel/packed_float.h"

namespace brass::gl::pixel {
namespace {

// Slots of the canonical pixel every layout decodes into.
enum Slot : uint8_t { kR, kG, kB, kA, kDepth, kStencil, kSlotCount };
constexpr double kDefaultPixel[kSlotCount] = {0.0, 0.0, 0.0, 1.0, 0.0, 0.0};

enum class Element : uint8_t { U8, S8, U16, S16, U32, S32, F16, F32 };

enum class Packing : uint8_t {
  Array,            // one element per component
  Bits,             // bit fields of a 16- or 32-bit word
  R11G11B10,        // UNSIGNED_INT_10F_11F_11F_REV
  Rgb9e5,           // UNSIGNED_INT_5_9_9_9_REV
  Depth32fStencil8  // FLOAT_32_UNSIGNED_INT_24_8_REV
};

struct Field {
  uint8_t shift, bits;
};

// How to read and write one (format, type) layout.
struct Codec {
  Packing packing = Packing::Array;
  Element element = Element::U8;  // Array: the component type; Bits: the U8/U16/U32 word
  bool integer = false;           // *_INTEGER format: values are not normalized
  uint8_t count = 0;
  uint8_t slots[4] = {};
  Field fields[4] = {};           // Bits only, per component
  uint32_t pixel_bytes = 0;
};

bool format_slots(GLenum format, Codec* c) {
  auto set = [&](std::initializer_list<uint8_t> s) {
    c->count = static_cast<uint8_t>(s.size());
    std::copy(s.begin(), s.end(), c->slots);
    return true;
  };
  c->integer = is_integer_client_format(format);
  switch (format) {
    case GL_RED: case GL_RED_INTEGER: case GL_LUMINANCE: return set({kR});
    case GL_GREEN: return set({kG});
    case GL_BLUE: return set({kB});
    case GL_ALPHA: return set({kA});
    case GL_LUMINANCE_ALPHA: return set({kR, kA});
    case GL_RG: case GL_RG_INTEGER: return set({kR, kG});
    case GL_RGB: case GL_RGB_INTEGER: return set({kR, kG, kB});
    case GL_BGR: case GL_BGR_INTEGER: return set({kB, kG, kR});
    case GL_RGBA: case GL_RGBA_INTEGER: return set({kR, kG, kB, kA});
    case GL_BGRA: case GL_BGRA_INTEGER: return set({kB, kG, kR, kA});
    case GL_DEPTH_COMPONENT: return set({kDepth});
    case GL_STENCIL_INDEX: return set({kStencil});
    case GL_DEPTH_STENCIL: return set({kDepth, kStencil});
    default: return false;
  }
}

GLenum make_codec(const PixelLayout& layout, Codec* c) {
  ClientPixelSize size;
  if (const GLenum err = client_pixel_size(layout.format, layout.type, &size); err != GL_NO_ERROR) return err;
  *c = {};
  format_slots(layout.format, c);
  c->pixel_bytes = size.pixel_bytes();
  auto bits = [&](Element word, std::initializer_list<Field> f) {
    c->packing = Packing::Bits;
    c->element = word;
    std::copy(f.begin(), f.end(), c->fields);
  };
  switch (layout.type) {
    case GL_UNSIGNED_BYTE: c->element = Element::U8; break;
    case GL_BYTE: c->element = Element::S8; break;
    case GL_UNSIGNED_SHORT: c->element = Element::U16; break;
    case GL_SHORT: c->element = Element::S16; break;
    case GL_UNSIGNED_INT: c->element = Element::U32; break;
    case GL_INT: c->element = Element::S32; break;
    case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES: c->element = Element::F16; break;
    case GL_FLOAT: c->element = Element::F32; break;
    // Packed fields list components in the format's order; non-REV types put
    // the first component in the most significant bits, REV types in the least.
    case GL_UNSIGNED_SHORT_5_6_5: bits(Element::U16, {{11, 5}, {5, 6}, {0, 5}}); break;
    case GL_UNSIGNED_SHORT_4_4_4_4: bits(Element::U16, {{12, 4}, {8, 4}, {4, 4}, {0, 4}}); break;
    case GL_UNSIGNED_SHORT_5_5_5_1: bits(Element::U16, {{11, 5}, {6, 5}, {1, 5}, {0, 1}}); break;
    case GL_UNSIGNED_INT_2_10_10_10_REV: bits(Element::U32, {{0, 10}, {10, 10}, {20, 10}, {30, 2}}); break;
    case GL_UNSIGNED_BYTE_3_3_2: bits(Element::U8, {{5, 3}, {2, 3}, {0, 2}}); break;
    case GL_UNSIGNED_BYTE_2_3_3_REV: bits(Element::U8, {{0, 3}, {3, 3}, {6, 2}}); break;
    case GL_UNSIGNED_SHORT_5_6_5_REV: bits(Element::U16, {{0, 5}, {5, 6}, {11, 5}}); break;
    case GL_UNSIGNED_SHORT_4_4_4_4_REV: bits(Element::U16, {{0, 4}, {4, 4}, {8, 4}, {12, 4}}); break;
    case GL_UNSIGNED_SHORT_1_5_5_5_REV: bits(Element::U16, {{0, 5}, {5, 5}, {10, 5}, {15, 1}}); break;
    case GL_UNSIGNED_INT_8_8_8_8: bits(Element::U32, {{24, 8}, {16, 8}, {8, 8}, {0, 8}}); break;
    case GL_UNSIGNED_INT_8_8_8_8_REV: bits(Element::U32, {{0, 8}, {8, 8}, {16, 8}, {24, 8}}); break;
    case GL_UNSIGNED_INT_10_10_10_2: bits(Element::U32, {{22, 10}, {12, 10}, {2, 10}, {0, 2}}); break;
    case GL_UNSIGNED_INT_24_8: bits(Element::U32, {{8, 24}, {0, 8}}); break;
    case kTypeUnsignedInt24X8: bits(Element::U32, {{0, 24}}); break;
    case GL_UNSIGNED_INT_10F_11F_11F_REV: c->packing = Packing::R11G11B10; break;
    case GL_UNSIGNED_INT_5_9_9_9_REV: c->packing = Packing::Rgb9e5; break;
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: c->packing = Packing::Depth32fStencil8; break;
    default: return GL_INVALID_ENUM;
  }
  return GL_NO_ERROR;
}

template <typename T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T>
void store(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

// Fixed-point <-> float, ES 3.0 §2.1.6.
double unorm_to_double(uint64_t raw, unsigned bits) {
  return static_cast<double>(raw) / static_cast<double>((uint64_t{1} << bits) - 1);
}
double snorm_to_double(int64_t raw, unsigned bits) {
  return std::max(static_cast<double>(raw) / static_cast<double>((int64_t{1} << (bits - 1)) - 1), -1.0);
}
uint64_t double_to_unorm(double v, unsigned bits) {
  if (!(v > 0.0)) return 0;  // also NaN
  if (v >= 1.0) return (uint64_t{1} << bits) - 1;
  return static_cast<uint64_t>(std::floor(v * static_cast<double>((uint64_t{1} << bits) - 1) + 0.5));
}
int64_t double_to_snorm(double v, unsigned bits) {
  if (std::isnan(v)) return 0;
  const double max = static_cast<double>((int64_t{1} << (bits - 1)) - 1);
  return static_cast<int64_t>(std::round(std::clamp(v, -1.0, 1.0) * max));
}
// Integer values: clamp to the destination's range (values are integral).
int64_t clamp_integer(double v, double lo, double hi) {
  if (std::isnan(v)) return 0;
  return static_cast<int64_t>(std::round(std::clamp(v, lo, hi)));
}

// Reads one array component; `raw_integer` for integer formats and stencil.
double decode_element(const uint8_t* p, Element e, bool raw_integer) {
  switch (e) {
    case Element::U8: return raw_integer ? load<uint8_t>(p) : unorm_to_double(load<uint8_t>(p), 8);
    case Element::S8: return raw_integer ? load<int8_t>(p) : snorm_to_double(load<int8_t>(p), 8);
    case Element::U16: return raw_integer ? load<uint16_t>(p) : unorm_to_double(load<uint16_t>(p), 16);
    case Element::S16: return raw_integer ? load<int16_t>(p) : snorm_to_double(load<int16_t>(p), 16);
    case Element::U32: return raw_integer ? load<uint32_t>(p) : unorm_to_double(load<uint32_t>(p), 32);
    case Element::S32: return raw_integer ? load<int32_t>(p) : snorm_to_double(load<int32_t>(p), 32);
    case Element::F16: return half_to_float(load<uint16_t>(p));
    case Element::F32: return load<float>(p);
  }
  return 0.0;
}

void encode_element(uint8_t* p, Element e, bool raw_integer, double v) {
  switch (e) {
    case Element::U8:
      store<uint8_t>(p, static_cast<uint8_t>(raw_integer ? clamp_integer(v, 0, 255) : double_to_unorm(v, 8)));
      break;
    case Element::S8:
      store<int8_t>(p, static_cast<int8_t>(raw_integer ? clamp_integer(v, -128, 127) : double_to_snorm(v, 8)));
      break;
    case Element::U16:
      store<uint16_t>(p, static_cast<uint16_t>(raw_integer ? clamp_integer(v, 0, 65535) : double_to_unorm(v, 16)));
      break;
    case Element::S16:
      store<int16_t>(p, static_cast<int16_t>(raw_integer ? clamp_integer(v, -32768, 32767) : double_to_snorm(v, 16)));
      break;
    case Element::U32:
      store<uint32_t>(p, static_cast<uint32_t>(raw_integer ? clamp_integer(v, 0, 4294967295.0) : double_to_unorm(v, 32)));
      break;
    case Element::S32:
      store<int32_t>(p, static_cast<int32_t>(raw_integer ? clamp_integer(v, -2147483648.0, 2147483647.0)
                                                         : double_to_snorm(v, 32)));
      break;
    case Element::F16: store<uint16_t>(p, float_to_half(static_cast<float>(v))); break;
    case Element::F32: store<float>(p, static_cast<float>(v)); break;
  }
}

void decode_pixel(const Codec& c, const uint8_t* p, double* out) {
  std::copy(std::begin(kDefaultPixel), std::end(kDefaultPixel), out);
  switch (c.packing) {
    case Packing::Array: {
      const uint32_t size = c.pixel_bytes / c.count;
      for (uint32_t i = 0; i < c.count; ++i)
        out[c.slots[i]] = decode_element(p + i * size, c.element, c.integer || c.slots[i] == kStencil);
      break;
    }
    case Packing::Bits: {
      const uint32_t word = c.element == Element::U8    ? load<uint8_t>(p)
                            : c.element == Element::U16 ? load<uint16_t>(p)
                                                        : load<uint32_t>(p);
      for (uint32_t i = 0; i < c.count; ++i) {
        const Field f = c.fields[i];
        const uint32_t raw = (word >> f.shift) & ((1u << f.bits) - 1u);
        out[c.slots[i]] = (c.integer || c.slots[i] == kStencil) ? raw : unorm_to_double(raw, f.bits);
      }
      break;
    }
    case Packing::R11G11B10: {
      float rgb[3];
      unpack_r11g11b10(load<uint32_t>(p), rgb);
      for (int i = 0; i < 3; ++i) out[kR + i] = rgb[i];
      break;
    }
    case Packing::Rgb9e5: {
      float rgb[3];
      unpack_rgb9e5(load<uint32_t>(p), rgb);
      for (int i = 0; i < 3; ++i) out[kR + i] = rgb[i];
      break;
    }
    case Packing::Depth32fStencil8:
      out[kDepth] = load<float>(p);
      out[kStencil] = load<uint32_t>(p + 4) & 0xFFu;
      break;
  }
}

void encode_pixel(const Codec& c, const double* in, uint8_t* p) {
  switch (c.packing) {
    case Packing::Array: {
      const uint32_t size = c.pixel_bytes / c.count;
      for (uint32_t i = 0; i < c.count; ++i)
        encode_element(p + i * size, c.element, c.integer || c.slots[i] == kStencil, in[c.slots[i]]);
      break;
    }
    case Packing::Bits: {
      uint32_t word = 0;
      for (uint32_t i = 0; i < c.count; ++i) {
        const Field f = c.fields[i];
        const double max = static_cast<double>((1u << f.bits) - 1u);
        const double v = in[c.slots[i]];
        const uint64_t raw = (c.integer || c.slots[i] == kStencil) ? static_cast<uint64_t>(clamp_integer(v, 0, max))
                                                                   : double_to_unorm(v, f.bits);
        word |= static_cast<uint32_t>(raw) << f.shift;
      }
      if (c.element == Element::U8)
        store<uint8_t>(p, static_cast<uint8_t>(word));
      else if (c.element == Element::U16)
        store<uint16_t>(p, static_cast<uint16_t>(word));
      else
        store<uint32_t>(p, word);
      break;
    }
    case Packing::R11G11B10: {
      const float rgb[3] = {static_cast<float>(in[kR]), static_cast<float>(in[kG]), static_cast<float>(in[kB])};
      store<uint32_t>(p, pack_r11g11b10(rgb));
      break;
    }
    case Packing::Rgb9e5: {
      const float rgb[3] = {static_cast<float>(in[kR]), static_cast<float>(in[kG]), static_cast<float>(in[kB])};
      store<uint32_t>(p, pack_rgb9e5(rgb));
      break;
    }
    case Packing::Depth32fStencil8:
      store<float>(p, static_cast<float>(in[kDepth]));
      // The high 24 bits of the second word are unused; write zeros.
      store<uint32_t>(p + 4, static_cast<uint32_t>(clamp_integer(in[kStencil], 0, 255)));
      break;
  }
}

bool same_layout(const PixelLayout& a, const PixelLayout& b) {
  auto canonical = [](GLenum type) { return type == GL_HALF_FLOAT_OES ? GLenum{GL_HALF_FLOAT} : type; };
  return a.format == b.format && canonical(a.type) == canonical(b.type);
}

void copy_rows(const ConstPixelImage& src, const PixelImage& dst, PixelExtent extent, uint64_t row_bytes) {
  const auto* s = static_cast<const uint8_t*>(src.data);
  auto* d = static_cast<uint8_t*>(dst.data);
  const bool tight_rows = src.row_stride == row_bytes && dst.row_stride == row_bytes;
  const uint64_t image_bytes = row_bytes * extent.height;
  if (tight_rows && (extent.depth == 1 || (src.image_stride == image_bytes && dst.image_stride == image_bytes))) {
    std::memcpy(d, s, image_bytes * extent.depth);
    return;
  }
  for (uint32_t z = 0; z < extent.depth; ++z)
    for (uint32_t y = 0; y < extent.height; ++y)
      std::memcpy(d + z * dst.image_stride + y * dst.row_stride, s + z * src.image_stride + y * src.row_stride,
                  row_bytes);
}

// Both layouts are arrays of the same element type and the same integer-ness:
// every component keeps its encoding and only moves, so bytes are copied
// instead of decoded (RGB -> RGBA, BGRA <-> RGBA, RGBA -> LUMINANCE ...).
// Missing components get the encoded default (0, or 1 for alpha). Unlike the
// decode path this keeps snorm -128 as -128 (both mean -1.0) and NaN payloads.
bool can_remap(const Codec& in, const Codec& out) {
  return in.packing == Packing::Array && out.packing == Packing::Array && in.element == out.element &&
         in.integer == out.integer;
}

void remap_pixels(const Codec& in, const Codec& out, const ConstPixelImage& src, const PixelImage& dst,
                  PixelExtent extent) {
  const uint32_t element_bytes = in.pixel_bytes / in.count;
  int32_t source_offset[4];
  uint8_t defaults[4][4] = {};
  for (uint32_t i = 0; i < out.count; ++i) {
    source_offset[i] = -1;
    for (uint32_t j = 0; j < in.count; ++j)
      if (in.slots[j] == out.slots[i]) source_offset[i] = static_cast<int32_t>(j * element_bytes);
    if (source_offset[i] < 0)
      encode_element(defaults[i], out.element, out.integer || out.slots[i] == kStencil, kDefaultPixel[out.slots[i]]);
  }
  for (uint32_t z = 0; z < extent.depth; ++z) {
    for (uint32_t y = 0; y < extent.height; ++y) {
      const auto* s = static_cast<const uint8_t*>(src.data) + z * src.image_stride + y * src.row_stride;
      auto* d = static_cast<uint8_t*>(dst.data) + z * dst.image_stride + y * dst.row_stride;
      for (uint32_t x = 0; x < extent.width; ++x, s += in.pixel_bytes, d += out.pixel_bytes)
        for (uint32_t i = 0; i < out.count; ++i)
          std::memcpy(d + i * element_bytes, source_offset[i] >= 0 ? s + source_offset[i] : defaults[i],
                      element_bytes);
    }
  }
}

}  // namespace

GLenum convert_pixels(const ConstPixelImage& src, const PixelImage& dst, PixelExtent extent,
                      ConversionOptions options) {
  Codec in, out;
  if (const GLenum err = make_codec(src.layout, &in); err != GL_NO_ERROR) return err;
  if (const GLenum err = make_codec(dst.layout, &out); err != GL_NO_ERROR) return err;
  if (in.integer != out.integer) return GL_INVALID_OPERATION;
  if (extent.width == 0 || extent.height == 0 || extent.depth == 0) return GL_NO_ERROR;

  const bool luminance_sum = options.luminance_is_rgb_sum &&
                             (dst.layout.format == GL_LUMINANCE || dst.layout.format == GL_LUMINANCE_ALPHA);
  const bool plain = !options.clamp_depth_to_unit && !luminance_sum && !options.clamp_color_to_unit;
  if (same_layout(src.layout, dst.layout) && plain) {
    copy_rows(src, dst, extent, uint64_t{in.pixel_bytes} * extent.width);
    return GL_NO_ERROR;
  }
  if (can_remap(in, out) && plain) {
    remap_pixels(in, out, src, dst, extent);
    return GL_NO_ERROR;
  }

  double pixel[kSlotCount];
  for (uint32_t z = 0; z < extent.depth; ++z) {
    for (uint32_t y = 0; y < extent.height; ++y) {
      const auto* s = static_cast<const uint8_t*>(src.data) + z * src.image_stride + y * src.row_stride;
      auto* d = static_cast<uint8_t*>(dst.data) + z * dst.image_stride + y * dst.row_stride;
      for (uint32_t x = 0; x < extent.width; ++x) {
        decode_pixel(in, s + uint64_t{x} * in.pixel_bytes, pixel);
        if (options.clamp_depth_to_unit) pixel[kDepth] = std::clamp(pixel[kDepth], 0.0, 1.0);
        if (options.clamp_color_to_unit)
          for (int c = kR; c <= kA; ++c) pixel[c] = std::clamp(pixel[c], 0.0, 1.0);
        if (luminance_sum) pixel[kR] += pixel[kG] + pixel[kB];
        encode_pixel(out, pixel, d + uint64_t{x} * out.pixel_bytes);
      }
    }
  }
  return GL_NO_ERROR;
}

uint64_t storage_row_bytes(pipe::Format format, uint32_t width) {
  const pipe::FormatDescription& d = pipe::describe(format);
  const uint64_t blocks = (uint64_t{width} + d.block_width - 1) / d.block_width;
  return blocks * d.block_bytes;
}

namespace {

// Depth texture data is clamped to [0, 1] whatever the internal format (ES
// 3.0 §3.8.3: ES has no unclamped depth; only desktop GL's float depth
// formats keep values outside it). Float storage (DEPTH_COMPONENT32F,
// DEPTH32F_STENCIL8, and DEPTH_COMPONENT32 kept in float memory) would keep
// them otherwise; the fixed-point encoders clamp anyway.
ConversionOptions options_for(const InternalFormatInfo& info) {
  ConversionOptions o;
  o.clamp_depth_to_unit = info.has_depth() && pipe::describe(info.storage).kind != pipe::FormatKind::Compressed;
  return o;
}

}  // namespace

GLenum unpack_pixels(const PixelStoreParams& unpack, GLenum format, GLenum type, const void* client, bool three_d,
                     const InternalFormatInfo& storage, void* dst, uint64_t dst_row_stride,
                     uint64_t dst_image_stride, PixelExtent extent) {
  ClientImageLayout layout;
  if (const GLenum err = compute_client_image_layout(unpack, format, type, extent.width, extent.height, extent.depth,
                                                     three_d, &layout);
      err != GL_NO_ERROR)
    return err;
  const PixelLayout stored = storage_layout(storage);
  if (stored.format == GL_NONE) return GL_INVALID_OPERATION;  // compressed: use the compressed path
  const ConstPixelImage src{{format, type}, static_cast<const uint8_t*>(client) + layout.skip_bytes,
                            layout.row_stride, layout.image_stride};
  const PixelImage out{stored, dst, dst_row_stride, dst_image_stride};
  return convert_pixels(src, out, extent, options_for(storage));
}

GLenum pack_pixels(const InternalFormatInfo& storage, const void* src, uint64_t src_row_stride,
                   uint64_t src_image_stride, const PixelStoreParams& pack, GLenum format, GLenum type, void* client,
                   bool three_d, PixelExtent extent, ConversionOptions options) {
  ClientImageLayout layout;
  if (const GLenum err = compute_client_image_layout(pack, format, type, extent.width, extent.height, extent.depth,
                                                     three_d, &layout);
      err != GL_NO_ERROR)
    return err;
  const PixelLayout stored = storage_layout(storage);
  if (stored.format == GL_NONE) return GL_INVALID_OPERATION;
  const ConstPixelImage in{stored, src, src_row_stride, src_image_stride};
  const PixelImage out{{format, type}, static_cast<uint8_t*>(client) + layout.skip_bytes, layout.row_stride,
                       layout.image_stride};
  return convert_pixels(in, out, extent, options);
}

}  // namespace brass::gl::pixel
