#include "driver/query/query_tracker.h"

#include <algorithm>

namespace brass::driver {

QueryTracker::QueryTracker(VkDevice device, BatchRing& ring, RenderPassState& render_pass, const Features& features)
    : device_(device), ring_(ring), render_pass_(render_pass), features_(features) {}

QueryTracker::~QueryTracker() = default;

QuerySlots& QueryTracker::slots_for(unsigned k) {
  if (!slots_[k]) {
    if (k == kStatisticsKind)
      // Every statistic, in VkQueryPipelineStatisticFlagBits order: the
      // result words follow the bits' order, which pipe::PipelineStatistic
      // has too.
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_PIPELINE_STATISTICS,
                                               pipe::kPipelineStatisticCount,
                                               (1u << pipe::kPipelineStatisticCount) - 1);
    else if (k >= 1 && k <= kStreams)
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, 2);
    else if (k > kStreams)
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT, 1);
    else
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_OCCLUSION, 1);
  }
  return *slots_[k];
}

void QueryTracker::begin_slot(VkCommandBuffer cmd, unsigned k, VkQueryControlFlags flags) {
  const QuerySlot s = open_slot_[k];
  if (unindexed_kind(k))
    vkCmdBeginQuery(cmd, slots_[k]->pool(s), s.index, flags);
  else
    vkCmdBeginQueryIndexedEXT(cmd, slots_[k]->pool(s), s.index, flags, stream_of_kind(k));
}

void QueryTracker::end_slot(VkCommandBuffer cmd, unsigned k) {
  const QuerySlot s = open_slot_[k];
  if (unindexed_kind(k))
    vkCmdEndQuery(cmd, slots_[k]->pool(s), s.index);
  else
    vkCmdEndQueryIndexedEXT(cmd, slots_[k]->pool(s), s.index, stream_of_kind(k));
}

pipe::Query* QueryTracker::create(pipe::QueryType type, uint32_t stream) {
  const bool written = type == pipe::QueryType::PrimitivesWritten || type == pipe::QueryType::StreamOverflow;
  if (written && !features_.primitive_queries) return nullptr;
  if (type == pipe::QueryType::PrimitivesGenerated && !features_.primitives_generated) return nullptr;
  if (is_timer(type) && (features_.timestamp_bits == 0 || features_.timestamp_period <= 0)) return nullptr;
  if (type == pipe::QueryType::PipelineStatistic) {
    if (!features_.pipeline_statistics || stream >= pipe::kPipelineStatisticCount) return nullptr;
    auto* q = new pipe::Query;
    q->type = type;
    q->stream = stream;  // the statistic
    return q;
  }
  const bool streamed = written || type == pipe::QueryType::PrimitivesGenerated;
  if (stream >= (streamed ? std::min(features_.streams, kStreams) : 1u)) return nullptr;
  auto* q = new pipe::Query;
  q->type = type;
  q->stream = stream;
  return q;
}

void QueryTracker::destroy(pipe::Query* q) {
  if (!q) return;
  if (is_timer(q->type)) {
    release_timestamps(q);
    delete q;
    return;
  }
  if (q->active) end(q);
  QuerySlots& slots = slots_for(kind_of(q));
  for (const QuerySlot& s : q->segments) slots.release(s, q->serial);
  delete q;
}

void QueryTracker::begin(pipe::Query* q) {
  if (!q || q->active) return;
  if (is_timer(q->type)) {
    if (q->type != pipe::QueryType::TimeElapsed) return;  // a Timestamp is only ended
    release_timestamps(q);
    write_timestamp(q);
    q->active = true;
    return;
  }
  QuerySlots& slots = slots_for(kind_of(q));
  for (const QuerySlot& s : q->segments) slots.release(s, q->serial);
  q->segments.clear();
  q->has_result = false;
  q->result = 0;
  // A segment needs a reset outside the pass: the next pass starts one.
  render_pass_.end(RenderPassEnd::Query);
  q->active = true;
  active_.push_back(q);
}

