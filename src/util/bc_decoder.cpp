// Written from EXT_texture_compression_s3tc and ARB_texture_compression_rgtc.
#include "util/bc_decoder.h"

#include <algorithm>

namespace brass::bc {
namespace {

// Blocks are little-endian.
uint32_t load_le16(const uint8_t* p) { return static_cast<uint32_t>(p[0] | (p[1] << 8)); }
uint32_t load_le32(const uint8_t* p) { return load_le16(p) | (load_le16(p + 2) << 16); }
uint64_t load_le48(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 5; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

struct Rgb {
  uint32_t r, g, b;
};

Rgb expand565(uint32_t c) {
  const uint32_t r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
  return {(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)};
}

void decode_color(const uint8_t* block, bool allow_three_color, bool has_alpha, uint8_t* out) {
  const uint32_t c0 = load_le16(block), c1 = load_le16(block + 2);
  const uint32_t indices = load_le32(block + 4);
  const Rgb e0 = expand565(c0), e1 = expand565(c1);
  uint8_t palette[4][4];
  auto set = [&](int i, uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    palette[i][0] = static_cast<uint8_t>(r);
    palette[i][1] = static_cast<uint8_t>(g);
    palette[i][2] = static_cast<uint8_t>(b);
    palette[i][3] = static_cast<uint8_t>(a);
  };
  set(0, e0.r, e0.g, e0.b, 255);
  set(1, e1.r, e1.g, e1.b, 255);
  if (c0 > c1 || !allow_three_color) {
    set(2, (2 * e0.r + e1.r) / 3, (2 * e0.g + e1.g) / 3, (2 * e0.b + e1.b) / 3, 255);
    set(3, (e0.r + 2 * e1.r) / 3, (e0.g + 2 * e1.g) / 3, (e0.b + 2 * e1.b) / 3, 255);
  } else {
    set(2, (e0.r + e1.r) / 2, (e0.g + e1.g) / 2, (e0.b + e1.b) / 2, 255);
    set(3, 0, 0, 0, has_alpha ? 0 : 255);
  }
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t idx = (indices >> (2 * i)) & 3;
    std::copy(palette[idx], palette[idx] + 4, out + i * 4);
  }
}

// The interpolated 8-value channel of BC3 alpha and BC4/BC5.
template <typename T>
void decode_interpolated(const uint8_t* block, T* out, uint32_t stride) {
  using Wide = int32_t;
  const Wide a0 = static_cast<T>(block[0]), a1 = static_cast<T>(block[1]);
  constexpr bool kSigned = static_cast<T>(-1) < 0;
  // Signed endpoints: -128 reads as -127 (the range is symmetric).
  const Wide e0 = kSigned ? std::max(a0, Wide{-127}) : a0;
  const Wide e1 = kSigned ? std::max(a1, Wide{-127}) : a1;
  Wide values[8];
  values[0] = e0;
  values[1] = e1;
  if (a0 > a1) {
    for (Wide i = 1; i <= 6; ++i) values[i + 1] = ((7 - i) * e0 + i * e1) / 7;
  } else {
    for (Wide i = 1; i <= 4; ++i) values[i + 1] = ((5 - i) * e0 + i * e1) / 5;
    values[6] = kSigned ? -127 : 0;
    values[7] = kSigned ? 127 : 255;
  }
  const uint64_t indices = load_le48(block + 2);
  for (uint32_t i = 0; i < 16; ++i) out[i * stride] = static_cast<T>(values[(indices >> (3 * i)) & 7]);
}

}  // namespace

void decode_bc1(const uint8_t* block, bool has_alpha, uint8_t out_rgba[64]) { decode_color(block, true, has_alpha, out_rgba); }

void decode_bc2(const uint8_t* block, uint8_t out_rgba[64]) {
  decode_color(block + 8, false, false, out_rgba);
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t a = (block[i / 2] >> (4 * (i & 1))) & 15;
    out_rgba[i * 4 + 3] = static_cast<uint8_t>(a * 17);
  }
}

void decode_bc3(const uint8_t* block, uint8_t out_rgba[64]) {
  decode_color(block + 8, false, false, out_rgba);
  decode_interpolated<uint8_t>(block, out_rgba + 3, 4);
}

void decode_bc4(const uint8_t* block, bool is_signed, uint8_t* out, uint32_t stride) {
  if (is_signed) {
    decode_interpolated<int8_t>(block, reinterpret_cast<int8_t*>(out), stride);
  } else {
    decode_interpolated<uint8_t>(block, out, stride);
  }
}

void decode_bc5(const uint8_t* block, bool is_signed, uint8_t out_rg[32]) {
  decode_bc4(block, is_signed, out_rg, 2);
  decode_bc4(block + 8, is_signed, out_rg + 1, 2);
}

}  // namespace brass::bc
