// Barriers a command needs, accumulated and merged before it is recorded:
// all buffer hazards fold into one global memory barrier, image transitions
// are listed, and one vkCmdPipelineBarrier2 (or vkCmdPipelineBarrier without
// synchronization2) emits them. BRASS_STATS: barrier.memory, barrier.image,
// barrier.calls.
#pragma once
#include <array>
#include <cstdint>
#include "driver/barrier/access_state.h"

namespace brass::driver {

class BarrierBatch {
 public:
  static constexpr unsigned kMaxImageBarriers = 48;

  explicit BarrierBatch(bool synchronization2) : sync2_(synchronization2) {}

  // Buffers: request an access, merge whatever barrier it needs.
  void buffer_access(AccessState& state, const AccessRequest& req);
  // Images: the subresource range covers what the command touches. Each
  // mip level in it is checked against its own state; barriers cover whole
  // levels (every layer) and runs of adjacent levels with the same old
  // layout merge into one.
  void image_access(ImageAccessState& state, const AccessRequest& req, VkImage image,
                    const VkImageSubresourceRange& range);
  // An explicit image barrier (mipmap generation between levels).
  void add_image_barrier(const BarrierNeed& need, VkImage image, const VkImageSubresourceRange& range);

  bool empty() const { return !memory_needed_ && image_count_ == 0; }
  // Records the merged barrier into `cmd` and clears the batch.
  void emit(VkCommandBuffer cmd);

 private:
  bool sync2_;
  bool memory_needed_ = false;
  VkMemoryBarrier2 memory_{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
  std::array<VkImageMemoryBarrier2, kMaxImageBarriers> images_{};
  unsigned image_count_ = 0;
};

}  // namespace brass::driver
