// Set once the process has started exiting and the GPU was drained
// (src/device/exit_drain.h). From then on work is no longer executed: exit
// handlers that run later (an application's EGL teardown) may still flush,
// but a software Vulkan driver's compiler may already be destroyed.
#pragma once

namespace brass {

bool process_exiting();
void mark_process_exiting();

}  // namespace brass
