// The replaceable global operator new and new[] (C++20
// [new.delete.single], [new.delete.array]), plain and aligned, for an e2e
// binary that links watched_operator_new.cpp: served by malloc /
// aligned_alloc, and reported to a hook when called from one watched
// library. The dynamic linker binds libEGL_brass.so's operator new to the
// executable's definition (the library imports the symbol, which the
// executable interposes), so this sees every container and `new` of
// Brass's. The nothrow forms are libstdc++'s, which call these inside a try
// and return null.
//
// An allocation belongs to the library when its call site (the return
// address) lies in the library's executable segments: Brass's own
// containers are instantiated in libEGL_brass.so, so its allocations are
// seen, and the Khronos validation layer's (C++, loaded by the tests) are
// not; allocations inside libstdc++'s out-of-line code (std::string's
// growth) are not attributed to Brass either.
#pragma once

namespace brass::e2e {

// Called before each allocation from the watched library, on the
// allocating thread; it may throw std::bad_alloc to fail that allocation.
using LibraryAllocationHook = void (*)();

// From now on, calls `hook` for the allocations called from the library
// that holds `symbol` (an address inside it). False when the library is not
// found (nothing is watched then).
bool watch_library_allocations(const void* symbol, LibraryAllocationHook hook);

}  // namespace brass::e2e
