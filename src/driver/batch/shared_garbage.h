// Garbage of objects that several rings (contexts on several threads) used.
// Their GpuUsage names only the last ring, so they cannot wait in one ring's
// GarbageList by one serial: at retirement they take every live ring's
// timeline and the serial that ring is recording, and are destroyed once all
// of those are reached. Any thread adds and collects; the lock is taken only
// on this path (objects one context used never come here).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

#include "driver/batch/timeline.h"

namespace brass::driver {

class SharedGarbage {
 public:
  using Waits = std::vector<std::pair<Ref<Timeline>, uint64_t>>;
  ~SharedGarbage() { destroy_all(); }

  // `destroy` runs once every wait is reached (at once when none is left).
  void add(Waits waits, std::function<void()> destroy);
  // Destroys what is done; cheap when nothing is pending.
  void collect();
  // Device teardown (the GPU is idle): destroys everything.
  void destroy_all();
  size_t pending() const { return count_.load(std::memory_order_relaxed); }

 private:
  struct Entry {
    Waits waits;
    std::function<void()> destroy;
  };
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  std::atomic<size_t> count_{0};
};

}  // namespace brass::driver
