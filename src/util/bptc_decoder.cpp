// Written from ARB_texture_compression_bptc's "Compressed texture formats"
// section; the tables are the extension's.
#include "util/bptc_decoder.h"

#include <array>
#include <cstring>
#include <utility>

namespace brass::bc {
namespace {

// The block's 128 bits read from bit 0 upwards (bytes in stream order,
// each byte LSB first).
class BitReader {
 public:
  explicit BitReader(const uint8_t* block) { std::memcpy(bytes_.data(), block, 16); }
  uint32_t read(uint32_t count) {
    uint32_t v = 0;
    for (uint32_t i = 0; i < count; ++i, ++pos_)
      v |= static_cast<uint32_t>((bytes_[pos_ >> 3] >> (pos_ & 7)) & 1u) << i;
    return v;
  }
  uint32_t position() const { return pos_; }

 private:
  std::array<uint8_t, 16> bytes_{};
  uint32_t pos_ = 0;
};

// Table.P2 and Table.P3: the subset of each texel, one row per partition.
constexpr uint8_t kPartition2[64][16] = {
    {0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1}, {0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1}, {0,1,1,1,0,1,1,1,0,1,1,1,0,1,1,1},
    {0,0,0,1,0,0,1,1,0,0,1,1,0,1,1,1}, {0,0,0,0,0,0,0,1,0,0,0,1,0,0,1,1}, {0,0,1,1,0,1,1,1,0,1,1,1,1,1,1,1},
    {0,0,0,1,0,0,1,1,0,1,1,1,1,1,1,1}, {0,0,0,0,0,0,0,1,0,0,1,1,0,1,1,1}, {0,0,0,0,0,0,0,0,0,0,0,1,0,0,1,1},
    {0,0,1,1,0,1,1,1,1,1,1,1,1,1,1,1}, {0,0,0,0,0,0,0,1,0,1,1,1,1,1,1,1}, {0,0,0,0,0,0,0,0,0,0,0,1,0,1,1,1},
    {0,0,0,1,0,1,1,1,1,1,1,1,1,1,1,1}, {0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1}, {0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1},
    {0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1}, {0,0,0,0,1,0,0,0,1,1,1,0,1,1,1,1}, {0,1,1,1,0,0,0,1,0,0,0,0,0,0,0,0},
    {0,0,0,0,0,0,0,0,1,0,0,0,1,1,1,0}, {0,1,1,1,0,0,1,1,0,0,0,1,0,0,0,0}, {0,0,1,1,0,0,0,1,0,0,0,0,0,0,0,0},
    {0,0,0,0,1,0,0,0,1,1,0,0,1,1,1,0}, {0,0,0,0,0,0,0,0,1,0,0,0,1,1,0,0}, {0,1,1,1,0,0,1,1,0,0,1,1,0,0,0,1},
    {0,0,1,1,0,0,0,1,0,0,0,1,0,0,0,0}, {0,0,0,0,1,0,0,0,1,0,0,0,1,1,0,0}, {0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0},
    {0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0}, {0,0,0,1,0,1,1,1,1,1,1,0,1,0,0,0}, {0,0,0,0,1,1,1,1,1,1,1,1,0,0,0,0},
    {0,1,1,1,0,0,0,1,1,0,0,0,1,1,1,0}, {0,0,1,1,1,0,0,1,1,0,0,1,1,1,0,0}, {0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1},
    {0,0,0,0,1,1,1,1,0,0,0,0,1,1,1,1}, {0,1,0,1,1,0,1,0,0,1,0,1,1,0,1,0}, {0,0,1,1,0,0,1,1,1,1,0,0,1,1,0,0},
    {0,0,1,1,1,1,0,0,0,0,1,1,1,1,0,0}, {0,1,0,1,0,1,0,1,1,0,1,0,1,0,1,0}, {0,1,1,0,1,0,0,1,0,1,1,0,1,0,0,1},
    {0,1,0,1,1,0,1,0,1,0,1,0,0,1,0,1}, {0,1,1,1,0,0,1,1,1,1,0,0,1,1,1,0}, {0,0,0,1,0,0,1,1,1,1,0,0,1,0,0,0},
    {0,0,1,1,0,0,1,0,0,1,0,0,1,1,0,0}, {0,0,1,1,1,0,1,1,1,1,0,1,1,1,0,0}, {0,1,1,0,1,0,0,1,1,0,0,1,0,1,1,0},
    {0,0,1,1,1,1,0,0,1,1,0,0,0,0,1,1}, {0,1,1,0,0,1,1,0,1,0,0,1,1,0,0,1}, {0,0,0,0,0,1,1,0,0,1,1,0,0,0,0,0},
    {0,1,0,0,1,1,1,0,0,1,0,0,0,0,0,0}, {0,0,1,0,0,1,1,1,0,0,1,0,0,0,0,0}, {0,0,0,0,0,0,1,0,0,1,1,1,0,0,1,0},
    {0,0,0,0,0,1,0,0,1,1,1,0,0,1,0,0}, {0,1,1,0,1,1,0,0,1,0,0,1,0,0,1,1}, {0,0,1,1,0,1,1,0,1,1,0,0,1,0,0,1},
    {0,1,1,0,0,0,1,1,1,0,0,1,1,1,0,0}, {0,0,1,1,1,0,0,1,1,1,0,0,0,1,1,0}, {0,1,1,0,1,1,0,0,1,1,0,0,1,0,0,1},
    {0,1,1,0,0,0,1,1,0,0,1,1,1,0,0,1}, {0,1,1,1,1,1,1,0,1,0,0,0,0,0,0,1}, {0,0,0,1,1,0,0,0,1,1,1,0,0,1,1,1},
    {0,0,0,0,1,1,1,1,0,0,1,1,0,0,1,1}, {0,0,1,1,0,0,1,1,1,1,1,1,0,0,0,0}, {0,0,1,0,0,0,1,0,1,1,1,0,1,1,1,0},
    {0,1,0,0,0,1,0,0,0,1,1,1,0,1,1,1}};

constexpr uint8_t kPartition3[64][16] = {
    {0,0,1,1,0,0,1,1,0,2,2,1,2,2,2,2}, {0,0,0,1,0,0,1,1,2,2,1,1,2,2,2,1}, {0,0,0,0,2,0,0,1,2,2,1,1,2,2,1,1},
    {0,2,2,2,0,0,2,2,0,0,1,1,0,1,1,1}, {0,0,0,0,0,0,0,0,1,1,2,2,1,1,2,2}, {0,0,1,1,0,0,1,1,0,0,2,2,0,0,2,2},
    {0,0,2,2,0,0,2,2,1,1,1,1,1,1,1,1}, {0,0,1,1,0,0,1,1,2,2,1,1,2,2,1,1}, {0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2},
    {0,0,0,0,1,1,1,1,1,1,1,1,2,2,2,2}, {0,0,0,0,1,1,1,1,2,2,2,2,2,2,2,2}, {0,0,1,2,0,0,1,2,0,0,1,2,0,0,1,2},
    {0,1,1,2,0,1,1,2,0,1,1,2,0,1,1,2}, {0,1,2,2,0,1,2,2,0,1,2,2,0,1,2,2}, {0,0,1,1,0,1,1,2,1,1,2,2,1,2,2,2},
    {0,0,1,1,2,0,0,1,2,2,0,0,2,2,2,0}, {0,0,0,1,0,0,1,1,0,1,1,2,1,1,2,2}, {0,1,1,1,0,0,1,1,2,0,0,1,2,2,0,0},
    {0,0,0,0,1,1,2,2,1,1,2,2,1,1,2,2}, {0,0,2,2,0,0,2,2,0,0,2,2,1,1,1,1}, {0,1,1,1,0,1,1,1,0,2,2,2,0,2,2,2},
    {0,0,0,1,0,0,0,1,2,2,2,1,2,2,2,1}, {0,0,0,0,0,0,1,1,0,1,2,2,0,1,2,2}, {0,0,0,0,1,1,0,0,2,2,1,0,2,2,1,0},
    {0,1,2,2,0,1,2,2,0,0,1,1,0,0,0,0}, {0,0,1,2,0,0,1,2,1,1,2,2,2,2,2,2}, {0,1,1,0,1,2,2,1,1,2,2,1,0,1,1,0},
    {0,0,0,0,0,1,1,0,1,2,2,1,1,2,2,1}, {0,0,2,2,1,1,0,2,1,1,0,2,0,0,2,2}, {0,1,1,0,0,1,1,0,2,0,0,2,2,2,2,2},
    {0,0,1,1,0,1,2,2,0,1,2,2,0,0,1,1}, {0,0,0,0,2,0,0,0,2,2,1,1,2,2,2,1}, {0,0,0,0,0,0,0,2,1,1,2,2,1,2,2,2},
    {0,2,2,2,0,0,2,2,0,0,1,2,0,0,1,1}, {0,0,1,1,0,0,1,2,0,0,2,2,0,2,2,2}, {0,1,2,0,0,1,2,0,0,1,2,0,0,1,2,0},
    {0,0,0,0,1,1,1,1,2,2,2,2,0,0,0,0}, {0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0}, {0,1,2,0,2,0,1,2,1,2,0,1,0,1,2,0},
    {0,0,1,1,2,2,0,0,1,1,2,2,0,0,1,1}, {0,0,1,1,1,1,2,2,2,2,0,0,0,0,1,1}, {0,1,0,1,0,1,0,1,2,2,2,2,2,2,2,2},
    {0,0,0,0,0,0,0,0,2,1,2,1,2,1,2,1}, {0,0,2,2,1,1,2,2,0,0,2,2,1,1,2,2}, {0,0,2,2,0,0,1,1,0,0,2,2,0,0,1,1},
    {0,2,2,0,1,2,2,1,0,2,2,0,1,2,2,1}, {0,1,0,1,2,2,2,2,2,2,2,2,0,1,0,1}, {0,0,0,0,2,1,2,1,2,1,2,1,2,1,2,1},
    {0,1,0,1,0,1,0,1,0,1,0,1,2,2,2,2}, {0,2,2,2,0,1,1,1,0,2,2,2,0,1,1,1}, {0,0,0,2,1,1,1,2,0,0,0,2,1,1,1,2},
    {0,0,0,0,2,1,1,2,2,1,1,2,2,1,1,2}, {0,2,2,2,0,1,1,1,0,1,1,1,0,2,2,2}, {0,0,0,2,1,1,1,2,1,1,1,2,0,0,0,2},
    {0,1,1,0,0,1,1,0,0,1,1,0,2,2,2,2}, {0,0,0,0,0,0,0,0,2,1,1,2,2,1,1,2}, {0,1,1,0,0,1,1,0,2,2,2,2,2,2,2,2},
    {0,0,2,2,0,0,1,1,0,0,1,1,0,0,2,2}, {0,0,2,2,1,1,2,2,1,1,2,2,0,0,2,2}, {0,0,0,0,0,0,0,0,0,0,0,0,2,1,1,2},
    {0,0,0,2,0,0,0,1,0,0,0,2,0,0,0,1}, {0,2,2,2,1,2,2,2,0,2,2,2,1,2,2,2}, {0,1,0,1,2,2,2,2,2,2,2,2,2,2,2,2},
    {0,1,1,1,2,0,1,1,2,2,0,1,2,2,2,0}};

// Table.A2, Table.A3a, Table.A3b: the anchor texel of the second (and
// third) subset; the first subset's is texel 0.
constexpr uint8_t kAnchor2[64] = {15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
                                  15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
                                  15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,
                                  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15};
constexpr uint8_t kAnchor3Second[64] = {3,  3,  15, 15, 8,  3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
                                        3,  3,  8,  15, 3,  3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
                                        8,  15, 3,  5,  6,  10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
                                        3,  15, 5,  5,  5,  8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3};
constexpr uint8_t kAnchor3Third[64] = {15, 8,  8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,
                                       15, 8,  15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,
                                       15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,
                                       15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8};

// The 6-bit interpolation factors of 2-, 3- and 4-bit indices.
constexpr uint8_t kWeights2[4] = {0, 21, 43, 64};
constexpr uint8_t kWeights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
constexpr uint8_t kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

const uint8_t* weights(uint32_t bits) { return bits == 2 ? kWeights2 : bits == 3 ? kWeights3 : kWeights4; }

// Whether texel `i` is an anchor (its index one bit shorter).
bool is_anchor(uint32_t subsets, uint32_t partition, uint32_t i) {
  if (i == 0) return true;
  if (subsets == 2) return i == kAnchor2[partition];
  if (subsets == 3) return i == kAnchor3Second[partition] || i == kAnchor3Third[partition];
  return false;
}

uint32_t subset_of(uint32_t subsets, uint32_t partition, uint32_t i) {
  return subsets == 2 ? kPartition2[partition][i] : subsets == 3 ? kPartition3[partition][i] : 0;
}

// Table.M.
struct Bc7Mode {
  uint8_t subsets, partition_bits, rotation_bits, index_selection_bits, color_bits, alpha_bits, endpoint_pbits,
      shared_pbits, index_bits, index2_bits;
};
constexpr Bc7Mode kBc7Modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0}};

