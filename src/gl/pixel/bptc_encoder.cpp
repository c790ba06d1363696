// Written from the BPTC chapter of ARB/EXT_texture_compression_bptc (see
// bptc_encoder.h for the method).
#include "gl/pixel/bptc_encoder.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace brass::gl::pixel {
namespace {

// The 4-bit indices' interpolation weights (of endpoint 1, out of 64).
constexpr int kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

// A 128-bit block written from its least significant bit up.
struct BitWriter {
  uint8_t* out;
  uint32_t pos = 0;
  void put(uint32_t value, uint32_t bits) {
    for (uint32_t i = 0; i < bits; ++i, ++pos)
      if ((value >> i) & 1u) out[pos / 8] = static_cast<uint8_t>(out[pos / 8] | (1u << (pos % 8)));
  }
};

// Endpoints along the principal axis of 16 N-channel values: the extremes
// of their projections onto the covariance's dominant eigenvector.
template <int N>
void principal_endpoints(const float (&v)[16][N], float (&e0)[N], float (&e1)[N]) {
  float mean[N] = {}, lo[N], hi[N];
  for (int c = 0; c < N; ++c) lo[c] = hi[c] = v[0][c];
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < N; ++c) {
      mean[c] += v[i][c] / 16.0f;
      lo[c] = std::min(lo[c], v[i][c]);
      hi[c] = std::max(hi[c], v[i][c]);
    }
  float cov[N][N] = {};
  for (int i = 0; i < 16; ++i)
    for (int r = 0; r < N; ++r)
      for (int c = 0; c < N; ++c) cov[r][c] += (v[i][r] - mean[r]) * (v[i][c] - mean[c]);
  float axis[N];
  for (int c = 0; c < N; ++c) axis[c] = (hi[c] - lo[c]) * (c > 0 && cov[0][c] < 0 ? -1.0f : 1.0f);
  for (int iter = 0; iter < 8; ++iter) {
    float next[N] = {}, len = 0;
    for (int r = 0; r < N; ++r) {
      for (int c = 0; c < N; ++c) next[r] += cov[r][c] * axis[c];
      len += next[r] * next[r];
    }
    if (len < 1e-12f) break;
    len = std::sqrt(len);
    for (int r = 0; r < N; ++r) axis[r] = next[r] / len;
  }
  float len = 0;
  for (int c = 0; c < N; ++c) len += axis[c] * axis[c];
  if (len < 1e-12f) {  // one value
    for (int c = 0; c < N; ++c) e0[c] = e1[c] = mean[c];
    return;
  }
  len = std::sqrt(len);
  float tmin = INFINITY, tmax = -INFINITY;
  for (int i = 0; i < 16; ++i) {
    float t = 0;
    for (int c = 0; c < N; ++c) t += (v[i][c] - mean[c]) * axis[c] / len;
    tmin = std::min(tmin, t);
    tmax = std::max(tmax, t);
  }
  for (int c = 0; c < N; ++c) {
    e0[c] = mean[c] + tmin * axis[c] / len;
    e1[c] = mean[c] + tmax * axis[c] / len;
  }
}

// Least-squares endpoints for fixed indices (weight w/64 of endpoint 1).
template <int N>
bool refit(const float (&v)[16][N], const uint8_t (&index)[16], float (&e0)[N], float (&e1)[N]) {
  float aa = 0, ab = 0, bb = 0, ax[N] = {}, bx[N] = {};
  for (int i = 0; i < 16; ++i) {
    const float w1 = static_cast<float>(kWeights4[index[i]]) / 64.0f, w0 = 1.0f - w1;
    aa += w0 * w0;
    ab += w0 * w1;
    bb += w1 * w1;
    for (int c = 0; c < N; ++c) {
      ax[c] += w0 * v[i][c];
      bx[c] += w1 * v[i][c];
    }
  }
  const float det = aa * bb - ab * ab;
  if (std::fabs(det) < 1e-6f) return false;
  for (int c = 0; c < N; ++c) {
    e0[c] = (ax[c] * bb - bx[c] * ab) / det;
    e1[c] = (bx[c] * aa - ax[c] * ab) / det;
  }
  return true;
}

// ---- BC7 mode 6 ----

struct Bc7Fit {
  int q[2][4] = {};  // 7-bit endpoint components
  int p[2] = {};     // p-bits
  uint8_t index[16] = {};
  int64_t error = INT64_MAX;
};

