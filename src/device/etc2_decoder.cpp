// Written from the OpenGL ES 3.0 specification, Annex C (ETC2/EAC).
#include "device/etc2_decoder.h"

#include <algorithm>

namespace brass::vk::etc2 {
namespace {

// A 64-bit ETC2 / EAC block is stored big-endian: bit 63 is the top bit of byte 0.
uint64_t load_be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

uint32_t bits(uint64_t v, uint32_t hi, uint32_t lo) {
  return static_cast<uint32_t>((v >> lo) & ((uint64_t{1} << (hi - lo + 1)) - 1));
}

uint8_t clamp255(int32_t v) { return static_cast<uint8_t>(std::clamp(v, 0, 255)); }
int32_t ext4(uint32_t v) { return static_cast<int32_t>(v * 17); }
int32_t ext5(uint32_t v) { return static_cast<int32_t>((v << 3) | (v >> 2)); }
int32_t ext6(uint32_t v) { return static_cast<int32_t>((v << 2) | (v >> 4)); }
int32_t ext7(uint32_t v) { return static_cast<int32_t>((v << 1) | (v >> 6)); }
int32_t sign_extend3(uint32_t v) { return (v & 4) ? static_cast<int32_t>(v) - 8 : static_cast<int32_t>(v); }

// Intensity modifier tables (Table C.9): the small and the large value; pixel
// index 0 -> +small, 1 -> +large, 2 -> -small, 3 -> -large.
constexpr int32_t kModifier[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};
// T and H mode distances (Table C.12).
constexpr int32_t kDistance[8] = {3, 6, 11, 16, 23, 32, 41, 64};
// EAC modifier tables (Table C.15).
constexpr int32_t kEacModifier[16][8] = {
    {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
    {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11}, {-3, -7, -9, -11, 2, 6, 8, 10},
    {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10}, {-2, -6, -8, -10, 1, 5, 7, 9},
    {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},  {-2, -5, -7, -10, 1, 4, 6, 9},
    {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},  {-4, -6, -8, -9, 3, 5, 7, 8},
    {-3, -5, -7, -9, 2, 4, 6, 8},
};

// The 2-bit index of texel (x, y): its MSB is bit (x*4+y)+16, its LSB bit x*4+y.
uint32_t pixel_index(uint64_t block, uint32_t x, uint32_t y) {
  uint32_t i = x * 4 + y;
  return (((block >> (i + 16)) & 1) << 1) | ((block >> i) & 1);
}

void put(uint8_t* out, uint32_t x, uint32_t y, int32_t r, int32_t g, int32_t b, uint8_t a) {
  uint8_t* t = out + (y * 4 + x) * 4;
  t[0] = clamp255(r);
  t[1] = clamp255(g);
  t[2] = clamp255(b);
  t[3] = a;
}

struct Rgb {
  int32_t r, g, b;
};

// Individual / differential modes: two base colors, one per sub-block.
// `punch_through` with `opaque == false` replaces the modifier table as the
// RGB8A1 format requires (index 2 transparent, small modifiers zero).
void decode_subblocks(uint64_t block, Rgb base0, Rgb base1, bool punch_through, bool opaque, uint8_t* out) {
  const uint32_t table[2] = {bits(block, 39, 37), bits(block, 36, 34)};
  const bool flip = bits(block, 32, 32) != 0;
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t sub = flip ? (y >= 2) : (x >= 2);
      const Rgb& base = sub ? base1 : base0;
      const uint32_t idx = pixel_index(block, x, y);
      if (punch_through && !opaque) {
        if (idx == 2) {
          put(out, x, y, 0, 0, 0, 0);
          continue;
        }
        int32_t m = idx == 0 ? 0 : kModifier[table[sub]][1];
        if (idx == 3) m = -m;
        put(out, x, y, base.r + m, base.g + m, base.b + m, 255);
        continue;
      }
      int32_t m = kModifier[table[sub]][idx & 1];
      if (idx & 2) m = -m;
      put(out, x, y, base.r + m, base.g + m, base.b + m, 255);
    }
  }
}

// T and H modes: four paint colors, chosen directly by the texel's index.
void decode_paint(uint64_t block, const Rgb paint[4], bool punch_through, bool opaque, uint8_t* out) {
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t idx = pixel_index(block, x, y);
      if (punch_through && !opaque && idx == 2) {
        put(out, x, y, 0, 0, 0, 0);
      } else {
        put(out, x, y, paint[idx].r, paint[idx].g, paint[idx].b, 255);
      }
    }
  }
}

