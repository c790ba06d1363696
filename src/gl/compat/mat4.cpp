#include "gl/compat/mat4.h"

#include <cmath>

namespace brass::gl::compat {

Mat4 multiply(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += static_cast<double>(a.at(row, k)) * b.at(k, c);
      r.at(row, c) = static_cast<float>(s);
    }
  return r;
}

Vec4 transform(const Mat4& a, const Vec4& v) {
  float out[4];
  for (int row = 0; row < 4; ++row)
    out[row] = static_cast<float>(static_cast<double>(a.at(row, 0)) * v.x + static_cast<double>(a.at(row, 1)) * v.y +
                                  static_cast<double>(a.at(row, 2)) * v.z + static_cast<double>(a.at(row, 3)) * v.w);
  return {out[0], out[1], out[2], out[3]};
}

Vec4 transform_row(const Vec4& v, const Mat4& a) {
  float out[4];
  for (int c = 0; c < 4; ++c)
    out[c] = static_cast<float>(static_cast<double>(v.x) * a.at(0, c) + static_cast<double>(v.y) * a.at(1, c) +
                                static_cast<double>(v.z) * a.at(2, c) + static_cast<double>(v.w) * a.at(3, c));
  return {out[0], out[1], out[2], out[3]};
}

Mat4 transpose(const Mat4& a) {
  Mat4 r;
  for (int row = 0; row < 4; ++row)
    for (int c = 0; c < 4; ++c) r.at(row, c) = a.at(c, row);
  return r;
}

Mat4 inverse(const Mat4& a) {
  // Gauss-Jordan elimination with partial pivoting on [a | I].
  double w[4][8];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      w[r][c] = a.at(r, c);
      w[r][c + 4] = r == c ? 1.0 : 0.0;
    }
  for (int col = 0; col < 4; ++col) {
    int pivot = col;
    for (int r = col + 1; r < 4; ++r)
      if (std::fabs(w[r][col]) > std::fabs(w[pivot][col])) pivot = r;
    if (!(std::fabs(w[pivot][col]) > 0.0)) return Mat4::identity();
    if (pivot != col)
      for (int c = 0; c < 8; ++c) std::swap(w[pivot][c], w[col][c]);
    const double inv = 1.0 / w[col][col];
    for (int c = 0; c < 8; ++c) w[col][c] *= inv;
    for (int r = 0; r < 4; ++r) {
      if (r == col || w[r][col] == 0.0) continue;
      const double f = w[r][col];
      for (int c = 0; c < 8; ++c) w[r][c] -= f * w[col][c];
    }
  }
  Mat4 r;
  for (int row = 0; row < 4; ++row)
    for (int c = 0; c < 4; ++c) r.at(row, c) = static_cast<float>(w[row][c + 4]);
  return r;
}

std::array<float, 9> normal_matrix(const Mat4& a) {
  // The spec names the upper-left 3x3's inverse transpose; for the affine
  // matrices modelviews are (bottom row 0, 0, 0, 1) that is the upper-left
  // 3x3 of the whole inverse transposed, which is what drivers give for any
  // matrix (and what GL's conformance tests expect).
  const Mat4 inv = inverse(a);
  std::array<float, 9> out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out[c * 3 + r] = inv.at(c, r);
  return out;
}

Mat4 rotation(double angle_degrees, double x, double y, double z) {
  const double len = std::sqrt(x * x + y * y + z * z);
  Mat4 r;
  if (!(len > 0.0) || !std::isfinite(len)) return r;  // no axis: no rotation
  x /= len;
  y /= len;
  z /= len;
  const double rad = angle_degrees * (3.14159265358979323846 / 180.0);
  const double c = std::cos(rad), s = std::sin(rad), t = 1.0 - c;
  // R = u u^T + cos(theta) (I - u u^T) + sin(theta) S (equation 12.4).
  r.at(0, 0) = static_cast<float>(x * x * t + c);
  r.at(0, 1) = static_cast<float>(x * y * t - z * s);
  r.at(0, 2) = static_cast<float>(x * z * t + y * s);
  r.at(1, 0) = static_cast<float>(y * x * t + z * s);
  r.at(1, 1) = static_cast<float>(y * y * t + c);
  r.at(1, 2) = static_cast<float>(y * z * t - x * s);
  r.at(2, 0) = static_cast<float>(z * x * t - y * s);
  r.at(2, 1) = static_cast<float>(z * y * t + x * s);
  r.at(2, 2) = static_cast<float>(z * z * t + c);
  return r;
}

Mat4 translation(double x, double y, double z) {
  Mat4 r;
  r.at(0, 3) = static_cast<float>(x);
  r.at(1, 3) = static_cast<float>(y);
  r.at(2, 3) = static_cast<float>(z);
  return r;
}

Mat4 scaling(double x, double y, double z) {
  Mat4 r;
  r.at(0, 0) = static_cast<float>(x);
  r.at(1, 1) = static_cast<float>(y);
  r.at(2, 2) = static_cast<float>(z);
  return r;
}

Mat4 frustum(double l, double r, double b, double t, double n, double f) {
  Mat4 m;
  m.at(0, 0) = static_cast<float>(2 * n / (r - l));
  m.at(0, 2) = static_cast<float>((r + l) / (r - l));
  m.at(1, 1) = static_cast<float>(2 * n / (t - b));
  m.at(1, 2) = static_cast<float>((t + b) / (t - b));
  m.at(2, 2) = static_cast<float>(-(f + n) / (f - n));
  m.at(2, 3) = static_cast<float>(-2 * f * n / (f - n));
  m.at(3, 2) = -1;
  m.at(3, 3) = 0;
  return m;
}

Mat4 ortho(double l, double r, double b, double t, double n, double f) {
  Mat4 m;
  m.at(0, 0) = static_cast<float>(2 / (r - l));
  m.at(0, 3) = static_cast<float>(-(r + l) / (r - l));
  m.at(1, 1) = static_cast<float>(2 / (t - b));
  m.at(1, 3) = static_cast<float>(-(t + b) / (t - b));
  m.at(2, 2) = static_cast<float>(-2 / (f - n));
  m.at(2, 3) = static_cast<float>(-(f + n) / (f - n));
  return m;
}

}  // namespace brass::gl::compat