Bc7Fit evaluate_bc7(const uint8_t* rgba, const float (&e0)[4], const float (&e1)[4], int p0, int p1) {
  Bc7Fit fit;
  fit.p[0] = p0;
  fit.p[1] = p1;
  int value[2][4];
  for (int c = 0; c < 4; ++c) {
    const float e[2] = {e0[c], e1[c]};
    for (int k = 0; k < 2; ++k) {
      fit.q[k][c] = static_cast<int>(std::clamp(std::lround((e[k] - static_cast<float>(fit.p[k])) / 2.0f), 0l, 127l));
      value[k][c] = fit.q[k][c] * 2 + fit.p[k];
    }
  }
  int palette[16][4];
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c)
      palette[i][c] = ((64 - kWeights4[i]) * value[0][c] + kWeights4[i] * value[1][c] + 32) >> 6;
  fit.error = 0;
  for (int t = 0; t < 16; ++t) {
    int64_t best = INT64_MAX;
    for (uint8_t i = 0; i < 16; ++i) {
      int64_t d = 0;
      for (int c = 0; c < 4; ++c) {
        const int diff = palette[i][c] - rgba[t * 4 + c];
        d += diff * diff;
      }
      if (d < best) {
        best = d;
        fit.index[t] = i;
      }
    }
    fit.error += best;
  }
  return fit;
}

Bc7Fit best_p_bits(const uint8_t* rgba, const float (&e0)[4], const float (&e1)[4]) {
  Bc7Fit best;
  for (int p = 0; p < 4; ++p) {
    const Bc7Fit f = evaluate_bc7(rgba, e0, e1, p & 1, p >> 1);
    if (f.error < best.error) best = f;
  }
  return best;
}

// ---- BC7 mode 5 ----
// 7-bit colour endpoints (widened by replicating the top bit) and 8-bit
// alpha endpoints, each with its own 2-bit indices; no p-bits, so values
// mode 6 cannot hold in both endpoints' shared low bit (0 next to 255 in one
// endpoint) come out exact.

constexpr int kWeights2[4] = {0, 21, 43, 64};

struct Bc7Mode5Fit {
  int color[2][3] = {};  // 7-bit
  int alpha[2] = {};     // 8-bit
  uint8_t color_index[16] = {}, alpha_index[16] = {};
  int64_t error = INT64_MAX;
};

int widen7(int q) { return (q << 1) | (q >> 6); }

int quantize7(float v) {
  // The 7-bit code whose widened value is nearest v.
  const int guess = static_cast<int>(std::clamp(std::lround(v / 2.0f), 0l, 127l));
  int best = guess;
  for (int q = std::max(0, guess - 1); q <= std::min(127, guess + 1); ++q)
    if (std::fabs(static_cast<float>(widen7(q)) - v) < std::fabs(static_cast<float>(widen7(best)) - v)) best = q;
  return best;
}

Bc7Mode5Fit fit_mode5(const uint8_t* rgba, const float (&c0)[3], const float (&c1)[3]) {
  Bc7Mode5Fit fit;
  int value[2][3];
  for (int c = 0; c < 3; ++c) {
    fit.color[0][c] = quantize7(c0[c]);
    fit.color[1][c] = quantize7(c1[c]);
    value[0][c] = widen7(fit.color[0][c]);
    value[1][c] = widen7(fit.color[1][c]);
  }
  int lo = 255, hi = 0;
  for (int i = 0; i < 16; ++i) {
    lo = std::min(lo, int{rgba[i * 4 + 3]});
    hi = std::max(hi, int{rgba[i * 4 + 3]});
  }
  fit.alpha[0] = lo;
  fit.alpha[1] = hi;
  fit.error = 0;
  for (int t = 0; t < 16; ++t) {
    int64_t best = INT64_MAX;
    for (uint8_t i = 0; i < 4; ++i) {
      int64_t d = 0;
      for (int c = 0; c < 3; ++c) {
        const int v = ((64 - kWeights2[i]) * value[0][c] + kWeights2[i] * value[1][c] + 32) >> 6;
        d += (v - rgba[t * 4 + c]) * (v - rgba[t * 4 + c]);
      }
      if (d < best) {
        best = d;
        fit.color_index[t] = i;
      }
    }
    int64_t best_a = INT64_MAX;
    for (uint8_t i = 0; i < 4; ++i) {
      const int v = ((64 - kWeights2[i]) * lo + kWeights2[i] * hi + 32) >> 6;
      const int64_t d = (v - rgba[t * 4 + 3]) * (v - rgba[t * 4 + 3]);
      if (d < best_a) {
        best_a = d;
        fit.alpha_index[t] = i;
      }
    }
    fit.error += best + best_a;
  }
  return fit;
}

