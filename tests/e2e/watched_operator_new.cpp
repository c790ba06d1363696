#include "watched_operator_new.h"

#include <dlfcn.h>
#include <link.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace {
// The watched library's executable address range; empty until watched.
std::atomic<uintptr_t> g_low{0}, g_high{0};
std::atomic<brass::e2e::LibraryAllocationHook> g_hook{nullptr};

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

// Reports an allocation called from `from` when that is the watched library.
void report(uintptr_t from) {
  if (from < g_low.load(std::memory_order_relaxed) || from >= g_high.load(std::memory_order_relaxed)) return;
  if (auto hook = g_hook.load(std::memory_order_relaxed)) hook();
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
  report(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate(size);
}
void* operator new[](std::size_t size) {
  report(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate(size);
}
void* operator new(std::size_t size, std::align_val_t align) {
  report(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  return allocate_aligned(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align) {
  report(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
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

bool watch_library_allocations(const void* symbol, LibraryAllocationHook hook) {
  Dl_info info{};
  if (!dladdr(symbol, &info) || !info.dli_fbase) return false;
  Search s;
  s.base = reinterpret_cast<uintptr_t>(info.dli_fbase);
  dl_iterate_phdr(find_segments, &s);
  if (!s.high) return false;
  // The hook first: on this thread, an allocation in the new range calls it.
  g_hook.store(hook, std::memory_order_relaxed);
  g_low.store(s.low, std::memory_order_relaxed);
  g_high.store(s.high, std::memory_order_relaxed);
  return true;
}

}  // namespace brass::e2e
