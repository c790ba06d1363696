// Counts C++ heap allocations (operator new, replaced in
// e2e_allocation_counter.cpp for the whole e2e binary) made by code of one
// loaded library: those whose call site (the return address) lies in it.
// Brass's own containers are instantiated in libEGL_brass.so, so its
// allocations are counted, and the Khronos validation layer's (C++, loaded
// by the tests) are not; allocations inside libstdc++'s out-of-line code
// (std::string's growth) are not attributed to Brass either.
#pragma once

#include <cstdint>

namespace brass::e2e {

// From now on, count the allocations called from the library that holds
// `symbol` (an address inside it). False when it is not found.
bool count_allocations_from(const void* symbol);
// The allocations counted since count_allocations_from.
uint64_t library_allocations();

}  // namespace brass::e2e
