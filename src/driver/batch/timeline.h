// A batch ring's timeline semaphore, shared (ref-counted) with everything
// that waits on the ring from outside its context: fences, and other
// contexts of the share group asking whether an object's last use is done.
// Only the semaphore is touched from other threads (Vulkan allows waits and
// counter queries on it concurrently); the ring's own state stays its
// owner's. The semaphore outlives the ring while anyone holds a reference,
// so a fence of a destroyed context still answers (its ring waited for idle
// before going).
#pragma once

#include <atomic>
#include <cstdint>

#include "device/handle.h"
#include "device/vk.h"
#include "util/ref_counted.h"

namespace brass::driver {

class Timeline final : public RefCounted {
 public:
  Timeline(VkDevice device, vk::Handle<VkSemaphore> semaphore) : device_(device), semaphore_(std::move(semaphore)) {}
  // Null with *status set when the semaphore cannot be created.
  static Ref<Timeline> create(VkDevice device, vk::Status* status);

  VkSemaphore handle() const { return semaphore_.get(); }
  // Whether the GPU has signalled `value` (queries the semaphore only when
  // the cached value is below it). Thread-safe.
  bool reached(uint64_t value);
  // The highest value signalled (queried). Thread-safe.
  uint64_t completed();
  // Blocks until `value` is signalled or `timeout_ns` passes: VK_SUCCESS,
  // VK_TIMEOUT or the error. `value` must have been submitted. Thread-safe.
  VkResult wait(uint64_t value, uint64_t timeout_ns);
  // Counts `value` reached without the GPU: batches retired unexecuted at
  // process exit (batch_ring.cpp).
  void mark_reached(uint64_t value);
  // The latest serial of the ring that may use an object: the batch being
  // recorded once it used one, else the last submitted. Published by the
  // ring for other threads: an object several contexts used is retired
  // after every ring's (SharedGarbage).
  void set_recording(uint64_t value) { recording_.store(value, std::memory_order_release); }
  uint64_t recording() const { return recording_.load(std::memory_order_acquire); }
  // The last serial handed to the queue (or dropped): every command of the
  // batches up to it precedes, in submission order, whatever is submitted
  // from now on.
  void set_submitted(uint64_t value) { submitted_.store(value, std::memory_order_release); }
  uint64_t submitted() const { return submitted_.load(std::memory_order_acquire); }

 private:
  VkDevice device_;
  vk::Handle<VkSemaphore> semaphore_;
  std::atomic<uint64_t> reached_{0};
  std::atomic<uint64_t> recording_{0};
  std::atomic<uint64_t> submitted_{0};
};

}  // namespace brass::driver
