// Slots of Vulkan query pools of one type, handed out per render pass
// segment. A GL query active over several render passes owns one slot per
// pass (queries cannot span render pass instances); a slot may be shared by
// several GL queries measuring the same thing (Vulkan allows one active
// query per type), hence the reference count. Released slots are reused
// only once the batch that last used them completed, and are reset on the
// GPU (vkCmdResetQueryPool) before each use.
#pragma once
#include <cstdint>
#include <deque>
#include <vector>

#include "device/vk.h"

namespace brass::driver {

class BatchRing;

struct QuerySlot {
  uint32_t pool = 0;
  uint32_t index = 0;
};

class QuerySlots {
 public:
  // `values`: 64-bit words per result (occlusion 1, transform feedback 2,
  // pipeline statistics one per bit of `statistics`).
  QuerySlots(VkDevice device, VkQueryType type, uint32_t values, VkQueryPipelineStatisticFlags statistics = 0)
      : device_(device), type_(type), values_(values), statistics_(statistics) {}
  ~QuerySlots();
  QuerySlots(const QuerySlots&) = delete;
  QuerySlots& operator=(const QuerySlots&) = delete;

  // A slot with one reference (pools grow by a fixed chunk when none is free).
  vk::Status acquire(BatchRing& ring, QuerySlot* out);
  void add_ref(QuerySlot s) { ++refs_[s.pool * kChunk + s.index]; }
  // Drops a reference; the last one frees the slot once `serial` completed.
  void release(QuerySlot s, uint64_t serial);
  VkQueryPool pool(QuerySlot s) const { return pools_[s.pool]; }
  // Reads a completed slot's result words into out[0..values).
  vk::Status read(QuerySlot s, uint64_t* out) const;
  uint32_t values() const { return values_; }

 private:
  static constexpr uint32_t kChunk = 64;
  VkDevice device_;
  VkQueryType type_;
  uint32_t values_;
  VkQueryPipelineStatisticFlags statistics_;
  std::vector<VkQueryPool> pools_;
  std::vector<uint8_t> refs_;
  struct Freed {
    QuerySlot slot;
    uint64_t serial;
  };
  std::deque<Freed> free_;  // in release order, so serials ascend
  uint32_t unused_ = 0;     // slots of the newest pool never handed out
};

}  // namespace brass::driver
