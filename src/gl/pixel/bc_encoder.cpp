// Written from the block layouts of EXT_texture_compression_s3tc and
// ARB_texture_compression_rgtc (see bc_encoder.h for the method).
#include "gl/pixel/bc_encoder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "gl/pixel/bptc_encoder.h"

namespace brass::gl::pixel {
namespace {

void store_le16(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
}
void store_le32(uint8_t* p, uint32_t v) {
  store_le16(p, v);
  store_le16(p + 2, v >> 16);
}
void store_le48(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 6; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

// 5- and 6-bit endpoint components expand to 8 bits by replicating their
// high bits (the decoders' expansion).
uint32_t expand5(uint32_t v) { return (v << 3) | (v >> 2); }
uint32_t expand6(uint32_t v) { return (v << 2) | (v >> 4); }

struct Color {
  float c[3];
};

uint32_t quantize(float v, uint32_t max) {
  const float q = std::round(std::clamp(v, 0.0f, 255.0f) * static_cast<float>(max) / 255.0f);
  return static_cast<uint32_t>(q);
}

uint32_t pack565(const Color& c) {
  return (quantize(c.c[0], 31) << 11) | (quantize(c.c[1], 63) << 5) | quantize(c.c[2], 31);
}

Color unpack565(uint32_t v) {
  return {{static_cast<float>(expand5((v >> 11) & 31)), static_cast<float>(expand6((v >> 5) & 63)),
           static_cast<float>(expand5(v & 31))}};
}

// A colour block's four palette entries and which of them an opaque texel
// may take (three-colour blocks reserve index 3 for black / transparent).
struct Palette {
  Color entry[4];
  bool usable[4];
  float weight0[4];  // the share of endpoint 0 in each entry
};

Palette make_palette(uint32_t c0, uint32_t c1, bool force_four) {
  Palette p{};
  const Color e0 = unpack565(c0), e1 = unpack565(c1);
  const bool four = force_four || c0 > c1;
  p.entry[0] = e0;
  p.entry[1] = e1;
  p.weight0[0] = 1.0f;
  p.weight0[1] = 0.0f;
  for (int ch = 0; ch < 3; ++ch) {
    if (four) {
      p.entry[2].c[ch] = (2.0f * e0.c[ch] + e1.c[ch]) / 3.0f;
      p.entry[3].c[ch] = (e0.c[ch] + 2.0f * e1.c[ch]) / 3.0f;
    } else {
      p.entry[2].c[ch] = (e0.c[ch] + e1.c[ch]) / 2.0f;
      p.entry[3].c[ch] = 0.0f;
    }
  }
  p.weight0[2] = four ? 2.0f / 3.0f : 0.5f;
  p.weight0[3] = four ? 1.0f / 3.0f : 0.0f;
  p.usable[0] = p.usable[1] = p.usable[2] = true;
  p.usable[3] = four;
  return p;
}

float distance2(const Color& a, const float* b) {
  float d = 0.0f;
  for (int ch = 0; ch < 3; ++ch) d += (a.c[ch] - b[ch]) * (a.c[ch] - b[ch]);
  return d;
}

// The texels a colour block encodes: RGB as floats, and which of the 16
// are coded by colour (the others are transparent, index 3).
struct ColorTexels {
  float rgb[16][3];
  uint32_t coded = 0;  // bit i: texel i takes a colour
};

struct ColorFit {
  uint32_t c0 = 0, c1 = 0;
  uint8_t index[16] = {};
  float error = 0.0f;
};

// Indices and squared error of endpoints (c0, c1) for the coded texels.
ColorFit evaluate(const ColorTexels& t, uint32_t c0, uint32_t c1, bool force_four) {
  ColorFit fit;
  fit.c0 = c0;
  fit.c1 = c1;
  const Palette p = make_palette(c0, c1, force_four);
  for (int i = 0; i < 16; ++i) {
    if (!(t.coded & (1u << i))) {
      fit.index[i] = 3;
      continue;
    }
    float best = INFINITY;
    for (uint8_t k = 0; k < 4; ++k) {
      if (!p.usable[k]) continue;
      const float d = distance2(p.entry[k], t.rgb[i]);
      if (d < best) {
        best = d;
        fit.index[i] = k;
      }
    }
    fit.error += best;
  }
  return fit;
}

// Endpoints as 565 values in the order the block mode needs: c0 > c1 for
// four colours (unless the decoder forces four colours anyway), c0 <= c1
// where transparent texels need the three-colour mode.
ColorFit fit_endpoints(const ColorTexels& t, const Color& a, const Color& b, bool force_four, bool three_color) {
  uint32_t c0 = pack565(a), c1 = pack565(b);
  if (three_color ? c0 > c1 : c0 < c1) std::swap(c0, c1);
  return evaluate(t, c0, c1, force_four);
}

// Least-squares endpoints for the indices of `fit`: each texel is
// w*e0 + (1-w)*e1 with its index's weight w.
bool refit(const ColorTexels& t, const ColorFit& fit, bool force_four, Color* e0, Color* e1) {
  const Palette p = make_palette(fit.c0, fit.c1, force_four);
  float aa = 0, ab = 0, bb = 0, ax[3] = {}, bx[3] = {};
  for (int i = 0; i < 16; ++i) {
    if (!(t.coded & (1u << i))) continue;
    const float w = p.weight0[fit.index[i]], v = 1.0f - w;
    aa += w * w;
    ab += w * v;
    bb += v * v;
    for (int ch = 0; ch < 3; ++ch) {
      ax[ch] += w * t.rgb[i][ch];
      bx[ch] += v * t.rgb[i][ch];
    }
  }
  const float det = aa * bb - ab * ab;
  if (std::fabs(det) < 1e-6f) return false;
  for (int ch = 0; ch < 3; ++ch) {
    e0->c[ch] = (ax[ch] * bb - bx[ch] * ab) / det;
    e1->c[ch] = (bx[ch] * aa - ax[ch] * ab) / det;
  }
  return true;
}

// Per 8-bit value, the pair of 5-bit (or 6-bit) endpoints whose point at
// `weight0` (2/3 or 1/2 of endpoint 0) lies nearest it.
struct SolidTable {
  uint8_t e0[256], e1[256];
};

SolidTable make_solid_table(uint32_t bits, bool thirds) {
  SolidTable table{};
  const uint32_t levels = 1u << bits;
  for (uint32_t v = 0; v < 256; ++v) {
    float best = INFINITY;
    for (uint32_t a = 0; a < levels; ++a) {
      for (uint32_t b = 0; b < levels; ++b) {
        const float ea = static_cast<float>(bits == 5 ? expand5(a) : expand6(a));
        const float eb = static_cast<float>(bits == 5 ? expand5(b) : expand6(b));
        const float point = thirds ? (2.0f * ea + eb) / 3.0f : (ea + eb) / 2.0f;
        const float d = std::fabs(point - static_cast<float>(v));
        if (d < best) {
          best = d;
          table.e0[v] = static_cast<uint8_t>(a);
          table.e1[v] = static_cast<uint8_t>(b);
        }
      }
    }
  }
  return table;
}

const SolidTable& solid_table(uint32_t bits, bool thirds) {
  static const SolidTable t5_thirds = make_solid_table(5, true), t6_thirds = make_solid_table(6, true);
  static const SolidTable t5_halves = make_solid_table(5, false), t6_halves = make_solid_table(6, false);
  if (bits == 5) return thirds ? t5_thirds : t5_halves;
  return thirds ? t6_thirds : t6_halves;
}

// A block whose coded texels all have one colour: the endpoint pair whose
// 2/3 point (four colours) or midpoint (three colours) is nearest it.
ColorFit fit_solid(const ColorTexels& t, const float* rgb, bool force_four, bool three_color) {
  const bool thirds = !three_color;
  uint32_t v[3];
  for (int ch = 0; ch < 3; ++ch) v[ch] = static_cast<uint32_t>(std::clamp(std::lround(rgb[ch]), 0l, 255l));
  const SolidTable& r = solid_table(5, thirds);
  const SolidTable& g = solid_table(6, thirds);
  const SolidTable& b = solid_table(5, thirds);
  const uint32_t c0 = (uint32_t{r.e0[v[0]]} << 11) | (uint32_t{g.e0[v[1]]} << 5) | b.e0[v[2]];
  const uint32_t c1 = (uint32_t{r.e1[v[0]]} << 11) | (uint32_t{g.e1[v[1]]} << 5) | b.e1[v[2]];
  // The pair in the mode's order; the point it names is the same either way
  // round (index 2 <-> 3 for thirds, 2 for halves).
  ColorFit fit;
  if (three_color) {
    fit = evaluate(t, std::min(c0, c1), std::max(c0, c1), force_four);
  } else {
    fit = evaluate(t, std::max(c0, c1), std::min(c0, c1), force_four);
  }
  return fit;
}

ColorFit fit_color_block(const ColorTexels& t, bool force_four, bool three_color) {
  int count = 0;
  float mean[3] = {};
  for (int i = 0; i < 16; ++i) {
    if (!(t.coded & (1u << i))) continue;
    ++count;
    for (int ch = 0; ch < 3; ++ch) mean[ch] += t.rgb[i][ch];
  }
  if (count == 0) return evaluate(t, 0, 0, force_four);  // all transparent: three-colour, index 3
  for (float& m : mean) m /= static_cast<float>(count);
  float cov[3][3] = {};
  float lo[3] = {255, 255, 255}, hi[3] = {0, 0, 0};
  bool solid = true;
  int first = -1;
  for (int i = 0; i < 16; ++i) {
    if (!(t.coded & (1u << i))) continue;
    if (first < 0) first = i;
    float d[3];
    for (int ch = 0; ch < 3; ++ch) {
      d[ch] = t.rgb[i][ch] - mean[ch];
      lo[ch] = std::min(lo[ch], t.rgb[i][ch]);
      hi[ch] = std::max(hi[ch], t.rgb[i][ch]);
      if (t.rgb[i][ch] != t.rgb[first][ch]) solid = false;
    }
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) cov[r][c] += d[r] * d[c];
  }
  if (solid) return fit_solid(t, t.rgb[first], force_four, three_color);

  // The dominant eigenvector by power iteration, from the bounding box's
  // diagonal (signed by the covariance of red with the other channels).
  float axis[3] = {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
  if (cov[0][1] < 0) axis[1] = -axis[1];
  if (cov[0][2] < 0) axis[2] = -axis[2];
  for (int iter = 0; iter < 8; ++iter) {
    float next[3];
    for (int r = 0; r < 3; ++r) next[r] = cov[r][0] * axis[0] + cov[r][1] * axis[1] + cov[r][2] * axis[2];
    const float len = std::sqrt(next[0] * next[0] + next[1] * next[1] + next[2] * next[2]);
    if (len < 1e-9f) break;
    for (int r = 0; r < 3; ++r) axis[r] = next[r] / len;
  }
  const float len = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  if (len < 1e-9f) return fit_solid(t, mean, force_four, three_color);
  for (float& a : axis) a /= len;
  float tmin = INFINITY, tmax = -INFINITY;
  for (int i = 0; i < 16; ++i) {
    if (!(t.coded & (1u << i))) continue;
    float proj = 0;
    for (int ch = 0; ch < 3; ++ch) proj += (t.rgb[i][ch] - mean[ch]) * axis[ch];
    tmin = std::min(tmin, proj);
    tmax = std::max(tmax, proj);
  }
  Color e0, e1;
  for (int ch = 0; ch < 3; ++ch) {
    e0.c[ch] = mean[ch] + tmax * axis[ch];
    e1.c[ch] = mean[ch] + tmin * axis[ch];
  }
  ColorFit best = fit_endpoints(t, e0, e1, force_four, three_color);
  // The bounding box's corners along the axis's signs: exact for blocks
  // whose colours lie on a line between two representable colours.
  {
    Color b0, b1;
    for (int ch = 0; ch < 3; ++ch) {
      b0.c[ch] = axis[ch] >= 0 ? hi[ch] : lo[ch];
      b1.c[ch] = axis[ch] >= 0 ? lo[ch] : hi[ch];
    }
    const ColorFit box = fit_endpoints(t, b0, b1, force_four, three_color);
    if (box.error < best.error) best = box;
  }
  ColorFit current = best;
  for (int iter = 0; iter < 3 && best.error > 0.0f; ++iter) {
    if (!refit(t, current, force_four, &e0, &e1)) break;
    current = fit_endpoints(t, e0, e1, force_four, three_color);
    if (current.error < best.error) best = current;
  }
  return best;
}

void write_color_block(const ColorFit& fit, uint8_t out[8]) {
  store_le16(out, fit.c0);
  store_le16(out + 2, fit.c1);
  uint32_t bits = 0;
  for (int i = 0; i < 16; ++i) bits |= uint32_t{fit.index[i]} << (2 * i);
  store_le32(out + 4, bits);
}

void encode_color(const uint8_t rgba[64], bool punch_through_alpha, bool force_four, uint8_t out[8]) {
  ColorTexels t;
  bool transparent = false;
  for (int i = 0; i < 16; ++i) {
    for (int ch = 0; ch < 3; ++ch) t.rgb[i][ch] = static_cast<float>(rgba[i * 4 + ch]);
    // DXT1 with alpha: texels below half alpha become the transparent entry.
    if (punch_through_alpha && rgba[i * 4 + 3] < 128) {
      transparent = true;
    } else {
      t.coded |= 1u << i;
    }
  }
  write_color_block(fit_color_block(t, force_four, transparent), out);
}

}  // namespace

bool online_block_codec(GLenum internal_format, BlockCodec* codec) {
  switch (internal_format) {
    // The sRGB forms encode the given (already sRGB-encoded) values as the
    // linear ones do: TexImage converts no colour space.
    case GL_COMPRESSED_RGB_S3TC_DXT1_EXT:
    case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT: *codec = BlockCodec::Bc1Rgb; return true;
    case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT: *codec = BlockCodec::Bc1Rgba; return true;
    case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT: *codec = BlockCodec::Bc2; return true;
    case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT: *codec = BlockCodec::Bc3; return true;
    case GL_COMPRESSED_RED_RGTC1: *codec = BlockCodec::Bc4Unorm; return true;
    case GL_COMPRESSED_SIGNED_RED_RGTC1: *codec = BlockCodec::Bc4Snorm; return true;
    case GL_COMPRESSED_RG_RGTC2: *codec = BlockCodec::Bc5Unorm; return true;
    case GL_COMPRESSED_SIGNED_RG_RGTC2: *codec = BlockCodec::Bc5Snorm; return true;
    case GL_COMPRESSED_RGBA_BPTC_UNORM_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT: *codec = BlockCodec::Bc7; return true;
    case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT: *codec = BlockCodec::Bc6hUfloat; return true;
    case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT: *codec = BlockCodec::Bc6hSfloat; return true;
    default: return false;
  }
}

GLenum block_codec_source_format(BlockCodec codec) {
  switch (codec) {
    case BlockCodec::Bc4Unorm: return GL_R8;
    case BlockCodec::Bc4Snorm: return GL_R8_SNORM;
    case BlockCodec::Bc5Unorm: return GL_RG8;
    case BlockCodec::Bc5Snorm: return GL_RG8_SNORM;
    case BlockCodec::Bc6hUfloat: case BlockCodec::Bc6hSfloat: return GL_RGBA16F;
    default: return GL_RGBA8;
  }
}

uint32_t block_codec_texel_bytes(BlockCodec codec) {
  switch (codec) {
    case BlockCodec::Bc4Unorm: case BlockCodec::Bc4Snorm: return 1;
    case BlockCodec::Bc5Unorm: case BlockCodec::Bc5Snorm: return 2;
    case BlockCodec::Bc6hUfloat: case BlockCodec::Bc6hSfloat: return 8;
    default: return 4;
  }
}

uint32_t block_codec_block_bytes(BlockCodec codec) {
  switch (codec) {
    case BlockCodec::Bc1Rgb: case BlockCodec::Bc1Rgba: case BlockCodec::Bc4Unorm: case BlockCodec::Bc4Snorm: return 8;
    default: return 16;
  }
}

void encode_bc1(const uint8_t rgba[64], bool punch_through_alpha, uint8_t out[8]) {
  encode_color(rgba, punch_through_alpha, /*force_four=*/false, out);
}

void encode_bc2(const uint8_t rgba[64], uint8_t out[16]) {
  uint64_t alpha = 0;
  for (int i = 0; i < 16; ++i) {
    // 8 to 4 bits, rounded: the decoder replicates the nibble (a * 17).
    const uint64_t a4 = (uint64_t{rgba[i * 4 + 3]} * 15 + 127) / 255;
    alpha |= a4 << (4 * i);
  }
  store_le32(out, static_cast<uint32_t>(alpha));
  store_le32(out + 4, static_cast<uint32_t>(alpha >> 32));
  // DXT3/DXT5 colour blocks always decode as four colours.
  encode_color(rgba, false, /*force_four=*/true, out + 8);
}

void encode_bc3(const uint8_t rgba[64], uint8_t out[16]) {
  encode_bc4(rgba + 3, 4, false, out);
  encode_color(rgba, false, /*force_four=*/true, out + 8);
}

void encode_bc4(const uint8_t* values, uint32_t stride, bool is_signed, uint8_t out[8]) {
  int v[16];
  int lo = INT32_MAX, hi = INT32_MIN;
  for (int i = 0; i < 16; ++i) {
    const uint8_t raw = values[static_cast<size_t>(i) * stride];
    v[i] = is_signed ? std::max(int{static_cast<int8_t>(raw)}, -127) : int{raw};
    lo = std::min(lo, v[i]);
    hi = std::max(hi, v[i]);
  }
  // Endpoint 0 > endpoint 1 selects the eight-value ramp (signed compare
  // for the signed formats); equal endpoints code one value with index 0.
  out[0] = static_cast<uint8_t>(hi);
  out[1] = static_cast<uint8_t>(lo);
  uint64_t bits = 0;
  if (hi != lo) {
    float ramp[8];
    ramp[0] = static_cast<float>(hi);
    ramp[1] = static_cast<float>(lo);
    for (int k = 2; k < 8; ++k) ramp[k] = (static_cast<float>(8 - k) * hi + static_cast<float>(k - 1) * lo) / 7.0f;
    for (int i = 0; i < 16; ++i) {
      uint64_t best_k = 0;
      float best = INFINITY;
      for (int k = 0; k < 8; ++k) {
        const float d = std::fabs(ramp[k] - static_cast<float>(v[i]));
        if (d < best) {
          best = d;
          best_k = static_cast<uint64_t>(k);
        }
      }
      bits |= best_k << (3 * i);
    }
  }
  store_le48(out + 2, bits);
}

void encode_bc5(const uint8_t rg[32], bool is_signed, uint8_t out[16]) {
  encode_bc4(rg, 2, is_signed, out);
  encode_bc4(rg + 1, 2, is_signed, out + 8);
}

void encode_image(BlockCodec codec, const uint8_t* src, size_t src_row_stride, uint32_t width, uint32_t height,
                  uint8_t* dst, size_t dst_row_stride) {
  if (width == 0 || height == 0) return;
  const uint32_t texel = block_codec_texel_bytes(codec), block_bytes = block_codec_block_bytes(codec);
  const uint32_t blocks_x = (width + 3) / 4, blocks_y = (height + 3) / 4;
  uint8_t texels[16 * 8];
  uint16_t halves[64];
  for (uint32_t by = 0; by < blocks_y; ++by) {
    uint8_t* out_row = dst + static_cast<size_t>(by) * dst_row_stride;
    for (uint32_t bx = 0; bx < blocks_x; ++bx) {
      for (uint32_t y = 0; y < 4; ++y) {
        const uint32_t sy = std::min(by * 4 + y, height - 1);
        for (uint32_t x = 0; x < 4; ++x) {
          const uint32_t sx = std::min(bx * 4 + x, width - 1);
          std::memcpy(texels + (y * 4 + x) * texel, src + static_cast<size_t>(sy) * src_row_stride + size_t{sx} * texel,
                      texel);
        }
      }
      uint8_t* out = out_row + static_cast<size_t>(bx) * block_bytes;
      switch (codec) {
        case BlockCodec::Bc1Rgb: encode_bc1(texels, false, out); break;
        case BlockCodec::Bc1Rgba: encode_bc1(texels, true, out); break;
        case BlockCodec::Bc2: encode_bc2(texels, out); break;
        case BlockCodec::Bc3: encode_bc3(texels, out); break;
        case BlockCodec::Bc4Unorm: encode_bc4(texels, 1, false, out); break;
        case BlockCodec::Bc4Snorm: encode_bc4(texels, 1, true, out); break;
        case BlockCodec::Bc5Unorm: encode_bc5(texels, false, out); break;
        case BlockCodec::Bc5Snorm: encode_bc5(texels, true, out); break;
        case BlockCodec::Bc7: encode_bc7(texels, out); break;
        case BlockCodec::Bc6hUfloat:
        case BlockCodec::Bc6hSfloat:
          std::memcpy(halves, texels, sizeof halves);
          encode_bc6h(halves, codec == BlockCodec::Bc6hSfloat, out);
          break;
      }
    }
  }
}

}  // namespace brass::gl::pixel
