// Host out-of-memory: the Vulkan driver (and loader, and layers) allocate
// their host memory through Brass's VkAllocationCallbacks in this binary
// (src/device/host_allocator.h), and a test makes the N-th of those
// allocations fail. The driver answers VK_ERROR_OUT_OF_HOST_MEMORY, at the
// call or, for command recording, at vkEndCommandBuffer; the application
// must see GL_OUT_OF_MEMORY (EGL_BAD_ALLOC for an EGL call), never a crash,
// a hang, a validation message or a leak, and the context works again
// afterwards. A binary of its own: the callbacks must be asked for before
// the process's first eglInitialize, and stay for the whole process.
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "e2e_robustness_fixture.h"
#include "oom_workload.h"

namespace brass::e2e {
namespace {

constexpr uint32_t kGreen = 0xff00ff00;

// Where the driver dereferences a failed host allocation (a driver bug, not
// Brass's): failing there would crash in the driver.
constexpr const char* kDriverCrashesOnHostOom[] = {
    "vkCreatePipelineLayout",  // lavapipe: segfault in lvp_CreatePipelineLayout
    // Outside any hooked command: lavapipe's command recording (vkCmd*
    // copy their arguments into allocations they do not check:
    // vkCmdPipelineBarrier2 segfaults).
    "",
};

class HostOutOfMemory : public RobustnessTest {
 protected:
  void SetUp() override {
    // Loaded here before glvnd loads it (the same file: the vendor JSON
    // names this path), so that the callbacks are asked for in time.
    void* lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOW);
    ASSERT_NE(lib, nullptr) << dlerror();
    auto use_host_allocator = reinterpret_cast<bool (*)()>(dlsym(lib, "brass_test_use_host_allocator"));
    ASSERT_NE(use_host_allocator, nullptr);
    ASSERT_TRUE(use_host_allocator()) << "a Vulkan instance was created before the host allocator was asked for";
    RobustnessTest::SetUp();
    dlclose(lib);  // glvnd holds it now
    if (HasFatalFailure()) return;
    // Commands in which lavapipe (Mesa 22.3) crashes when a host
    // allocation fails: their allocations are no points (docs/testing.md).
    for (const char* command : kDriverCrashesOnHostOom) hooks.spare_host_command(command);
    // The Khronos validation layer (1.3.239) records a submission before
    // the driver sees it and keeps it pending when the driver fails it:
    // every later use of what it referenced would be reported. Submission
    // failures are swept in the ctest without the layer
    // (e2e_host_oom_novalidation, tests/e2e/CMakeLists.txt).
    const char* debug = std::getenv("BRASS_DEBUG");
    if (debug && std::strstr(debug, "validation")) hooks.spare_host_command("vkQueueSubmit2");
  }

  AllocationPoints host_points() const {
    return {"host", hooks.host_allocation_count, hooks.fail_host_allocation, hooks.host_allocation_failed,
            hooks.host_failure_command, hooks.live_host_allocations};
  }
};

TEST_F(HostOutOfMemory, TheDriverAllocatesThroughBrassCallbacks) {
  // Instance and device creation went through them already; so does the
  // driver's memory for new objects and recorded commands.
  EXPECT_GT(hooks.host_allocation_count(), 0u);
  const uint64_t before = hooks.host_allocation_count();
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), kGreen);
  EXPECT_GT(hooks.host_allocation_count(), before);
}

TEST_F(HostOutOfMemory, FailedHostAllocationIsReportedAndTheContextRecovers) {
  // The driver's memory for a new image: GL_OUT_OF_MEMORY at
  // glTexStorage2D, the texture as it was, and the next try works.
  expect_failed_texture_storage_recovers(host_points());
  if (HasFatalFailure()) return;
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), kGreen);
}

TEST_F(HostOutOfMemory, EveryHostAllocationOfAWorkloadFailsCleanly) {
  // A run of the workload makes far more host allocations than Vulkan
  // allocations (every object, every recorded command): the suite sweeps
  // about kSampledPoints of them, evenly spread, to stay within a minute;
  // BRASS_TEST_HOST_OOM_STRIDE=<n> (read here, not by Brass) sweeps every
  // n-th, 1 for all of them.
  constexpr uint64_t kSampledPoints = 120;
  OomWorkload workload(dpy, config, surface, ctx, host_points());
  const uint64_t before = hooks.host_allocation_count();
  const WorkloadRun probe = workload.run();
  ASSERT_TRUE(probe.finished && !probe.any_error && probe.pixels_ok) << probe.joined();
  const uint64_t per_run = hooks.host_allocation_count() - before;
  SweepRules rules;
  rules.deferred_reports = true;
  // lavapipe keeps about two blocks of each vkCreateGraphicsPipelines whose
  // host allocation failed (the driver's leak: the same sweep failing
  // Brass's own Vulkan calls, below, gives everything back), so the live
  // count is printed, not held to.
  rules.gives_everything_back = false;
  rules.stride = std::max<uint64_t>(1, per_run / kSampledPoints);
  if (const char* stride = std::getenv("BRASS_TEST_HOST_OOM_STRIDE")) rules.stride = std::strtoull(stride, nullptr, 10);
  SweepFigures figures;
  sweep(workload, host_points(), rules, &figures);
}

TEST_F(HostOutOfMemory, EveryVulkanAllocationOfAWorkloadGivesBackTheDriversMemory) {
  // The Vulkan sweep (e2e_out_of_memory_test.cpp) again, here where the
  // driver's memory is counted: a Vulkan object an error path of Brass
  // forgot to destroy keeps its host memory after the sweep.
  const AllocationPoints vulkan{"Vulkan", hooks.allocation_count, hooks.fail_allocation, hooks.allocation_failed,
                                nullptr, hooks.live_host_allocations};
  OomWorkload workload(dpy, config, surface, ctx, vulkan);
  SweepFigures figures;
  sweep(workload, vulkan, SweepRules{}, &figures);
}

}  // namespace
}  // namespace brass::e2e
