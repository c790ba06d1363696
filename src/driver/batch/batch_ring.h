// The ring of batch states. A batch is a command pool with two command
// buffers (an upload stream that executes first and the main stream) and the
// timeline value it signals. Submitting moves to the next state in the ring,
// waiting for it only if the GPU is a whole ring behind. Resetting a batch
// hands back what it held (descriptor sets to their programs) and destroys
// garbage that has become safe.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>
#include "device/command_pool.h"
#include "device/device.h"
#include "device/handle.h"
#include "driver/batch/garbage_list.h"
#include "driver/batch/pending_draws.h"
#include "driver/batch/submit_reason.h"
#include "driver/batch/timeline.h"
#include "util/ref_counted.h"

namespace brass::driver {

// Something a batch keeps alive and notifies when it completes (programs
// get their descriptor sets back this way).
class BatchHeld : public RefCounted {
 public:
  virtual ~BatchHeld() = default;
  virtual void batch_done(uint32_t ring_id, uint64_t serial) = 0;
  // The last batch that holds it (dedups hold()). Atomic: contexts on
  // several threads hold one program; a stale pair only holds it twice.
  std::atomic<uint32_t> held_by_ring{0};
  std::atomic<uint64_t> held_by_serial{0};
};

struct BatchState {
  vk::CommandPool pool;
  VkCommandBuffer main = VK_NULL_HANDLE;
  VkCommandBuffer upload = VK_NULL_HANDLE;
  bool upload_begun = false;
  uint64_t serial = 0;
  uint32_t draws = 0;
  std::vector<Ref<BatchHeld>> held;
};

class BatchRing {
 public:
  static constexpr unsigned kBatchCount = 4;
  static constexpr uint32_t kDrawLimit = 100000;  // submit (reason Limit) past this many draws

  explicit BatchRing(vk::Device& device);
  ~BatchRing();  // waits for the GPU, then destroys garbage
  BatchRing(const BatchRing&) = delete;
  BatchRing& operator=(const BatchRing&) = delete;

  vk::Status init();
  uint32_t id() const { return id_; }
  // The screen's registry id (objects record it as their last user).
  void set_id(uint32_t id) { id_ = id; }

  BatchState& current() { return states_[index_]; }
  uint64_t current_serial() const { return states_[index_].serial; }
  // The main command buffer, to record into: the deferred draws
  // (pending_draws.h) are recorded first, so everything stays in order.
  VkCommandBuffer main_cmd() {
    if (!pending_.empty()) pending_.record();
    return states_[index_].main;
  }
  // A direct draw whose state is recorded: recorded with the draws after it
  // that need nothing recorded in between, as one multi-draw command.
  void defer_draw(bool indexed, uint32_t instances, uint32_t first_instance, const pipe::DrawStart& d) {
    pending_.add(states_[index_].main, indexed, instances, first_instance, d);
  }
  // The stream that executes before main; begun on first use.
  VkCommandBuffer upload_cmd();

  void hold(BatchHeld* object);

  // Highest serial the GPU has finished (queried, cached).
  uint64_t completed_serial();
  bool is_complete(uint64_t serial) { return serial <= completed_cache_ || serial <= completed_serial(); }
  // Blocks until `serial` completed; serial must have been submitted.
  vk::Status wait(uint64_t serial, uint64_t timeout_ns = UINT64_MAX);
  vk::Status wait_idle();

  // Ends the command buffers, submits them signalling the batch's serial,
  // and starts the next batch. The owner ends any render pass and closes the
  // upload stream (its release barriers) before calling this. Out of
  // memory ending or submitting them drops the batch (its work is lost, its
  // serial counts as reached) and still starts the next one: the error is
  // returned for the caller to report.
  vk::Status submit(SubmitReason reason);
  // Whether anything was recorded since the last submit.
  bool has_work() const { return recorded_; }
  // A submission reported VK_ERROR_DEVICE_LOST through the test hook
  // (src/util/fault_injection.h): the work ran and the ring is consistent.
  bool simulated_loss() const { return simulated_loss_; }
  void mark_recorded() { recorded_ = true; }
  // An object is used by the batch being recorded: publishes its serial on
  // the timeline (Timeline::recording), once per batch.
  void note_use() {
    if (use_published_) return;
    use_published_ = true;
    timeline_->set_recording(current_serial());
  }

  GarbageList& garbage() { return garbage_; }
  VkSemaphore timeline() const { return timeline_->handle(); }
  // The timeline, for waits from other threads and contexts (timeline.h).
  Timeline& shared_timeline() { return *timeline_; }

  // Test hook: a GPU gate. arm_gpu_gate() makes the next submit wait on a
  // timeline semaphore that only release_gpu_gate() (vkSignalSemaphore from
  // the host) signals, so that batch is deterministically in flight until
  // the test releases it. A blocking CPU wait on a gated batch releases the
  // gate first (with a warning) instead of deadlocking; a poll (timeout 0)
  // does not. Costs one branch at submit.
  vk::Status arm_gpu_gate();
  vk::Status release_gpu_gate();
  bool gpu_gate_pending() const { return gate_wait_value_ != 0 || gate_submitted_ != 0; }

 private:
  vk::Status begin(BatchState& b);
  // Ends the batch's command buffers and submits them.
  vk::Status hand_to_queue(BatchState& b);
  // Retires a batch the queue never took (out of memory in hand_to_queue).
  void drop(BatchState& b);
  void reset(BatchState& b);

  vk::Device& device_;
  uint32_t id_ = 0;
  Ref<Timeline> timeline_;
  std::array<BatchState, kBatchCount> states_;
  unsigned index_ = 0;
  uint64_t next_exit_drain_refresh_ = 1;  // device/exit_drain.h
  uint64_t completed_cache_ = 0;
  bool recorded_ = false;
  bool simulated_loss_ = false;
  bool use_published_ = false;
  GarbageList garbage_;
  PendingDraws pending_;
  // GPU gate (tests only): created on first arm.
  vk::Handle<VkSemaphore> gate_;
  uint64_t gate_value_ = 0;        // last value signalled from the host
  uint64_t gate_wait_value_ = 0;   // armed: the next submit waits for it
  uint64_t gate_submitted_ = 0;    // a submitted batch waits for this value
};

}  // namespace brass::driver
