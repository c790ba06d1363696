// Frame checks: every scene reads back the last frame it measured (or, for
// streaming, one more frame through the same path) and compares probe pixels
// with what its draws must produce, computed here on the CPU from the
// scene's own shader arithmetic. The same check runs on every driver, so a
// figure only stands for a frame that came out right: a draw that a driver
// drops, or runs with stale state or data, fails the scene instead of making
// it faster.
#pragma once

#include <GLES3/gl3.h>

#include <functional>
#include <string>
#include <vector>

namespace bench {

struct Rgba {
  float r = 0, g = 0, b = 0, a = 0;
};

// What make_texture() stores at texel (x, y), as 0..255 bytes; make_texture
// fills its texture from this, so a reference cannot drift from the data.
void test_texel_bytes(int width, int height, unsigned seed, int x, int y, unsigned char out[4]);

// make_texture()'s content sampled at (u, v) as a GL sampler does with
// LINEAR filtering, GL_REPEAT and no mipmaps (texel centres at half
// integers, row 0 at v = 0).
Rgba sample_test_texture(int width, int height, unsigned seed, float u, float v);

// UNORM8 storage of a colour: clamped, rounded to the nearest of 256 levels.
Rgba quantize_unorm8(Rgba c);

class FrameCheck {
 public:
  // Reads the whole width x height colour buffer of the bound read
  // framebuffer once; `what` names the frame in messages.
  FrameCheck(std::string what, int width, int height);

  // The pixel (x, y) must hold `expected` within `tolerance` levels (of 255)
  // in every channel.
  void expect(int x, int y, Rgba expected, int tolerance);

  // For probes whose colour depends on texture coordinates: reference(j)
  // gives the expected colour with the scene's coordinates moved by jitter
  // j in [-1, 1]^2 (the scene decides how far that is). A probe whose
  // reference changes by more than the tolerance within the jitter is not
  // judged: a driver's coordinate interpolation may land anywhere there.
  // Returns whether the probe was judged.
  bool expect_stable(int x, int y, const std::function<Rgba(float jx, float jy)>& reference, int tolerance);

  int judged() const { return judged_; }

  // false with the mismatches (the first few) in *why; also false when no
  // probe could be judged (a check that judges nothing cannot fail).
  bool ok(std::string* why) const;

 private:
  std::string what_;
  int width_, height_;
  std::vector<unsigned char> pixels_;
  bool read_ok_ = true;
  int judged_ = 0;
  std::vector<std::string> mismatches_;
};

}  // namespace bench
