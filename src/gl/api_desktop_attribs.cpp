// The desktop core-profile forms of glVertexAttrib* that ES has no form of
// (GL 4.6 core §10.2): doubles, shorts, the normalized and unnormalized
// integer vectors, the integer forms of fewer than four components and the
// packed forms glVertexAttribP*. Each converts its arguments as §10.2 says
// and stores the attribute's current value through the ES 3.0 handlers
// (glVertexAttrib4f, glVertexAttribI4i, glVertexAttribI4ui), which check the
// index and mark vertex input dirty. Every entry point here is desktop-only:
// the generated entry point refuses it in an ES context before the handler
// runs.
#include <cmath>
#include <cstdint>
#include <limits>

#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

GLfloat narrow(GLdouble v) { return static_cast<GLfloat>(v); }

// Normalized fixed-point to float (GL 4.6 §2.3.5.1, equations 2.1 and 2.2):
// unsigned c / (2^b - 1); signed max(c / (2^(b-1) - 1), -1), so that both
// the most negative value and the one above it give -1.
template <typename T>
GLfloat normalized(T c) {
  constexpr double max = static_cast<double>(std::numeric_limits<T>::max());
  const double v = static_cast<double>(c) / max;
  return static_cast<GLfloat>(v < -1.0 ? -1.0 : v);
}

template <typename T>
void set4_normalized(Context& ctx, GLuint index, const T* v) {
  if (!v) return;
  api::VertexAttrib4f(ctx, index, normalized(v[0]), normalized(v[1]), normalized(v[2]), normalized(v[3]));
}

template <typename T>
void set4_float(Context& ctx, GLuint index, const T* v) {
  if (!v) return;
  api::VertexAttrib4f(ctx, index, static_cast<GLfloat>(v[0]), static_cast<GLfloat>(v[1]),
                      static_cast<GLfloat>(v[2]), static_cast<GLfloat>(v[3]));
}

// Sign-extends the low `bits` bits of `v`.
int32_t sign_extend(uint32_t v, unsigned bits) {
  const uint32_t m = 1u << (bits - 1);
  v &= (1u << bits) - 1;
  return static_cast<int32_t>((v ^ m) - m);
}

// An unsigned small float of `mantissa_bits` mantissa bits and a 5-bit
// exponent with bias 15 (the 11- and 10-bit floats of
// UNSIGNED_INT_10F_11F_11F_REV, GL 4.6 §2.3.4.3 and §2.3.4.4).
GLfloat small_float(uint32_t v, unsigned mantissa_bits) {
  const uint32_t m = v & ((1u << mantissa_bits) - 1);
  const int e = static_cast<int>(v >> mantissa_bits) & 31;
  const float frac = static_cast<float>(m) / static_cast<float>(1u << mantissa_bits);
  if (e == 0) return std::ldexp(frac, -14);
  if (e == 31) return m == 0 ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
  return std::ldexp(1.0f + frac, e - 15);
}

}  // namespace

bool unpack_packed_attrib(Context& ctx, GLenum type, bool normalize, GLuint value, GLfloat c[4]) {
  switch (type) {
    case GL_INT_2_10_10_10_REV:
      for (int k = 0; k < 4; ++k) {
        const unsigned bits = k == 3 ? 2 : 10;
        const int32_t s = sign_extend(value >> (10 * k), bits);
        if (!normalize) {
          c[k] = static_cast<GLfloat>(s);
        } else {
          const float max = static_cast<float>((1 << (bits - 1)) - 1);
          c[k] = std::fmax(static_cast<float>(s) / max, -1.0f);
        }
      }
      break;
    case GL_UNSIGNED_INT_2_10_10_10_REV:
      for (int k = 0; k < 4; ++k) {
        const unsigned bits = k == 3 ? 2 : 10;
        const uint32_t u = (value >> (10 * k)) & ((1u << bits) - 1);
        c[k] = normalize ? static_cast<float>(u) / static_cast<float>((1u << bits) - 1) : static_cast<float>(u);
      }
      break;
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
      // ARB_vertex_type_10f_11f_11f_rev (GL 4.4): three components, never
      // normalized.
      if (!ctx.has_extension("GL_ARB_vertex_type_10f_11f_11f_rev")) {
        ctx.set_error(GL_INVALID_ENUM);
        return false;
      }
      c[0] = small_float(value & 0x7ff, 6);
      c[1] = small_float((value >> 11) & 0x7ff, 6);
      c[2] = small_float(value >> 22, 5);
      break;
    default: ctx.set_error(GL_INVALID_ENUM); return false;
  }
  return true;
}

