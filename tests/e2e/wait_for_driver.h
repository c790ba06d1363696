// BRASS_STATS counters are bumped by the driver as it runs commands; with
// threaded contexts (BRASS_THREAD=1, the *_threaded ctest variants) that is
// each context's driver thread. A test reading counters first waits for the
// current context's driver thread with a command that waits for it without
// submitting anything: the reset status, which is the driver's to say.
#pragma once
#include <EGL/egl.h>

namespace brass::e2e {

inline void wait_for_driver_thread() {
  using ResetStatusFn = unsigned (*)();
  static const ResetStatusFn reset_status = [] {
    auto f = reinterpret_cast<ResetStatusFn>(eglGetProcAddress("glGetGraphicsResetStatus"));
    if (!f) f = reinterpret_cast<ResetStatusFn>(eglGetProcAddress("glGetGraphicsResetStatusKHR"));
    return f;
  }();
  if (reset_status) reset_status();
}

}  // namespace brass::e2e
