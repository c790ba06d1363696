// BRASS_STATS counters of the vendor library the test process loaded, for
// e2e tests that assert steady-state behaviour (no allocation, no pipeline
// creation, views or caches reused) through the GL API.
//
// The test talks to Brass only through glvnd, so the counters are read by
// the library's `brass_stats_value` export: glvnd loaded libEGL_brass.so
// while initializing the display, found here by its soname wherever it was
// loaded from (a packed copy on another machine too), else by the build
// tree's path (BRASS_E2E_VENDOR_LIBRARY).
#pragma once

#include <dlfcn.h>

#include <cstdint>

namespace brass::e2e {

// Returns false when the counter does not exist.
using StatsValueFn = bool (*)(const char* name, uint64_t* value);

// The export, or null when the library is not loaded or lacks it.
inline StatsValueFn brass_stats_value_function() {
  void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
#ifdef BRASS_E2E_VENDOR_LIBRARY
  if (!lib) lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOLOAD | RTLD_NOW);
#endif
  if (!lib) return nullptr;
  auto fn = reinterpret_cast<StatsValueFn>(dlsym(lib, "brass_stats_value"));
  dlclose(lib);  // the library stays: glvnd holds it, and it is -z nodelete
  return fn;
}

}  // namespace brass::e2e
