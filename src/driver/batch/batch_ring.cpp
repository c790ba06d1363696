#include "driver/batch/batch_ring.h"

#include "device/exit_drain.h"
#include "util/fault_injection.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_ring_waits("batch.ring_full_waits");
StatCounter g_cpu_waits("batch.cpu_waits");
StatCounter g_dropped_batches("batch.dropped_out_of_memory");
}  // namespace

BatchRing::BatchRing(vk::Device& device)
    : device_(device), garbage_(device.handle(), &device.memory()) {}

BatchRing::~BatchRing() {
  if ((gate_submitted_ || gate_wait_value_) && !release_gpu_gate()) BRASS_WARN("batch ring: releasing the test GPU gate failed");
  if (timeline_ && !wait_idle()) BRASS_WARN("batch ring: waiting for idle failed (device lost?); destroying anyway");
  // Everything this ring will ever run has run: the batch being recorded
  // never will. Whoever still waits on the timeline (shared garbage waiting
  // for that batch, fences) sees every serial reached.
  if (timeline_) timeline_->mark_reached(UINT64_MAX);
  for (auto& b : states_) reset(b);
  garbage_.collect(UINT64_MAX);
}

vk::Status BatchRing::init() {
  VkDevice dev = device_.handle();
  vk::Status created;
  timeline_ = Timeline::create(dev, &created);
  if (!timeline_) return created;

  for (auto& b : states_) {
    if (vk::Status s = vk::CommandPool::create(dev, device_.queue_family(), &b.pool); !s) return s;
    VkCommandBuffer cmds[2];
    if (vk::Status s = b.pool.allocate_primary(2, cmds); !s) return s;
    b.main = cmds[0];
    b.upload = cmds[1];
    b.held.reserve(64);
  }
  states_[0].serial = 1;
  return begin(states_[0]);
}

vk::Status BatchRing::begin(BatchState& b) {
  VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  BRASS_VK_RETURN_IF_FAILED(vkBeginCommandBuffer(b.main, &bi));
  return {};
}

VkCommandBuffer BatchRing::upload_cmd() {
  BatchState& b = current();
  if (!b.upload_begun) {
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    if (vkBeginCommandBuffer(b.upload, &bi) != VK_SUCCESS) return VK_NULL_HANDLE;
    b.upload_begun = true;
  }
  recorded_ = true;
  return b.upload;
}

void BatchRing::hold(BatchHeld* object) {
  BatchState& b = current();
  if (object->held_by_serial.load(std::memory_order_relaxed) == b.serial &&
      object->held_by_ring.load(std::memory_order_relaxed) == id_)
    return;
  object->held_by_ring.store(id_, std::memory_order_relaxed);
  object->held_by_serial.store(b.serial, std::memory_order_relaxed);
  b.held.push_back(Ref<BatchHeld>::share(object));
}

uint64_t BatchRing::completed_serial() {
  if (process_exiting()) [[unlikely]] {
    // Drained at exit, and later batches are retired unexecuted (submit):
    // everything submitted is complete. The driver is not asked; it may be
    // half torn down by now.
    completed_cache_ = std::max(completed_cache_, current_serial() - 1);
    timeline_->mark_reached(completed_cache_);
    return completed_cache_;
  }
  completed_cache_ = std::max(completed_cache_, timeline_->completed());
  return completed_cache_;
}

vk::Status BatchRing::wait(uint64_t serial, uint64_t timeout_ns) {
  if (serial == 0) return {};
  if (is_complete(serial)) {
    // Done already (another wait or poll saw it): what it retired goes now,
    // as it would after a real wait (not at exit: the driver may be half
    // torn down).
    if (!process_exiting()) garbage_.collect(completed_cache_);
    return {};
  }
  if (process_exiting()) [[unlikely]]
    return {};  // completed_serial() retired it
  // Submitted: BRASS_DEBUG=sync waits for a batch in submit(), before the
  // ring moves on to the next one (current_serial() still names it).
  BRASS_ASSERT(serial <= timeline_->submitted());
  if (gate_submitted_ && timeout_ns != 0) {  // a poll (timeout 0) may see the batch busy
    BRASS_WARN("CPU wait on a batch held by the test GPU gate: releasing it");
    vk::Status s = release_gpu_gate();
    if (!s) return s;
  }
  g_cpu_waits.add();
  const VkResult r = timeline_->wait(serial, timeout_ns);
  if (r == VK_TIMEOUT) return vk::Status{VK_TIMEOUT};
  BRASS_VK_RETURN_IF_FAILED(r);
  completed_cache_ = std::max(completed_cache_, serial);
  garbage_.collect(completed_cache_);
  if (completed_cache_ >= next_exit_drain_refresh_) {
    vk::refresh_exit_drain();
    next_exit_drain_refresh_ = completed_cache_ * 2;
  }
  return {};
}

vk::Status BatchRing::wait_idle() {
  // A ring whose init failed has no batch: nothing was ever submitted.
  if (current_serial() == 0) return {};
  return wait(current_serial() - 1);
}

