// Mipmapped sampling the way glmark2's refract scene does it (issue 15,
// docs/traces.md "refract"): glGenerateMipmap on a 640x480 texture, whose
// chain reaches odd sizes (20x15 -> 10x7 -> 5x3 -> 2x1 -> 1x1), then
// implicit-LOD lookups whose derivatives vary from pixel to pixel.
//
// GL ES 3.2 §8.14.4 asks of glGenerateMipmap only that each level be derived
// from the one before (a box filter is recommended, none is required), and
// §8.14.1 lets the scale factor rho and the derivatives it is computed from
// be approximated.  These tests hold Brass to what is required and to the
// choices docs/traces.md measured:
// - a level halving both sizes is the 2x2 box average of the one before; an
//   odd size's texels lie within the range of the texels they cover;
// - the level each pixel samples is one its own 2x2 quad's derivatives give,
//   and it is the same in the default framebuffer and in a framebuffer
//   object: GL window coordinates are Vulkan framebuffer coordinates for
//   both (nothing flips), so the quads and the pixel of each quad whose
//   derivatives set the LOD do not change with the target.  llvmpipe renders
//   a window-system buffer upside down in memory and so takes each quad's
//   LOD from the other row there, which is why refract's frames differ.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

using MipmapLod = GlesTest;

uint8_t channel(uint32_t p, int c) { return uint8_t(p >> (8 * c)); }

// Every level of a w x h RGBA8 texture, read back through a framebuffer
// object (level by level, bottom row first).
std::vector<std::vector<uint32_t>> read_levels(GLuint tex, int w, int h, int levels) {
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  std::vector<std::vector<uint32_t>> out;
  for (int l = 0; l < levels; ++l) {
    const int lw = std::max(1, w >> l), lh = std::max(1, h >> l);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, l);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE)) << "level " << l;
    std::vector<uint32_t> px(size_t(lw) * size_t(lh), 0xdeadbeef);
    glReadPixels(0, 0, lw, lh, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    out.push_back(std::move(px));
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  return out;
}

TEST_F(MipmapLod, GeneratedLevelsOfAnOddSizedChainAverageTheLevelBefore) {
  constexpr int kW = 640, kH = 480, kLevels = 10;  // 640x480 ... 20x15, 10x7, 5x3, 2x1, 1x1
  std::vector<uint32_t> base(size_t(kW) * kH);
  uint32_t seed = 12345;
  for (uint32_t& p : base) {
    seed = seed * 1103515245u + 12345u;
    p = seed ^ (seed >> 13) * 2654435761u;
  }
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, kW, kH, 0, GL_RGBA, GL_UNSIGNED_BYTE, base.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const auto levels = read_levels(tex, kW, kH, kLevels);
  ASSERT_EQ(levels.size(), size_t(kLevels));
  EXPECT_TRUE(levels[0] == base) << "glGenerateMipmap changed the base level";
  int even_levels = 0, odd_levels = 0;
  for (int l = 1; l < kLevels; ++l) {
    const int sw = std::max(1, kW >> (l - 1)), sh = std::max(1, kH >> (l - 1));
    const int dw = std::max(1, kW >> l), dh = std::max(1, kH >> l);
    const std::vector<uint32_t>& src = levels[size_t(l - 1)];
    const std::vector<uint32_t>& dst = levels[size_t(l)];
    const bool halves = sw == 2 * dw && sh == 2 * dh;
    (halves ? even_levels : odd_levels)++;
    int worst = 0;
    for (int y = 0; y < dh; ++y)
      for (int x = 0; x < dw; ++x)
        for (int c = 0; c < 4; ++c) {
          const int got = channel(dst[size_t(y) * dw + x], c);
          if (halves) {
            int sum = 0;
            for (int j = 0; j < 2; ++j)
              for (int i = 0; i < 2; ++i) sum += channel(src[size_t(2 * y + j) * sw + 2 * x + i], c);
            // Off the average sum / 4 by more than one level: in quarters.
            const int off_quarters = std::abs(got * 4 - sum);
            if (off_quarters > 4) worst = std::max(worst, (off_quarters + 3) / 4);
            continue;
          }
          // The source texels under [x, x+1) x [y, y+1) of the level.
          const int x0 = x * sw / dw, x1 = std::min(sw - 1, ((x + 1) * sw + dw - 1) / dw - 1);
          const int y0 = y * sh / dh, y1 = std::min(sh - 1, ((y + 1) * sh + dh - 1) / dh - 1);
          int lo = 255, hi = 0;
          for (int sy = y0; sy <= y1; ++sy)
            for (int sx = x0; sx <= x1; ++sx) {
              lo = std::min<int>(lo, channel(src[size_t(sy) * sw + sx], c));
              hi = std::max<int>(hi, channel(src[size_t(sy) * sw + sx], c));
            }
          worst = std::max(worst, got < lo - 1 ? lo - got : got > hi + 1 ? got - hi : 0);
        }
    EXPECT_EQ(worst, 0) << "level " << l << " (" << dw << "x" << dh << " from " << sw << "x" << sh
                        << (halves ? "): off the 2x2 box average by more than one level"
                                   : "): a texel outside the range of the texels it covers");
  }
  EXPECT_EQ(even_levels, 5);  // down to 20x15
  EXPECT_EQ(odd_levels, 4);   // 10x7, 5x3, 2x1, 1x1
  glDeleteTextures(1, &tex);
}