void QueryTracker::end(pipe::Query* q) {
  if (!q) return;
  if (q->type == pipe::QueryType::Timestamp) {
    release_timestamps(q);
    write_timestamp(q);
    return;
  }
  if (!q->active) return;
  if (q->type == pipe::QueryType::TimeElapsed) {
    write_timestamp(q);
    q->active = false;
    return;
  }
  const unsigned k = kind_of(q);
  if (segment_open_[k]) {
    const bool shared = std::count_if(active_.begin(), active_.end(),
                                      [k](const pipe::Query* a) { return kind_of(a) == k; }) > 1;
    if (shared) {
      // The slot measures the other query too: close it for everyone.
      render_pass_.end(RenderPassEnd::Query);
    } else {
      end_slot(ring_.main_cmd(), k);
      q->segments.push_back(open_slot_[k]);
      q->serial = ring_.current_serial();
      segment_open_[k] = false;
    }
  }
  q->active = false;
  active_.erase(std::find(active_.begin(), active_.end(), q));
}

bool QueryTracker::result_needs_submit(const pipe::Query* q) {
  const bool recorded = !q->segments.empty() || q->stamp_count != 0;
  return !q->has_result && recorded && !ring_.is_complete(q->serial) && q->serial == ring_.current_serial();
}

bool QueryTracker::single_segment(const pipe::Query* q, VkQueryPool* pool, uint32_t* index) {
  if (is_timer(q->type) || kind_of(q) != 0 || q->active || q->has_result || q->segments.size() != 1)
    return false;
  *pool = slots_for(0).pool(q->segments[0]);
  *index = q->segments[0].index;
  return true;
}

void QueryTracker::write_timestamp(pipe::Query* q) {
  if (q->stamp_count >= q->stamps.size()) return;
  if (!timestamps_) timestamps_ = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_TIMESTAMP, 1);
  QuerySlot slot;
  // A pool that cannot grow leaves the query without this timestamp: its
  // result reads as 0 (never a wait for a write that was not recorded).
  if (vk::Status s = timestamps_->acquire(ring_, &slot); !s) return;
  vkCmdResetQueryPool(ring_.upload_cmd(), timestamps_->pool(slot), slot.index, 1);
  // Written once every command recorded before it completed (GL 4.6 §4.3).
  vkCmdWriteTimestamp(ring_.main_cmd(), VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps_->pool(slot), slot.index);
  ring_.mark_recorded();
  q->stamps[q->stamp_count++] = slot;
  q->serial = ring_.current_serial();
  q->has_result = false;
  q->result = 0;
}

void QueryTracker::release_timestamps(pipe::Query* q) {
  for (uint8_t i = 0; i < q->stamp_count; ++i) timestamps_->release(q->stamps[i], q->serial);
  q->stamp_count = 0;
}

uint64_t QueryTracker::timer_result(const pipe::Query* q, const uint64_t* ticks) const {
  const uint64_t mask = features_.timestamp_bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << features_.timestamp_bits) - 1;
  uint64_t t = ticks[0] & mask;
  // Elapsed ticks wrap with the clock's valid bits.
  if (q->type == pipe::QueryType::TimeElapsed) t = q->stamp_count == 2 ? ((ticks[1] & mask) - t) & mask : 0;
  if (features_.timestamp_period == 1.0f) return t;
  return static_cast<uint64_t>(static_cast<long double>(t) * features_.timestamp_period);
}

bool QueryTracker::read_result(pipe::Query* q, bool wait, uint64_t* result, vk::Status* status) {
  *status = {};
  if (q->has_result) {
    *result = q->result;
    return true;
  }
  if ((!q->segments.empty() || q->stamp_count != 0) && !ring_.is_complete(q->serial)) {
    if (!wait) return false;
    if (vk::Status s = ring_.wait(q->serial); !s) {
      *status = s;
      *result = 0;
      return true;
    }
  }
  if (is_timer(q->type)) {
    uint64_t ticks[2] = {};
    for (uint8_t i = 0; i < q->stamp_count; ++i)
      if (vk::Status s = timestamps_->read(q->stamps[i], &ticks[i]); !s) *status = s;
    q->result = q->stamp_count ? timer_result(q, ticks) : 0;
    release_timestamps(q);
    q->has_result = true;
    *result = q->result;
    return true;
  }
  QuerySlots& slots = slots_for(kind_of(q));
  uint64_t sum = 0, needed = 0;
  const bool statistic = q->type == pipe::QueryType::PipelineStatistic;
  for (const QuerySlot& slot : q->segments) {
    uint64_t v[pipe::kPipelineStatisticCount] = {};
    if (vk::Status s = slots.read(slot, v); !s) *status = s;
    if (statistic) {
      sum += v[q->stream];
      continue;
    }
    sum += v[0];  // transform feedback: [0] primitives written, [1] needed
    needed += v[1];
  }
  for (const QuerySlot& slot : q->segments) slots.release(slot, q->serial);
  q->segments.clear();
  const bool counts = statistic || q->type == pipe::QueryType::PrimitivesWritten ||
                      q->type == pipe::QueryType::PrimitivesGenerated || q->type == pipe::QueryType::SamplesPassed;
  if (q->type == pipe::QueryType::StreamOverflow)
    q->result = needed > sum ? 1 : 0;  // primitives that did not fit were dropped
  else
    q->result = counts ? sum : (sum != 0 ? 1 : 0);
  q->has_result = true;
  *result = q->result;
  return true;
}

