// Vulkan objects whose last use is a batch that has not completed yet. Each
// entry holds one handle (or one memory allocation) and the serial after
// which it may be destroyed. Entries mostly arrive in serial order, so
// collection pops from the front (one that arrives out of order only waits
// for those before it). Other contexts of the share group add to a ring's
// list when they release an object it used last, so the list has a lock;
// it is taken at object destruction and batch reset, never per draw.
#pragma once
#include <cstdint>
#include <mutex>
#include <vector>
#include "device/memory_allocator.h"
#include "device/vk.h"

namespace brass::driver {

class GarbageList {
 public:
  GarbageList(VkDevice device, vk::MemoryAllocator* memory) : device_(device), memory_(memory) {}
  ~GarbageList();
  GarbageList(const GarbageList&) = delete;
  GarbageList& operator=(const GarbageList&) = delete;

  template <typename T>
  void add(uint64_t serial, T handle) {
    if (handle != VK_NULL_HANDLE) push({serial, object_type<T>(), reinterpret_cast<uint64_t>(handle), {}});
  }
  void add_memory(uint64_t serial, const vk::Allocation& a) {
    if (a) push({serial, VK_OBJECT_TYPE_DEVICE_MEMORY, 0, a});
  }
  // Destroys everything whose serial is <= completed. Returns the count.
  size_t collect(uint64_t completed);
  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_.size() - head_;
  }
  // Entries held in storage, collected ones not yet compacted away included
  // (tests: bounded while something is always pending).
  size_t stored_entries() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_.size();
  }

 private:
  struct Entry {
    uint64_t serial;
    VkObjectType type;
    uint64_t handle;
    vk::Allocation allocation;
  };
  template <typename T>
  static constexpr VkObjectType object_type();
  void push(const Entry& e);
  void destroy(Entry& e);

  VkDevice device_;
  vk::MemoryAllocator* memory_;
  static constexpr size_t kCompactAfter = 32;  // collected entries before compacting
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  size_t head_ = 0;
};

#define BRASS_GARBAGE_TYPE(T, E) \
  template <>                    \
  constexpr VkObjectType GarbageList::object_type<T>() { return E; }
BRASS_GARBAGE_TYPE(VkBuffer, VK_OBJECT_TYPE_BUFFER)
BRASS_GARBAGE_TYPE(VkImage, VK_OBJECT_TYPE_IMAGE)
BRASS_GARBAGE_TYPE(VkImageView, VK_OBJECT_TYPE_IMAGE_VIEW)
BRASS_GARBAGE_TYPE(VkBufferView, VK_OBJECT_TYPE_BUFFER_VIEW)
BRASS_GARBAGE_TYPE(VkSampler, VK_OBJECT_TYPE_SAMPLER)
BRASS_GARBAGE_TYPE(VkFramebuffer, VK_OBJECT_TYPE_FRAMEBUFFER)
BRASS_GARBAGE_TYPE(VkPipeline, VK_OBJECT_TYPE_PIPELINE)
#undef BRASS_GARBAGE_TYPE

}  // namespace brass::driver