// A `bits`-bit value as the high bits of a byte, its top bits repeated below.
uint8_t expand_to_byte(uint32_t v, uint32_t bits) {
  v <<= 8 - bits;
  return static_cast<uint8_t>(v | (v >> bits));
}

}  // namespace

void decode_bc7(const uint8_t* block, uint8_t out_rgba[64]) {
  uint32_t mode = 0;
  while (mode < 8 && !(block[0] & (1u << mode))) ++mode;
  if (mode == 8) {
    std::memset(out_rgba, 0, 64);
    return;
  }
  const Bc7Mode& m = kBc7Modes[mode];
  BitReader bits(block);
  bits.read(mode + 1);
  const uint32_t partition = bits.read(m.partition_bits);
  const uint32_t rotation = bits.read(m.rotation_bits);
  const uint32_t index_selection = bits.read(m.index_selection_bits);
  // Endpoints: [subset][endpoint][channel], with the P-bits still to add.
  uint32_t ep[3][2][4] = {};
  for (uint32_t c = 0; c < 3; ++c)
    for (uint32_t s = 0; s < m.subsets; ++s)
      for (uint32_t e = 0; e < 2; ++e) ep[s][e][c] = bits.read(m.color_bits);
  for (uint32_t s = 0; s < m.subsets; ++s)
    for (uint32_t e = 0; e < 2; ++e) ep[s][e][3] = m.alpha_bits ? bits.read(m.alpha_bits) : 0;
  uint32_t pbit[3][2] = {};
  if (m.endpoint_pbits) {
    for (uint32_t s = 0; s < m.subsets; ++s)
      for (uint32_t e = 0; e < 2; ++e) pbit[s][e] = bits.read(1);
  } else if (m.shared_pbits) {
    for (uint32_t s = 0; s < m.subsets; ++s) pbit[s][0] = pbit[s][1] = bits.read(1);
  }
  const bool has_pbit = m.endpoint_pbits || m.shared_pbits;
  uint8_t endpoint[3][2][4] = {};
  for (uint32_t s = 0; s < m.subsets; ++s)
    for (uint32_t e = 0; e < 2; ++e) {
      for (uint32_t c = 0; c < 3; ++c) {
        const uint32_t v = has_pbit ? (ep[s][e][c] << 1) | pbit[s][e] : ep[s][e][c];
        endpoint[s][e][c] = expand_to_byte(v, m.color_bits + (has_pbit ? 1u : 0u));
      }
      if (m.alpha_bits) {
        const uint32_t v = has_pbit ? (ep[s][e][3] << 1) | pbit[s][e] : ep[s][e][3];
        endpoint[s][e][3] = expand_to_byte(v, m.alpha_bits + (has_pbit ? 1u : 0u));
      } else {
        endpoint[s][e][3] = 255;
      }
    }
  uint32_t index1[16] = {}, index2[16] = {};
  for (uint32_t i = 0; i < 16; ++i)
    index1[i] = bits.read(m.index_bits - (is_anchor(m.subsets, partition, i) ? 1u : 0u));
  if (m.index2_bits)
    for (uint32_t i = 0; i < 16; ++i) index2[i] = bits.read(m.index2_bits - (i == 0 ? 1u : 0u));
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t s = subset_of(m.subsets, partition, i);
    // The colour index is the secondary one where the selection bit says
    // so; alpha takes the other index of a block that has two.
    uint32_t color_index = index1[i], color_bits = m.index_bits;
    uint32_t alpha_index = index1[i], alpha_bits = m.index_bits;
    if (m.index2_bits) {
      if (index_selection) {
        color_index = index2[i];
        color_bits = m.index2_bits;
      } else {
        alpha_index = index2[i];
        alpha_bits = m.index2_bits;
      }
    }
    uint8_t* texel = out_rgba + i * 4;
    const uint32_t wc = weights(color_bits)[color_index], wa = weights(alpha_bits)[alpha_index];
    for (uint32_t c = 0; c < 3; ++c)
      texel[c] = static_cast<uint8_t>(((64 - wc) * endpoint[s][0][c] + wc * endpoint[s][1][c] + 32) >> 6);
    texel[3] = static_cast<uint8_t>(((64 - wa) * endpoint[s][0][3] + wa * endpoint[s][1][3] + 32) >> 6);
    if (rotation) std::swap(texel[3], texel[rotation - 1]);
  }
}

