// Queries over lazy render passes. Vulkan queries cannot span render pass
// instances and must be reset outside one, so an active GL query is measured
// in segments: one query slot per render pass it was active in (reset just
// before the pass begins, begun right after, ended before the pass ends).
// The result is the sum (primitives) or OR (any samples passed) of the
// segments. Results are read once the batch of the last segment completed,
// so asking without waiting never blocks.
#include <algorithm>

#include "driver/context.h"
#include "util/log.h"

namespace brass::driver {

QuerySlots* VulkanContext::slots_for(pipe::QueryType type) {
  const unsigned k = kind_of(type);
  if (!query_slots_[k]) {
    if (k == 1)
      query_slots_[k] = std::make_unique<QuerySlots>(device_.handle(), VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, 2);
    else
      query_slots_[k] = std::make_unique<QuerySlots>(device_.handle(), VK_QUERY_TYPE_OCCLUSION, 1);
  }
  return query_slots_[k].get();
}

pipe::Query* VulkanContext::create_query(pipe::QueryType type) {
  if (type == pipe::QueryType::PrimitivesWritten && !(caps_.transform_feedback && caps_.transform_feedback_queries))
    return nullptr;
  auto* q = new pipe::Query;
  q->type = type;
  return q;
}

void VulkanContext::destroy_query(pipe::Query* q) {
  if (!q) return;
  if (q->active) end_query(q);
  QuerySlots* slots = slots_for(q->type);
  for (const QuerySlot& s : q->segments) slots->release(s, q->serial);
  delete q;
}

void VulkanContext::begin_query(pipe::Query* q) {
  if (!q || q->active || failed()) return;
  QuerySlots* slots = slots_for(q->type);
  for (const QuerySlot& s : q->segments) slots->release(s, q->serial);
  q->segments.clear();
  q->has_result = false;
  q->result = 0;
  // A segment needs a reset outside the pass: the next pass starts one.
  if (rp_active_) end_render_pass(RenderPassEnd::Barrier);
  q->active = true;
  active_queries_.push_back(q);
}

void VulkanContext::end_query(pipe::Query* q) {
  if (!q || !q->active) return;
  const unsigned k = kind_of(q->type);
  if (segment_open_[k]) {
    const bool shared = std::count_if(active_queries_.begin(), active_queries_.end(), [k](const pipe::Query* a) {
                          return kind_of(a->type) == k;
                        }) > 1;
    if (shared) {
      // The slot measures the other query too: close it for everyone.
      end_render_pass(RenderPassEnd::Barrier);
    } else {
      VkCommandBuffer cmd = ring_->main_cmd();
      vkCmdEndQuery(cmd, slots_for(q->type)->pool(open_slot_[k]), open_slot_[k].index);
      q->segments.push_back(open_slot_[k]);
      q->serial = ring_->current_serial();
      segment_open_[k] = false;
    }
  }
  q->active = false;
  active_queries_.erase(std::find(active_queries_.begin(), active_queries_.end(), q));
}

bool VulkanContext::get_query_result(pipe::Query* q, bool wait, uint64_t* result) {
  if (!q) return false;
  if (q->has_result) {
    *result = q->result;
    return true;
  }
  if (!q->segments.empty() && !ring_->is_complete(q->serial)) {
    // Not submitted yet: submit, so that polling makes progress.
    if (q->serial == ring_->current_serial()) {
      if (rp_active_) end_render_pass(RenderPassEnd::Submit);
      vk::Status s = submit(SubmitReason::Readback);
      if (!s) {
        fail(s);
        *result = 0;
        return true;  // a lost context reports "available" so loops end
      }
    }
    if (!wait) return false;
    vk::Status s = ring_->wait(q->serial);
    if (!s) {
      fail(s);
      *result = 0;
      return true;
    }
  }
  QuerySlots* slots = slots_for(q->type);
  uint64_t sum = 0;
  for (const QuerySlot& slot : q->segments) {
    uint64_t v[2] = {};
    vk::Status s = slots->read(slot, v);
    if (!s) fail(s);
    sum += v[0];  // transform feedback: [0] primitives written, [1] needed
  }
  for (const QuerySlot& slot : q->segments) slots->release(slot, q->serial);
  q->segments.clear();
  q->result = q->type == pipe::QueryType::PrimitivesWritten ? sum : (sum != 0 ? 1 : 0);
  q->has_result = true;
  *result = q->result;
  return true;
}

vk::Status VulkanContext::reset_query_segments(VkCommandBuffer cmd) {
  for (const pipe::Query* q : active_queries_) {
    const unsigned k = kind_of(q->type);
    QuerySlots* slots = slots_for(q->type);
    if (segment_open_[k]) {
      slots->add_ref(open_slot_[k]);
      continue;
    }
    vk::Status s = slots->acquire(*ring_, &open_slot_[k]);
    if (!s) return s;
    vkCmdResetQueryPool(cmd, slots->pool(open_slot_[k]), open_slot_[k].index, 1);
    segment_open_[k] = true;
  }
  return {};
}

void VulkanContext::begin_query_segments(VkCommandBuffer cmd) {
  for (unsigned k = 0; k < 2; ++k) {
    if (!segment_open_[k]) continue;
    // ES 3.0 has only boolean occlusion queries: no precise counting needed.
    vkCmdBeginQuery(cmd, query_slots_[k]->pool(open_slot_[k]), open_slot_[k].index, 0);
  }
}

void VulkanContext::end_query_segments(VkCommandBuffer cmd, uint32_t kinds) {
  std::array<bool, 2> was_open{};
  for (unsigned k = 0; k < 2; ++k) {
    if (!segment_open_[k] || !(kinds & (1u << k))) continue;
    was_open[k] = true;
    vkCmdEndQuery(cmd, query_slots_[k]->pool(open_slot_[k]), open_slot_[k].index);
    segment_open_[k] = false;
  }
  // Each active query of a kind holds one reference to that kind's slot.
  for (pipe::Query* q : active_queries_) {
    if (!was_open[kind_of(q->type)]) continue;
    q->segments.push_back(open_slot_[kind_of(q->type)]);
    q->serial = ring_->current_serial();
  }
}

}  // namespace brass::driver
