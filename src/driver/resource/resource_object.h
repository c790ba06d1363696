// The storage behind a Resource: exactly one VkBuffer or VkImage with its
// memory, its GPU usage serials and its synchronization state. Reference
// counted: the Resource holds one reference; when the last goes, the object
// is handed to the garbage list of the ring that used it last and destroyed
// once that batch has completed.
#pragma once
#include <atomic>
#include <cstdint>
#include <thread>
#include "device/device.h"
#include "driver/barrier/access_state.h"
#include "driver/batch/gpu_usage.h"
#include "driver/object_uid.h"
#include "pipe/resource.h"
#include "util/ref_counted.h"

namespace brass::driver {

class VulkanScreen;

class ResourceObject : public RefCounted {
 public:
  // Creates storage for `templ`. Null with *status on failure.
  static ResourceObject* create(VulkanScreen& screen, const pipe::ResourceTemplate& templ, vk::Status* status);
  ~ResourceObject();

  VulkanScreen& screen() const { return screen_; }
  bool is_buffer() const { return buffer != VK_NULL_HANDLE; }

  VkBuffer buffer = VK_NULL_HANDLE;
  VkImage image = VK_NULL_HANDLE;
  vk::Allocation memory;
  VkDeviceSize size = 0;               // buffers: bytes
  VkDeviceAddress address = 0;         // buffers, in descriptor-buffer mode only
  vk::FormatChoice format;             // images: stored format
  VkImageAspectFlags aspect = 0;
  VkImageUsageFlags image_usage = 0;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;

  uint64_t uid;               // never reused (object_uid.h): descriptor cache keys
  GpuUsage usage;
  AccessState access;         // buffers
  ImageAccessState levels;    // images: per mip level
  // Guards `access`, `levels` and the usage mark of a draw's bindings
  // (SharedAccess).
  std::atomic_flag access_lock = ATOMIC_FLAG_INIT;

 private:
  explicit ResourceObject(VulkanScreen& screen) : uid(next_object_uid()), screen_(screen) {}
  VulkanScreen& screen_;
};

// Holds an object's access-state lock for the scope of one access record
// (barrier state and usage mark). GL lets contexts of a share group read one
// object at once, each recording its barrier from the same state. Every
// ring takes it, the object's only ring too: a ring that checked "only I use
// this" before recording without the lock raced with a second ring's first
// use, and two rings' first uses of a new object both saw no owner (issue
// 18). Uncontended it is one atomic exchange, paid where a binding's access
// is recorded (changed bindings, programs writing storage), not per draw.
class SharedAccess {
 public:
  SharedAccess(ResourceObject* o, uint32_t ring) : o_(o) {
    if (!o_) return;
    while (o_->access_lock.test_and_set(std::memory_order_acquire)) std::this_thread::yield();
    shared_ = o_->usage.used() && (o_->usage.ring_id() != ring || o_->usage.several_rings());
  }
  ~SharedAccess() {
    if (o_) o_->access_lock.clear(std::memory_order_release);
  }
  // The object is (or was) used by another ring.
  bool other_rings() const { return shared_; }
  SharedAccess(const SharedAccess&) = delete;
  SharedAccess& operator=(const SharedAccess&) = delete;

 private:
  ResourceObject* o_;
  bool shared_ = false;
};

}  // namespace brass::driver

namespace brass {
// The last reference retires the object through the screen (garbage by serial).
template <>
struct RefTraits<driver::ResourceObject> {
  static void destroy(driver::ResourceObject* o);
};
}  // namespace brass
