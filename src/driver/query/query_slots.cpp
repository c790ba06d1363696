#include "driver/query/query_slots.h"

#include "driver/batch/batch_ring.h"
#include "util/log.h"

namespace brass::driver {

QuerySlots::~QuerySlots() {
  for (VkQueryPool p : pools_) vkDestroyQueryPool(device_, p, nullptr);
}

vk::Status QuerySlots::acquire(BatchRing& ring, QuerySlot* out) {
  if (!free_.empty() && ring.is_complete(free_.front().serial)) {
    *out = free_.front().slot;
    free_.pop_front();
  } else {
    if (unused_ == 0) {
      VkQueryPoolCreateInfo ci{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
      ci.queryType = type_;
      ci.queryCount = kChunk;
      ci.pipelineStatistics = statistics_;
      VkQueryPool pool = VK_NULL_HANDLE;
      BRASS_VK_RETURN_IF_FAILED(vkCreateQueryPool(device_, &ci, nullptr, &pool));
      pools_.push_back(pool);
      refs_.resize(pools_.size() * kChunk, 0);
      unused_ = kChunk;
    }
    out->pool = static_cast<uint32_t>(pools_.size() - 1);
    out->index = kChunk - unused_--;
  }
  refs_[out->pool * kChunk + out->index] = 1;
  return {};
}

void QuerySlots::release(QuerySlot s, uint64_t serial) {
  uint8_t& r = refs_[s.pool * kChunk + s.index];
  if (r == 0 || --r != 0) return;
  // Serials can arrive out of order across queries; keep the queue sorted
  // enough for the front check (a later serial never blocks an earlier one
  // for long: both complete in submission order).
  free_.push_back({s, serial});
}

vk::Status QuerySlots::read(QuerySlot s, uint64_t* out) const {
  BRASS_VK_RETURN_IF_FAILED(vkGetQueryPoolResults(device_, pools_[s.pool], s.index, 1, sizeof(uint64_t) * values_,
                                                  out, sizeof(uint64_t) * values_, VK_QUERY_RESULT_64_BIT));
  return {};
}

}  // namespace brass::driver
