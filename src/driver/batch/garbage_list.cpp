#include "driver/batch/garbage_list.h"

#include <cstddef>

#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_deferred("garbage.deferred");
StatCounter g_destroyed("garbage.destroyed");
}  // namespace

GarbageList::~GarbageList() {
  // The owner waited for the GPU to go idle before destroying the list.
  collect(UINT64_MAX);
}

void GarbageList::push(const Entry& e) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.push_back(e);
  g_deferred.add();
}

size_t GarbageList::collect(uint64_t completed) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t n = 0;
  while (head_ < entries_.size() && entries_[head_].serial <= completed) {
    destroy(entries_[head_++]);
    ++n;
  }
  if (head_ == entries_.size()) {
    entries_.clear();  // keeps capacity: steady state never reallocates
    head_ = 0;
  } else if (head_ >= kCompactAfter && head_ * 2 >= entries_.size()) {
    // Something is always pending (one object per frame, collected a frame
    // late): without this the collected entries would pile up forever.
    // Amortised O(1): at least half the entries are dropped.
    entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
  g_destroyed.add(n);
  return n;
}

void GarbageList::destroy(Entry& e) {
  switch (e.type) {
    case VK_OBJECT_TYPE_BUFFER: vkDestroyBuffer(device_, reinterpret_cast<VkBuffer>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_IMAGE: vkDestroyImage(device_, reinterpret_cast<VkImage>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_IMAGE_VIEW: vkDestroyImageView(device_, reinterpret_cast<VkImageView>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_BUFFER_VIEW: vkDestroyBufferView(device_, reinterpret_cast<VkBufferView>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_SAMPLER: vkDestroySampler(device_, reinterpret_cast<VkSampler>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_FRAMEBUFFER: vkDestroyFramebuffer(device_, reinterpret_cast<VkFramebuffer>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_PIPELINE: vkDestroyPipeline(device_, reinterpret_cast<VkPipeline>(e.handle), nullptr); break;
    case VK_OBJECT_TYPE_DEVICE_MEMORY: memory_->free(e.allocation); break;
    default: break;
  }
}

}  // namespace brass::driver
