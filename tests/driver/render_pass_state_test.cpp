// RenderPassState (src/driver/render_pass/render_pass_state.h) on a real
// color surface, with both pass paths (dynamic rendering and VkRenderPass
// objects): framebuffer changes, the hooks' order at begin and end, every
// end counted under its reason, and whole-framebuffer clears before a pass
// becoming its load-op clears.
#include "driver/render_pass/render_pass_state.h"

#include <optional>
#include <string>
#include <vector>

#include "driver/resource/resource.h"
#include "driver_device_fixture.h"
#include "util/stats.h"

namespace brass::driver::test {
namespace {

uint64_t stat(const std::string& name) {
  const std::optional<uint64_t> v = stat_value(name.c_str());
  EXPECT_TRUE(v.has_value()) << "no counter " << name;
  return v.value_or(0);
}

// Records every hook call as "<name>.<call>".
class RecordingHooks final : public RenderPassHooks {
 public:
  RecordingHooks(std::string name, std::vector<std::string>* log) : name_(std::move(name)), log_(log) {}
  vk::Status before_begin(VkCommandBuffer cmd) override {
    EXPECT_NE(cmd, VK_NULL_HANDLE);
    log_->push_back(name_ + ".before_begin");
    return {};
  }
  void after_begin(VkCommandBuffer) override { log_->push_back(name_ + ".after_begin"); }
  void before_end(VkCommandBuffer) override { log_->push_back(name_ + ".before_end"); }

 private:
  std::string name_;
  std::vector<std::string>* log_;
};

class RenderPassStateTest : public DriverDeviceTest, public ::testing::WithParamInterface<bool> {
 protected:
  bool dynamic_rendering() const { return GetParam(); }

  void SetUp() override {
    DriverDeviceTest::SetUp();
    if (HasFatalFailure()) return;
    if (dynamic_rendering() && !screen().dynamic_rendering()) GTEST_SKIP() << "no dynamic rendering";
    sync_ = std::make_unique<SyncTracker>(screen(), ring(), device().caps().synchronization2);
    rps_ = std::make_unique<RenderPassState>(vk_device(), ring(), *sync_, dynamic_rendering());
    for (int i = 0; i < 2; ++i) {
      textures_[i] = make_texture(16, 8, pipe::Format::RGBA8_UNORM);
      ASSERT_TRUE(textures_[i]);
      surfaces_[i] = make_surface(textures_[i].get());
      ASSERT_TRUE(surfaces_[i]);
    }
  }
  void TearDown() override {
    if (rps_) {
      if (rps_->active()) rps_->end(RenderPassEnd::Submit);
      submit();
      EXPECT_TRUE(ring().wait_idle());
      rps_.reset();  // its cache's passes and framebuffers: no batch uses them any more
    }
    sync_.reset();
    for (auto& s : surfaces_) s = {};
    for (auto& t : textures_) t = {};
    DriverDeviceTest::TearDown();
  }

  pipe::FramebufferState fb_of(int surface) {
    pipe::FramebufferState fb;
    fb.width = 16;
    fb.height = 8;
    fb.nr_cbufs = 1;
    fb.cbufs[0] = surfaces_[surface].get();
    return fb;
  }
  // Sets the framebuffer of surface `i`; returns whether it changed.
  bool set_fb(int i) {
    bool changed = false;
    EXPECT_TRUE(rps_->set_framebuffer(fb_of(i), &changed));
    return changed;
  }
  RenderPassState& rps() { return *rps_; }