Rgb clamp_rgb(Rgb c) { return {std::clamp(c.r, 0, 255), std::clamp(c.g, 0, 255), std::clamp(c.b, 0, 255)}; }

void decode_t_mode(uint64_t block, bool punch_through, bool opaque, uint8_t* out) {
  const Rgb c1{ext4((bits(block, 60, 59) << 2) | bits(block, 57, 56)), ext4(bits(block, 55, 52)), ext4(bits(block, 51, 48))};
  const Rgb c2{ext4(bits(block, 47, 44)), ext4(bits(block, 43, 40)), ext4(bits(block, 39, 36))};
  const int32_t d = kDistance[(bits(block, 35, 34) << 1) | bits(block, 32, 32)];
  const Rgb paint[4] = {c1, clamp_rgb({c2.r + d, c2.g + d, c2.b + d}), c2, clamp_rgb({c2.r - d, c2.g - d, c2.b - d})};
  decode_paint(block, paint, punch_through, opaque, out);
}

void decode_h_mode(uint64_t block, bool punch_through, bool opaque, uint8_t* out) {
  const uint32_t r1 = bits(block, 62, 59);
  const uint32_t g1 = (bits(block, 58, 56) << 1) | bits(block, 52, 52);
  const uint32_t b1 = (bits(block, 51, 51) << 3) | bits(block, 49, 47);
  const uint32_t r2 = bits(block, 46, 43), g2 = bits(block, 42, 39), b2 = bits(block, 38, 35);
  const Rgb c1{ext4(r1), ext4(g1), ext4(b1)};
  const Rgb c2{ext4(r2), ext4(g2), ext4(b2)};
  // The distance's low bit is implied by the order of the two base colors.
  const uint32_t order = ((r1 << 8) | (g1 << 4) | b1) >= ((r2 << 8) | (g2 << 4) | b2) ? 1 : 0;
  const int32_t d = kDistance[(bits(block, 34, 34) << 2) | (bits(block, 32, 32) << 1) | order];
  const Rgb paint[4] = {clamp_rgb({c1.r + d, c1.g + d, c1.b + d}), clamp_rgb({c1.r - d, c1.g - d, c1.b - d}),
                        clamp_rgb({c2.r + d, c2.g + d, c2.b + d}), clamp_rgb({c2.r - d, c2.g - d, c2.b - d})};
  decode_paint(block, paint, punch_through, opaque, out);
}

void decode_planar(uint64_t block, uint8_t* out) {
  const int32_t ro = ext6(bits(block, 62, 57));
  const int32_t go = ext7((bits(block, 56, 56) << 6) | bits(block, 54, 49));
  const int32_t bo = ext6((bits(block, 48, 48) << 5) | (bits(block, 44, 43) << 3) | bits(block, 41, 39));
  const int32_t rh = ext6((bits(block, 38, 34) << 1) | bits(block, 32, 32));
  const int32_t gh = ext7(bits(block, 31, 25));
  const int32_t bh = ext6(bits(block, 24, 19));
  const int32_t rv = ext6(bits(block, 18, 13));
  const int32_t gv = ext7(bits(block, 12, 6));
  const int32_t bv = ext6(bits(block, 5, 0));
  for (int32_t y = 0; y < 4; ++y) {
    for (int32_t x = 0; x < 4; ++x) {
      put(out, static_cast<uint32_t>(x), static_cast<uint32_t>(y), (x * (rh - ro) + y * (rv - ro) + 4 * ro + 2) >> 2,
          (x * (gh - go) + y * (gv - go) + 4 * go + 2) >> 2, (x * (bh - bo) + y * (bv - bo) + 4 * bo + 2) >> 2, 255);
    }
  }
}

