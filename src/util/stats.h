// Named counters for BRASS_STATS. A counter is a static object registered
// once; bumping it is one relaxed atomic add, cheap enough for hot paths.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace brass {

class StatCounter {
 public:
  // `name` must have static storage (a string literal), e.g. "submit.flush".
  explicit StatCounter(const char* name);
  void add(uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  // For maxima (longest wait per frame and the like).
  void max(uint64_t v) {
    uint64_t cur = value_.load(std::memory_order_relaxed);
    while (v > cur && !value_.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
    }
  }
  uint64_t value() const { return value_.load(std::memory_order_relaxed); }
  void reset() { value_.store(0, std::memory_order_relaxed); }
  const char* name() const { return name_; }

 private:
  const char* name_;
  std::atomic<uint64_t> value_{0};
};

struct StatValue {
  std::string name;
  uint64_t value;
};

// All registered counters, sorted by name.
std::vector<StatValue> stats_snapshot();
// Value of one counter by name (the sum when several counters share it);
// nullopt when no counter of that name is registered, so that a misspelt
// name is an error rather than a counter that "stays at 0". A counter is
// registered when its translation unit is loaded, so one never bumped reads 0.
std::optional<uint64_t> stat_value(const char* name);
void stats_reset_all();
// Writes the counters where BRASS_STATS says; called at exit by the EGL/tool
// layer, and usable by tests.
void stats_report();
std::string stats_format();

}  // namespace brass
