// Desktop core-profile contexts on the other EGL platforms: the device
// platform (surfaceless rendering into a framebuffer object) and X11 windows
// (presented, read back from the window). The X11 test skips without
// DISPLAY; ctest runs it under xvfb-run (e2e_gl_core_x11_xvfb).
// gtest first: Xlib's macros (None, Bool, ...) break its headers.
#include "e2e_gl_core_fixture.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <chrono>
#include <cstdlib>
#include <thread>

namespace brass::e2e {
namespace {

const EGLint kCoreAttribs[] = {EGL_CONTEXT_MAJOR_VERSION, kCoreMajor, EGL_CONTEXT_MINOR_VERSION, kCoreMinor,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};

TEST(GlCorePlatforms, DevicePlatformCoreContextRendersToAFramebuffer) {
  auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  ASSERT_NE(query_devices, nullptr);
  EGLDeviceEXT devices[8];
  EGLint n = 0;
  ASSERT_TRUE(query_devices(8, devices, &n));
  ASSERT_GE(n, 1);
  EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[0], nullptr);
  ASSERT_NE(dpy, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
  EXPECT_STREQ(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL OpenGL_ES");
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
  // No config: EGL_KHR_no_config_context, surfaceless.
  EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, kCoreAttribs);
  ASSERT_NE(ctx, EGL_NO_CONTEXT) << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  GLint profile = 0;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_EQ(profile, GL_CONTEXT_CORE_PROFILE_BIT);
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  uint32_t px = 0;
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, &px);
  EXPECT_EQ(px, 0xff00ff00u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, ctx);
  eglTerminate(dpy);
  eglBindAPI(EGL_OPENGL_ES_API);
}

int ignore_x_errors(::Display*, XErrorEvent*) { return 0; }

TEST(GlCoreX11, WindowCoreContextPresentsA330Frame) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY: run under xvfb-run (ctest e2e_gl_core_x11_xvfb)";
  ::Display* xdpy = XOpenDisplay(nullptr);
  // DISPLAY is set, so a server was meant to be there: not reaching it is
  // a broken setup, not an absent feature.
  ASSERT_NE(xdpy, nullptr) << "cannot open DISPLAY " << std::getenv("DISPLAY");
  XSetErrorHandler(&ignore_x_errors);
  EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, nullptr);
  ASSERT_NE(dpy, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                            EGL_RED_SIZE,     8,              EGL_GREEN_SIZE,      8,
                            EGL_BLUE_SIZE,    8,              EGL_NONE};
  EGLConfig config = nullptr;
  EGLint n = 0;
  ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
  ASSERT_EQ(n, 1);
  EGLint visual_id = 0;
  eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual_id);
  XVisualInfo templ{};
  templ.visualid = static_cast<VisualID>(visual_id);
  int count = 0;
  XVisualInfo* vi = XGetVisualInfo(xdpy, VisualIDMask, &templ, &count);
  ASSERT_NE(vi, nullptr);
  const ::Window root = RootWindow(xdpy, vi->screen);
  XSetWindowAttributes swa{};
  swa.colormap = XCreateColormap(xdpy, root, vi->visual, AllocNone);
  swa.event_mask = StructureNotifyMask;
  const ::Window win = XCreateWindow(xdpy, root, 0, 0, 32, 32, 0, vi->depth, InputOutput, vi->visual,
                                     CWColormap | CWEventMask, &swa);
  XFree(vi);
  XMapWindow(xdpy, win);
  XEvent ev;
  do XNextEvent(xdpy, &ev);
  while (ev.type != MapNotify || ev.xmap.window != win);

  EGLSurface surface = eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(win), nullptr);
  ASSERT_NE(surface, EGL_NO_SURFACE) << std::hex << eglGetError();
  EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, kCoreAttribs);
  ASSERT_NE(ctx, EGL_NO_CONTEXT) << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_GE(std::make_pair(major, minor), std::make_pair(GLint{kCoreMajor}, GLint{kCoreMinor}));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(glGetString(GL_VERSION))).rfind(provided_version_prefix(major, minor), 0),
            0u);
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kCoreFullscreenVs},
                           std::pair{GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 c;\n"
                                                         "void main() { c = vec4(1.0, 0.0, 1.0, 1.0); }\n"}}) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  unsigned long pixel = 0;
  for (int i = 0; i < 100 && pixel != 0xff00ff; ++i) {
    XSync(xdpy, False);
    if (XImage* img = XGetImage(xdpy, win, 16, 16, 1, 1, AllPlanes, ZPixmap)) {
      pixel = XGetPixel(img, 0, 0) & 0xffffff;
      XDestroyImage(img);
    }
    if (pixel != 0xff00ff) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(pixel, 0xff00ffu);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
  glDeleteVertexArrays(1, &vao);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, ctx);
  eglDestroySurface(dpy, surface);
  eglTerminate(dpy);
  eglBindAPI(EGL_OPENGL_ES_API);
  XDestroyWindow(xdpy, win);
  XCloseDisplay(xdpy);
}

}  // namespace
}  // namespace brass::e2e
