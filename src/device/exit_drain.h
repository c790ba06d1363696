// Waits for the GPU at process exit, then marks the process as exiting
// (util/process_exit.h). A software driver such as lavapipe executes work on
// its own threads inside LLVM, whose static destructors run during exit:
// work still running then, or submitted by exit handlers that run after them
// (piglit's atexit teardown releases its context, which flushes), crashes the
// process. This handler is registered after the driver was loaded, so it runs
// before LLVM's destructors. It drains the queue, then waits for Brass's
// background compiles (queued ones see the exit and skip their work). From
// then on Brass does not call into the driver for teardown: batches flushed
// later are retired unexecuted (driver/batch/batch_ring.cpp), EGL objects
// released later are parked rather than destroyed (egl/api.cpp), and the
// device is left to the end of the process.
// Not covered: a batch still executing when the application exits, if its
// execution was the first to reach some LLVM code whose static destructors
// were registered after the last refresh below; applications that read
// their results before exiting (tests do) never have one.
#pragma once

#include <mutex>

#include "device/vk.h"

namespace brass::vk {

// A device's queue is drained at exit while registered.
void register_exit_drain(VkQueue queue, std::mutex* queue_mutex);
void unregister_exit_drain(VkQueue queue);
// Registers the exit handler again. Exit handlers run last-registered first,
// and LLVM registers some of its destructors lazily, on its first JIT
// compile (which lavapipe may run while executing a batch); calling this
// after batches complete keeps the drain ahead of them. Cheap; callers
// space the calls out (BatchRing: at exponentially spaced serials).
void refresh_exit_drain();

}  // namespace brass::vk