vk::Status BatchRing::submit(SubmitReason reason) {
  BatchState& b = current();
  count_submit(reason);
  const vk::Status handed = hand_to_queue(b);
  timeline_->set_submitted(b.serial);
  if (!handed) {
    if (handed.device_lost()) return handed;
    // Out of memory ending the command buffers (the driver reports there
    // what failed while recording) or submitting them: the batch's work is
    // lost, the caller reports the error, and the ring goes on with the
    // next batch as after a submission, so that the context records into a
    // fresh command buffer (the failed one is invalid until its pool resets).
    drop(b);
  } else if (options().has(kDebugSync)) {
    vk::Status s = wait(b.serial);
    if (!s) return s;
  }
  recorded_ = false;

  // Next batch: wait only if the GPU is a whole ring behind. The wait comes
  // before index_ moves, so current_serial() still names the batch just
  // submitted (wait() asserts it only waits for submitted serials).
  const uint64_t next_serial = b.serial + 1;
  const uint32_t next_index = (index_ + 1) % kBatchCount;
  BatchState& next = states_[next_index];
  if (next.serial && !is_complete(next.serial)) {
    g_ring_waits.add();
    vk::Status s = wait(next.serial);
    if (!s) return s;
  }
  index_ = next_index;
  reset(next);
  next.serial = next_serial;
  // Nothing of the new batch used an object yet: the last one submitted is
  // the latest this ring may still run with one.
  timeline_->set_recording(b.serial);
  use_published_ = false;
  garbage_.collect(completed_serial());
  if (vk::Status s = begin(next); !s) return s;
  if (!handed) return handed;
  // Test hook (src/util/fault_injection.h): the work ran, but the caller
  // sees the loss a real device would report here.
  if (fault::submission_should_lose_device()) [[unlikely]] {
    simulated_loss_ = true;
    return vk::Status{VK_ERROR_DEVICE_LOST};
  }
  return {};
}

void BatchRing::drop(BatchState& b) {
  g_dropped_batches.add();
  // Timeline values are signalled in order: the batch's serial is signalled
  // from the host once the batch before it has completed, so that whatever
  // waits for it (garbage, fences, a GPU wait of another context) goes on.
  if (b.serial > 1 && !wait(b.serial - 1)) BRASS_WARN("batch ring: waiting before dropping a batch failed");
  VkSemaphoreSignalInfo si{VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO};
  si.semaphore = timeline_->handle();
  si.value = b.serial;
  if (const VkResult r = vkSignalSemaphore(device_.handle(), &si); r != VK_SUCCESS)
    BRASS_WARN("batch ring: signalling a dropped batch: %s", vk::result_string(r));
  timeline_->mark_reached(b.serial);
}

vk::Status BatchRing::hand_to_queue(BatchState& b) {
  if (b.upload_begun) BRASS_VK_RETURN_IF_FAILED(vkEndCommandBuffer(b.upload));
  pending_.record();  // the owner ended the pass through main_cmd(), which recorded them: none left
  BRASS_VK_RETURN_IF_FAILED(vkEndCommandBuffer(b.main));

  VkCommandBufferSubmitInfo cmds[2] = {{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO},
                                       {VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO}};
  uint32_t n = 0;
  if (b.upload_begun) cmds[n++].commandBuffer = b.upload;
  cmds[n++].commandBuffer = b.main;
  VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal.semaphore = timeline_->handle();
  signal.value = b.serial;
  signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  VkSubmitInfo2 si{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  VkSemaphoreSubmitInfo gate{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  if (gate_wait_value_) [[unlikely]] {
    gate.semaphore = gate_.get();
    gate.value = gate_wait_value_;
    gate.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    si.waitSemaphoreInfoCount = 1;
    si.pWaitSemaphoreInfos = &gate;
    gate_submitted_ = gate_wait_value_;
    gate_wait_value_ = 0;
  }
  si.commandBufferInfoCount = n;
  si.pCommandBufferInfos = cmds;
  si.signalSemaphoreInfoCount = 1;
  si.pSignalSemaphoreInfos = &signal;
  if (process_exiting()) [[unlikely]] {
    // The queue was drained at exit and the driver may be half torn down
    // (its threads stopped, its compiler destroyed): the batch is retired
    // unexecuted, nobody can observe its results, and no synchronization
    // call reaches the driver (completed_serial() counts it complete).
    completed_cache_ = std::max(completed_cache_, b.serial);
    timeline_->mark_reached(b.serial);
  } else {
    std::lock_guard<std::mutex> lock(device_.queue_mutex());
    BRASS_VK_RETURN_IF_FAILED(vkQueueSubmit2(device_.queue(), 1, &si, VK_NULL_HANDLE));
  }
  return {};
}

vk::Status BatchRing::arm_gpu_gate() {
  if (!gate_) {
    VkSemaphoreTypeCreateInfo type_info{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
    type_info.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &type_info};
    VkSemaphore sem;
    BRASS_VK_RETURN_IF_FAILED(vkCreateSemaphore(device_.handle(), &sci, nullptr, &sem));
    gate_ = vk::Handle<VkSemaphore>(device_.handle(), sem);
  }
  if (!gate_wait_value_) gate_wait_value_ = gate_value_ + 1;
  return {};
}

vk::Status BatchRing::release_gpu_gate() {
  if (!gate_ || (!gate_submitted_ && !gate_wait_value_)) return {};
  VkSemaphoreSignalInfo si{VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO};
  si.semaphore = gate_.get();
  si.value = std::max(gate_submitted_, gate_wait_value_);
  gate_value_ = si.value;
  gate_submitted_ = 0;
  gate_wait_value_ = 0;
  BRASS_VK_RETURN_IF_FAILED(vkSignalSemaphore(device_.handle(), &si));
  return {};
}

void BatchRing::reset(BatchState& b) {
  if (b.main == pending_.command_buffer()) pending_.forget();
  if (b.pool) vkResetCommandPool(device_.handle(), b.pool.get(), 0);
  b.upload_begun = false;
  b.draws = 0;
  for (auto& h : b.held) h->batch_done(id_, b.serial);
  b.held.clear();
}

}  // namespace brass::driver
