// GLX end to end: the test links glvnd's libGL (GLX and GL entry points) and
// nothing of Brass; __GLX_VENDOR_LIBRARY_NAME=brass makes libGLX load the
// build tree's libGLX_brass.so.0 (LD_LIBRARY_PATH, tests/e2e/CMakeLists.txt).
// Runs on a private Xvfb server (ctest e2e_glx_xvfb); a test run without a
// DISPLAY fails rather than skips, since its setup is the point.
#pragma once

#include <gtest/gtest.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace brass::e2e::glx {

// GLX error numbers (the GLX protocol's, relative to the extension's first
// error; glxproto.h does not compile on its own).
enum GlxError { GLXBadContext = 0, GLXBadDrawable = 2, GLXBadFBConfig = 9, GLXBadPbuffer = 10,
                GLXBadWindow = 12, GLXBadProfileARB = 13 };

// The last X error the server (or Brass, as GLX errors are reported) sent.
struct XErrorRecord {
  int count = 0;
  unsigned char error_code = 0, request_code = 0, minor_code = 0;
};
inline XErrorRecord g_x_error;
inline int record_x_error(Display*, XErrorEvent* e) {
  ++g_x_error.count;
  g_x_error.error_code = e->error_code;
  g_x_error.request_code = e->request_code;
  g_x_error.minor_code = e->minor_code;
  return 0;
}

class Glx : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* display = std::getenv("DISPLAY");
    ASSERT_NE(display, nullptr) << "no DISPLAY: run under xvfb-run (ctest e2e_glx_xvfb)";
    // Xvfb may refuse a connection for a moment (EAGAIN) while it tears
    // down the previous test's client: a few tries before giving up.
    dpy = XOpenDisplay(nullptr);
    for (int i = 0; i < 50 && !dpy; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      dpy = XOpenDisplay(nullptr);
    }
    ASSERT_NE(dpy, nullptr) << "cannot open DISPLAY " << display;
    screen = DefaultScreen(dpy);
    int event_base = 0;
    ASSERT_TRUE(glXQueryExtension(dpy, &glx_error_base, &event_base));
    XSetErrorHandler(&record_x_error);
    g_x_error = {};
  }
  void TearDown() override {
    glXMakeCurrent(dpy, None, nullptr);
    for (Window w : windows) XDestroyWindow(dpy, w);
    if (dpy) XCloseDisplay(dpy);
  }

  // The GLX error code (GLXBadContext = 0, ...) of the last X error, or -1
  // when the last error was a core one or there was none.
  static std::string describe_x_error() {
    return "X errors: " + std::to_string(g_x_error.count) + ", last code " + std::to_string(g_x_error.error_code) +
           " request " + std::to_string(g_x_error.request_code) + "." + std::to_string(g_x_error.minor_code);
  }
  int last_glx_error() const {
    if (g_x_error.count == 0 || g_x_error.error_code < glx_error_base) return -1;
    return g_x_error.error_code - glx_error_base;
  }

  GLXFBConfig choose(const int* attribs) {
    int n = 0;
    GLXFBConfig* configs = glXChooseFBConfig(dpy, screen, attribs, &n);
    if (!configs || n == 0) return nullptr;
    GLXFBConfig c = configs[0];
    XFree(configs);
    return c;
  }
  GLXFBConfig window_config() {
    const int attribs[] = {GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT | GLX_PBUFFER_BIT, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8,
                           GLX_BLUE_SIZE, 8, GLX_DOUBLEBUFFER, True, GLX_DEPTH_SIZE, 24, None};
    return choose(attribs);
  }

  // A mapped InputOutput window of the visual at (x, 0): windows of one test
  // must not overlap, or XGetImage reads the one on top.
  Window make_window(const XVisualInfo* vi, int width = 32, int height = 32, int x = 0) {
    const Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa{};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    swa.event_mask = StructureNotifyMask;
    swa.border_pixel = 0;
    const Window win = XCreateWindow(dpy, root, x, 0, static_cast<unsigned>(width), static_cast<unsigned>(height), 0,
                                     vi->depth, InputOutput, vi->visual, CWColormap | CWEventMask | CWBorderPixel, &swa);
    XMapWindow(dpy, win);
    XEvent ev;
    do XNextEvent(dpy, &ev);
    while (ev.type != MapNotify || ev.xmap.window != win);
    windows.push_back(win);
    return win;
  }
  Window make_window(GLXFBConfig config, int width = 32, int height = 32, int x = 0) {
    XVisualInfo* vi = glXGetVisualFromFBConfig(dpy, config);
    if (!vi) return None;
    const Window w = make_window(vi, width, height, x);
    XFree(vi);
    return w;
  }

  // The window's pixel at (x, y) from the server, 0xRRGGBB, once it shows
  // `expected` (presentation is asynchronous) or after a second.
  unsigned long window_pixel(Window win, int x, int y, unsigned long expected) {
    unsigned long pixel = 0;
    for (int i = 0; i < 100; ++i) {
      XSync(dpy, False);
      if (XImage* img = XGetImage(dpy, win, x, y, 1, 1, AllPlanes, ZPixmap)) {
        pixel = XGetPixel(img, 0, 0) & 0xffffff;
        XDestroyImage(img);
      }
      if (pixel == expected) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return pixel;
  }

  static std::string gl_string(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : "";
  }
  static bool has_gl_extension(const char* name) {
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; ++i)
      if (std::strcmp(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i))), name) == 0)
        return true;
    return false;
  }

  PFNGLXCREATECONTEXTATTRIBSARBPROC create_context_attribs() {
    return reinterpret_cast<PFNGLXCREATECONTEXTATTRIBSARBPROC>(
        glXGetProcAddressARB(reinterpret_cast<const GLubyte*>("glXCreateContextAttribsARB")));
  }

  Display* dpy = nullptr;
  int screen = 0;
  int glx_error_base = 0;
  std::vector<Window> windows;
};

}  // namespace brass::e2e::glx
