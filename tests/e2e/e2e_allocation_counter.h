// Counts C++ heap allocations made by code of one loaded library: those the
// replaced operator new of the e2e binary (watched_operator_new.h) reports
// from it.
#pragma once

#include <cstdint>

namespace brass::e2e {

// From now on, count the allocations called from the library that holds
// `symbol` (an address inside it). False when it is not found.
bool count_allocations_from(const void* symbol);
// The allocations counted since count_allocations_from.
uint64_t library_allocations();

}  // namespace brass::e2e
