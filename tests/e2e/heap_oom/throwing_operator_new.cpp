// Counts the allocations the replaced operator new of the e2e_heap_oom_test
// binary (watched_operator_new.h) reports from the watched library on the
// watching thread, and throws std::bad_alloc at the armed count
// (throwing_operator_new.h).
#include "throwing_operator_new.h"

#include <atomic>
#include <new>
#include <thread>

#include "../watched_operator_new.h"

namespace {
std::atomic<std::thread::id> g_thread{};
std::atomic<uint64_t> g_count{0};
std::atomic<uint64_t> g_fail_at{0};  // the count at which to throw; 0: never
std::atomic<bool> g_failed{false};

// Counts an allocation of the watching thread; throws when it is the armed one.
void count_or_throw() {
  if (g_thread.load(std::memory_order_relaxed) != std::this_thread::get_id()) return;
  const uint64_t n = g_count.fetch_add(1, std::memory_order_relaxed) + 1;
  if (n == g_fail_at.load(std::memory_order_relaxed)) {
    g_fail_at.store(0, std::memory_order_relaxed);
    g_failed.store(true, std::memory_order_relaxed);
    throw std::bad_alloc();
  }
}
}  // namespace

namespace brass::e2e {

bool watch_heap_allocations_from(const void* symbol) {
  g_thread.store(std::this_thread::get_id(), std::memory_order_relaxed);
  return watch_library_allocations(symbol, count_or_throw);
}

uint64_t heap_allocation_count() { return g_count.load(std::memory_order_relaxed); }

void fail_heap_allocation(uint64_t n) {
  g_failed.store(false, std::memory_order_relaxed);
  g_fail_at.store(n ? g_count.load(std::memory_order_relaxed) + n : 0, std::memory_order_relaxed);
}

bool heap_allocation_failed(bool* on_arming_thread) {
  if (on_arming_thread) *on_arming_thread = true;
  return g_failed.load(std::memory_order_relaxed);
}

}  // namespace brass::e2e
