// Test-only fault injection: makes the N-th allocation Brass asks Vulkan for
// fail with an out-of-memory result, or makes the next queue submission
// report a lost device, so that tests can reach the error paths real
// applications meet rarely (GL_OUT_OF_MEMORY, GL_CONTEXT_LOST). Nothing here
// is read from the environment: tests drive it through the functions
// libEGL_brass exports (brass_test_* in src/egl/glvnd_vendor.cpp). Disarmed,
// each allocation point costs one relaxed atomic add.
#pragma once

#include <cstdint>

namespace brass::fault {

// Called by every allocation point (src/device/vk_fault_hooks.cpp) before it
// reaches the driver: true when this one must fail. Allocation points are
// numbered from 1 in the order they are reached, by any thread.
bool allocation_should_fail();
// Called after each successful queue submission: true when it must be
// reported as a lost device (the work was submitted and completes).
bool submission_should_lose_device();

// --- for tests ---
// Allocation points reached since the last reset_counts().
uint64_t allocation_count();
void reset_counts();
// Fails allocation point number `n` counted from now (1: the next one); 0
// disarms. The failure is the out-of-memory result of the Vulkan call.
void fail_allocation(uint64_t n);
// Whether the armed failure happened, and whether on the thread that armed
// it (else a background thread of Brass: a pipeline compile).
bool injected(bool* on_arming_thread);
// The next queue submission reports VK_ERROR_DEVICE_LOST.
void lose_device_on_next_submit();

}  // namespace brass::fault
