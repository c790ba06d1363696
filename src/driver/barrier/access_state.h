// Per-object synchronization state: the layout (images), the last write
// (stages + accesses) and the reads since that write that already have
// visibility. A new access needs a barrier only when it changes the layout,
// reads something written but not yet made visible to it, or writes over
// earlier accesses.
#pragma once
#include <algorithm>
#include <array>
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

// An image's states, one per mip level (all layers of a level share one):
// GL renders into one level while sampling another (mipmap generation by
// hand), so each level keeps its own layout. Fixed size, no allocation;
// levels past the last tracked one share its state.
struct ImageAccessState {
  static constexpr uint32_t kMaxLevels = 16;
  std::array<AccessState, kMaxLevels> levels{};
  uint32_t level_count = 1;

  AccessState& level(uint32_t l) { return levels[std::min(l, kMaxLevels - 1)]; }
  void set_all(const AccessState& s) {
    for (uint32_t l = 0; l < level_count && l < kMaxLevels; ++l) levels[l] = s;
  }
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
    VK_ACCESS_2_MEMORY_WRITE_BIT |
    VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT | VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT;

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