  std::unique_ptr<SyncTracker> sync_;
  std::unique_ptr<RenderPassState> rps_;
  Ref<pipe::Resource> textures_[2];
  Ref<pipe::Surface> surfaces_[2];
  pipe::ColorValue red_{{1.0f, 0.0f, 0.0f, 1.0f}};
};

TEST_P(RenderPassStateTest, SetFramebufferReportsWhetherItChanged) {
  EXPECT_TRUE(set_fb(0));
  EXPECT_EQ(rps().framebuffer().cbufs[0], surfaces_[0].get());
  EXPECT_EQ(rps().color(0), surfaces_[0].get());
  EXPECT_FALSE(set_fb(0)) << "the same framebuffer again";
  EXPECT_TRUE(set_fb(1));
  EXPECT_EQ(rps().color(0), surfaces_[1].get());
  EXPECT_EQ(rps().full_area().extent.width, 16u);
  EXPECT_EQ(rps().full_area().extent.height, 8u);
  pipe::FramebufferState bigger = fb_of(1);
  bigger.width = 8;
  bool changed = false;
  ASSERT_TRUE(rps().set_framebuffer(bigger, &changed));
  EXPECT_TRUE(changed) << "same surface, other size";
}

TEST_P(RenderPassStateTest, ChangingTheFramebufferEndsTheOpenPass) {
  set_fb(0);
  ASSERT_TRUE(rps().begin());
  ASSERT_TRUE(rps().active());
  const uint64_t before = stat("render_pass.end.framebuffer_change");
  EXPECT_FALSE(set_fb(0));
  EXPECT_TRUE(rps().active()) << "an unchanged framebuffer keeps the pass";
  EXPECT_TRUE(set_fb(1));
  EXPECT_FALSE(rps().active());
  EXPECT_EQ(stat("render_pass.end.framebuffer_change"), before + 1);
}

TEST_P(RenderPassStateTest, HooksRunInRegistrationOrderAtBeginAndReverseAtEnd) {
  std::vector<std::string> log;
  RecordingHooks a("a", &log), b("b", &log);
  rps().add_hooks(&a);
  rps().add_hooks(&b);
  set_fb(0);
  const uint64_t begun = stat("render_pass.begun");
  ASSERT_TRUE(rps().begin());
  EXPECT_TRUE(rps().active());
  EXPECT_EQ(stat("render_pass.begun"), begun + 1);
  EXPECT_EQ(log, (std::vector<std::string>{"a.before_begin", "b.before_begin", "a.after_begin", "b.after_begin"}));
  log.clear();
  rps().end(RenderPassEnd::Barrier);
  EXPECT_FALSE(rps().active());
  EXPECT_EQ(log, (std::vector<std::string>{"b.before_end", "a.before_end"}));
  log.clear();
  rps().end(RenderPassEnd::Barrier);
  EXPECT_TRUE(log.empty()) << "ending no pass calls no hook";
  ASSERT_TRUE(rps().ensure_begun());
  ASSERT_TRUE(rps().ensure_begun());
  EXPECT_EQ(log.size(), 4u) << "ensure_begun begins once";
  EXPECT_EQ(stat("render_pass.begun"), begun + 2);
  rps().end(RenderPassEnd::Barrier);  // while the hooks (locals) still exist
  EXPECT_EQ(log.size(), 6u);
}

TEST_P(RenderPassStateTest, EveryEndIsCountedUnderItsReason) {
  const char* names[] = {"submit", "barrier", "transfer", "readback", "framebuffer_change",
                         "query", "occlusion_resume", "stream_output_pause", "stream_output_rebind", "compute"};
  static_assert(std::size(names) == static_cast<size_t>(RenderPassEnd::Count));
  set_fb(0);
  for (size_t r = 0; r < std::size(names); ++r) {
    std::vector<uint64_t> before;
    for (const char* n : names) before.push_back(stat(std::string("render_pass.end.") + n));
    ASSERT_TRUE(rps().begin());
    rps().end(static_cast<RenderPassEnd>(r));
    for (size_t i = 0; i < std::size(names); ++i)
      EXPECT_EQ(stat(std::string("render_pass.end.") + names[i]), before[i] + (i == r ? 1 : 0))
          << "ended with " << names[r] << ", counter " << names[i];
    // Ending no pass counts nothing.
    rps().end(static_cast<RenderPassEnd>(r));
    EXPECT_EQ(stat(std::string("render_pass.end.") + names[r]), before[r] + 1);
  }
}

TEST_P(RenderPassStateTest, AWholeFramebufferClearBeforeThePassBecomesALoadOpClear) {
  set_fb(0);
  const uint64_t load_ops = stat("render_pass.load_op_clears");
  const uint64_t begun = stat("render_pass.begun");
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, nullptr, red_, 1.0, 0));
  EXPECT_FALSE(rps().active()) << "a load-op clear waits for the pass";
  EXPECT_TRUE(rps().has_pending_clears());
  EXPECT_EQ(stat("render_pass.begun"), begun);
  // A scissor covering the framebuffer is a whole clear too.
  const pipe::ScissorRect covering{-1, -1, 100, 100};
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, &covering, red_, 1.0, 0));
  EXPECT_FALSE(rps().active());
  ASSERT_TRUE(rps().begin());
  EXPECT_FALSE(rps().has_pending_clears());
  EXPECT_EQ(stat("render_pass.load_op_clears"), load_ops + 1);
  rps().end(RenderPassEnd::Barrier);
  // The next pass loads.
  ASSERT_TRUE(rps().begin());
  EXPECT_EQ(stat("render_pass.load_op_clears"), load_ops + 1);
}

