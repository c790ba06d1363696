#include "egl_window.h"

#include <EGL/eglext.h>
#include <X11/Xlib.h>

#include <cstdio>

namespace brass::demo {

namespace {

std::string egl_error_text(const char* what) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%s failed (EGL error 0x%04x)", what, eglGetError());
  return buf;
}

bool has_client_extension(const char* name) {
  const char* exts = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!exts) return false;
  const std::string all = std::string(" ") + exts + " ";
  return all.find(std::string(" ") + name + " ") != std::string::npos;
}

}  // namespace

bool create_target(bool window, int width, int height, int samples, RenderTarget* t, std::string* error) {
  if (window) {
    Display* x = XOpenDisplay(nullptr);
    if (!x) {
      *error = "cannot open the X display (is DISPLAY set?)";
      return false;
    }
    t->x11_display = x;
    t->display = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, x, nullptr);
  } else {
    if (!has_client_extension("EGL_MESA_platform_surfaceless")) {
      *error = "the EGL vendor lacks EGL_MESA_platform_surfaceless";
      return false;
    }
    t->display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  }
  if (t->display == EGL_NO_DISPLAY) {
    *error = egl_error_text("eglGetPlatformDisplay");
    return false;
  }
  EGLint major = 0, minor = 0;
  if (!eglInitialize(t->display, &major, &minor)) {
    *error = egl_error_text("eglInitialize");
    return false;
  }
  const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, window ? EGL_WINDOW_BIT : EGL_PBUFFER_BIT,
      EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, 24,
      EGL_SAMPLE_BUFFERS, samples > 1 ? 1 : 0, EGL_SAMPLES, samples > 1 ? samples : 0,
      EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  if (!eglChooseConfig(t->display, config_attribs, &config, 1, &count) || count == 0) {
    *error = "no RGBA8 + depth24 ES3 config" + std::string(samples > 1 ? " with multisampling" : "");
    return false;
  }
  if (!eglBindAPI(EGL_OPENGL_ES_API)) {
    *error = egl_error_text("eglBindAPI");
    return false;
  }
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
  t->context = eglCreateContext(t->display, config, EGL_NO_CONTEXT, context_attribs);
  if (t->context == EGL_NO_CONTEXT) {
    *error = egl_error_text("eglCreateContext");
    return false;
  }
  if (window) {
    Display* x = static_cast<Display*>(t->x11_display);
    XSetWindowAttributes wa{};
    wa.event_mask = ExposureMask;
    t->x11_window = XCreateWindow(x, DefaultRootWindow(x), 0, 0, static_cast<unsigned>(width),
                                  static_cast<unsigned>(height), 0, CopyFromParent, InputOutput, CopyFromParent,
                                  CWEventMask, &wa);
    XStoreName(x, t->x11_window, "brass-demo");
    XMapWindow(x, t->x11_window);
    XFlush(x);
    Window native = t->x11_window;
    t->surface = eglCreatePlatformWindowSurface(t->display, config, &native, nullptr);
  } else {
    const EGLint pbuffer_attribs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
    t->surface = eglCreatePbufferSurface(t->display, config, pbuffer_attribs);
  }
  if (t->surface == EGL_NO_SURFACE) {
    *error = egl_error_text(window ? "eglCreatePlatformWindowSurface" : "eglCreatePbufferSurface");
    return false;
  }
  if (!eglMakeCurrent(t->display, t->surface, t->surface, t->context)) {
    *error = egl_error_text("eglMakeCurrent");
    return false;
  }
  return true;
}

void destroy_target(RenderTarget* t) {
  if (t->display != EGL_NO_DISPLAY) {
    eglMakeCurrent(t->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (t->surface != EGL_NO_SURFACE) eglDestroySurface(t->display, t->surface);
    if (t->context != EGL_NO_CONTEXT) eglDestroyContext(t->display, t->context);
    eglTerminate(t->display);
  }
  if (t->x11_display) {
    Display* x = static_cast<Display*>(t->x11_display);
    if (t->x11_window) XDestroyWindow(x, t->x11_window);
    XCloseDisplay(x);
  }
  *t = RenderTarget{};
}

}  // namespace brass::demo
