// Out-of-memory surfaces: every Vulkan allocation Brass makes for a GL or
// EGL call that fails becomes GL_OUT_OF_MEMORY at that call (EGL_BAD_ALLOC
// for an EGL call), or is recovered from with correct results; nothing
// crashes, nothing stops rendering silently, and the context works again
// afterwards. The sweep fails each allocation point of a workload in turn
// (fault injection, src/util/fault_injection.h; the workload and the sweep
// are in oom_workload.h, shared with the host allocation sweep).
#include "e2e_robustness_fixture.h"
#include "oom_workload.h"

#include <cstdint>

namespace brass::e2e {
namespace {

constexpr uint32_t kGreen = 0xff00ff00;

class OutOfMemory : public RobustnessTest {
 protected:
  AllocationPoints vulkan_points() const {
    return {"Vulkan", hooks.allocation_count, hooks.fail_allocation, hooks.allocation_failed};
  }
};

TEST_F(OutOfMemory, FailedAllocationIsReportedAndTheContextRecovers) {
  // A texture whose storage allocation fails: GL_OUT_OF_MEMORY at that
  // call; the next one works.
  expect_failed_texture_storage_recovers(vulkan_points());
  if (HasFatalFailure()) return;
  // And rendering goes on.
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), kGreen);
}

TEST_F(OutOfMemory, EveryAllocationOfAWorkloadFailsCleanly) {
  // Each Vulkan allocation Brass makes is reported at the call that made it
  // (oom_workload.h).
  OomWorkload workload(dpy, config, surface, ctx, vulkan_points());
  SweepFigures figures;
  sweep(workload, vulkan_points(), SweepRules{}, &figures);
  EXPECT_EQ(figures.deferred, 0u);
}

}  // namespace
}  // namespace brass::e2e
