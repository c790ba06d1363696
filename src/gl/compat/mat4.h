// 4x4 matrices and 4-vectors of the compatibility profile's transform state
// (GL 4.6 compatibility §12.1). Stored column-major, as GL hands matrices to
// glLoadMatrix and as GLSL's mat4 uniforms take them: element (row r,
// column c) is m[c * 4 + r].
#pragma once

#include <array>

namespace brass::gl::compat {

struct Vec4 {
  float x = 0, y = 0, z = 0, w = 0;
  float operator[](int i) const { return i == 0 ? x : i == 1 ? y : i == 2 ? z : w; }
};

struct Mat4 {
  std::array<float, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // identity

  static Mat4 identity() { return Mat4{}; }
  float at(int row, int col) const { return m[col * 4 + row]; }
  float& at(int row, int col) { return m[col * 4 + row]; }
  const float* data() const { return m.data(); }
  bool operator==(const Mat4&) const = default;
};

// a * b (b applied first to a column vector).
Mat4 multiply(const Mat4& a, const Mat4& b);
Vec4 transform(const Mat4& a, const Vec4& v);
// v as a row vector times a: (v^T a)^T, how GL maps planes through a matrix
// (a plane p transforms to p * M^-1 when points transform by M).
Vec4 transform_row(const Vec4& v, const Mat4& a);
Mat4 transpose(const Mat4& a);
// The inverse, computed in double precision; a singular matrix yields the
// identity (GL leaves the result of inverting it undefined).
Mat4 inverse(const Mat4& a);
// The upper-left 3x3 of inverse(a) transposed, as 9 floats column-major
// (GLSL's gl_NormalMatrix, GL 4.6 compatibility §12.1.1).
std::array<float, 9> normal_matrix(const Mat4& a);

// The matrices of glRotate, glTranslate, glScale, glFrustum and glOrtho
// (GL 4.6 compatibility §12.1.1, equations 12.4-12.6). Arguments are double
// because the d variants take doubles; the callers check the INVALID_VALUE
// rules first.
Mat4 rotation(double angle_degrees, double x, double y, double z);
Mat4 translation(double x, double y, double z);
Mat4 scaling(double x, double y, double z);
Mat4 frustum(double l, double r, double b, double t, double n, double f);
Mat4 ortho(double l, double r, double b, double t, double n, double f);

}  // namespace brass::gl::compat
