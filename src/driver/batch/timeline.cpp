#include "driver/batch/timeline.h"

#include "util/process_exit.h"

namespace brass::driver {

Ref<Timeline> Timeline::create(VkDevice device, vk::Status* status) {
  VkSemaphoreTypeCreateInfo type_info{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type_info.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  type_info.initialValue = 0;
  VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &type_info};
  VkSemaphore sem = VK_NULL_HANDLE;
  const VkResult r = vkCreateSemaphore(device, &sci, nullptr, &sem);
  if (r != VK_SUCCESS) {
    *status = vk::Status{r};
    return nullptr;
  }
  *status = {};
  return make_ref<Timeline>(device, vk::Handle<VkSemaphore>(device, sem));
}

void Timeline::mark_reached(uint64_t value) {
  uint64_t seen = reached_.load(std::memory_order_relaxed);
  while (seen < value && !reached_.compare_exchange_weak(seen, value, std::memory_order_release)) {
  }
}

uint64_t Timeline::completed() {
  // At exit the driver may be half torn down and batches are retired
  // unexecuted (mark_reached): the cached value is the answer.
  if (!process_exiting()) {
    uint64_t value = 0;
    if (vkGetSemaphoreCounterValue(device_, semaphore_.get(), &value) == VK_SUCCESS) mark_reached(value);
  }
  return reached_.load(std::memory_order_acquire);
}

bool Timeline::reached(uint64_t value) {
  return value <= reached_.load(std::memory_order_acquire) || value <= completed();
}

VkResult Timeline::wait(uint64_t value, uint64_t timeout_ns) {
  if (reached(value) || process_exiting()) return VK_SUCCESS;
  const VkSemaphore sem = semaphore_.get();
  VkSemaphoreWaitInfo wi{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  wi.semaphoreCount = 1;
  wi.pSemaphores = &sem;
  wi.pValues = &value;
  const VkResult r = vkWaitSemaphores(device_, &wi, timeout_ns);
  if (r == VK_SUCCESS) mark_reached(value);
  return r;
}

}  // namespace brass::driver
