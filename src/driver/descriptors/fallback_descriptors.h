// What a descriptor of an unbound slot points at: a zeroed 64 KiB buffer (with
// an RGBA8 texel view), a cleared 1x1 sampled image and a default sampler.
// Vulkan needs every descriptor a shader may read to be valid; GL reads
// zeros from unbound buffers and (0,0,0,1)-style defaults from textures.
#pragma once
#include "device/handle.h"
#include "driver/batch/batch_ring.h"
#include "driver/sync/sync_tracker.h"
#include "pipe/resource.h"
#include "util/ref_counted.h"

namespace brass::driver {

class VulkanScreen;
class ResourceObject;

class FallbackDescriptors {
 public:
  // Records the image's clear into the ring's current batch.
  [[nodiscard]] vk::Status init(VulkanScreen& screen, BatchRing& ring, SyncTracker& sync);

  static constexpr VkDeviceSize kBufferSize = 65536;
  const ResourceObject* buffer() const;
  VkBuffer vk_buffer() const { return vk_buffer_; }  // buffer()'s, for the draw path
  VkImageView image_view() const { return image_view_.get(); }
  VkBufferView buffer_view() const { return buffer_view_.get(); }
  VkSampler sampler() const { return sampler_.get(); }

 private:
  Ref<pipe::Resource> buffer_;
  VkBuffer vk_buffer_ = VK_NULL_HANDLE;
  Ref<pipe::Resource> image_;
  vk::Handle<VkImageView> image_view_;
  vk::Handle<VkBufferView> buffer_view_;
  vk::Handle<VkSampler> sampler_;
};

}  // namespace brass::driver
