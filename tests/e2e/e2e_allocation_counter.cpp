// The replaceable global operator new (C++20 [new.delete.single]) of the
// e2e binary: every allocation is counted, then served by malloc. The
// dynamic linker binds libEGL_brass.so's operator new to this one (the
// library imports the symbol, which the executable's definition
// interposes); libstdc++'s array and nothrow forms call this one.
#include "e2e_allocation_counter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<uint64_t> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace brass::e2e {

uint64_t cpp_allocations() { return g_allocations.load(std::memory_order_relaxed); }

}  // namespace brass::e2e
