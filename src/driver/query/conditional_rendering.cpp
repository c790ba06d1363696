#include "driver/query/conditional_rendering.h"

namespace brass::driver {

namespace {

StreamBuffer::Config predicate_config() {
  StreamBuffer::Config c;
  c.usage = VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  c.chunk_size = 4096;  // 1024 conditions before a chunk is retired
  return c;
}

}  // namespace

ConditionalRendering::ConditionalRendering(vk::Device& device, BatchRing& ring, RenderPassState& render_pass,
                                           QueryTracker& queries, bool supported)
    : ring_(ring),
      render_pass_(render_pass),
      queries_(queries),
      supported_(supported),
      predicates_(device, ring, predicate_config()) {}

bool ConditionalRendering::set(pipe::Query* q, bool inverted, vk::Status* status) {
  *status = {};
  if (!q) {
    if (begun_) suspend(ring_.main_cmd());
    active_ = false;
    return true;
  }
  VkQueryPool pool = VK_NULL_HANDLE;
  uint32_t index = 0;
  if (!supported_ || !queries_.single_segment(q, &pool, &index)) return false;
  if (begun_) suspend(ring_.main_cmd());
  active_ = false;
  if (vk::Status s = predicates_.allocate(4, 4, &predicate_); !s) {
    *status = s;
    return false;
  }
  // The copy is a transfer: outside any pass.
  render_pass_.end(RenderPassEnd::Query);
  VkCommandBuffer cmd = ring_.main_cmd();
  vkCmdCopyQueryPoolResults(cmd, pool, index, 1, predicate_.buffer, predicate_.offset, 4, VK_QUERY_RESULT_WAIT_BIT);
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_CONDITIONAL_RENDERING_READ_BIT_EXT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT, 0, 1,
                       &barrier, 0, nullptr, 0, nullptr);
  ring_.mark_recorded();
  active_ = true;
  inverted_ = inverted;
  return true;
}

void ConditionalRendering::begin(VkCommandBuffer cmd) {
  VkConditionalRenderingBeginInfoEXT info{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
  info.buffer = predicate_.buffer;
  info.offset = predicate_.offset;
  info.flags = inverted_ ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
  vkCmdBeginConditionalRenderingEXT(cmd, &info);
  begun_ = true;
}

void ConditionalRendering::suspend(VkCommandBuffer cmd) {
  if (!begun_) return;
  vkCmdEndConditionalRenderingEXT(cmd);
  begun_ = false;
}

}  // namespace brass::driver
