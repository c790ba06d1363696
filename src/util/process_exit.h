// Set once the process has started exiting and the GPU was drained
// (src/device/exit_drain.h). From then on work is no longer executed: exit
// handlers that run later (an application's EGL teardown) may still flush,
// but a software Vulkan driver's compiler may already be destroyed.
//
// Exit tasks: work that must happen before that point, while the driver is
// still whole (saving the persistent pipeline cache). The exit drain runs
// them once the GPU and the background pool are idle.
#pragma once

#include <functional>

namespace brass {

bool process_exiting();
void mark_process_exiting();

// What is released after the drain is not destroyed (that would call into the
// driver) but kept, reachable, until the process ends, so LeakSanitizer does
// not take it for a leak: Brass objects, and driver handles (dispatchable
// ones point at the driver's own objects).
void park_until_exit(const void* object);

// `owner` identifies the task for remove_exit_tasks (its destructor calls it).
void add_exit_task(const void* owner, std::function<void()> task);
void remove_exit_tasks(const void* owner);
// Runs every registered task once and forgets them (the exit drain; tests).
void run_exit_tasks();

}  // namespace brass
