// Multisampled images at the seam: which sample counts the screen offers
// for images both rendered and sampled (GL's multisample textures), the
// per-kind limits, the standard sample positions, and a multisampled
// texture that is rendered into, sampled (a view of it) and resolved.
#include <set>
#include <utility>

#include "pipe_fixture.h"

namespace brass::test {
namespace {

using Multisample = PipeTest;

constexpr uint32_t kRenderAndSample = pipe::kUsageSampled | pipe::kUsageColorAttachment;

TEST_F(Multisample, SamplePositionsFollowVulkansStandardTables) {
  if (!screen().caps().limits.standard_sample_locations) GTEST_SKIP() << "non-standard sample locations";
  for (uint32_t n : {1u, 2u, 4u, 8u, 16u}) {
    std::set<std::pair<float, float>> seen;
    for (uint32_t i = 0; i < n; ++i) {
      float x = -1, y = -1;
      ASSERT_TRUE(screen().sample_position(n, i, &x, &y)) << n << " samples, index " << i;
      EXPECT_GE(x, 0.0f);
      EXPECT_LT(x, 1.0f);
      EXPECT_GE(y, 0.0f);
      EXPECT_LT(y, 1.0f);
      seen.insert({x, y});
    }
    EXPECT_EQ(seen.size(), n) << "every sample of a pixel at its own place";
    float x = 0, y = 0;
    EXPECT_FALSE(screen().sample_position(n, n, &x, &y));
  }
  // The single sample is the pixel centre; 4x is the table's rotated grid.
  float x = 0, y = 0;
  ASSERT_TRUE(screen().sample_position(1, 0, &x, &y));
  EXPECT_EQ(x, 0.5f);
  EXPECT_EQ(y, 0.5f);
  const float four[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
  for (uint32_t i = 0; i < 4; ++i) {
    ASSERT_TRUE(screen().sample_position(4, i, &x, &y));
    EXPECT_EQ(x, four[i][0]);
    EXPECT_EQ(y, four[i][1]);
  }
  // No standard table for other counts.
  EXPECT_FALSE(screen().sample_position(3, 0, &x, &y));
  EXPECT_FALSE(screen().sample_position(32, 0, &x, &y));
}

TEST_F(Multisample, TextureSampleLimitsHoldForEveryFormatOfTheirKind) {
  const int64_t color = screen().get_cap(pipe::Cap::MaxColorTextureSamples);
  const int64_t depth = screen().get_cap(pipe::Cap::MaxDepthTextureSamples);
  const int64_t integer = screen().get_cap(pipe::Cap::MaxIntegerSamples);
  EXPECT_GE(color, 1);
  EXPECT_GE(depth, 1);
  EXPECT_GE(integer, 1);
  EXPECT_GE(screen().get_cap(pipe::Cap::MaxSampleMaskWords), 1);
  for (size_t i = 0; i < pipe::kFormatCount; ++i) {
    const auto f = static_cast<pipe::Format>(i);
    const pipe::FormatDescription& d = pipe::describe(f);
    if (d.is_compressed()) continue;
    const bool ds = d.is_depth() || d.is_stencil();
    const uint32_t usage = pipe::kUsageSampled | (ds ? pipe::kUsageDepthStencil : pipe::kUsageColorAttachment);
    if (!screen().is_format_supported(f, pipe::Target::Texture2D, 1, usage)) continue;
    const int64_t limit = ds ? depth : d.is_integer() ? integer : color;
    if (limit > 1) {
      EXPECT_TRUE(screen().is_format_supported(f, pipe::Target::Texture2D, uint32_t(limit), usage)) << d.name;
    }
  }
  // Multisampled storage images are not offered.
  EXPECT_FALSE(screen().is_format_supported(pipe::Format::RGBA8_UNORM, pipe::Target::Texture2D, 4,
                                            pipe::kUsageStorage | pipe::kUsageSampled));
}

TEST_F(Multisample, RenderedTextureIsSampledAndResolved) {
  if (!screen().is_format_supported(pipe::Format::RGBA8_UNORM, pipe::Target::Texture2D, 4, kRenderAndSample))
    GTEST_SKIP() << "no 4x sampled RGBA8";
  auto ms = make_texture(4, 4, pipe::Format::RGBA8_UNORM, pipe::kBindRenderTarget | pipe::kBindSamplerView, 4);
  ASSERT_TRUE(ms);
  EXPECT_TRUE(driver::driver_resource(ms.get())->obj()->image_usage & VK_IMAGE_USAGE_SAMPLED_BIT);
  // A view of a multisampled resource is a multisample view (no target of
  // its own at the seam).
  Ref<pipe::SamplerView> view = ctx->create_sampler_view(ms.get(), pipe::SamplerViewTemplate{});
  ASSERT_TRUE(view);
  Ref<pipe::Surface> surface = ctx->create_surface(ms.get(), pipe::SurfaceTemplate{});
  pipe::ColorValue green{};
  green.f[1] = green.f[3] = 1.0f;
  ctx->clear_render_target(surface.get(), green, 0, 0, 4, 4);
  auto dst = make_texture(4, 4);
  pipe::BlitInfo b;
  b.src = {ms.get(), 0, {0, 0, 0, 4, 4, 1}, pipe::Format::None};
  b.dst = {dst.get(), 0, {0, 0, 0, 4, 4, 1}, pipe::Format::None};
  ctx->blit(b);
  for (uint32_t p : read_pixels(dst.get())) EXPECT_EQ(p, rgba(0, 255, 0));
}

}  // namespace
}  // namespace brass::test
