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
  // Guards `access` and `levels` while contexts on several rings use the
  // object (SharedAccess); the steady state of one context never takes it.
  std::atomic_flag access_lock = ATOMIC_FLAG_INIT;

 private:
  explicit ResourceObject(VulkanScreen& screen) : uid(next_object_uid()), screen_(screen) {}
  VulkanScreen& screen_;
};

// Holds an object's access-state lock for the scope when the object is, or
// is about to be, used by another ring than `ring` (GL lets contexts of a
// share group read one object at once: each records its barrier from the
// same state). The object's own ring, alone, takes no lock; the moment a
// second ring first uses it while the first one still records with it is
// not covered (docs/driver.md).
class SharedAccess {
 public:
  SharedAccess(ResourceObject* o, uint32_t ring)
      : o_(o && o->usage.used() && (o->usage.ring_id() != ring || o->usage.several_rings()) ? o : nullptr) {
    if (o_)
      while (o_->access_lock.test_and_set(std::memory_order_acquire)) std::this_thread::yield();
  }
  ~SharedAccess() {
    if (o_) o_->access_lock.clear(std::memory_order_release);
  }
  // The object is (or was) used by another ring: the lock is held.
  bool held() const { return o_ != nullptr; }
  SharedAccess(const SharedAccess&) = delete;
  SharedAccess& operator=(const SharedAccess&) = delete;

 private:
  ResourceObject* o_;
};

}  // namespace brass::driver

namespace brass {
// The last reference retires the object through the screen (garbage by serial).
template <>
struct RefTraits<driver::ResourceObject> {
  static void destroy(driver::ResourceObject* o);
};
}  // namespace brass
