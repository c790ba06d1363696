#include "frame_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bench {

void test_texel_bytes(int width, int height, unsigned seed, int x, int y, unsigned char out[4]) {
  (void)height;
  const bool on = ((x / 8) ^ (y / 8)) & 1;
  out[0] = static_cast<unsigned char>(on ? 200 + seed * 23 : 40);
  out[1] = static_cast<unsigned char>(on ? 90 + seed * 61 : 120);
  out[2] = static_cast<unsigned char>(x * 255 / std::max(1, width - 1));
  out[3] = static_cast<unsigned char>(on ? 200 : 120);
}

namespace {

Rgba texel(int width, int height, unsigned seed, int x, int y) {
  // GL_REPEAT: coordinates wrap into [0, size).
  x = ((x % width) + width) % width;
  y = ((y % height) + height) % height;
  unsigned char b[4];
  test_texel_bytes(width, height, seed, x, y, b);
  return {b[0] / 255.0f, b[1] / 255.0f, b[2] / 255.0f, b[3] / 255.0f};
}

Rgba lerp(Rgba a, Rgba b, float t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
}

int level_of(float v) { return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }

int max_level_difference(Rgba a, Rgba b) {
  return std::max({std::abs(level_of(a.r) - level_of(b.r)), std::abs(level_of(a.g) - level_of(b.g)),
                   std::abs(level_of(a.b) - level_of(b.b)), std::abs(level_of(a.a) - level_of(b.a))});
}

}  // namespace

Rgba sample_test_texture(int width, int height, unsigned seed, float u, float v) {
  const float x = u * static_cast<float>(width) - 0.5f;
  const float y = v * static_cast<float>(height) - 0.5f;
  const float x0 = std::floor(x), y0 = std::floor(y);
  const int i = static_cast<int>(x0), j = static_cast<int>(y0);
  const Rgba bottom = lerp(texel(width, height, seed, i, j), texel(width, height, seed, i + 1, j), x - x0);
  const Rgba top = lerp(texel(width, height, seed, i, j + 1), texel(width, height, seed, i + 1, j + 1), x - x0);
  return lerp(bottom, top, y - y0);
}

Rgba quantize_unorm8(Rgba c) {
  auto q = [](float v) { return static_cast<float>(level_of(v)) / 255.0f; };
  return {q(c.r), q(c.g), q(c.b), q(c.a)};
}

FrameCheck::FrameCheck(std::string what, int width, int height)
    : what_(std::move(what)), width_(width), height_(height),
      pixels_(static_cast<size_t>(width) * static_cast<size_t>(height) * 4) {
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels_.data());
  read_ok_ = glGetError() == GL_NO_ERROR;
}

void FrameCheck::expect(int x, int y, Rgba expected, int tolerance) {
  ++judged_;
  if (!read_ok_ || x < 0 || y < 0 || x >= width_ || y >= height_) {
    mismatches_.push_back("probe outside the frame");
    return;
  }
  const unsigned char* p = &pixels_[(static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)) * 4];
  const Rgba got = {p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f};
  if (max_level_difference(got, expected) <= tolerance) return;
  char buf[160];
  std::snprintf(buf, sizeof(buf), "pixel (%d,%d) is %d,%d,%d,%d, expected %d,%d,%d,%d (+-%d)", x, y, p[0], p[1], p[2],
                p[3], level_of(expected.r), level_of(expected.g), level_of(expected.b), level_of(expected.a),
                tolerance);
  mismatches_.push_back(buf);
}

bool FrameCheck::expect_stable(int x, int y, const std::function<Rgba(float, float)>& reference, int tolerance) {
  const Rgba centre = reference(0, 0);
  for (float jx : {-1.0f, 0.0f, 1.0f}) {
    for (float jy : {-1.0f, 0.0f, 1.0f}) {
      if (max_level_difference(reference(jx, jy), centre) > tolerance) return false;
    }
  }
  expect(x, y, centre, tolerance);
  return true;
}

bool FrameCheck::ok(std::string* why) const {
  if (!read_ok_) {
    *why = what_ + ": glReadPixels failed";
    return false;
  }
  if (judged_ == 0) {
    *why = what_ + ": no probe could be judged";
    return false;
  }
  if (mismatches_.empty()) return true;
  *why = what_ + ": frame check failed, " + std::to_string(mismatches_.size()) + " of " + std::to_string(judged_) +
         " probes wrong";
  for (size_t i = 0; i < mismatches_.size() && i < 4; ++i) *why += "; " + mismatches_[i];
  return false;
}

}  // namespace bench
