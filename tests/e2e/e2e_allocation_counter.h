// Counts the process's C++ heap allocations (operator new, replaced in
// e2e_allocation_counter.cpp for the whole e2e binary). Brass is C++ and
// allocates through it (std::vector, std::string, make_ref ...) while the
// C libraries beside it (glvnd, lavapipe) use malloc, so the difference of
// two readings around GL calls counts what Brass (and the test) allocated.
#pragma once

#include <cstdint>

namespace brass::e2e {

uint64_t cpp_allocations();

}  // namespace brass::e2e