namespace {

// Table.MF, with Table.F's field layout: each mode's fields as
// (variable, first bit, last bit) runs, read from the block's bit 5 (bit
// 2 for modes 0 and 1) after the mode bits. Variables: 0..3 are the
// endpoints' red (r0..r3), 4..7 green, 8..11 blue.
struct Field {
  uint8_t var, from, to;  // bits from..to of the variable, read in that order
};
struct Bc6Mode {
  uint8_t number;
  bool transformed;
  uint8_t partition_bits, endpoint_bits;
  uint8_t delta_bits[3];
  const char* layout;  // Table.F after m[...]
};

constexpr Bc6Mode kBc6Modes[14] = {
    {0, true, 5, 10, {5, 5, 5},
     "g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],"
     "r2[4:0],b3[2],r3[4:0],b3[3]"},
    {1, true, 5, 7, {6, 6, 6},
     "g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],g2[4],b0[6:0],b3[3],b3[5],b3[4],r1[5:0],"
     "g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
    {2, true, 5, 11, {5, 4, 4},
     "r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],"
     "r2[4:0],b3[2],r3[4:0],b3[3]"},
    {6, true, 5, 11, {4, 5, 4},
     "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],g0[10],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],"
     "r2[3:0],b3[0],b3[2],r3[3:0],g2[4],b3[3]"},
    {10, true, 5, 11, {4, 4, 5},
     "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[4:0],b0[10],b2[3:0],"
     "r2[3:0],b3[1],b3[2],r3[3:0],b3[4],b3[3]"},
    {14, true, 5, 9, {5, 5, 5},
     "r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],"
     "r2[4:0],b3[2],r3[4:0],b3[3]"},
    {18, true, 5, 8, {6, 5, 5},
     "r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],r1[5:0],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],"
     "b3[1],b2[3:0],r2[5:0],r3[5:0]"},
    {22, true, 5, 8, {5, 6, 5},
     "r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],r1[4:0],g3[4],g2[3:0],g1[5:0],g3[3:0],b1[4:0],"
     "b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {26, true, 5, 8, {5, 5, 6},
     "r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],"
     "b1[5:0],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {30, false, 5, 6, {6, 6, 6},
     "r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],"
     "g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
    {3, false, 0, 10, {10, 10, 10}, "r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]"},
    {7, true, 0, 11, {9, 9, 9}, "r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]"},
    {11, true, 0, 12, {8, 8, 8}, "r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],b1[7:0],b0[10:11]"},
    {15, true, 0, 16, {4, 4, 4}, "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],b1[3:0],b0[10:15]"},
};

uint32_t parse_number(const char*& p) {
  uint32_t v = 0;
  while (*p >= '0' && *p <= '9') v = v * 10 + static_cast<uint32_t>(*p++ - '0');
  return v;
}

// Reads a Table.F layout string's fields from `bits` into the endpoint
// variables. A field v[a:b] takes |a - b| + 1 block bits, the first into
// bit b of v and on towards bit a: upwards for a >= b (m[1:0] puts the
// block's first bit in m[0]), downwards for the reversed a < b fields
// (r0[10:11] puts it in r0[11]).
void read_layout(const char* layout, BitReader& bits, int32_t vars[12]) {
  const char* p = layout;
  while (*p) {
    const uint32_t channel = *p == 'r' ? 0u : *p == 'g' ? 1u : 2u;
    ++p;
    const uint32_t endpoint = parse_number(p);
    ++p;  // '['
    const uint32_t a = parse_number(p);
    uint32_t b = a;
    if (*p == ':') {
      ++p;
      b = parse_number(p);
    }
    ++p;  // ']'
    if (*p == ',') ++p;
    int32_t& v = vars[channel * 4 + endpoint];
    if (a >= b) {
      for (uint32_t bit = b; bit <= a; ++bit) v |= static_cast<int32_t>(bits.read(1) << bit);
    } else {
      for (uint32_t bit = b + 1; bit-- > a;) v |= static_cast<int32_t>(bits.read(1) << bit);
    }
  }
}

int32_t sign_extend(int32_t v, uint32_t bits) {
  const int32_t sign = 1 << (bits - 1);
  v &= (1 << bits) - 1;
  return (v ^ sign) - sign;
}

int32_t unquantize(int32_t x, uint32_t epb, bool is_signed) {
  if (!is_signed) {
    if (epb >= 15) return x;
    if (x == 0) return 0;
    if (x == (1 << epb) - 1) return 0xFFFF;
    return ((x << 15) + 0x4000) >> (epb - 1);
  }
  if (epb >= 16) return x;
  const bool negative = x < 0;
  if (negative) x = -x;
  int32_t unq;
  if (x == 0) unq = 0;
  else if (x >= (1 << (epb - 1)) - 1) unq = 0x7FFF;
  else unq = ((x << 15) + 0x4000) >> (epb - 1);
  return negative ? -unq : unq;
}

uint16_t finish(int32_t v, bool is_signed) {
  if (!is_signed) return static_cast<uint16_t>((v * 31) >> 6);
  if (v < 0) return static_cast<uint16_t>((((-v) * 31) >> 5) | 0x8000);
  return static_cast<uint16_t>((v * 31) >> 5);
}

}  // namespace

void decode_bc6h(const uint8_t* block, bool is_signed, uint16_t out_rgba[64]) {
  const uint32_t low2 = block[0] & 3u;
  const uint32_t number = low2 < 2 ? low2 : block[0] & 31u;
  const Bc6Mode* mode = nullptr;
  for (const Bc6Mode& m : kBc6Modes)
    if (m.number == number) mode = &m;
  if (!mode) {
    for (uint32_t i = 0; i < 16; ++i) {
      out_rgba[i * 4] = out_rgba[i * 4 + 1] = out_rgba[i * 4 + 2] = 0;
      out_rgba[i * 4 + 3] = 0x3C00;
    }
    return;
  }
  BitReader bits(block);
  bits.read(low2 < 2 ? 2 : 5);
  int32_t v[12] = {};  // r0..r3, g0..g3, b0..b3
  read_layout(mode->layout, bits, v);
  const uint32_t subsets = mode->partition_bits ? 2u : 1u;
  const uint32_t partition = bits.read(mode->partition_bits);
  const uint32_t epb = mode->endpoint_bits;
  const uint32_t endpoints = subsets * 2;
  for (uint32_t c = 0; c < 3; ++c) {
    int32_t* e = v + c * 4;
    if (is_signed) e[0] = sign_extend(e[0], epb);
    for (uint32_t i = 1; i < endpoints; ++i) {
      if (is_signed || mode->transformed) e[i] = sign_extend(e[i], mode->delta_bits[c]);
      if (mode->transformed) {
        e[i] = (e[0] + e[i]) & ((1 << epb) - 1);
        if (is_signed) e[i] = sign_extend(e[i], epb);
      }
    }
    for (uint32_t i = 0; i < endpoints; ++i) e[i] = unquantize(e[i], epb, is_signed);
  }
  const uint32_t index_bits = subsets == 2 ? 3u : 4u;
  const uint8_t* w = weights(index_bits);
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t index = bits.read(index_bits - (is_anchor(subsets, partition, i) ? 1u : 0u));
    const uint32_t s = subset_of(subsets, partition, i);
    for (uint32_t c = 0; c < 3; ++c) {
      const int32_t e0 = v[c * 4 + s * 2], e1 = v[c * 4 + s * 2 + 1];
      const int32_t value = ((64 - w[index]) * e0 + w[index] * e1 + 32) >> 6;
      out_rgba[i * 4 + c] = finish(value, is_signed);
    }
    out_rgba[i * 4 + 3] = 0x3C00;
  }
}

}  // namespace brass::bc
