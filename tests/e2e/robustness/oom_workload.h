// The GL workload the out-of-memory sweeps run (a context, textures,
// buffers, a program, a renderbuffer and framebuffer, draws, readbacks, a
// fence), and the sweep itself: the workload runs once per allocation point
// with that point failing, for either kind of point (the Vulkan allocations
// Brass makes, or the host allocations the Vulkan driver makes through
// Brass's allocation callbacks).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "../e2e_fixture.h"

namespace brass::e2e {

// One kind of allocation point, as libEGL_brass.so's test hooks count them.
struct AllocationPoints {
  const char* name = "";
  uint64_t (*count)() = nullptr;
  void (*fail)(uint64_t n) = nullptr;  // the n-th from now; 0 disarms
  bool (*failed)(bool* on_arming_thread) = nullptr;
  // The Vulkan command the last failure hit, where known (else null).
  const char* (*failure_command)() = nullptr;
  // Blocks the kind's allocations hold now, where known (else null): the
  // sweep ends with as many as it began with, or something leaked.
  int64_t (*live)() = nullptr;
};

// What one run of the workload saw.
struct WorkloadRun {
  std::vector<std::string> log;  // "step N (what): error" for each step that reported one
  int failed_step = -1;          // the step during which the injected failure happened
  bool failed_on_app_thread = false;
  GLenum error_at_failed_step = GL_NO_ERROR;  // or the EGL error of an EGL step
  int first_error_step = -1;
  GLenum first_error = GL_NO_ERROR;  // or an EGL error
  bool any_error = false;
  bool pixels_ok = true;
  bool finished = false;  // every step ran (no EGL failure cut it short)

  std::string joined() const {
    std::string s;
    for (const std::string& l : log) s += "  " + l + "\n";
    return s;
  }
};

class OomWorkload {
 public:
  OomWorkload(EGLDisplay dpy, EGLConfig config, EGLSurface surface, EGLContext home, AllocationPoints points)
      : dpy_(dpy), config_(config), surface_(surface), home_(home), points_(points) {}

  // Creates a context, textures, buffers, a renderbuffer, a framebuffer and
  // a program; draws to both framebuffers; reads back; waits on a fence;
  // deletes everything and goes back to the home context.
  WorkloadRun run();

 private:
  void step(WorkloadRun& r, const char* what, bool egl = false, EGLint egl_error = EGL_SUCCESS);

  EGLDisplay dpy_;
  EGLConfig config_;
  EGLSurface surface_;
  EGLContext home_;
  AllocationPoints points_;
  int step_ = 0;
  int variant_ = 0;
};

// What a sweep saw, for its summary line.
struct SweepFigures {
  uint64_t counted = 0;     // allocation points in one run (the fewest of three)
  uint64_t swept = 0;       // points failed
  uint64_t reported = 0;    // an error at the failing call
  uint64_t deferred = 0;    // an error at a later call (the driver's deferred report)
  uint64_t recovered = 0;   // no error, every pixel right
  uint64_t background = 0;  // failed on a thread other than the application's
  int64_t live_before = 0;  // live allocations after the counted runs (AllocationPoints::live)
  int64_t live_after = 0;   // and after the sweep
};

struct SweepRules {
  // Host allocations in command recording fail silently (vkCmd* returns
  // nothing) and are reported by vkEndCommandBuffer at the next flush:
  // the error may come at a later call than the failing allocation.
  bool deferred_reports = false;
  // Every stride-th point (1: all).
  uint64_t stride = 1;
  // With AllocationPoints::live: the sweep must end holding no more than
  // it began with (false: only print both).
  bool gives_everything_back = true;
};

// Warms up, counts the points of one run, fails each (or each stride-th) in
// turn, and checks after each that the workload runs cleanly again. Fails
// the current test on any broken rule.
void sweep(OomWorkload& workload, const AllocationPoints& points, const SweepRules& rules, SweepFigures* figures);

// glTexStorage2D of a 16x16 RGBA8 texture with the next allocation of
// `points` failing, on this thread: GL_OUT_OF_MEMORY at that call, the
// texture left as it was (not immutable), and the same call then works.
void expect_failed_texture_storage_recovers(const AllocationPoints& points);

}  // namespace brass::e2e
