// One glGet answer (QueryValue) and its constructors, shared by the state
// query tables (state_queries.cpp, state_query_limits.cpp). The values are
// converted to the getter's type on the way out (ES 3.0 §6.1.2).
#pragma once

#include <initializer_list>

#include "gl/gl_types.h"

namespace brass::gl {

// The longest answer is GL_COMPRESSED_TEXTURE_FORMATS: 47 formats with ETC1,
// S3TC, RGTC and the 28 ASTC LDR formats.
constexpr int kMaxValues = 64;

// One glGet answer: values of one kind, converted on the way out.
struct QueryValue {
  enum Kind { Int, Float, Bool } kind = Int;
  int count = 0;
  bool normalized = false;  // a color or depth value: ints map [-1,1] to the full range
  bool mask = false;        // unsigned bit masks: GetIntegerv keeps the bit pattern
  GLint64 i[kMaxValues] = {};
  GLfloat f[kMaxValues] = {};
  bool b[kMaxValues] = {};
};

inline QueryValue ints(std::initializer_list<GLint64> v) {
  QueryValue q;
  for (GLint64 x : v) q.i[q.count++] = x;
  return q;
}
inline QueryValue enum_value(GLenum e) { return ints({static_cast<GLint64>(e)}); }
// Masks keep their bit pattern as GLint (a full mask reads as -1); as a
// float or a 64-bit integer they are the unsigned value.
inline QueryValue uint_value(GLuint v) {
  QueryValue q = ints({static_cast<GLint64>(v)});
  q.mask = true;
  return q;
}
inline QueryValue floats(std::initializer_list<GLfloat> v, bool normalized = false) {
  QueryValue q;
  q.kind = QueryValue::Float;
  q.normalized = normalized;
  for (GLfloat x : v) q.f[q.count++] = x;
  return q;
}
inline QueryValue floats(const GLfloat* v, int n, bool normalized) {
  QueryValue q;
  q.kind = QueryValue::Float;
  q.normalized = normalized;
  q.count = n;
  for (int k = 0; k < n; ++k) q.f[k] = v[k];
  return q;
}
inline QueryValue booleans(std::initializer_list<bool> v) {
  QueryValue q;
  q.kind = QueryValue::Bool;
  for (bool x : v) q.b[q.count++] = x;
  return q;
}

}  // namespace brass::gl
