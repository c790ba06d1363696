// Counts the allocations the replaced operator new (watched_operator_new.h)
// reports from the watched library, on any thread.
#include "e2e_allocation_counter.h"

#include <atomic>

#include "watched_operator_new.h"

namespace {
std::atomic<uint64_t> g_allocations{0};

void count_allocation() { g_allocations.fetch_add(1, std::memory_order_relaxed); }
}  // namespace

namespace brass::e2e {

bool count_allocations_from(const void* symbol) {
  g_allocations.store(0, std::memory_order_relaxed);
  return watch_library_allocations(symbol, count_allocation);
}

uint64_t library_allocations() { return g_allocations.load(std::memory_order_relaxed); }

}  // namespace brass::e2e
