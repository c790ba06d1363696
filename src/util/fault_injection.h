// Test-only fault injection: makes the N-th allocation Brass asks Vulkan for
// fail with an out-of-memory result, makes the N-th host allocation the
// Vulkan driver (or loader) asks Brass's allocation callbacks for return
// NULL, or makes the next queue submission report a lost device, so that
// tests can reach the error paths real applications meet rarely
// (GL_OUT_OF_MEMORY, GL_CONTEXT_LOST). Nothing here is read from the
// environment: tests drive it through the functions libEGL_brass exports
// (brass_test_* in src/egl/glvnd_vendor.cpp). Disarmed, each allocation
// point costs one relaxed atomic add.
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

// Host allocation points: every allocation or reallocation the Vulkan
// driver, loader or layers make through Brass's VkAllocationCallbacks
// (src/device/host_allocator.cpp), numbered like the points above but
// counted apart.
bool host_allocation_should_fail();
// The Vulkan command the calling thread is in (a static name, or null),
// set by the hooks that pass the callbacks (vk_host_allocator_hooks.cpp):
// tests can spare the allocations of a command a driver mishandles, and
// name the command a failure hit.
void enter_host_command(const char* name);
void leave_host_command();
// Blocks the callbacks handed out (+1) or took back (-1).
void note_host_blocks(int delta);

// Whether Brass passes its own VkAllocationCallbacks to Vulkan. Decided
// once per process, when the first Vulkan instance is created: off unless
// a test asked for them before (use_host_allocator()), so that an
// application's path is Vulkan's default allocator, untouched.
bool host_allocator_in_use();

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

// Asks for Brass's VkAllocationCallbacks in every Vulkan call of this
// process; true when they are (or will be) used, false when a Vulkan
// instance was created before without them (too late: objects created
// without callbacks must be destroyed without them).
bool use_host_allocator();
// The same as allocation_count(), fail_allocation() and injected(), for
// host allocation points.
uint64_t host_allocation_count();
void fail_host_allocation(uint64_t n);
bool host_injected(bool* on_arming_thread);
// The host allocations made inside Vulkan command `name` (up to 16
// commands; "" for those outside every hooked command: command recording,
// the driver's own threads) are neither counted nor failed: for drivers
// that crash when those fail (docs/testing.md names them).
void spare_host_command(const char* name);
// The command the last injected host failure hit ("" outside any hooked
// command: recording, submission, the driver's own threads).
const char* host_injected_command();
// Host blocks allocated through the callbacks and not freed yet: a test
// compares it before and after work that gives everything back, to find
// Vulkan objects an error path leaked.
int64_t live_host_blocks();

}  // namespace brass::fault
