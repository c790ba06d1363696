// GL queries over lazy render passes. Vulkan queries cannot span render pass
// instances and must be reset outside one, so an active GL query is measured
// in segments: one query slot per render pass it was active in (reset just
// before the pass begins, begun right after, ended before the pass ends,
// through RenderPassHooks). The result is the sum (primitives written or
// generated) or OR (any samples passed) of the segments. Results are read once the batch of the
// last segment completed, so asking without waiting never blocks.
//
// The vertex-stream queries (primitives written, primitives generated,
// stream overflow) are indexed Vulkan queries of their stream: each stream
// is a kind of its own, as Vulkan allows one active query per type and
// index. An overflow query reads the transform feedback stream query's
// "primitives needed" next to "primitives written".
//
// Meta draws (clears, blits) draw no fragments or primitives in GL: they
// suspend the pass's occlusion and primitives-generated segments, and the
// next application draw starts a new pass (and segments).
//
// Pipeline statistics share one kind: Vulkan allows one active pipeline
// statistics query per command buffer, so every segment counts all eleven
// statistics and each GL query reads its own. Compute dispatches run
// outside render passes: each one an active statistics query sees gets a
// segment of its own (begin_dispatch / end_dispatch).
//
// Timer queries are not segmented: a timestamp may be written inside or
// outside a render pass, so TimeElapsed writes one at begin and one at end
// and Timestamp one at end, into slots reset in the batch's upload stream
// (which executes before the main stream: resets must be outside a pass).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "driver/batch/batch_ring.h"
#include "driver/query/query_slots.h"
#include "driver/render_pass/render_pass_state.h"
#include "pipe/context.h"

namespace brass::pipe {
// A GL query: the closed per-render-pass segments it measured, summed (or
// OR-ed) when the result is read.
struct Query {
  QueryType type = QueryType::OcclusionPredicate;
  uint32_t stream = 0;  // vertex-stream queries: the stream counted
  bool active = false;
  std::vector<driver::QuerySlot> segments;
  uint64_t serial = 0;  // batch of the newest segment
  bool has_result = false;
  uint64_t result = 0;
  // Timer queries: the timestamps written (TimeElapsed: begin, end).
  std::array<driver::QuerySlot, 2> stamps{};
  uint8_t stamp_count = 0;
};
}  // namespace brass::pipe

namespace brass::driver {

class QueryTracker final : public RenderPassHooks {
 public:
  // What the device can measure besides occlusion.
  struct Features {
    bool primitive_queries = false;      // transform feedback queries
    bool primitives_generated = false;   // VK_EXT_primitives_generated_query (with rasterizer discard)
    uint32_t streams = 1;                // vertex streams the stream queries count (vertex_streams())
    bool precise_occlusion = false;      // occlusionQueryPrecise: SamplesPassed counts exactly
    uint32_t timestamp_bits = 0;         // timestampValidBits of the queue (0: no timer queries)
    float timestamp_period = 0;          // nanoseconds per timestamp tick
    bool pipeline_statistics = false;    // pipelineStatisticsQuery
  };
  QueryTracker(VkDevice device, BatchRing& ring, RenderPassState& render_pass, const Features& features);
  ~QueryTracker();

  // Null for a type (or stream) the device cannot count.
  pipe::Query* create(pipe::QueryType type, uint32_t stream = 0);
  void destroy(pipe::Query* q);
  void begin(pipe::Query* q);
  void end(pipe::Query* q);
  // get_query_result must submit the open batch first: the query's newest
  // segment is in it and not complete.
  bool result_needs_submit(const pipe::Query* q);
  // The result once its segments completed (waiting for them with `wait`);
  // false while not available. A failure is returned in *status (the result
  // then reads as available and 0, so polling loops end).
  bool read_result(pipe::Query* q, bool wait, uint64_t* result, vk::Status* status);

  // An ended occlusion query measured in exactly one segment whose result
  // the CPU has not read: where that segment's result is (conditional
  // rendering copies it on the GPU). False for any other query.
  bool single_segment(const pipe::Query* q, VkQueryPool* pool, uint32_t* index);

  // Meta draws: ends the open occlusion and primitives-generated segments
  // without ending the pass.
  void suspend_occlusion(VkCommandBuffer cmd);
  // The pass's occlusion segment was suspended: the next application draw
  // needs a new pass.
  bool occlusion_suspended() const { return occlusion_suspended_; }

  vk::Status before_begin(VkCommandBuffer cmd) override;
  void after_begin(VkCommandBuffer cmd) override;
  void before_end(VkCommandBuffer cmd) override;

  // Around a compute dispatch recorded in `cmd` (outside a render pass):
  // a segment of the active pipeline statistics queries.
  vk::Status begin_dispatch(VkCommandBuffer cmd);
  void end_dispatch(VkCommandBuffer cmd);

 private:
  // Kind 0: occlusion; 1 + stream: transform feedback primitives (written,
  // needed) of the stream; 1 + kStreams + stream: primitives generated;
  // kStatisticsKind: the pipeline statistics.
  static constexpr unsigned kStreams = 4;
  static constexpr unsigned kStatisticsKind = 1 + 2 * kStreams;
  static constexpr unsigned kKinds = kStatisticsKind + 1;
  static constexpr uint32_t kPrimitivesGeneratedKinds = ((1u << kStreams) - 1) << (1 + kStreams);
  static unsigned kind_of(const pipe::Query* q) {
    switch (q->type) {
      case pipe::QueryType::PrimitivesWritten:
      case pipe::QueryType::StreamOverflow: return 1 + q->stream;
      case pipe::QueryType::PrimitivesGenerated: return 1 + kStreams + q->stream;
      case pipe::QueryType::PipelineStatistic: return kStatisticsKind;
      default: return 0;
    }
  }
  // The vertex stream of a kind's indexed Vulkan queries.
  static uint32_t stream_of_kind(unsigned k) { return k == 0 ? 0 : (k - 1) % kStreams; }
  // Kinds measured by plain (not indexed) Vulkan queries.
  static bool unindexed_kind(unsigned k) { return k == 0 || k == kStatisticsKind; }
  QuerySlots& slots_for(unsigned kind);
  void begin_slot(VkCommandBuffer cmd, unsigned kind, VkQueryControlFlags flags);
  void end_slot(VkCommandBuffer cmd, unsigned kind);
  // Ends the open segments of the kinds in `kinds` (bit per kind_of).
  void end_segments(VkCommandBuffer cmd, uint32_t kinds);
  static bool is_timer(pipe::QueryType t) {
    return t == pipe::QueryType::TimeElapsed || t == pipe::QueryType::Timestamp;
  }
  // Timer queries: writes the GPU time into a fresh slot of the query.
  void write_timestamp(pipe::Query* q);
  void release_timestamps(pipe::Query* q);
  // Nanoseconds from the timestamps read (ticks).
  uint64_t timer_result(const pipe::Query* q, const uint64_t* ticks) const;

  VkDevice device_;
  BatchRing& ring_;
  RenderPassState& render_pass_;
  const Features features_;
  std::array<std::unique_ptr<QuerySlots>, kKinds> slots_;
  std::unique_ptr<QuerySlots> timestamps_;
  std::vector<pipe::Query*> active_;
  std::array<bool, kKinds> segment_open_{};  // per kind, while a pass is active
  std::array<QuerySlot, kKinds> open_slot_{};
  bool occlusion_suspended_ = false;
};

}  // namespace brass::driver
