// plan_masked_clear (src/driver/meta/meta_plans.h) on real surfaces from the
// screen: a write mask covering every channel the format has takes the
// fast (load-op / clear command) path, a mask of 0 skips the buffer, a
// partial mask needs a draw with that mask in stored channels (swizzle-
// emulated formats: A8 as R8, RGB as RGBA); stencil 0xff is fast, other
// non-zero stencil masks need a stencil draw.
#include "driver/meta/meta_plans.h"

#include <array>

#include "driver/resource/resource.h"
#include "driver_device_fixture.h"

namespace brass::driver::test {
namespace {

class MaskedClearPlanTest : public DriverDeviceTest {
 protected:
  void TearDown() override {
    for (auto& s : surfaces_) s = {};
    textures_.clear();
    for (pipe::Format f : forced_) screen().force_format_emulation(f, false);
    DriverDeviceTest::TearDown();
  }
  // Attaches a 4x4 texture of `format` as color buffer i.
  void attach(unsigned i, pipe::Format format) {
    Ref<pipe::Resource> t = make_texture(4, 4, format);
    ASSERT_TRUE(t);
    surfaces_[i] = make_surface(t.get());
    ASSERT_TRUE(surfaces_[i]);
    textures_.push_back(std::move(t));
    fb_.width = fb_.height = 4;
    fb_.nr_cbufs = std::max(fb_.nr_cbufs, i + 1);
    fb_.cbufs[i] = surfaces_[i].get();
  }
  void force_emulation(pipe::Format f) {
    screen().force_format_emulation(f, true);
    forced_.push_back(f);
  }
  const vk::FormatChoice& stored(unsigned i) {
    return driver_resource(surfaces_[i]->resource())->obj()->format;
  }
  MaskedClearPlan plan(uint32_t buffers, uint8_t color_mask0, uint8_t stencil = 0xff) {
    pipe::ClearMasks m;
    m.color[0] = color_mask0;
    m.stencil = stencil;
    return plan_masked_clear(buffers, m, fb_, surfaces_.data());
  }

