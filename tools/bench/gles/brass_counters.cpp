#include "brass_counters.h"

#include <dlfcn.h>

namespace bench {

BrassCounters::BrassCounters() {
  // RTLD_NOLOAD: only the copy glvnd loaded has the counters of this
  // process's contexts; a second copy would count nothing.
  void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
  if (!lib) return;
  value_ = reinterpret_cast<ValueFn>(dlsym(lib, "brass_stats_value"));
  dlclose(lib);  // glvnd still holds it
}

uint64_t BrassCounters::read(const char* name) const {
  uint64_t v = 0;
  if (value_ && !value_(name, &v)) v = 0;
  return v;
}

}  // namespace bench
