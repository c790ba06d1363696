// The storage behind a Resource: exactly one VkBuffer or VkImage with its
// memory, its GPU usage serials and its synchronization state. Reference
// counted: the Resource holds one reference; when the last goes, the object
// is handed to the garbage list of the ring that used it last and destroyed
// once that batch has completed.
#pragma once
#include <cstdint>
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

 private:
  explicit ResourceObject(VulkanScreen& screen) : uid(next_object_uid()), screen_(screen) {}
  VulkanScreen& screen_;
};

}  // namespace brass::driver

namespace brass {
// The last reference retires the object through the screen (garbage by serial).
template <>
struct RefTraits<driver::ResourceObject> {
  static void destroy(driver::ResourceObject* o);
};
}  // namespace brass
