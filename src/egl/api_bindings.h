// Which thread holds which EGL context and surfaces, and how released
// objects go away. Shared by the display, surface and context entry points
// (api.cpp, api_surfaces.cpp, api_contexts.cpp); every function here runs
// with the EGL lock held.
#pragma once

#include <memory>
#include <mutex>

#include "egl/objects.h"
#include "util/process_exit.h"

namespace brass::egl {

using Lock = std::lock_guard<std::recursive_mutex>;

// Applications often release EGL in an exit handler (piglit does) that runs
// after Brass's exit drain (util/process_exit.h) and after the Vulkan
// driver's own exit handlers, when calling into the driver can crash. From
// then on released objects are parked, never destroyed: the process's end
// frees them, and no teardown reaches the driver.
template <typename T>
void dispose(std::unique_ptr<T>& object) {
  if (process_exiting()) [[unlikely]] return park_until_exit(object.release());
  object.reset();
}

// Drops one binding of `s`; a destroyed surface goes with its last binding.
void release_surface(Surface* s);

// Releases the thread's current context (implicit flush first).
void unbind_current(ThreadState& t);

// Whether a context current to another thread than `t` draws to or reads
// from `s` (EGL_BAD_ACCESS for eglMakeCurrent).
bool surface_bound_elsewhere(const Surface* s, const ThreadState& t);

// Whether a context of config `a` may be made current to surfaces of `b`.
bool configs_compatible(const Config* a, const Config* b);

}  // namespace brass::egl
