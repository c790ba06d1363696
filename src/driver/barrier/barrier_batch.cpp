#include "driver/barrier/barrier_batch.h"

#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_memory_barriers("barrier.memory");
StatCounter g_image_barriers("barrier.image");
StatCounter g_barrier_calls("barrier.calls");

// synchronization2 flags that have no legacy equivalent collapse to the
// nearest superset; the low 32 bits match the legacy enums.
VkPipelineStageFlags legacy_stages(VkPipelineStageFlags2 s, bool src) {
  VkPipelineStageFlags out = static_cast<VkPipelineStageFlags>(s & 0x7fffffffull);
  if (s & ~0x7fffffffull) out |= VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
  if (out == 0) out = src ? VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT : VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT;
  return out;
}
VkAccessFlags legacy_access(VkAccessFlags2 a) {
  VkAccessFlags out = static_cast<VkAccessFlags>(a & 0x7fffffffull);
  if (a & VK_ACCESS_2_SHADER_SAMPLED_READ_BIT) out |= VK_ACCESS_SHADER_READ_BIT;
  if (a & VK_ACCESS_2_SHADER_STORAGE_READ_BIT) out |= VK_ACCESS_SHADER_READ_BIT;
  if (a & VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT) out |= VK_ACCESS_SHADER_WRITE_BIT;
  return out;
}
}  // namespace

void BarrierBatch::buffer_access(AccessState& state, const AccessRequest& req) {
  const BarrierNeed n = apply_access(state, req, false);
  if (!n.needed) return;
  memory_needed_ = true;
  memory_.srcStageMask |= n.src_stages;
  memory_.srcAccessMask |= n.src_access;
  memory_.dstStageMask |= n.dst_stages;
  memory_.dstAccessMask |= n.dst_access;
}

void BarrierBatch::image_access(ImageAccessState& state, const AccessRequest& req, VkImage image,
                                const VkImageSubresourceRange& range) {
  const uint32_t first = range.baseMipLevel;
  const uint32_t count =
      range.levelCount == VK_REMAINING_MIP_LEVELS ? state.level_count - std::min(first, state.level_count) : range.levelCount;
  for (uint32_t l = first; l < first + count; ++l) {
    const BarrierNeed n = apply_access(state.level(l), req, true);
    if (!n.needed) continue;
    // Levels past the tracked ones share the last state: one barrier for the rest.
    const bool rest = l == ImageAccessState::kMaxLevels - 1 && first + count > ImageAccessState::kMaxLevels;
    add_image_barrier(n, image, {range.aspectMask, l, rest ? VK_REMAINING_MIP_LEVELS : 1u, 0, VK_REMAINING_ARRAY_LAYERS});
    if (rest) break;
  }
}

void BarrierBatch::add_image_barrier(const BarrierNeed& n, VkImage image, const VkImageSubresourceRange& range) {
  // The same image twice in one batch (two views of it, adjacent levels):
  // merge when the layouts and layers agree and the levels are the same or
  // adjacent.
  for (unsigned i = 0; i < image_count_; ++i) {
    VkImageMemoryBarrier2& b = images_[i];
    VkImageSubresourceRange& r = b.subresourceRange;
    // A second transition of the same subresources before the batch is
    // recorded (one draw accessing an image two ways): the barriers of one
    // command are unordered, so two transitions of one subresource would
    // race. The pending one goes straight to the final layout instead; the
    // intermediate access never happened.
    if (b.image == image && b.newLayout == n.old_layout && n.old_layout != n.new_layout &&
        r.aspectMask == range.aspectMask && r.baseMipLevel == range.baseMipLevel &&
        r.levelCount == range.levelCount && r.baseArrayLayer == range.baseArrayLayer &&
        r.layerCount == range.layerCount) {
      b.newLayout = n.new_layout;
      b.dstStageMask |= n.dst_stages;
      b.dstAccessMask |= n.dst_access;
      return;
    }
    if (b.image != image || b.newLayout != n.new_layout || b.oldLayout != n.old_layout ||
        r.aspectMask != range.aspectMask || r.baseArrayLayer != range.baseArrayLayer || r.layerCount != range.layerCount)
      continue;
    const bool same = r.baseMipLevel == range.baseMipLevel && r.levelCount == range.levelCount;
    const bool after = r.levelCount != VK_REMAINING_MIP_LEVELS && r.baseMipLevel + r.levelCount == range.baseMipLevel;
    if (!same && !after) continue;
    if (after) r.levelCount = range.levelCount == VK_REMAINING_MIP_LEVELS ? VK_REMAINING_MIP_LEVELS : r.levelCount + range.levelCount;
    b.srcStageMask |= n.src_stages;
    b.srcAccessMask |= n.src_access;
    b.dstStageMask |= n.dst_stages;
    b.dstAccessMask |= n.dst_access;
    return;
  }
  if (image_count_ == kMaxImageBarriers) {
    // Never expected (one per attachment and bound texture); degrade by
    // emitting what we have first. Callers pass a command buffer to emit().
    BRASS_ASSERT(false);
    return;
  }
  VkImageMemoryBarrier2& b = images_[image_count_++];
  b = {VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = n.src_stages;
  b.srcAccessMask = n.src_access;
  b.dstStageMask = n.dst_stages;
  b.dstAccessMask = n.dst_access;
  b.oldLayout = n.old_layout;
  b.newLayout = n.new_layout;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = range;
}

void BarrierBatch::emit(VkCommandBuffer cmd) {
  if (empty()) return;
  g_barrier_calls.add();
  if (memory_needed_) g_memory_barriers.add();
  g_image_barriers.add(image_count_);
  if (sync2_) {
    VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dep.memoryBarrierCount = memory_needed_ ? 1 : 0;
    dep.pMemoryBarriers = &memory_;
    dep.imageMemoryBarrierCount = image_count_;
    dep.pImageMemoryBarriers = images_.data();
    vkCmdPipelineBarrier2(cmd, &dep);
  } else {
    VkPipelineStageFlags2 src = memory_needed_ ? memory_.srcStageMask : 0;
    VkPipelineStageFlags2 dst = memory_needed_ ? memory_.dstStageMask : 0;
    VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    mb.srcAccessMask = legacy_access(memory_.srcAccessMask);
    mb.dstAccessMask = legacy_access(memory_.dstAccessMask);
    std::array<VkImageMemoryBarrier, kMaxImageBarriers> ib{};
    for (unsigned i = 0; i < image_count_; ++i) {
      const VkImageMemoryBarrier2& b = images_[i];
      src |= b.srcStageMask;
      dst |= b.dstStageMask;
      ib[i] = {VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
      ib[i].srcAccessMask = legacy_access(b.srcAccessMask);
      ib[i].dstAccessMask = legacy_access(b.dstAccessMask);
      ib[i].oldLayout = b.oldLayout;
      ib[i].newLayout = b.newLayout;
      ib[i].srcQueueFamilyIndex = ib[i].dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      ib[i].image = b.image;
      ib[i].subresourceRange = b.subresourceRange;
    }
    vkCmdPipelineBarrier(cmd, legacy_stages(src, true), legacy_stages(dst, false), 0, memory_needed_ ? 1 : 0, &mb,
                         0, nullptr, image_count_, ib.data());
  }
  memory_needed_ = false;
  memory_ = {VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
  image_count_ = 0;
}

}  // namespace brass::driver