// s = x * y / 256 in window coordinates: d s/dx = y / 256 and d s/dy = x / 256,
// so on a 256-texel-wide texture rho = max(x, y) and the level changes
// along the diagonal steps of the image, at rows and columns where the two
// rows (or columns) of a quad disagree about it (and, within the bounds GL
// puts on approximating rho, where a device's approximation moves it).
constexpr const char* kLodFs = R"(#version 300 es
precision highp float;
uniform sampler2D tex;
out vec4 color;
void main() {
  color = texture(tex, vec2(gl_FragCoord.x * gl_FragCoord.y / 256.0, 0.5));
})";

constexpr int kLodTexSize = 256, kLodLevels = 9;  // 256 ... 1
constexpr int kLevelStep = 28;                    // level l has red l * 28

// Levels NEAREST_MIPMAP_NEAREST picks (GL ES 3.2 §8.14.3) for any lambda in
// [lo - 0.05, hi + 0.05] (log2 may be approximated too).
std::array<bool, kLodLevels> levels_for(double lo, double hi) {
  std::array<bool, kLodLevels> ok{};
  for (double l = lo - 0.05; l <= hi + 0.05 + 1e-9; l += 0.01) {
    int d = l <= 0.5 ? 0 : int(std::ceil(l + 0.5)) - 1;
    ok[size_t(std::clamp(d, 0, kLodLevels - 1))] = true;
  }
  return ok;
}

TEST_F(MipmapLod, ImplicitLodComesFromThePixelsQuadAndIsTheSameInTheDefaultFramebufferAndAnFbo) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  for (int l = 0; l < kLodLevels; ++l) {
    const int s = kLodTexSize >> l;
    std::vector<uint32_t> px(size_t(s) * s, rgba(uint8_t(l * kLevelStep), 0, 0));
    glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, s, s, 0, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  const GLuint prog = program(kFullscreenVs, kLodFs);
  glUseProgram(prog);
  glViewport(0, 0, kWidth, kHeight);

  glDrawArrays(GL_TRIANGLES, 0, 3);
  const std::vector<uint32_t> window = read_pixels();

  GLuint target = 0, fbo = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kWidth, kHeight);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glBindTexture(GL_TEXTURE_2D, tex);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  std::vector<uint32_t> offscreen(size_t(kWidth) * kHeight, 0xdeadbeef);
  glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, offscreen.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  std::array<int, kLodLevels> seen{};
  int outside = 0, differ = 0;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      const uint32_t p = window[size_t(y) * kWidth + x];
      if (p != offscreen[size_t(y) * kWidth + x]) ++differ;
      const int level = channel(p, 0) / kLevelStep;
      if (channel(p, 0) % kLevelStep != 0 || level >= kLodLevels) {
        ++outside;
        continue;
      }
      ++seen[size_t(level)];
      // The derivatives at the centre of any pixel of this pixel's quad:
      // d s/dx = y, d s/dy = x in texels. GL allows rho anywhere from
      // max(x, y) to x + y (§8.14.1: the approximation bounds; NVIDIA is
      // not at the maximum).
      bool allowed = false;
      const int qx = x & ~1, qy = y & ~1;
      for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) {
          const double cx = qx + i + 0.5, cy = qy + j + 0.5;
          allowed |= levels_for(std::log2(std::max(cx, cy)), std::log2(cx + cy))[size_t(level)];
        }
      if (!allowed) ++outside;
    }
  EXPECT_EQ(outside, 0) << "pixels whose level no derivative of their quad gives";
  EXPECT_EQ(differ, 0) << "pixels that differ between the default framebuffer and a framebuffer object";
  // The pattern reaches levels 0 to 5 (rho up to 31.5): a test that sampled
  // one level everywhere would prove nothing.
  EXPECT_GT(std::count_if(seen.begin(), seen.end(), [](int n) { return n > 0; }), 4);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &target);
  glDeleteTextures(1, &tex);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