// ---- BC6H mode 11 ----

// The decoder interpolates values before its final scaling by 31/64
// (unsigned) or 31/32 (signed) into binary16 bits: fit in that domain.
float bc6h_domain(uint16_t half, bool is_signed) {
  const bool negative = (half & 0x8000) != 0;
  const float magnitude = static_cast<float>(std::min<uint16_t>(half & 0x7fff, 0x7bff));  // no Inf/NaN
  if (!is_signed) return negative ? 0.0f : magnitude * 64.0f / 31.0f;
  return (negative ? -magnitude : magnitude) * 32.0f / 31.0f;
}

// The value a 10-bit endpoint stands for.
int bc6h_unquantize(int x, bool is_signed) {
  if (!is_signed) {
    if (x == 0) return 0;
    if (x == 1023) return 0xffff;
    return ((x << 16) + 0x8000) >> 10;
  }
  if (x == 0) return 0;
  const int magnitude = std::abs(x);
  const int u = magnitude >= 511 ? 0x7fff : ((magnitude << 15) + 0x4000) >> 9;
  return x < 0 ? -u : u;
}

// The binary16 value an interpolated value decodes to, as a signed integer
// (sign and magnitude bits), for comparing with the texels'.
int bc6h_finish(int v, bool is_signed) {
  if (!is_signed) return (v * 31) >> 6;
  return v < 0 ? -(((-v) * 31) >> 5) : (v * 31) >> 5;
}

int bc6h_target(uint16_t half, bool is_signed) {
  const int magnitude = std::min(half & 0x7fff, 0x7bff);
  if (half & 0x8000) return is_signed ? -magnitude : 0;
  return magnitude;
}

int bc6h_quantize(float t, bool is_signed) {
  const int limit = is_signed ? 511 : 1023;
  const long guess = std::lround((std::fabs(t) - 32.0f) / 64.0f) * (t < 0 ? -1 : 1);
  int best = 0;
  float best_d = INFINITY;
  for (long x = guess - 1; x <= guess + 1; ++x) {
    const int clamped = static_cast<int>(std::clamp(x, is_signed ? -static_cast<long>(limit) : 0l, long{limit}));
    const float d = std::fabs(static_cast<float>(bc6h_unquantize(clamped, is_signed)) - t);
    if (d < best_d) {
      best_d = d;
      best = clamped;
    }
  }
  // The top code stands for the range's end, not the next step.
  for (int x : {limit, is_signed ? -limit : 0}) {
    const float d = std::fabs(static_cast<float>(bc6h_unquantize(x, is_signed)) - t);
    if (d < best_d) {
      best_d = d;
      best = x;
    }
  }
  return best;
}

struct Bc6hFit {
  int x[2][3] = {};
  uint8_t index[16] = {};
  int64_t error = INT64_MAX;
};

Bc6hFit evaluate_bc6h(const int (&target)[16][3], const float (&e0)[3], const float (&e1)[3], bool is_signed) {
  Bc6hFit fit;
  int unq[2][3];
  for (int c = 0; c < 3; ++c) {
    fit.x[0][c] = bc6h_quantize(e0[c], is_signed);
    fit.x[1][c] = bc6h_quantize(e1[c], is_signed);
    unq[0][c] = bc6h_unquantize(fit.x[0][c], is_signed);
    unq[1][c] = bc6h_unquantize(fit.x[1][c], is_signed);
  }
  int palette[16][3];
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 3; ++c)
      palette[i][c] =
          bc6h_finish((unq[0][c] * (64 - kWeights4[i]) + unq[1][c] * kWeights4[i] + 32) >> 6, is_signed);
  fit.error = 0;
  for (int t = 0; t < 16; ++t) {
    int64_t best = INT64_MAX;
    for (uint8_t i = 0; i < 16; ++i) {
      int64_t d = 0;
      for (int c = 0; c < 3; ++c) {
        const int64_t diff = palette[i][c] - target[t][c];
        d += diff * diff;
      }
      if (d < best) {
        best = d;
        fit.index[t] = i;
      }
    }
    fit.error += best;
  }
  return fit;
}

// Texel 0 is the anchor: its index's top bit is implied 0, so an index of 8
// or more swaps the endpoints (and mirrors every index).
template <typename Fit, typename Swap>
void fix_anchor(Fit& fit, Swap swap_endpoints) {
  if (fit.index[0] < 8) return;
  swap_endpoints();
  for (uint8_t& i : fit.index) i = static_cast<uint8_t>(15 - i);
}

