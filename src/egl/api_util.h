// Helpers every EGL entry point uses: the calling thread's error, the
// failure values, display lookup and attribute-list widening (the KHR/EXT
// variants of EGL 1.5 functions take EGLint lists).
#pragma once

#include <cstddef>
#include <vector>

#include "egl/objects.h"

namespace brass::egl {

inline void set_error(EGLint e) { thread_state().error = e; }

inline EGLBoolean fail(EGLint e) {
  set_error(e);
  return EGL_FALSE;
}

template <typename T>
T fail(EGLint e, T value) {
  set_error(e);
  return value;
}

inline EGLBoolean succeed() {
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

// Lock held. Null (error set) unless the display exists (and is initialized).
inline Display* lookup(EGLDisplay handle, bool need_initialized = true) {
  Display* d = find_display(handle);
  if (!d) return fail(EGL_BAD_DISPLAY, static_cast<Display*>(nullptr));
  if (need_initialized && !d->initialized) return fail(EGL_NOT_INITIALIZED, static_cast<Display*>(nullptr));
  return d;
}

inline size_t attrib_count(const EGLint* list) {
  size_t n = 0;
  if (list)
    while (list[n] != EGL_NONE) n += 2;
  return n;
}

// EGLint list -> EGLAttrib list (for the KHR/EXT variants of 1.5 functions).
inline std::vector<EGLAttrib> widen(const EGLint* list) {
  std::vector<EGLAttrib> out;
  const size_t n = attrib_count(list);
  for (size_t i = 0; i < n; ++i) out.push_back(list[i]);
  out.push_back(EGL_NONE);
  return out;
}

}  // namespace brass::egl
