#include "driver/sync/shared_layout_publisher.h"

#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_published("sync.published_layouts");
// Submissions in flight before publish() waits for the oldest: a few
// contexts starting to read a few images at once.
constexpr size_t kMaxSlots = 8;
}  // namespace

SharedLayoutPublisher::SharedLayoutPublisher(vk::Device& device, bool synchronization2)
    : device_(device), barriers_(synchronization2) {}

SharedLayoutPublisher::~SharedLayoutPublisher() {
  // The command buffers may still run: their fences say when they are done.
  for (Slot& s : slots_)
    if (s.pending) {
      VkFence f = s.done.get();
      if (vkWaitForFences(device_.handle(), 1, &f, VK_TRUE, UINT64_MAX) != VK_SUCCESS)
        BRASS_WARN("shared layout publisher: waiting for a submission failed (device lost?); destroying anyway");
    }
}

uint64_t SharedLayoutPublisher::published() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return published_;
}

vk::Status SharedLayoutPublisher::acquire(Slot** out) {
  VkDevice dev = device_.handle();
  Slot* oldest = nullptr;
  for (Slot& s : slots_) {
    if (s.pending) {
      VkFence f = s.done.get();
      const VkResult r = vkGetFenceStatus(dev, f);
      if (r == VK_NOT_READY) {
        if (!oldest) oldest = &s;
        continue;
      }
      if (r != VK_SUCCESS) return vk::Status{r};
      s.pending = false;
    }
    *out = &s;
    return {};
  }
  if (slots_.size() >= kMaxSlots && oldest) {
    VkFence f = oldest->done.get();
    BRASS_VK_RETURN_IF_FAILED(vkWaitForFences(dev, 1, &f, VK_TRUE, UINT64_MAX));
    oldest->pending = false;
    *out = oldest;
    return {};
  }
  Slot s;
  if (vk::Status st = vk::CommandPool::create(dev, device_.queue_family(), &s.pool); !st) return st;
  if (vk::Status st = s.pool.allocate_primary(1, &s.cmd); !st) return st;
  if (vk::Status st = vk::create_fence(dev, &s.done); !st) return st;
  slots_.push_back(std::move(s));
  *out = &slots_.back();
  return {};
}

vk::Status SharedLayoutPublisher::publish(ResourceObject* o, const AccessRequest& req,
                                          const VkImageSubresourceRange& range) {
  std::lock_guard<std::mutex> lock(mutex_);
  VkDevice dev = device_.handle();
  Slot* slot = nullptr;
  if (vk::Status s = acquire(&slot); !s) return s;
  VkFence fence = slot->done.get();
  BRASS_VK_RETURN_IF_FAILED(vkResetFences(dev, 1, &fence));
  BRASS_VK_RETURN_IF_FAILED(vkResetCommandPool(dev, slot->pool.get(), 0));
  VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  BRASS_VK_RETURN_IF_FAILED(vkBeginCommandBuffer(slot->cmd, &bi));
  // The object's state changes only once the barrier is on the queue.
  ImageAccessState after = o->levels;
  barriers_.image_access(after, req, o->image, range);
  barriers_.emit(slot->cmd);
  BRASS_VK_RETURN_IF_FAILED(vkEndCommandBuffer(slot->cmd));
  VkCommandBufferSubmitInfo cbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cbi.commandBuffer = slot->cmd;
  VkSubmitInfo2 si{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  si.commandBufferInfoCount = 1;
  si.pCommandBufferInfos = &cbi;
  {
    std::lock_guard<std::mutex> queue_lock(device_.queue_mutex());
    BRASS_VK_RETURN_IF_FAILED(vkQueueSubmit2(device_.queue(), 1, &si, fence));
  }
  slot->pending = true;
  o->levels = after;
  ++published_;
  g_published.add();
  return {};
}

}  // namespace brass::driver