void write_indices(BitWriter& w, const uint8_t (&index)[16]) {
  w.put(index[0], 3);
  for (int i = 1; i < 16; ++i) w.put(index[i], 4);
}

}  // namespace

void encode_bc7(const uint8_t rgba[64], uint8_t out[16]) {
  float v[16][4];
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c) v[i][c] = static_cast<float>(rgba[i * 4 + c]);
  float e0[4], e1[4];
  principal_endpoints(v, e0, e1);
  Bc7Fit best = best_p_bits(rgba, e0, e1);
  Bc7Fit current = best;
  for (int iter = 0; iter < 3 && best.error > 0; ++iter) {
    if (!refit(v, current.index, e0, e1)) break;
    current = best_p_bits(rgba, e0, e1);
    if (current.error < best.error) best = current;
  }
  std::fill(out, out + 16, uint8_t{0});
  BitWriter w{out};
  if (best.error > 0) {
    float rgb[16][3], c0[3], c1[3];
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < 3; ++c) rgb[i][c] = v[i][c];
    principal_endpoints(rgb, c0, c1);
    Bc7Mode5Fit five = fit_mode5(rgba, c0, c1);
    if (five.error < best.error) {
      // Each index set has its own anchor (texel 0): top bit implied 0.
      if (five.color_index[0] >= 2) {
        std::swap(five.color[0], five.color[1]);
        for (uint8_t& i : five.color_index) i = static_cast<uint8_t>(3 - i);
      }
      if (five.alpha_index[0] >= 2) {
        std::swap(five.alpha[0], five.alpha[1]);
        for (uint8_t& i : five.alpha_index) i = static_cast<uint8_t>(3 - i);
      }
      w.put(1u << 5, 6);  // mode 5: five 0 bits, then a 1
      w.put(0, 2);        // no rotation
      for (int c = 0; c < 3; ++c) {
        w.put(static_cast<uint32_t>(five.color[0][c]), 7);
        w.put(static_cast<uint32_t>(five.color[1][c]), 7);
      }
      w.put(static_cast<uint32_t>(five.alpha[0]), 8);
      w.put(static_cast<uint32_t>(five.alpha[1]), 8);
      for (const uint8_t* index : {five.color_index, five.alpha_index}) {
        w.put(index[0], 1);
        for (int i = 1; i < 16; ++i) w.put(index[i], 2);
      }
      return;
    }
  }
  fix_anchor(best, [&] {
    std::swap(best.q[0], best.q[1]);
    std::swap(best.p[0], best.p[1]);
  });
  w.put(1u << 6, 7);  // mode 6: six 0 bits, then a 1
  for (int c = 0; c < 4; ++c) {
    w.put(static_cast<uint32_t>(best.q[0][c]), 7);
    w.put(static_cast<uint32_t>(best.q[1][c]), 7);
  }
  w.put(static_cast<uint32_t>(best.p[0]), 1);
  w.put(static_cast<uint32_t>(best.p[1]), 1);
  write_indices(w, best.index);
}

void encode_bc6h(const uint16_t rgba_half[64], bool is_signed, uint8_t out[16]) {
  float v[16][3];
  int target[16][3];
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 3; ++c) {
      v[i][c] = bc6h_domain(rgba_half[i * 4 + c], is_signed);
      target[i][c] = bc6h_target(rgba_half[i * 4 + c], is_signed);
    }
  float e0[3], e1[3];
  principal_endpoints(v, e0, e1);
  Bc6hFit best = evaluate_bc6h(target, e0, e1, is_signed);
  Bc6hFit current = best;
  for (int iter = 0; iter < 3 && best.error > 0; ++iter) {
    if (!refit(v, current.index, e0, e1)) break;
    current = evaluate_bc6h(target, e0, e1, is_signed);
    if (current.error < best.error) best = current;
  }
  fix_anchor(best, [&] { std::swap(best.x[0], best.x[1]); });
  std::fill(out, out + 16, uint8_t{0});
  BitWriter w{out};
  w.put(0x03, 5);  // mode 11: one region, 10-bit endpoints, no transform
  for (int k = 0; k < 2; ++k)
    for (int c = 0; c < 3; ++c) w.put(static_cast<uint32_t>(best.x[k][c]) & 0x3ffu, 10);
  write_indices(w, best.index);
}

}  // namespace brass::gl::pixel
