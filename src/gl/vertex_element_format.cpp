#include "gl/vertex_element_format.h"

#include <cmath>
#include <cstring>

#include "gl/pixel/packed_float.h"
#include "gl/vertex_array.h"
#include "pipe/screen.h"

namespace brass::gl {

namespace {

using pipe::Format;

float half_to_float(uint16_t h) {
  const uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float v;
  if (exp == 0) v = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31) v = mant ? NAN : INFINITY;
  else v = std::ldexp(static_cast<float>(mant | 0x400), static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

template <typename T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// One element of an array as 32-bit components (float, or the integer
// value for glVertexAttribIPointer arrays), ES 3.0 §2.9.1 / table 2.10.
void decode(const VertexAttrib& a, const uint8_t* p, uint32_t* out) {
  const int n = a.size;
  if (a.type == GL_INT_2_10_10_10_REV || a.type == GL_UNSIGNED_INT_2_10_10_10_REV) {
    const uint32_t v = load<uint32_t>(p);
    const int bits[4] = {10, 10, 10, 2};
    int shift = 0;
    for (int c = 0; c < 4; ++c) {
      const uint32_t raw = (v >> shift) & ((1u << bits[c]) - 1);
      shift += bits[c];
      float f;
      if (a.type == GL_INT_2_10_10_10_REV) {
        const int32_t s = static_cast<int32_t>(raw << (32 - bits[c])) >> (32 - bits[c]);
        f = a.normalized ? std::max(static_cast<float>(s) / static_cast<float>((1 << (bits[c] - 1)) - 1), -1.0f)
                         : static_cast<float>(s);
      } else {
        f = a.normalized ? static_cast<float>(raw) / static_cast<float>((1u << bits[c]) - 1) : static_cast<float>(raw);
      }
      std::memcpy(&out[c], &f, 4);
    }
    return;
  }
  if (a.type == GL_UNSIGNED_INT_10F_11F_11F_REV) {
    // R and G in 11 bits (6-bit mantissa), B in 10 (5-bit), from the low
    // bits up; never normalized (GL 4.6 §10.3.2).
    float f[3];
    pixel::unpack_r11g11b10(load<uint32_t>(p), f);
    std::memcpy(out, f, sizeof(f));
    return;
  }
  for (int c = 0; c < n; ++c) {
    const uint8_t* q = p + c * component_size(a.type);
    if (a.integer) {
      int64_t v = 0;
      switch (a.type) {
        case GL_BYTE: v = load<int8_t>(q); break;
        case GL_UNSIGNED_BYTE: v = load<uint8_t>(q); break;
        case GL_SHORT: v = load<int16_t>(q); break;
        case GL_UNSIGNED_SHORT: v = load<uint16_t>(q); break;
        case GL_INT: v = load<int32_t>(q); break;
        default: v = load<uint32_t>(q); break;
      }
      out[c] = static_cast<uint32_t>(v);
      continue;
    }
    float f = 0;
    switch (a.type) {
      case GL_FLOAT: f = load<float>(q); break;
      case GL_DOUBLE: f = static_cast<float>(load<double>(q)); break;  // desktop glVertexAttribPointer
      case GL_HALF_FLOAT: f = half_to_float(load<uint16_t>(q)); break;
      case GL_FIXED: f = static_cast<float>(load<int32_t>(q)) / 65536.0f; break;
      case GL_BYTE: {
        const float v = load<int8_t>(q);
        f = a.normalized ? std::max(v / 127.0f, -1.0f) : v;
        break;
      }
      case GL_UNSIGNED_BYTE: {
        const float v = load<uint8_t>(q);
        f = a.normalized ? v / 255.0f : v;
        break;
      }
      case GL_SHORT: {
        const float v = load<int16_t>(q);
        f = a.normalized ? std::max(v / 32767.0f, -1.0f) : v;
        break;
      }
      case GL_UNSIGNED_SHORT: {
        const float v = load<uint16_t>(q);
        f = a.normalized ? v / 65535.0f : v;
        break;
      }
      case GL_INT: {
        const double v = load<int32_t>(q);
        f = static_cast<float>(a.normalized ? std::max(v / 2147483647.0, -1.0) : v);
        break;
      }
      case GL_UNSIGNED_INT: {
        const double v = load<uint32_t>(q);
        f = static_cast<float>(a.normalized ? v / 4294967295.0 : v);
        break;
      }
      default: break;
    }
    std::memcpy(&out[c], &f, 4);
  }
}

}  // namespace

void decode_vertex_element(const VertexAttrib& a, const uint8_t* p, uint32_t out[4]) { decode(a, p, out); }

Format vertex_format(GLenum type, GLint size, bool normalized, bool integer) {
  if (size < 1 || size > 4) return Format::None;
  const unsigned n = static_cast<unsigned>(size) - 1;
  if (integer) {
    switch (type) {
      case GL_BYTE: return kSint8[n];
      case GL_UNSIGNED_BYTE: return kUint8[n];
      case GL_SHORT: return kSint16[n];
      case GL_UNSIGNED_SHORT: return kUint16[n];
      case GL_INT: return kSint32[n];
      case GL_UNSIGNED_INT: return kUint32[n];
      default: return Format::None;
    }
  }
  switch (type) {
    case GL_FLOAT: return kFloat32[n];
    case GL_HALF_FLOAT: return kFloat16[n];
    // Non-normalized small integers read as floats need SCALED formats,
    // which the pipe does not have: converted.
    case GL_BYTE: return normalized ? kSnorm8[n] : Format::None;
    case GL_UNSIGNED_BYTE: return normalized ? kUnorm8[n] : Format::None;
    case GL_SHORT: return normalized ? kSnorm16[n] : Format::None;
    case GL_UNSIGNED_SHORT: return normalized ? kUnorm16[n] : Format::None;
    case GL_UNSIGNED_INT_2_10_10_10_REV: return normalized && size == 4 ? Format::RGB10A2_UNORM : Format::None;
    case GL_UNSIGNED_INT_10F_11F_11F_REV: return size == 3 ? Format::R11G11B10_FLOAT : Format::None;
    default: return Format::None;  // FIXED, INT, UNSIGNED_INT, INT_2_10_10_10_REV, DOUBLE
  }
}

bool fetches_64bit_vertex_formats(const pipe::Screen& screen) {
  for (Format f : kFloat64)
    if (!screen.is_format_supported(f, pipe::Target::Buffer, 1, pipe::kUsageVertexBuffer)) return false;
  return true;
}

uint32_t component_size(GLenum type) {
  switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE: return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_HALF_FLOAT: return 2;
    case GL_DOUBLE: return 8;
    default: return 4;
  }
}

uint32_t element_size(GLenum type, GLint size) {
  if (type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV ||
      type == GL_UNSIGNED_INT_10F_11F_11F_REV)
    return 4;
  return component_size(type) * static_cast<uint32_t>(size);
}

}  // namespace brass::gl
