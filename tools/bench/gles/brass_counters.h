// Brass's BRASS_STATS counters, read in-process when the EGL vendor glvnd
// loaded is Brass (its libEGL_brass.so exports brass_stats_value, as the
// end-to-end tests use it). On any other vendor nothing is found and the
// scenes report no counters, so the same binary still measures native
// drivers. Counters are process-wide atomics; the draw-path ones move only
// on the thread that draws, so reading them before and after one draw
// attributes what that draw did.
#pragma once

#include <cstdint>

namespace bench {

class BrassCounters {
 public:
  // Looks for an already loaded libEGL_brass.so (never loads one).
  BrassCounters();
  bool available() const { return value_ != nullptr; }
  // The counter's value; 0 where Brass is not loaded or has no such counter.
  uint64_t read(const char* name) const;

 private:
  using ValueFn = bool (*)(const char*, uint64_t*);
  ValueFn value_ = nullptr;
};

}  // namespace bench
