// Per-object synchronization state: the layout (images), the last write
// (stages + accesses) and the reads since that write that already have
// visibility. A new access needs a barrier only when it changes the layout,
// reads something written but not yet made visible to it, or writes over
// earlier accesses.
#pragma once
#include "device/vk.h"

namespace brass::driver {

struct AccessState {
  VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkPipelineStageFlags2 write_stages = 0;
  VkAccessFlags2 write_access = 0;
  VkPipelineStageFlags2 read_stages = 0;  // reads since the last write
  VkAccessFlags2 read_access = 0;         // accesses already made visible

  void reset() { *this = AccessState{}; }
};

// One access a command is about to make.
struct AccessRequest {
  VkPipelineStageFlags2 stages = 0;
  VkAccessFlags2 access = 0;
  VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;  // images only
  bool write = false;
};

inline constexpr VkAccessFlags2 kWriteAccessMask =
    VK_ACCESS_2_SHADER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_HOST_WRITE_BIT |
    VK_ACCESS_2_MEMORY_WRITE_BIT;

// The barrier halves an access needs; `needed` false when none.
struct BarrierNeed {
  bool needed = false;
  VkPipelineStageFlags2 src_stages = 0, dst_stages = 0;
  VkAccessFlags2 src_access = 0, dst_access = 0;
  VkImageLayout old_layout = VK_IMAGE_LAYOUT_UNDEFINED, new_layout = VK_IMAGE_LAYOUT_UNDEFINED;
};

// Computes what `req` needs against `state` and updates `state` as if the
// barrier were emitted. `is_image` decides whether layouts matter.
BarrierNeed apply_access(AccessState& state, const AccessRequest& req, bool is_image);

}  // namespace brass::driver
