// render_pass/render_pass_state.h's pure helpers: clip_to_framebuffer (a
// scissor clipped to the framebuffer, false when nothing is left) and
// stored_clear_color (a GL clear color moved into the stored channels of a
// swizzle-emulated format).
#include <gtest/gtest.h>

#include <cstdint>

#include "driver/render_pass/render_pass_state.h"

namespace brass::driver::test {
namespace {

pipe::FramebufferState fb(uint32_t w, uint32_t h) {
  pipe::FramebufferState f;
  f.width = w;
  f.height = h;
  return f;
}

VkRect2D rect(int32_t x, int32_t y, uint32_t w, uint32_t h) { return {{x, y}, {w, h}}; }

void expect_rect(const VkRect2D& got, const VkRect2D& want) {
  EXPECT_EQ(got.offset.x, want.offset.x);
  EXPECT_EQ(got.offset.y, want.offset.y);
  EXPECT_EQ(got.extent.width, want.extent.width);
  EXPECT_EQ(got.extent.height, want.extent.height);
}

// Clips `s` against a 100x50 framebuffer.
bool clip(int32_t x, int32_t y, uint32_t w, uint32_t h, VkRect2D* out) {
  const pipe::ScissorRect s{x, y, w, h};
  *out = rect(-7, -7, 7, 7);  // poison
  return clip_to_framebuffer(fb(100, 50), &s, out);
}

TEST(RenderPassClipTest, NoScissorIsTheWholeFramebuffer) {
  VkRect2D r = rect(-7, -7, 7, 7);
  ASSERT_TRUE(clip_to_framebuffer(fb(100, 50), nullptr, &r));
  expect_rect(r, rect(0, 0, 100, 50));
}

TEST(RenderPassClipTest, AScissorInsideIsKept) {
  VkRect2D r;
  ASSERT_TRUE(clip(10, 5, 20, 30, &r));
  expect_rect(r, rect(10, 5, 20, 30));
  ASSERT_TRUE(clip(0, 0, 100, 50, &r));
  expect_rect(r, rect(0, 0, 100, 50));
}

TEST(RenderPassClipTest, NegativeOffsetsClampToZero) {
  VkRect2D r;
  ASSERT_TRUE(clip(-10, -20, 30, 40, &r));
  expect_rect(r, rect(0, 0, 20, 20));
}

TEST(RenderPassClipTest, OverflowingScissorsClampToTheFramebuffer) {
  VkRect2D r;
  ASSERT_TRUE(clip(90, 40, 30, 30, &r));
  expect_rect(r, rect(90, 40, 10, 10));
  ASSERT_TRUE(clip(-5, -5, 1000, 1000, &r));
  expect_rect(r, rect(0, 0, 100, 50));
}

TEST(RenderPassClipTest, AnEmptyIntersectionIsFalse) {
  VkRect2D r;
  EXPECT_FALSE(clip(100, 0, 10, 10, &r)) << "right of the framebuffer";
  EXPECT_FALSE(clip(0, 50, 10, 10, &r)) << "above the framebuffer";
  EXPECT_FALSE(clip(-20, 0, 20, 10, &r)) << "ends exactly at x = 0";
  EXPECT_FALSE(clip(0, -30, 10, 30, &r)) << "ends exactly at y = 0";
  EXPECT_FALSE(clip(10, 10, 0, 10, &r)) << "zero width";
  EXPECT_FALSE(clip(10, 10, 10, 0, &r)) << "zero height";
  EXPECT_FALSE(clip(INT32_MAX, INT32_MAX, UINT32_MAX, UINT32_MAX, &r));
}

TEST(RenderPassClipTest, HugeSizesDoNotOverflow) {
  VkRect2D r;
  // x + width overflows 32 bits: must still clamp, not wrap around.
  ASSERT_TRUE(clip(10, 20, UINT32_MAX, UINT32_MAX, &r));
  expect_rect(r, rect(10, 20, 90, 30));
  ASSERT_TRUE(clip(INT32_MIN, INT32_MIN, UINT32_MAX, UINT32_MAX, &r));
  expect_rect(r, rect(0, 0, 100, 50));
  ASSERT_TRUE(clip(99, 49, 0x80000000u, 0x80000000u, &r));
  expect_rect(r, rect(99, 49, 1, 1));
  // Starting far left with a width that only just reaches in.
  ASSERT_TRUE(clip(INT32_MIN, 0, 0x80000001u, 1, &r));
  expect_rect(r, rect(0, 0, 1, 1));
}

TEST(RenderPassClipTest, AnEmptyFramebufferClipsEverythingAway) {
  const pipe::ScissorRect s{0, 0, 10, 10};
  VkRect2D r;
  EXPECT_FALSE(clip_to_framebuffer(fb(0, 0), &s, &r));
}

pipe::ColorValue color_ui(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
  pipe::ColorValue c;
  c.ui[0] = r;
  c.ui[1] = g;
  c.ui[2] = b;
  c.ui[3] = a;
  return c;
}

vk::FormatChoice swizzled(pipe::Swizzle r, pipe::Swizzle g, pipe::Swizzle b, pipe::Swizzle a) {
  vk::FormatChoice c;
  c.vk = VK_FORMAT_R8G8B8A8_UNORM;
  c.swizzle = {r, g, b, a};
  return c;
}

using S = pipe::Swizzle;

TEST(RenderPassClipTest, StoredClearColorOfANativeFormatIsTheColor) {
  vk::FormatChoice native;
  native.vk = VK_FORMAT_R8G8B8A8_UNORM;
  const VkClearColorValue v = stored_clear_color(color_ui(1, 2, 3, 4), native);
  EXPECT_EQ(v.uint32[0], 1u);
  EXPECT_EQ(v.uint32[1], 2u);
  EXPECT_EQ(v.uint32[2], 3u);
  EXPECT_EQ(v.uint32[3], 4u);
  pipe::ColorValue f;
  f.f[0] = 0.25f;
  f.f[1] = -1.5f;
  f.f[2] = 0.0f;
  f.f[3] = 1.0f;
  const VkClearColorValue vf = stored_clear_color(f, native);
  EXPECT_EQ(vf.float32[0], 0.25f);
  EXPECT_EQ(vf.float32[1], -1.5f);
  EXPECT_EQ(vf.float32[3], 1.0f);
}

TEST(RenderPassClipTest, StoredClearColorOfA8PutsAlphaInStoredRed) {
  // A8 stored as R8, read as 000R.
  const VkClearColorValue v = stored_clear_color(color_ui(1, 2, 3, 4), swizzled(S::Zero, S::Zero, S::Zero, S::R));
  EXPECT_EQ(v.uint32[0], 4u);
}

TEST(RenderPassClipTest, StoredClearColorOfLuminanceAlphaPutsAlphaInStoredGreen) {
  // LA8 stored as RG8, read as RRRG; a luminance clear has equal r, g, b.
  const VkClearColorValue v = stored_clear_color(color_ui(7, 7, 7, 9), swizzled(S::R, S::R, S::R, S::G));
  EXPECT_EQ(v.uint32[0], 7u);
  EXPECT_EQ(v.uint32[1], 9u);
}

TEST(RenderPassClipTest, StoredClearColorOfRgbAsRgbaKeepsTheColorChannels) {
  const VkClearColorValue v = stored_clear_color(color_ui(1, 2, 3, 4), swizzled(S::R, S::G, S::B, S::One));
  EXPECT_EQ(v.uint32[0], 1u);
  EXPECT_EQ(v.uint32[1], 2u);
  EXPECT_EQ(v.uint32[2], 3u);
}

TEST(RenderPassClipTest, StoredClearColorFollowsAnySwizzle) {
  // A stored BGRA layout read as RGBA: GL red lives in stored blue.
  const VkClearColorValue v = stored_clear_color(color_ui(1, 2, 3, 4), swizzled(S::B, S::G, S::R, S::A));
  EXPECT_EQ(v.uint32[2], 1u);
  EXPECT_EQ(v.uint32[1], 2u);
  EXPECT_EQ(v.uint32[0], 3u);
  EXPECT_EQ(v.uint32[3], 4u);
}

}  // namespace
}  // namespace brass::driver::test
