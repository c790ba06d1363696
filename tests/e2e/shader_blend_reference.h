// A CPU model of GL's blending of one fragment into a fixed-point colour
// buffer (GL 4.6 §17.3.6, ES 3.2 §15.1.5): source, destination and factors
// clamped to the buffer's range ([-1, 1] for SNORM, [0, 1] for UNORM), the
// equation evaluated, the result stored with round-to-nearest. Shared by the
// ES and desktop tests of blending into formats the device cannot blend
// (src/gl/shader_blend.h).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace brass::e2e {

struct BlendSetup {
  unsigned eq_rgb, eq_alpha;  // GL_FUNC_ADD ... GL_MAX
  unsigned src_rgb, dst_rgb, src_alpha, dst_alpha;
};

using Rgba = std::array<float, 4>;

// The value a fixed-point buffer with `max_code` (127, 32767, 255) stores
// for `v`, as a float; `is_signed` picks the range.
inline float stored_value(float v, bool is_signed, float max_code) {
  const float lo = is_signed ? -1.0f : 0.0f;
  const float c = std::clamp(v, lo, 1.0f);
  return std::max(std::round(c * max_code) / max_code, lo);
}

inline float blend_factor(unsigned f, int comp, const Rgba& s, const Rgba& d, const Rgba& c, const Rgba& s1) {
  switch (f) {
    case 0x0000: return 0.0f;                        // ZERO
    case 0x0001: return 1.0f;                        // ONE
    case 0x0300: return s[comp];                     // SRC_COLOR
    case 0x0301: return 1.0f - s[comp];
    case 0x0302: return s[3];                        // SRC_ALPHA
    case 0x0303: return 1.0f - s[3];
    case 0x0304: return d[3];                        // DST_ALPHA
    case 0x0305: return 1.0f - d[3];
    case 0x0306: return d[comp];                     // DST_COLOR
    case 0x0307: return 1.0f - d[comp];
    case 0x0308: return comp < 3 ? std::min(s[3], 1.0f - d[3]) : 1.0f;  // SRC_ALPHA_SATURATE
    case 0x8001: return c[comp];                     // CONSTANT_COLOR
    case 0x8002: return 1.0f - c[comp];
    case 0x8003: return c[3];                        // CONSTANT_ALPHA
    case 0x8004: return 1.0f - c[3];
    case 0x88F9: return s1[comp];                    // SRC1_COLOR
    case 0x88FA: return 1.0f - s1[comp];
    case 0x8589: return s1[3];                       // SRC1_ALPHA
    case 0x88FB: return 1.0f - s1[3];
    default: return 0.0f;
  }
}

// The blended value before it is stored.
inline Rgba blend_reference(const BlendSetup& b, Rgba src, Rgba dst, Rgba constant, bool is_signed, Rgba src1 = {}) {
  const float lo = is_signed ? -1.0f : 0.0f;
  auto clamp4 = [lo](Rgba& v) {
    for (float& x : v) x = std::clamp(x, lo, 1.0f);
  };
  clamp4(src);
  clamp4(dst);
  clamp4(constant);
  clamp4(src1);
  Rgba out{};
  for (int i = 0; i < 4; ++i) {
    const bool alpha = i == 3;
    const unsigned eq = alpha ? b.eq_alpha : b.eq_rgb;
    const float fs = std::clamp(blend_factor(alpha ? b.src_alpha : b.src_rgb, i, src, dst, constant, src1), lo, 1.0f);
    const float fd = std::clamp(blend_factor(alpha ? b.dst_alpha : b.dst_rgb, i, src, dst, constant, src1), lo, 1.0f);
    switch (eq) {
      case 0x800A: out[i] = src[i] * fs - dst[i] * fd; break;  // FUNC_SUBTRACT
      case 0x800B: out[i] = dst[i] * fd - src[i] * fs; break;  // FUNC_REVERSE_SUBTRACT
      case 0x8007: out[i] = std::min(src[i], dst[i]); break;   // MIN
      case 0x8008: out[i] = std::max(src[i], dst[i]); break;   // MAX
      default: out[i] = src[i] * fs + dst[i] * fd; break;      // FUNC_ADD
    }
  }
  return out;
}

}  // namespace brass::e2e