namespace {

// glVertexAttribP{n}ui: the first `n` of the packed components (x in the
// low bits), the missing ones 0, 0, 1 (GL 4.6 §10.2, table 10.5 and §10.3.2's
// conversions).
void set_packed(Context& ctx, GLuint index, int n, GLenum type, GLboolean normalize, GLuint value) {
  GLfloat c[4] = {0, 0, 0, 1};
  if (!unpack_packed_attrib(ctx, type, normalize != GL_FALSE, value, c)) return;
  for (int k = n; k < 4; ++k) c[k] = k == 3 ? 1.0f : 0.0f;
  api::VertexAttrib4f(ctx, index, c[0], c[1], c[2], c[3]);
}

}  // namespace

namespace api {

// Doubles and shorts, converted to float (GL 4.6 §10.2: the current values
// are floating-point).
void VertexAttrib1d(Context& ctx, GLuint index, GLdouble x) { VertexAttrib4f(ctx, index, narrow(x), 0, 0, 1); }
void VertexAttrib2d(Context& ctx, GLuint index, GLdouble x, GLdouble y) {
  VertexAttrib4f(ctx, index, narrow(x), narrow(y), 0, 1);
}
void VertexAttrib3d(Context& ctx, GLuint index, GLdouble x, GLdouble y, GLdouble z) {
  VertexAttrib4f(ctx, index, narrow(x), narrow(y), narrow(z), 1);
}
void VertexAttrib4d(Context& ctx, GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w) {
  VertexAttrib4f(ctx, index, narrow(x), narrow(y), narrow(z), narrow(w));
}
void VertexAttrib1dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) VertexAttrib4f(ctx, index, narrow(v[0]), 0, 0, 1);
}
void VertexAttrib2dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) VertexAttrib4f(ctx, index, narrow(v[0]), narrow(v[1]), 0, 1);
}
void VertexAttrib3dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) VertexAttrib4f(ctx, index, narrow(v[0]), narrow(v[1]), narrow(v[2]), 1);
}
void VertexAttrib4dv(Context& ctx, GLuint index, const GLdouble* v) { set4_float(ctx, index, v); }

void VertexAttrib1s(Context& ctx, GLuint index, GLshort x) { VertexAttrib4f(ctx, index, x, 0, 0, 1); }
void VertexAttrib2s(Context& ctx, GLuint index, GLshort x, GLshort y) { VertexAttrib4f(ctx, index, x, y, 0, 1); }
void VertexAttrib3s(Context& ctx, GLuint index, GLshort x, GLshort y, GLshort z) {
  VertexAttrib4f(ctx, index, x, y, z, 1);
}
void VertexAttrib4s(Context& ctx, GLuint index, GLshort x, GLshort y, GLshort z, GLshort w) {
  VertexAttrib4f(ctx, index, x, y, z, w);
}
void VertexAttrib1sv(Context& ctx, GLuint index, const GLshort* v) {
  if (v) VertexAttrib4f(ctx, index, v[0], 0, 0, 1);
}
void VertexAttrib2sv(Context& ctx, GLuint index, const GLshort* v) {
  if (v) VertexAttrib4f(ctx, index, v[0], v[1], 0, 1);
}
void VertexAttrib3sv(Context& ctx, GLuint index, const GLshort* v) {
  if (v) VertexAttrib4f(ctx, index, v[0], v[1], v[2], 1);
}
void VertexAttrib4sv(Context& ctx, GLuint index, const GLshort* v) { set4_float(ctx, index, v); }

// Integer vectors taken as their values.
void VertexAttrib4bv(Context& ctx, GLuint index, const GLbyte* v) { set4_float(ctx, index, v); }
void VertexAttrib4iv(Context& ctx, GLuint index, const GLint* v) { set4_float(ctx, index, v); }
void VertexAttrib4ubv(Context& ctx, GLuint index, const GLubyte* v) { set4_float(ctx, index, v); }
void VertexAttrib4uiv(Context& ctx, GLuint index, const GLuint* v) { set4_float(ctx, index, v); }
void VertexAttrib4usv(Context& ctx, GLuint index, const GLushort* v) { set4_float(ctx, index, v); }

