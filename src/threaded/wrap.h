// What the rest of Brass sees of src/threaded: whether GL contexts are
// threaded (BRASS_THREAD) and the call that wraps a pipe context.
#pragma once
#include <memory>
#include "pipe/context.h"

namespace brass::threaded {

// Whether GL contexts get a driver thread (BRASS_THREAD, with auto decided
// for this machine).
bool enabled();

// Wraps `ctx` in a ThreadedContext when enabled(), else (or when no thread
// can be started) returns it as it is.
std::unique_ptr<pipe::Context> wrap_if_enabled(std::unique_ptr<pipe::Context> ctx);

// For tests that look inside the driver: the context `ctx` runs on (itself
// when not threaded), after the driver thread ran everything recorded.
pipe::Context& synced_target(pipe::Context& ctx);

}  // namespace brass::threaded
