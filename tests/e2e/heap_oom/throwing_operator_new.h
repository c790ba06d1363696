// Heap allocation points: the replaceable global operator new of the
// e2e_heap_oom_test binary (watched_operator_new.h) reports the allocations
// libEGL_brass.so's own code makes; throwing_operator_new.cpp counts those
// made on the thread that armed it, and makes the N-th of them throw
// std::bad_alloc, as an allocation does when the process is out of memory.
// The dynamic linker binds the library's operator new to the executable's
// definition (the library imports the symbol), so this reaches every
// container and `new` of Brass's.
//
// Only the arming thread's allocations count: a GL or EGL call runs on the
// application's thread, and its entry point is what must turn the exception
// into GL_OUT_OF_MEMORY (or EGL_BAD_ALLOC). Brass's worker threads
// (pipeline compiles) are not swept. Allocations made inside libstdc++'s
// out-of-line code (std::string growth) are not attributed to Brass and not
// counted: the return address is the criterion.
#pragma once

#include <cstdint>

namespace brass::e2e {

// From now on, count the allocations called from the library that holds
// `symbol`, made on this thread. False when the library is not found.
bool watch_heap_allocations_from(const void* symbol);
// Counted allocations so far.
uint64_t heap_allocation_count();
// The n-th counted allocation from now throws std::bad_alloc (0 disarms).
void fail_heap_allocation(uint64_t n);
// Whether the armed allocation threw; always on the arming thread.
bool heap_allocation_failed(bool* on_arming_thread);

}  // namespace brass::e2e
