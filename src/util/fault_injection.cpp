#include "util/fault_injection.h"

#include <atomic>
#include <thread>

namespace brass::fault {
namespace {

std::atomic<uint64_t> g_count{0};
// The allocation number (in g_count's numbering) that fails; 0: none.
std::atomic<uint64_t> g_fail_at{0};
std::atomic<bool> g_injected{false};
std::atomic<bool> g_injected_on_arming_thread{false};
std::atomic<std::thread::id> g_arming_thread{};
std::atomic<bool> g_lose_device{false};

}  // namespace

bool allocation_should_fail() {
  const uint64_t n = g_count.fetch_add(1, std::memory_order_relaxed) + 1;
  const uint64_t at = g_fail_at.load(std::memory_order_relaxed);
  if (at == 0 || n != at) [[likely]] return false;
  g_fail_at.store(0, std::memory_order_relaxed);
  g_injected_on_arming_thread.store(std::this_thread::get_id() == g_arming_thread.load(), std::memory_order_relaxed);
  g_injected.store(true, std::memory_order_release);
  return true;
}

bool submission_should_lose_device() {
  if (!g_lose_device.load(std::memory_order_relaxed)) [[likely]] return false;
  return g_lose_device.exchange(false);
}

uint64_t allocation_count() { return g_count.load(std::memory_order_relaxed); }
void reset_counts() { g_count.store(0, std::memory_order_relaxed); }

void fail_allocation(uint64_t n) {
  g_injected.store(false, std::memory_order_relaxed);
  g_injected_on_arming_thread.store(false, std::memory_order_relaxed);
  g_arming_thread.store(std::this_thread::get_id());
  g_fail_at.store(n == 0 ? 0 : g_count.load() + n, std::memory_order_release);
}

bool injected(bool* on_arming_thread) {
  const bool happened = g_injected.load(std::memory_order_acquire);
  if (on_arming_thread) *on_arming_thread = happened && g_injected_on_arming_thread.load(std::memory_order_relaxed);
  return happened;
}

void lose_device_on_next_submit() { g_lose_device.store(true); }

}  // namespace brass::fault
