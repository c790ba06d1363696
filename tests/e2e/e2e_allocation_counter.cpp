// The replaceable global operator new (C++20 [new.delete.single]) of the
// e2e binary: served by malloc, and counted when called from the watched
// library. The dynamic linker binds libEGL_brass.so's operator new to this
// one (the library imports the symbol, which the executable's definition
// interposes); libstdc++'s array and nothrow forms call this one.
#include "e2e_allocation_counter.h"

#include <dlfcn.h>
#include <link.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<uintptr_t> g_low{0}, g_high{0};
std::atomic<uint64_t> g_allocations{0};

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
}  // namespace

void* operator new(std::size_t size) {
  const auto from = reinterpret_cast<uintptr_t>(__builtin_return_address(0));
  if (from >= g_low.load(std::memory_order_relaxed) && from < g_high.load(std::memory_order_relaxed))
    g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace brass::e2e {

bool count_allocations_from(const void* symbol) {
  Dl_info info{};
  if (!dladdr(symbol, &info) || !info.dli_fbase) return false;
  Search s;
  s.base = reinterpret_cast<uintptr_t>(info.dli_fbase);
  dl_iterate_phdr(find_segments, &s);
  if (!s.high) return false;
  g_low.store(s.low, std::memory_order_relaxed);
  g_high.store(s.high, std::memory_order_relaxed);
  g_allocations.store(0, std::memory_order_relaxed);
  return true;
}

uint64_t library_allocations() { return g_allocations.load(std::memory_order_relaxed); }

}  // namespace brass::e2e
