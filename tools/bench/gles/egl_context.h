// An ES 3 context on a headless EGL platform, made current without a surface
// (EGL_KHR_surfaceless_context) where the vendor allows it, else with a 1x1
// pbuffer. The platform is the surfaceless one (EGL_MESA_platform_surfaceless)
// where offered, else the first EGL device (EGL_EXT_platform_device, which
// some vendors without the Mesa extension have). Nothing here needs a window
// system, so the benchmark runs headless on any EGL vendor that glvnd loads.
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

  enum class Platform { Any, Surfaceless, Device };
  bool init(Platform platform, std::string* why);
  const char* platform_name() const { return platform_name_; }

 private:
  EGLDisplay dpy_ = EGL_NO_DISPLAY;
  EGLSurface surface_ = EGL_NO_SURFACE;
  EGLContext ctx_ = EGL_NO_CONTEXT;
  const char* platform_name_ = "";
};

}  // namespace bench
