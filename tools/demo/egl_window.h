// Where the demo renders: an off-screen pbuffer on the surfaceless platform
// (the default, no display needed) or an X11 window.
#pragma once

#include <EGL/egl.h>

#include <string>

namespace brass::demo {

struct RenderTarget {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext context = EGL_NO_CONTEXT;
  void* x11_display = nullptr;     // Display*
  unsigned long x11_window = 0;    // Window
};

bool create_target(bool window, int width, int height, int samples, RenderTarget* target, std::string* error);
void destroy_target(RenderTarget* target);

}  // namespace brass::demo
