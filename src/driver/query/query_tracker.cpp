#include "driver/query/query_tracker.h"

#include <algorithm>

namespace brass::driver {

QueryTracker::QueryTracker(VkDevice device, BatchRing& ring, RenderPassState& render_pass, bool primitive_queries,
                           bool primitives_generated)
    : device_(device),
      ring_(ring),
      render_pass_(render_pass),
      primitive_queries_(primitive_queries),
      primitives_generated_(primitives_generated) {}

QueryTracker::~QueryTracker() = default;

QuerySlots& QueryTracker::slots_for(pipe::QueryType type) {
  const unsigned k = kind_of(type);
  if (!slots_[k]) {
    if (k == 1)
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, 2);
    else if (k == 2)
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT, 1);
    else
      slots_[k] = std::make_unique<QuerySlots>(device_, VK_QUERY_TYPE_OCCLUSION, 1);
  }
  return *slots_[k];
}

pipe::Query* QueryTracker::create(pipe::QueryType type) {
  if (type == pipe::QueryType::PrimitivesWritten && !primitive_queries_) return nullptr;
  if (type == pipe::QueryType::PrimitivesGenerated && !primitives_generated_) return nullptr;
  auto* q = new pipe::Query;
  q->type = type;
  return q;
}

void QueryTracker::destroy(pipe::Query* q) {
  if (!q) return;
  if (q->active) end(q);
  QuerySlots& slots = slots_for(q->type);
  for (const QuerySlot& s : q->segments) slots.release(s, q->serial);
  delete q;
}

void QueryTracker::begin(pipe::Query* q) {
  if (!q || q->active) return;
  QuerySlots& slots = slots_for(q->type);
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
  if (!q || !q->active) return;
  const unsigned k = kind_of(q->type);
  if (segment_open_[k]) {
    const bool shared = std::count_if(active_.begin(), active_.end(),
                                      [k](const pipe::Query* a) { return kind_of(a->type) == k; }) > 1;
    if (shared) {
      // The slot measures the other query too: close it for everyone.
      render_pass_.end(RenderPassEnd::Query);
    } else {
      vkCmdEndQuery(ring_.main_cmd(), slots_for(q->type).pool(open_slot_[k]), open_slot_[k].index);
      q->segments.push_back(open_slot_[k]);
      q->serial = ring_.current_serial();
      segment_open_[k] = false;
    }
  }
  q->active = false;
  active_.erase(std::find(active_.begin(), active_.end(), q));
}

bool QueryTracker::result_needs_submit(const pipe::Query* q) {
  return !q->has_result && !q->segments.empty() && !ring_.is_complete(q->serial) &&
         q->serial == ring_.current_serial();
}

bool QueryTracker::read_result(pipe::Query* q, bool wait, uint64_t* result, vk::Status* status) {
  *status = {};
  if (q->has_result) {
    *result = q->result;
    return true;
  }
  if (!q->segments.empty() && !ring_.is_complete(q->serial)) {
    if (!wait) return false;
    if (vk::Status s = ring_.wait(q->serial); !s) {
      *status = s;
      *result = 0;
      return true;
    }
  }
  QuerySlots& slots = slots_for(q->type);
  uint64_t sum = 0;
  for (const QuerySlot& slot : q->segments) {
    uint64_t v[2] = {};
    if (vk::Status s = slots.read(slot, v); !s) *status = s;
    sum += v[0];  // transform feedback: [0] primitives written, [1] needed
  }
  for (const QuerySlot& slot : q->segments) slots.release(slot, q->serial);
  q->segments.clear();
  const bool counts = q->type == pipe::QueryType::PrimitivesWritten || q->type == pipe::QueryType::PrimitivesGenerated;
  q->result = counts ? sum : (sum != 0 ? 1 : 0);
  q->has_result = true;
  *result = q->result;
  return true;
}

void QueryTracker::suspend_occlusion(VkCommandBuffer cmd) {
  // Meta draws pass no samples and generate no primitives in GL.
  if (!segment_open_[0] && !segment_open_[2]) return;
  end_segments(cmd, 1u | 4u);
  occlusion_suspended_ = true;
}

vk::Status QueryTracker::before_begin(VkCommandBuffer cmd) {
  for (const pipe::Query* q : active_) {
    const unsigned k = kind_of(q->type);
    QuerySlots& slots = slots_for(q->type);
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
  for (unsigned k = 0; k < kKinds; ++k) {
    if (!segment_open_[k]) continue;
    // ES 3.0 has only boolean occlusion queries: no precise counting needed.
    vkCmdBeginQuery(cmd, slots_[k]->pool(open_slot_[k]), open_slot_[k].index, 0);
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
    vkCmdEndQuery(cmd, slots_[k]->pool(open_slot_[k]), open_slot_[k].index);
    segment_open_[k] = false;
  }
  // Each active query of a kind holds one reference to that kind's slot.
  for (pipe::Query* q : active_) {
    if (!was_open[kind_of(q->type)]) continue;
    q->segments.push_back(open_slot_[kind_of(q->type)]);
    q->serial = ring_.current_serial();
  }
}

}  // namespace brass::driver
