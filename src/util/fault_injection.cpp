#include "util/fault_injection.h"

#include <array>
#include <atomic>
#include <cstring>
#include <thread>

namespace brass::fault {
namespace {

// One kind of numbered allocation point.
class AllocationPoints {
 public:
  bool should_fail() {
    const uint64_t n = count_.fetch_add(1, std::memory_order_relaxed) + 1;
    const uint64_t at = fail_at_.load(std::memory_order_relaxed);
    if (at == 0 || n != at) [[likely]] return false;
    // Only one thread can see n == at: the point fails once.
    fail_at_.store(0, std::memory_order_relaxed);
    injected_on_arming_thread_.store(std::this_thread::get_id() == arming_thread_.load(),
                                     std::memory_order_relaxed);
    injected_.store(true, std::memory_order_release);
    return true;
  }
  uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  void reset() { count_.store(0, std::memory_order_relaxed); }
  void arm(uint64_t n) {
    injected_.store(false, std::memory_order_relaxed);
    injected_on_arming_thread_.store(false, std::memory_order_relaxed);
    arming_thread_.store(std::this_thread::get_id());
    fail_at_.store(n == 0 ? 0 : count_.load() + n, std::memory_order_release);
  }
  bool injected(bool* on_arming_thread) const {
    const bool happened = injected_.load(std::memory_order_acquire);
    if (on_arming_thread) *on_arming_thread = happened && injected_on_arming_thread_.load(std::memory_order_relaxed);
    return happened;
  }

 private:
  std::atomic<uint64_t> count_{0};
  // The allocation number (in count_'s numbering) that fails; 0: none.
  std::atomic<uint64_t> fail_at_{0};
  std::atomic<bool> injected_{false};
  std::atomic<bool> injected_on_arming_thread_{false};
  std::atomic<std::thread::id> arming_thread_{};
};

AllocationPoints g_vulkan;
AllocationPoints g_host;

thread_local const char* t_host_command = nullptr;
std::array<std::atomic<const char*>, 16> g_spared_commands{};
std::atomic<const char*> g_injected_command{""};
std::atomic<int64_t> g_live_host_blocks{0};

bool spared(const char* command) {
  if (!command) command = "";  // outside every hooked command
  for (const auto& s : g_spared_commands) {
    const char* name = s.load(std::memory_order_relaxed);
    if (!name) return false;
    if (std::strcmp(name, command) == 0) return true;
  }
  return false;
}
std::atomic<bool> g_lose_device{false};

enum HostAllocator : int { kUndecided, kOff, kOn };
std::atomic<int> g_host_allocator{kUndecided};

}  // namespace

bool allocation_should_fail() { return g_vulkan.should_fail(); }
bool host_allocation_should_fail() {
  if (spared(t_host_command)) return false;
  if (!g_host.should_fail()) [[likely]] return false;
  g_injected_command.store(t_host_command ? t_host_command : "");
  return true;
}
void enter_host_command(const char* name) { t_host_command = name; }
void leave_host_command() { t_host_command = nullptr; }
void note_host_blocks(int delta) { g_live_host_blocks.fetch_add(delta, std::memory_order_relaxed); }
int64_t live_host_blocks() { return g_live_host_blocks.load(std::memory_order_relaxed); }

bool submission_should_lose_device() {
  if (!g_lose_device.load(std::memory_order_relaxed)) [[likely]] return false;
  return g_lose_device.exchange(false);
}

bool host_allocator_in_use() {
  int expected = kUndecided;
  g_host_allocator.compare_exchange_strong(expected, kOff);
  return g_host_allocator.load() == kOn;
}

uint64_t allocation_count() { return g_vulkan.count(); }
void reset_counts() {
  g_vulkan.reset();
  g_host.reset();
}
void fail_allocation(uint64_t n) { g_vulkan.arm(n); }
bool injected(bool* on_arming_thread) { return g_vulkan.injected(on_arming_thread); }
void lose_device_on_next_submit() { g_lose_device.store(true); }

bool use_host_allocator() {
  int expected = kUndecided;
  g_host_allocator.compare_exchange_strong(expected, kOn);
  return g_host_allocator.load() == kOn;
}
uint64_t host_allocation_count() { return g_host.count(); }
void fail_host_allocation(uint64_t n) { g_host.arm(n); }
bool host_injected(bool* on_arming_thread) { return g_host.injected(on_arming_thread); }
void spare_host_command(const char* name) {
  for (auto& s : g_spared_commands) {
    const char* expected = nullptr;
    if (s.compare_exchange_strong(expected, name) || (expected && std::strcmp(expected, name) == 0)) return;
  }
}
const char* host_injected_command() { return g_injected_command.load(); }

}  // namespace brass::fault
