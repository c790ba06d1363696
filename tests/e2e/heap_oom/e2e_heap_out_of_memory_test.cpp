// Heap out-of-memory inside GL and EGL calls: every allocation Brass's own
// code makes with operator new during a workload (context, textures,
// buffers, compile and link, framebuffers, draws, readbacks, a fence) is
// made to throw std::bad_alloc in turn (throwing_operator_new.h). Each must
// come out of its entry point as GL_OUT_OF_MEMORY (EGL_BAD_ALLOC for an EGL
// call) or be recovered from with correct pixels: never a crash, a
// std::terminate (an exception through a noexcept function or a C frame) or
// a hang; and the same work must succeed afterwards (the sweep in
// oom_workload.h, shared with the Vulkan and host allocation sweeps).
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "../robustness/oom_workload.h"
#include "throwing_operator_new.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

constexpr uint32_t kGreen = 0xff00ff00;

class HeapOutOfMemory : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
    if (!lib) lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOLOAD | RTLD_NOW);
    ASSERT_NE(lib, nullptr) << "libEGL_brass.so is not loaded: " << dlerror();
    const void* symbol = dlsym(lib, "brass_stats_value");
    dlclose(lib);  // glvnd keeps it loaded
    ASSERT_NE(symbol, nullptr);
    ASSERT_TRUE(watch_heap_allocations_from(symbol));
  }

  static AllocationPoints heap_points() {
    return {"heap", heap_allocation_count, fail_heap_allocation, heap_allocation_failed};
  }
};

TEST_F(HeapOutOfMemory, BrassAllocatesThroughTheReplacedOperatorNew) {
  const uint64_t before = heap_allocation_count();
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  EXPECT_GT(heap_allocation_count(), before) << "no allocation of libEGL_brass.so was seen";
  glDeleteTextures(1, &tex);
}

TEST_F(HeapOutOfMemory, ThrowingAllocationIsReportedAndTheContextRecovers) {
  // The first allocation of a glTexStorage2D throws: GL_OUT_OF_MEMORY at
  // that call, the texture as it was, and the same call then works.
  expect_failed_texture_storage_recovers(heap_points());
  if (HasFatalFailure()) return;
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), kGreen);
}

TEST_F(HeapOutOfMemory, EveryHeapAllocationOfAWorkloadFailsCleanly) {
  // A run makes thousands of heap allocations (most in the GLSL compiler):
  // the suite sweeps about kSampledPoints of them, evenly spread;
  // BRASS_TEST_HEAP_OOM_STRIDE=<n> (read here, not by Brass) sweeps every
  // n-th, 1 for all of them (the long ctest e2e_heap_oom_sweep_long).
  constexpr uint64_t kSampledPoints = 150;
  OomWorkload workload(dpy, config, surface, ctx, heap_points());
  const uint64_t before = heap_allocation_count();
  const WorkloadRun probe = workload.run();
  ASSERT_TRUE(probe.finished && !probe.any_error && probe.pixels_ok) << probe.joined();
  const uint64_t per_run = heap_allocation_count() - before;
  SweepRules rules;
  rules.stride = std::max<uint64_t>(1, per_run / kSampledPoints);
  if (const char* stride = std::getenv("BRASS_TEST_HEAP_OOM_STRIDE")) rules.stride = std::strtoull(stride, nullptr, 10);
  SweepFigures figures;
  sweep(workload, heap_points(), rules, &figures);
  // A bad_alloc is caught by the entry point it left: reported there, never
  // later.
  EXPECT_EQ(figures.deferred, 0u);
}

}  // namespace
}  // namespace brass::e2e
