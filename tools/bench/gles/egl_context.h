// An ES 3 context on the surfaceless EGL platform (EGL_MESA_platform_
// surfaceless), made current without a surface (EGL_KHR_surfaceless_context)
// where the vendor allows it, else with a 1x1 pbuffer. Nothing here needs a
// window system, so the benchmark runs headless on any EGL vendor that glvnd
// loads.
#pragma once

#include <EGL/egl.h>

#include <string>

namespace bench {

class EglContext {
 public:
  EglContext() = default;
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;
  ~EglContext();

  bool init(std::string* why);

 private:
  EGLDisplay dpy_ = EGL_NO_DISPLAY;
  EGLSurface surface_ = EGL_NO_SURFACE;
  EGLContext ctx_ = EGL_NO_CONTEXT;
};

}  // namespace bench
