// GL conditional rendering on the GPU (VK_EXT_conditional_rendering). The
// query's result is copied (vkCmdCopyQueryPoolResults, waiting on the GPU)
// into a 4-byte predicate outside a render pass when the condition is set;
// application draws then run inside vkCmdBegin/EndConditionalRenderingEXT,
// begun lazily before the first draw of each pass and ended before the pass
// ends and before any clear or meta draw, which GL never predicates
// (clears and blits under a condition are decided by the GL frontend on
// the CPU). Only a query measured in one render pass segment can be copied
// as one value; for others set() declines and the frontend decides.
#pragma once
#include "driver/query/query_tracker.h"
#include "driver/resource/stream_buffer.h"

namespace brass::driver {

class ConditionalRendering final : public RenderPassHooks {
 public:
  ConditionalRendering(vk::Device& device, BatchRing& ring, RenderPassState& render_pass, QueryTracker& queries,
                       bool supported);

  // pipe::Context::set_render_condition. A failure to allocate the
  // predicate is returned in *status (the condition is then not taken).
  bool set(pipe::Query* q, bool inverted, vk::Status* status);
  // Inside the pass, before an application draw.
  void before_draw(VkCommandBuffer cmd) {
    if (active_ && !begun_) begin(cmd);
  }
  // Whether before_draw() would record nothing.
  bool idle_for_draw() const { return !active_ || begun_; }
  // Before a clear or meta draw inside the pass, and before the pass ends.
  void suspend(VkCommandBuffer cmd);

  vk::Status before_begin(VkCommandBuffer) override { return {}; }
  void after_begin(VkCommandBuffer) override {}
  void before_end(VkCommandBuffer cmd) override { suspend(cmd); }

 private:
  void begin(VkCommandBuffer cmd);

  BatchRing& ring_;
  RenderPassState& render_pass_;
  QueryTracker& queries_;
  const bool supported_;
  StreamBuffer predicates_;
  StreamAllocation predicate_;
  bool active_ = false, inverted_ = false, begun_ = false;
};

}  // namespace brass::driver
