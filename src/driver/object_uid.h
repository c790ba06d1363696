// Process-unique, never reused 64-bit ids for driver objects that descriptor
// caches key on (storage objects, sampler views, samplers). A Vulkan handle
// value can come back for a new object once the old one is destroyed; an id
// cannot, so a cached descriptor set keyed by ids can never be found for an
// object that replaced a destroyed one.
#pragma once
#include <atomic>
#include <cstdint>

namespace brass::driver {

inline uint64_t next_object_uid() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace brass::driver
