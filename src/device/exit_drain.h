// Waits for the GPU at process exit. An application may call exit() with
// work still executing (piglit reports its result and exits without
// eglTerminate); a software driver such as lavapipe runs that work on its own
// threads inside LLVM, whose static destructors run during exit and crash
// the process from under it. The handler runs before those destructors
// because it is registered after the driver was loaded.
#pragma once

#include <mutex>

#include "device/vk.h"

namespace brass::vk {

// A device's queue is drained at exit while registered.
void register_exit_drain(VkQueue queue, std::mutex* queue_mutex);
void unregister_exit_drain(VkQueue queue);

}  // namespace brass::vk