  pipe::FramebufferState fb_;
  std::array<Ref<pipe::Surface>, 8> surfaces_;
  std::vector<Ref<pipe::Resource>> textures_;
  std::vector<pipe::Format> forced_;
};

constexpr uint32_t C0 = pipe::kClearColor0;

TEST_F(MaskedClearPlanTest, AFullMaskIsTheFastPath) {
  attach(0, pipe::Format::RGBA8_UNORM);
  const MaskedClearPlan p = plan(C0, pipe::kMaskRGBA);
  EXPECT_EQ(p.fast, C0);
  EXPECT_EQ(p.masked_colors, 0u);
  EXPECT_FALSE(p.masked_stencil);
}

TEST_F(MaskedClearPlanTest, AZeroMaskSkipsTheBuffer) {
  attach(0, pipe::Format::RGBA8_UNORM);
  const MaskedClearPlan p = plan(C0, 0);
  EXPECT_EQ(p.fast, 0u);
  EXPECT_EQ(p.masked_colors, 0u);
}

TEST_F(MaskedClearPlanTest, APartialMaskIsADrawWithThatMask) {
  attach(0, pipe::Format::RGBA8_UNORM);
  const MaskedClearPlan p = plan(C0, pipe::kMaskR | pipe::kMaskB);
  EXPECT_EQ(p.fast, 0u);
  EXPECT_EQ(p.masked_colors, 1u);
  EXPECT_EQ(p.write_masks[0], pipe::kMaskR | pipe::kMaskB);
}

TEST_F(MaskedClearPlanTest, OnlyTheChannelsTheFormatHasCount) {
  attach(0, pipe::Format::RG8_UNORM);
  EXPECT_EQ(plan(C0, pipe::kMaskR | pipe::kMaskG).fast, C0) << "B and A do not exist";
  const MaskedClearPlan none = plan(C0, pipe::kMaskB | pipe::kMaskA);
  EXPECT_EQ(none.fast, 0u);
  EXPECT_EQ(none.masked_colors, 0u) << "masks only channels RG8 lacks";
  const MaskedClearPlan red = plan(C0, pipe::kMaskR | pipe::kMaskA);
  EXPECT_EQ(red.masked_colors, 1u);
  EXPECT_EQ(red.write_masks[0] & (pipe::kMaskR | pipe::kMaskG), pipe::kMaskR);
}

TEST_F(MaskedClearPlanTest, EachBufferIsPlannedOnItsOwn) {
  for (unsigned i = 0; i < 4; ++i) attach(i, pipe::Format::RGBA8_UNORM);
  fb_.cbufs[2] = nullptr;  // a hole in the draw buffers
  surfaces_[2] = {};
  pipe::ClearMasks m;
  m.color = {pipe::kMaskRGBA, pipe::kMaskG, pipe::kMaskRGBA, 0, pipe::kMaskA, 0, 0, 0};
  const MaskedClearPlan p = plan_masked_clear(C0 | C0 << 1 | C0 << 2 | C0 << 3, m, fb_, surfaces_.data());
  EXPECT_EQ(p.fast, C0) << "buffer 0 only (2 is a hole, 3 is masked off)";
  EXPECT_EQ(p.masked_colors, 1u << 1);
  EXPECT_EQ(p.write_masks[1], pipe::kMaskG);
  // Buffers not asked for are not planned, whatever their masks.
  const MaskedClearPlan q = plan_masked_clear(C0 << 3, m, fb_, surfaces_.data());
  EXPECT_EQ(q.fast, 0u);
  EXPECT_EQ(q.masked_colors, 0u);
}

TEST_F(MaskedClearPlanTest, StencilMaskAllOnesIsFastOthersDraw) {
  attach(0, pipe::Format::RGBA8_UNORM);
  const MaskedClearPlan full = plan(pipe::kClearStencil, pipe::kMaskRGBA, 0xff);
  EXPECT_EQ(full.fast, uint32_t(pipe::kClearStencil));
  EXPECT_FALSE(full.masked_stencil);
  const MaskedClearPlan part = plan(pipe::kClearStencil, pipe::kMaskRGBA, 0x0f);
  EXPECT_EQ(part.fast, 0u);
  EXPECT_TRUE(part.masked_stencil);
  const MaskedClearPlan none = plan(pipe::kClearStencil, pipe::kMaskRGBA, 0);
  EXPECT_EQ(none.fast, 0u);
  EXPECT_FALSE(none.masked_stencil);
  // Not asked for: no stencil draw whatever the mask.
  EXPECT_FALSE(plan(C0, pipe::kMaskRGBA, 0x0f).masked_stencil);
}

TEST_F(MaskedClearPlanTest, DepthIsAlwaysFast) {
  attach(0, pipe::Format::RGBA8_UNORM);
  const MaskedClearPlan p = plan(pipe::kClearDepth | C0, pipe::kMaskR, 0x0f);
  EXPECT_EQ(p.fast, uint32_t(pipe::kClearDepth));
  EXPECT_EQ(p.masked_colors, 1u);
}

TEST_F(MaskedClearPlanTest, A8MasksItsAlphaInStoredRed) {
  attach(0, pipe::Format::A8_UNORM);
  ASSERT_TRUE(stored(0).swizzled()) << "A8 is stored as R8 read as 000R";
  EXPECT_EQ(plan(C0, pipe::kMaskA).fast, C0) << "alpha is all A8 has";
  const MaskedClearPlan rgb = plan(C0, pipe::kMaskR | pipe::kMaskG | pipe::kMaskB);
  EXPECT_EQ(rgb.fast, 0u);
  EXPECT_EQ(rgb.masked_colors, 0u) << "A8 has no color channels to write";
}

TEST_F(MaskedClearPlanTest, RgbStoredAsRgbaIgnoresAlphaAndKeepsTheMaskInStoredChannels) {
  force_emulation(pipe::Format::RGB8_UNORM);
  attach(0, pipe::Format::RGB8_UNORM);
  ASSERT_TRUE(stored(0).swizzled()) << "forced emulation: RGBA read as RGB1";
  EXPECT_EQ(plan(C0, pipe::kMaskR | pipe::kMaskG | pipe::kMaskB).fast, C0) << "every channel GL has";
  const MaskedClearPlan p = plan(C0, pipe::kMaskR | pipe::kMaskG | pipe::kMaskA);
  EXPECT_EQ(p.fast, 0u);
  ASSERT_EQ(p.masked_colors, 1u);
  EXPECT_EQ(p.write_masks[0], pipe::kMaskR | pipe::kMaskG) << "stored alpha is never written by GL's alpha";
  const MaskedClearPlan a = plan(C0, pipe::kMaskA);
  EXPECT_EQ(a.fast | a.masked_colors, 0u) << "GL's RGB has no alpha";
}

TEST_F(MaskedClearPlanTest, ClearShadersFollowTheNumericKind) {
  EXPECT_EQ(clear_shader(pipe::Format::RGBA8_UNORM), MetaShader::ClearFloat);
  EXPECT_EQ(clear_shader(pipe::Format::RGBA8_UINT), MetaShader::ClearUint);
  EXPECT_EQ(clear_shader(pipe::Format::RGBA8_SINT), MetaShader::ClearSint);
  attach(0, pipe::Format::RGBA8_UINT);
  EXPECT_EQ(surface_format(surfaces_[0].get()), pipe::Format::RGBA8_UINT);
  EXPECT_EQ(plan(C0, pipe::kMaskRGBA).fast, C0);
}

}  // namespace
}  // namespace brass::driver::test