void QueryTracker::suspend_occlusion(VkCommandBuffer cmd) {
  // Meta draws pass no samples, generate no primitives and run no GL
  // shaders.
  bool open = segment_open_[0];
  for (unsigned k = 1 + kStreams; k < kKinds; ++k) open = open || segment_open_[k];
  if (!open) return;
  end_segments(cmd, 1u | kPrimitivesGeneratedKinds | (1u << kStatisticsKind));
  occlusion_suspended_ = true;
}

vk::Status QueryTracker::before_begin(VkCommandBuffer cmd) {
  for (const pipe::Query* q : active_) {
    const unsigned k = kind_of(q);
    QuerySlots& slots = slots_for(k);
    if (segment_open_[k]) {
      slots.add_ref(open_slot_[k]);
      continue;
    }
    vk::Status s = slots.acquire(ring_, &open_slot_[k]);
    if (!s) return s;
    vkCmdResetQueryPool(cmd, slots.pool(open_slot_[k]), open_slot_[k].index, 1);
    segment_open_[k] = true;
  }
  return {};
}

void QueryTracker::after_begin(VkCommandBuffer cmd) {
  // Boolean occlusion queries need no exact count (it may cost on tilers);
  // a SamplesPassed query among the active ones makes the segment precise
  // (its begin ended the pass, so this is the segment's start).
  const bool precise = features_.precise_occlusion &&
                       std::any_of(active_.begin(), active_.end(), [](const pipe::Query* q) {
                         return q->type == pipe::QueryType::SamplesPassed;
                       });
  for (unsigned k = 0; k < kKinds; ++k) {
    if (!segment_open_[k]) continue;
    begin_slot(cmd, k, k == 0 && precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
  }
}

void QueryTracker::before_end(VkCommandBuffer cmd) {
  end_segments(cmd, (1u << kKinds) - 1);
  occlusion_suspended_ = false;
}

void QueryTracker::end_segments(VkCommandBuffer cmd, uint32_t kinds) {
  std::array<bool, kKinds> was_open{};
  for (unsigned k = 0; k < kKinds; ++k) {
    if (!segment_open_[k] || !(kinds & (1u << k))) continue;
    was_open[k] = true;
    end_slot(cmd, k);
    segment_open_[k] = false;
  }
  // Each active query of a kind holds one reference to that kind's slot.
  for (pipe::Query* q : active_) {
    if (!was_open[kind_of(q)]) continue;
    q->segments.push_back(open_slot_[kind_of(q)]);
    q->serial = ring_.current_serial();
  }
}

vk::Status QueryTracker::begin_dispatch(VkCommandBuffer cmd) {
  const auto statistics = std::count_if(active_.begin(), active_.end(), [](const pipe::Query* q) {
    return q->type == pipe::QueryType::PipelineStatistic;
  });
  if (statistics == 0 || segment_open_[kStatisticsKind]) return {};
  QuerySlots& slots = slots_for(kStatisticsKind);
  QuerySlot& slot = open_slot_[kStatisticsKind];
  if (vk::Status s = slots.acquire(ring_, &slot); !s) return s;
  // One reference per active statistics query, as a render pass's segment.
  for (auto i = statistics; i > 1; --i) slots.add_ref(slot);
  vkCmdResetQueryPool(cmd, slots.pool(slot), slot.index, 1);
  segment_open_[kStatisticsKind] = true;
  begin_slot(cmd, kStatisticsKind, 0);
  return {};
}

void QueryTracker::end_dispatch(VkCommandBuffer cmd) { end_segments(cmd, 1u << kStatisticsKind); }

}  // namespace brass::driver
