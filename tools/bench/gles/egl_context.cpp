#include "egl_context.h"

#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>

namespace bench {

namespace {

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  }
  return false;
}

std::string egl_error(const char* what) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%s failed (EGL error 0x%04x)", what, eglGetError());
  return buf;
}

// The first EGL device's display; EGL_NO_DISPLAY if there is none.
EGLDisplay first_device_display() {
  auto query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  if (!query_devices) return EGL_NO_DISPLAY;
  EGLDeviceEXT device = nullptr;
  EGLint n = 0;
  if (!query_devices(1, &device, &n) || n < 1) return EGL_NO_DISPLAY;
  return eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
}

}  // namespace

bool EglContext::init(Platform platform, std::string* why) {
  // Client extensions tell whether a platform exists before asking for it;
  // glvnd answers for all vendors it can load.
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  const bool surfaceless_ok = has_extension(client, "EGL_MESA_platform_surfaceless");
  const bool device_ok = has_extension(client, "EGL_EXT_platform_device");
  if (platform == Platform::Any) {
    platform = surfaceless_ok ? Platform::Surfaceless : Platform::Device;
  }
  if (platform == Platform::Surfaceless) {
    if (!surfaceless_ok) {
      *why = "no EGL vendor offers EGL_MESA_platform_surfaceless";
      return false;
    }
    platform_name_ = "surfaceless";
    dpy_ = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  } else {
    if (!device_ok) {
      *why = "no EGL vendor offers EGL_MESA_platform_surfaceless or EGL_EXT_platform_device";
      return false;
    }
    platform_name_ = "device";
    dpy_ = first_device_display();
  }
  if (dpy_ == EGL_NO_DISPLAY) {
    *why = egl_error(platform == Platform::Surfaceless ? "eglGetPlatformDisplay(surfaceless)"
                                                        : "eglGetPlatformDisplay(first EGL device)");
    return false;
  }
  if (!eglInitialize(dpy_, nullptr, nullptr)) {
    *why = egl_error("eglInitialize");
    return false;
  }
  if (!eglBindAPI(EGL_OPENGL_ES_API)) {
    *why = egl_error("eglBindAPI(ES)");
    return false;
  }
  const bool surfaceless = has_extension(eglQueryString(dpy_, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
  // The config only matters for the fallback pbuffer: the scenes draw to
  // their own framebuffer objects.
  const EGLint attribs[] = {EGL_SURFACE_TYPE, surfaceless ? 0 : EGL_PBUFFER_BIT,
                            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                            EGL_NONE};
  EGLConfig config = nullptr;
  EGLint n = 0;
  if (!eglChooseConfig(dpy_, attribs, &config, 1, &n) || n < 1) {
    *why = "no EGL config for an ES 3 context";
    return false;
  }
  const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  ctx_ = eglCreateContext(dpy_, config, EGL_NO_CONTEXT, ctx_attribs);
  if (ctx_ == EGL_NO_CONTEXT) {
    *why = egl_error("eglCreateContext(ES 3)");
    return false;
  }
  if (!surfaceless) {
    const EGLint pb[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    surface_ = eglCreatePbufferSurface(dpy_, config, pb);
    if (surface_ == EGL_NO_SURFACE) {
      *why = egl_error("eglCreatePbufferSurface");
      return false;
    }
  }
  if (!eglMakeCurrent(dpy_, surface_, surface_, ctx_)) {
    *why = egl_error("eglMakeCurrent");
    return false;
  }
  return true;
}

EglContext::~EglContext() {
  if (dpy_ == EGL_NO_DISPLAY) return;
  eglMakeCurrent(dpy_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (ctx_ != EGL_NO_CONTEXT) eglDestroyContext(dpy_, ctx_);
  if (surface_ != EGL_NO_SURFACE) eglDestroySurface(dpy_, surface_);
  eglTerminate(dpy_);
}

}  // namespace bench
