// Transform feedback through VK_EXT_transform_feedback. Capture can only be
// active inside a render pass, so it begins lazily at the first draw of a
// pass and ends before the pass ends (a RenderPassHooks); each target's
// counter buffer carries the byte count across passes, pauses (targets
// unbound and rebound with append) and meta draws. A paused capture ends its
// pass so that the counter write and the next read are ordered by a barrier.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "driver/draw/draw_dirty.h"
#include "driver/render_pass/render_pass_state.h"
#include "driver/sync/sync_tracker.h"
#include "pipe/context.h"

namespace brass::pipe {
// A transform feedback buffer range and its counter buffer (how many bytes
// were written), which resume continues from.
struct StreamOutputTarget {
  Ref<Resource> buffer;
  uint64_t offset = 0, size = 0;
  Ref<Resource> counter;  // 4 bytes used
  bool counter_valid = false;  // false: capture restarts at `offset`
};
}  // namespace brass::pipe

namespace brass::vk {
struct Capabilities;
}

namespace brass::driver {

class VulkanScreen;

// Vertex streams a geometry shader may emit to and stream output captures
// (pipe::Cap::MaxVertexStreams): several need geometryStreams and queries
// of any stream (indexed transform feedback and primitives-generated
// queries, QueryTracker) and draws of any stream's count
// (transformFeedbackDraw); else only stream 0 (1).
uint32_t vertex_streams(const vk::Capabilities& caps);

class StreamOutput final : public RenderPassHooks {
 public:
  StreamOutput(VulkanScreen& screen, SyncTracker& sync, RenderPassState& render_pass,
               DrawDirty& dirty, bool supported);

  // Null without VK_EXT_transform_feedback or for a non-buffer.
  pipe::StreamOutputTarget* create_target(pipe::Resource* buffer, uint64_t offset, uint64_t size);
  void destroy_target(pipe::StreamOutputTarget* t);
  void set_targets(std::span<pipe::StreamOutputTarget* const> targets, uint32_t append_mask);

  // Barriers and usage marks for the targets and their counters (a draw's
  // resource validation).
  void record_access();
  // The same for a counter a draw reads its vertex count from
  // (vkCmdDrawIndirectByteCountEXT; pipe::DrawIndirect::captured).
  void record_counter_read(pipe::StreamOutputTarget* t);
  // Starts capture in the active pass when targets are bound and the
  // program captures; before a draw, after the pipeline is bound.
  void begin(VkCommandBuffer cmd, bool program_captures) {
    if (!recording_ && count_ != 0 && program_captures) begin_capture(cmd);
  }
  // Ends capture (counters written): before the pass ends, before meta draws.
  void end(VkCommandBuffer cmd);
  // Capture is active in the command buffer: no pipeline may be bound
  // (VUID-vkCmdBindPipeline-None-02323) until it ends.
  bool recording() const { return recording_; }
  // Whether begin() would record nothing for a program that captures or not.
  bool idle_for(bool program_captures) const { return !recording_ && (count_ == 0 || !program_captures); }

  vk::Status before_begin(VkCommandBuffer) override { return {}; }
  void after_begin(VkCommandBuffer) override {}
  void before_end(VkCommandBuffer cmd) override { end(cmd); }

 private:
  void begin_capture(VkCommandBuffer cmd);
  pipe::StreamOutputTarget* first_target() const;  // null when none is bound

  VulkanScreen& screen_;
  SyncTracker& sync_;
  RenderPassState& render_pass_;
  DrawDirty& dirty_;
  const bool supported_;
  std::array<pipe::StreamOutputTarget*, 4> targets_{};
  uint32_t count_ = 0;
  bool recording_ = false;
};

}  // namespace brass::driver
