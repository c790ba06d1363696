// The replaceable global operator new and new[] (C++20
// [new.delete.single], [new.delete.array]), plain and aligned, of the
// e2e_heap_oom_test binary: served by malloc / aligned_alloc, counted when
// called from the watched library on the watching thread, and throwing
// std::bad_alloc at the armed count (throwing_operator_new.h). The nothrow
// forms are libstdc++'s, which call these inside a try and return null.
#include "throwing_operator_new.h"

#include <dlfcn.h>
#include <link.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <thread>

namespace {
std::atomic<uintptr_t> g_low{0}, g_high{0};
std::atomic<std::thread::id> g_thread{};
std::atomic<uint64_t> g_count{0};
std::atomic<uint64_t> g_fail_at{0};  // the count at which to throw; 0: never
std::atomic<bool> g_failed{false};

struct Search {
  uintptr_t base = 0, low = 0, high = 0;
};

int find_segments(dl_phdr_info* info, size_t, void* data) {
  auto* s = static_cast<Search*>(data);
  if (info->dlpi_addr != s->base) return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X)) continue;
    const uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
    const uintptr_t hi = lo + ph.p_memsz;
    if (!s->low || lo < s->low) s->low = lo;
    if (hi > s->high) s->high = hi;
  }
  return 1;
}

// Counts an allocation called from `from`; throws when it is the armed one.
void count(uintptr_t from) {
  if (from < g_low.load(std::memory_order_relaxed) || from >= g_high.load(std::memory_order_relaxed)) return;
  if (g_thread.load(std::memory_order_relaxed) != std::this_thread::get_id()) return;
  const uint64_t n = g_count.fetch_add(1, std::memory_order_relaxed) + 1;
  if (n == g_fail_at.load(std::memory_order_relaxed)) {
    g_fail_at.store(0, std::memory_order_relaxed);
    g_failed.store(true, std::memory_order_relaxed);
    throw std::bad_alloc();
  }
}

void* allocate(std::size_t size) {
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}

void* allocate_aligned(std::size_t size, std::align_val_t align) {
  const auto a = static_cast<std::size_t>(align);
  const std::size_t rounded = (size + a - 1) / a * a;
  if (void* p = std::aligned_alloc(a, rounded ? rounded : a)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) {
  count(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate(size);
}
void* operator new[](std::size_t size) {
  count(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate(size);
}
void* operator new(std::size_t size, std::align_val_t align) {
  count(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate_aligned(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align) {
  count(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate_aligned(size, align);
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace brass::e2e {

bool watch_heap_allocations_from(const void* symbol) {
  Dl_info info{};
  if (!dladdr(symbol, &info) || !info.dli_fbase) return false;
  Search s;
  s.base = reinterpret_cast<uintptr_t>(info.dli_fbase);
  dl_iterate_phdr(find_segments, &s);
  if (!s.high) return false;
  g_low.store(s.low, std::memory_order_relaxed);
  g_high.store(s.high, std::memory_order_relaxed);
  g_thread.store(std::this_thread::get_id(), std::memory_order_relaxed);
  return true;
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