// Normalized integer vectors (the N forms).
void VertexAttrib4Nbv(Context& ctx, GLuint index, const GLbyte* v) { set4_normalized(ctx, index, v); }
void VertexAttrib4Niv(Context& ctx, GLuint index, const GLint* v) { set4_normalized(ctx, index, v); }
void VertexAttrib4Nsv(Context& ctx, GLuint index, const GLshort* v) { set4_normalized(ctx, index, v); }
void VertexAttrib4Nubv(Context& ctx, GLuint index, const GLubyte* v) { set4_normalized(ctx, index, v); }
void VertexAttrib4Nuiv(Context& ctx, GLuint index, const GLuint* v) { set4_normalized(ctx, index, v); }
void VertexAttrib4Nusv(Context& ctx, GLuint index, const GLushort* v) { set4_normalized(ctx, index, v); }
void VertexAttrib4Nub(Context& ctx, GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w) {
  const GLubyte v[4] = {x, y, z, w};
  set4_normalized(ctx, index, v);
}

// Pure integers of one to three components: the missing ones are 0, 0, 1.
void VertexAttribI1i(Context& ctx, GLuint index, GLint x) { VertexAttribI4i(ctx, index, x, 0, 0, 1); }
void VertexAttribI2i(Context& ctx, GLuint index, GLint x, GLint y) { VertexAttribI4i(ctx, index, x, y, 0, 1); }
void VertexAttribI3i(Context& ctx, GLuint index, GLint x, GLint y, GLint z) { VertexAttribI4i(ctx, index, x, y, z, 1); }
void VertexAttribI1ui(Context& ctx, GLuint index, GLuint x) { VertexAttribI4ui(ctx, index, x, 0, 0, 1); }
void VertexAttribI2ui(Context& ctx, GLuint index, GLuint x, GLuint y) { VertexAttribI4ui(ctx, index, x, y, 0, 1); }
void VertexAttribI3ui(Context& ctx, GLuint index, GLuint x, GLuint y, GLuint z) {
  VertexAttribI4ui(ctx, index, x, y, z, 1);
}
void VertexAttribI1iv(Context& ctx, GLuint index, const GLint* v) {
  if (v) VertexAttribI4i(ctx, index, v[0], 0, 0, 1);
}
void VertexAttribI2iv(Context& ctx, GLuint index, const GLint* v) {
  if (v) VertexAttribI4i(ctx, index, v[0], v[1], 0, 1);
}
void VertexAttribI3iv(Context& ctx, GLuint index, const GLint* v) {
  if (v) VertexAttribI4i(ctx, index, v[0], v[1], v[2], 1);
}
void VertexAttribI1uiv(Context& ctx, GLuint index, const GLuint* v) {
  if (v) VertexAttribI4ui(ctx, index, v[0], 0, 0, 1);
}
void VertexAttribI2uiv(Context& ctx, GLuint index, const GLuint* v) {
  if (v) VertexAttribI4ui(ctx, index, v[0], v[1], 0, 1);
}
void VertexAttribI3uiv(Context& ctx, GLuint index, const GLuint* v) {
  if (v) VertexAttribI4ui(ctx, index, v[0], v[1], v[2], 1);
}
// Small integer vectors, sign- or zero-extended.
void VertexAttribI4bv(Context& ctx, GLuint index, const GLbyte* v) {
  if (v) VertexAttribI4i(ctx, index, v[0], v[1], v[2], v[3]);
}
void VertexAttribI4sv(Context& ctx, GLuint index, const GLshort* v) {
  if (v) VertexAttribI4i(ctx, index, v[0], v[1], v[2], v[3]);
}
void VertexAttribI4ubv(Context& ctx, GLuint index, const GLubyte* v) {
  if (v) VertexAttribI4ui(ctx, index, v[0], v[1], v[2], v[3]);
}
void VertexAttribI4usv(Context& ctx, GLuint index, const GLushort* v) {
  if (v) VertexAttribI4ui(ctx, index, v[0], v[1], v[2], v[3]);
}

// Packed components.
void VertexAttribP1ui(Context& ctx, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_packed(ctx, index, 1, type, normalized, value);
}
void VertexAttribP2ui(Context& ctx, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_packed(ctx, index, 2, type, normalized, value);
}
void VertexAttribP3ui(Context& ctx, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_packed(ctx, index, 3, type, normalized, value);
}
void VertexAttribP4ui(Context& ctx, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_packed(ctx, index, 4, type, normalized, value);
}
void VertexAttribP1uiv(Context& ctx, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (value) set_packed(ctx, index, 1, type, normalized, *value);
}
void VertexAttribP2uiv(Context& ctx, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (value) set_packed(ctx, index, 2, type, normalized, *value);
}
void VertexAttribP3uiv(Context& ctx, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (value) set_packed(ctx, index, 3, type, normalized, *value);
}
void VertexAttribP4uiv(Context& ctx, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (value) set_packed(ctx, index, 4, type, normalized, *value);
}

}  // namespace api
}  // namespace brass::gl