TEST_P(RenderPassStateTest, AScissoredClearBeginsThePass) {
  set_fb(0);
  const uint64_t load_ops = stat("render_pass.load_op_clears");
  const pipe::ScissorRect part{2, 2, 4, 4};
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, &part, red_, 1.0, 0));
  EXPECT_TRUE(rps().active()) << "a partial clear is a clear command inside the pass";
  EXPECT_FALSE(rps().has_pending_clears());
  EXPECT_EQ(stat("render_pass.load_op_clears"), load_ops);
  // A whole clear inside the pass is a clear command as well.
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, nullptr, red_, 1.0, 0));
  EXPECT_FALSE(rps().has_pending_clears());
}

TEST_P(RenderPassStateTest, AClearOfNothingDoesNothing) {
  set_fb(0);
  ASSERT_TRUE(rps().clear(pipe::kClearDepth | pipe::kClearStencil, nullptr, red_, 1.0, 0));
  EXPECT_FALSE(rps().has_pending_clears()) << "the framebuffer has no depth/stencil surface";
  ASSERT_TRUE(rps().clear(pipe::kClearColor0 << 3, nullptr, red_, 1.0, 0));
  EXPECT_FALSE(rps().has_pending_clears()) << "no color buffer 3";
  EXPECT_FALSE(rps().active());
}

TEST_P(RenderPassStateTest, ExecutePendingClearsBeginsAPassOnlyWhenClearsArePending) {
  set_fb(0);
  const uint64_t begun = stat("render_pass.begun");
  ASSERT_TRUE(rps().execute_pending_clears());
  EXPECT_FALSE(rps().active());
  EXPECT_EQ(stat("render_pass.begun"), begun);
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, nullptr, red_, 1.0, 0));
  ASSERT_TRUE(rps().execute_pending_clears());
  EXPECT_TRUE(rps().active());
  EXPECT_FALSE(rps().has_pending_clears());
  EXPECT_EQ(stat("render_pass.begun"), begun + 1);
}

TEST_P(RenderPassStateTest, FinishRunsPendingClearsThenEnds) {
  set_fb(0);
  const uint64_t begun = stat("render_pass.begun");
  const uint64_t readbacks = stat("render_pass.end.readback");
  ASSERT_TRUE(rps().finish(RenderPassEnd::Readback));
  EXPECT_EQ(stat("render_pass.begun"), begun) << "nothing pending, no pass";
  EXPECT_EQ(stat("render_pass.end.readback"), readbacks);
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, nullptr, red_, 1.0, 0));
  ASSERT_TRUE(rps().finish(RenderPassEnd::Readback));
  EXPECT_FALSE(rps().active());
  EXPECT_FALSE(rps().has_pending_clears());
  EXPECT_EQ(stat("render_pass.begun"), begun + 1);
  EXPECT_EQ(stat("render_pass.end.readback"), readbacks + 1);
}

TEST_P(RenderPassStateTest, AFramebufferChangeRunsThePendingClearsFirst) {
  set_fb(0);
  ASSERT_TRUE(rps().clear(pipe::kClearColor0, nullptr, red_, 1.0, 0));
  const uint64_t begun = stat("render_pass.begun");
  const uint64_t changes = stat("render_pass.end.framebuffer_change");
  EXPECT_TRUE(set_fb(1));
  EXPECT_EQ(stat("render_pass.begun"), begun + 1) << "surface 0's clear must not be lost";
  EXPECT_EQ(stat("render_pass.end.framebuffer_change"), changes + 1);
  EXPECT_FALSE(rps().has_pending_clears());
  EXPECT_FALSE(rps().active());
}

TEST_P(RenderPassStateTest, BeginMarksTheAttachmentWrittenByThisBatch) {
  set_fb(0);
  ResourceObject* o = static_cast<Resource*>(textures_[0].get())->obj();
  EXPECT_FALSE(sync_->written_this_batch(o));
  ASSERT_TRUE(rps().begin());
  EXPECT_TRUE(sync_->written_this_batch(o));
  EXPECT_TRUE(ring().has_work());
}

INSTANTIATE_TEST_SUITE_P(Paths, RenderPassStateTest, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? std::string("DynamicRendering") : std::string("RenderPassObjects");
                         });

}  // namespace
}  // namespace brass::driver::test