// The whole ETC2 color block. In punch-through mode the diff bit is the
// "opaque" bit and the individual mode does not exist.
void decode_color(const uint8_t* data, bool punch_through, uint8_t* out) {
  const uint64_t block = load_be64(data);
  const bool diff_bit = bits(block, 33, 33) != 0;
  if (!punch_through && !diff_bit) {
    const Rgb c0{ext4(bits(block, 63, 60)), ext4(bits(block, 55, 52)), ext4(bits(block, 47, 44))};
    const Rgb c1{ext4(bits(block, 59, 56)), ext4(bits(block, 51, 48)), ext4(bits(block, 43, 40))};
    decode_subblocks(block, c0, c1, false, true, out);
    return;
  }
  const bool opaque = diff_bit;
  const int32_t r = static_cast<int32_t>(bits(block, 63, 59)), g = static_cast<int32_t>(bits(block, 55, 51)),
                b = static_cast<int32_t>(bits(block, 47, 43));
  const int32_t r2 = r + sign_extend3(bits(block, 58, 56)), g2 = g + sign_extend3(bits(block, 50, 48)),
                b2 = b + sign_extend3(bits(block, 42, 40));
  if (r2 < 0 || r2 > 31) {
    decode_t_mode(block, punch_through, opaque, out);
  } else if (g2 < 0 || g2 > 31) {
    decode_h_mode(block, punch_through, opaque, out);
  } else if (b2 < 0 || b2 > 31) {
    decode_planar(block, out);
  } else {
    const Rgb c0{ext5(static_cast<uint32_t>(r)), ext5(static_cast<uint32_t>(g)), ext5(static_cast<uint32_t>(b))};
    const Rgb c1{ext5(static_cast<uint32_t>(r2)), ext5(static_cast<uint32_t>(g2)), ext5(static_cast<uint32_t>(b2))};
    decode_subblocks(block, c0, c1, punch_through, opaque, out);
  }
}

// EAC: base codeword, multiplier, table index, then 16 3-bit indices
// (texel (x, y) at index x*4+y, the first one in bits 47..45).
struct EacFields {
  uint64_t block;
  int32_t base_unsigned;
  int32_t base_signed;
  int32_t multiplier;
  uint32_t table;
  int32_t modifier(uint32_t x, uint32_t y) const {
    const uint32_t i = x * 4 + y;
    return kEacModifier[table][bits(block, 47 - 3 * i, 45 - 3 * i)];
  }
};

EacFields eac_fields(const uint8_t* data) {
  const uint64_t block = load_be64(data);
  return {block, static_cast<int32_t>(data[0]), static_cast<int32_t>(static_cast<int8_t>(data[0])),
          static_cast<int32_t>(bits(block, 55, 52)), bits(block, 51, 48)};
}

}  // namespace

void decode_rgb8(const uint8_t* block, uint8_t out_rgba[64]) { decode_color(block, false, out_rgba); }

void decode_rgb8a1(const uint8_t* block, uint8_t out_rgba[64]) { decode_color(block, true, out_rgba); }

void decode_rgba8(const uint8_t* block, uint8_t out_rgba[64]) {
  decode_color(block + 8, false, out_rgba);
  const EacFields f = eac_fields(block);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      out_rgba[(y * 4 + x) * 4 + 3] = clamp255(f.base_unsigned + f.modifier(x, y) * f.multiplier);
    }
  }
}

void decode_eac11_raw(const uint8_t* block, bool is_signed, int32_t out[16]) {
  const EacFields f = eac_fields(block);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      const int32_t m = f.modifier(x, y);
      int32_t v;
      if (is_signed) {
        // -128 is read as -127 so the range is symmetric.
        const int32_t base = std::max(f.base_signed, -127);
        v = f.multiplier == 0 ? base * 8 + m : base * 8 + m * f.multiplier * 8;
        v = std::clamp(v, -1023, 1023);
      } else {
        v = f.multiplier == 0 ? f.base_unsigned * 8 + 4 + m : f.base_unsigned * 8 + 4 + m * f.multiplier * 8;
        v = std::clamp(v, 0, 2047);
      }
      out[y * 4 + x] = v;
    }
  }
}

uint16_t extend_unsigned11(int32_t v) {
  const uint32_t u = static_cast<uint32_t>(std::clamp(v, 0, 2047));
  return static_cast<uint16_t>((u << 5) | (u >> 6));
}

int16_t extend_signed11(int32_t v) {
  const int32_t c = std::clamp(v, -1023, 1023);
  const int32_t m = c < 0 ? -c : c;
  const int32_t e = (m << 5) | (m >> 5);
  return static_cast<int16_t>(c < 0 ? -e : e);
}

void decode_r11(const uint8_t* block, bool is_signed, uint16_t* out, uint32_t stride) {
  int32_t raw[16];
  decode_eac11_raw(block, is_signed, raw);
  for (uint32_t i = 0; i < 16; ++i) {
    out[i * stride] = is_signed ? static_cast<uint16_t>(extend_signed11(raw[i])) : extend_unsigned11(raw[i]);
  }
}

void decode_rg11(const uint8_t* block, bool is_signed, uint16_t out_rg[32]) {
  decode_r11(block, is_signed, out_rg, 2);
  decode_r11(block + 8, is_signed, out_rg + 1, 2);
}

}  // namespace brass::vk::etc2
