// The objects of a one-off submission: a command pool with its primary
// command buffers, and the fence that tells when the submission completed.
// Batches, presentation and the shared-layout publisher each record into a
// pool of their own that they reset before re-recording, so the pool is
// created transient on the device's queue family.
#pragma once

#include <cstdint>

#include "device/handle.h"
#include "device/vk.h"

namespace brass::vk {

// Owns one VkCommandPool; the command buffers it allocates are freed with it.
class CommandPool {
 public:
  // A transient pool on `queue_family`; whatever `out` held is destroyed.
  [[nodiscard]] static Status create(VkDevice device, uint32_t queue_family, CommandPool* out);

  // Allocates `count` primary command buffers into `out[0..count)`.
  [[nodiscard]] Status allocate_primary(uint32_t count, VkCommandBuffer* out) const;

  VkCommandPool get() const { return pool_.get(); }
  explicit operator bool() const { return static_cast<bool>(pool_); }

 private:
  Handle<VkCommandPool> pool_;
};

// An unsignaled fence owned by `out` (whatever it held is destroyed).
[[nodiscard]] Status create_fence(VkDevice device, Handle<VkFence>* out);

}  // namespace brass::vk
