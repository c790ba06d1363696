// The X11 platform end to end: eglGetDisplay(Display*) through glvnd, window
// configs with the screen's visual, window surfaces presented through the
// Vulkan swapchain, resize, swap interval and the window-surface errors.
// Needs an X server: every test skips without DISPLAY; ctest runs them under
// xvfb-run (e2e_x11_xvfb in CMakeLists.txt).
#include <gtest/gtest.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

// Xlib's error handler would exit the test on the bad requests below.
int ignore_x_errors(::Display*, XErrorEvent*) { return 0; }

class E2eX11 : public ::testing::Test {
 protected:
  static constexpr int kWidth = 64, kHeight = 48;

  void SetUp() override {
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY: run under xvfb-run (ctest e2e_x11_xvfb)";
    xdpy = XOpenDisplay(nullptr);
    // DISPLAY is set, so a server was meant to be there: not reaching it is
    // a broken setup, not an absent feature.
    ASSERT_NE(xdpy, nullptr) << "cannot open DISPLAY " << std::getenv("DISPLAY");
    XSetErrorHandler(&ignore_x_errors);
    dpy = eglGetDisplay(reinterpret_cast<EGLNativeDisplayType>(xdpy));
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                              EGL_RED_SIZE,     8,              EGL_GREEN_SIZE,      8,
                              EGL_BLUE_SIZE,    8,              EGL_DEPTH_SIZE,      24,
                              EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
    window = make_window(kWidth, kHeight);
    ASSERT_NE(window, 0u);
    const EGLint ctx_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
    ASSERT_NE(ctx, EGL_NO_CONTEXT);
  }

  void TearDown() override {
    if (!xdpy) return;
    if (dpy != EGL_NO_DISPLAY) {
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      if (surface != EGL_NO_SURFACE) eglDestroySurface(dpy, surface);
      if (ctx != EGL_NO_CONTEXT) eglDestroyContext(dpy, ctx);
      eglTerminate(dpy);
    }
    for (Window w : windows) XDestroyWindow(xdpy, w);
    XCloseDisplay(xdpy);
  }

  // A mapped window with the config's visual.
  Window make_window(int w, int h) {
    EGLint visual_id = 0;
    eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual_id);
    XVisualInfo templ{};
    templ.visualid = static_cast<VisualID>(visual_id);
    int count = 0;
    XVisualInfo* vi = XGetVisualInfo(xdpy, VisualIDMask, &templ, &count);
    if (!vi) return 0;
    const Window root = RootWindow(xdpy, vi->screen);
    XSetWindowAttributes swa{};
    swa.colormap = XCreateColormap(xdpy, root, vi->visual, AllocNone);
    swa.event_mask = StructureNotifyMask;
    swa.background_pixel = 0;
    const Window win = XCreateWindow(xdpy, root, 0, 0, static_cast<unsigned>(w), static_cast<unsigned>(h), 0,
                                     vi->depth, InputOutput, vi->visual, CWColormap | CWEventMask | CWBackPixel,
                                     &swa);
    XFree(vi);
    XMapWindow(xdpy, win);
    XEvent ev;
    do XNextEvent(xdpy, &ev);
    while (ev.type != MapNotify || ev.xmap.window != win);
    windows.push_back(win);
    return win;
  }

  void make_current_on_window() {
    surface = eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(window), nullptr);
    ASSERT_NE(surface, EGL_NO_SURFACE) << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  }

  // Top half red, bottom half green (GL's y up), alpha 1.
  void draw_halves(int w, int h) {
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, h / 2, w, h - h / 2);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
  }

  uint32_t gl_pixel(int x, int y) {
    uint32_t p = 0xdeadbeef;
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
    return p;
  }

  // The window's pixel (top-left origin) as 0xRRGGBB, polled until it equals
  // `want` or a second passed (presentation is asynchronous).
  unsigned long window_pixel(int x, int y, unsigned long want) {
    unsigned long p = 0xdeadbeef;
    for (int i = 0; i < 100; ++i) {
      XSync(xdpy, False);
      XImage* img = XGetImage(xdpy, window, x, y, 1, 1, AllPlanes, ZPixmap);
      if (img) {
        p = XGetPixel(img, 0, 0) & 0xffffff;
        XDestroyImage(img);
      }
      if (p == want) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return p;
  }

  static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
  }

  ::Display* xdpy = nullptr;
  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  EGLContext ctx = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;
  Window window = 0;
  std::vector<Window> windows;
};

TEST_F(E2eX11, PlatformDisplaysAndWindowConfigs) {
  const std::string client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  EXPECT_NE(client.find("EGL_KHR_platform_x11"), std::string::npos);
  EXPECT_NE(client.find("EGL_EXT_platform_x11"), std::string::npos);
  // One EGLDisplay per (Display*, screen), whichever entry point names it.
  const EGLAttrib screen0[] = {EGL_PLATFORM_X11_SCREEN_KHR, DefaultScreen(xdpy), EGL_NONE};
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, screen0), dpy);
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, nullptr), dpy);
  const EGLAttrib bad_screen[] = {EGL_PLATFORM_X11_SCREEN_KHR, 99, EGL_NONE};
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, bad_screen), EGL_NO_DISPLAY);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  // EGL_DEFAULT_DISPLAY on X11: the DISPLAY server, through Brass's own connection.
  EGLDisplay own = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, EGL_DEFAULT_DISPLAY, nullptr);
  EXPECT_NE(own, EGL_NO_DISPLAY);
  EXPECT_NE(own, dpy);

  EGLint n = 0;
  ASSERT_TRUE(eglGetConfigs(dpy, nullptr, 0, &n));
  std::vector<EGLConfig> configs(static_cast<size_t>(n));
  ASSERT_TRUE(eglGetConfigs(dpy, configs.data(), n, &n));
  int window_configs = 0;
  for (EGLConfig c : configs) {
    EGLint type = 0, visual = 0;
    eglGetConfigAttrib(dpy, c, EGL_SURFACE_TYPE, &type);
    eglGetConfigAttrib(dpy, c, EGL_NATIVE_VISUAL_ID, &visual);
    if (!(type & EGL_WINDOW_BIT)) continue;
    ++window_configs;
    XVisualInfo templ{};
    templ.visualid = static_cast<VisualID>(visual);
    int count = 0;
    XVisualInfo* vi = XGetVisualInfo(xdpy, VisualIDMask, &templ, &count);
    ASSERT_NE(vi, nullptr) << "config visual 0x" << std::hex << visual << " is not an X visual";
    EXPECT_EQ(vi->depth, 24);
    XFree(vi);
  }
  EXPECT_EQ(window_configs, n);  // every config, multisampled ones too
}

TEST_F(E2eX11, ClearSwapAndPresentFlipped) {
  make_current_on_window();
  EGLint w = 0, h = 0, rb = 0;
  EXPECT_TRUE(eglQuerySurface(dpy, surface, EGL_WIDTH, &w));
  EXPECT_TRUE(eglQuerySurface(dpy, surface, EGL_HEIGHT, &h));
  EXPECT_TRUE(eglQuerySurface(dpy, surface, EGL_RENDER_BUFFER, &rb));
  EXPECT_EQ(w, kWidth);
  EXPECT_EQ(h, kHeight);
  EXPECT_EQ(rb, EGL_BACK_BUFFER);
  EXPECT_EQ(eglGetCurrentSurface(EGL_DRAW), surface);
  EXPECT_TRUE(eglWaitNative(EGL_CORE_NATIVE_ENGINE));  // XSync
  EXPECT_FALSE(eglWaitNative(0x1234));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);

  const float colors[][3] = {{0, 0, 1}, {1, 1, 0}, {0, 1, 1}};
  for (const auto& c : colors) {
    glClearColor(c[0], c[1], c[2], 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const uint32_t want = rgba(uint8_t(c[0] * 255), uint8_t(c[1] * 255), uint8_t(c[2] * 255));
    EXPECT_EQ(gl_pixel(0, 0), want);
    EXPECT_EQ(gl_pixel(kWidth - 1, kHeight - 1), want);
    EXPECT_TRUE(eglSwapBuffers(dpy, surface)) << std::hex << eglGetError();
  }
  // GL's top half (red) must be the window's top: presentation flips once.
  draw_halves(kWidth, kHeight);
  EXPECT_EQ(gl_pixel(0, kHeight - 1), rgba(255, 0, 0));
  EXPECT_EQ(gl_pixel(0, 0), rgba(0, 255, 0));
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(window_pixel(1, 1, 0xff0000), 0xff0000ul) << "window top";
  EXPECT_EQ(window_pixel(kWidth - 2, kHeight - 2, 0x00ff00), 0x00ff00ul) << "window bottom";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(E2eX11, ResizeFollowsTheWindow) {
  make_current_on_window();
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));

  constexpr int kW2 = 96, kH2 = 40;
  XResizeWindow(xdpy, window, kW2, kH2);
  XSync(xdpy, False);
  EGLint w = 0, h = 0;
  EXPECT_TRUE(eglQuerySurface(dpy, surface, EGL_WIDTH, &w));
  EXPECT_TRUE(eglQuerySurface(dpy, surface, EGL_HEIGHT, &h));
  EXPECT_EQ(w, kW2);
  EXPECT_EQ(h, kH2);
  // This frame was drawn at the old size; the swap presents it and
  // reallocates the buffers at the new size.
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface)) << std::hex << eglGetError();
  draw_halves(kW2, kH2);
  EXPECT_EQ(gl_pixel(kW2 - 1, kH2 - 1), rgba(255, 0, 0));
  EXPECT_EQ(gl_pixel(kW2 - 1, 0), rgba(0, 255, 0));
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(window_pixel(kW2 - 2, 1, 0xff0000), 0xff0000ul);
  EXPECT_EQ(window_pixel(kW2 - 2, kH2 - 2, 0x00ff00), 0x00ff00ul);

  // A resize between frames is also picked up by eglMakeCurrent.
  XResizeWindow(xdpy, window, 50, 30);
  XSync(xdpy, False);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(gl_pixel(49, 29), rgba(255, 255, 255));
  EXPECT_TRUE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(E2eX11, SwapInterval) {
  make_current_on_window();
  EGLint min = -1, max = -1;
  eglGetConfigAttrib(dpy, config, EGL_MIN_SWAP_INTERVAL, &min);
  eglGetConfigAttrib(dpy, config, EGL_MAX_SWAP_INTERVAL, &max);
  EXPECT_EQ(min, 0);
  EXPECT_EQ(max, 1);
  for (EGLint interval : {0, 1, 7, -3, 0}) {  // clamped to [min, max]
    EXPECT_TRUE(eglSwapInterval(dpy, interval));
    for (int i = 0; i < 3; ++i) {
      glClearColor(i & 1 ? 1.0f : 0.0f, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      EXPECT_TRUE(eglSwapBuffers(dpy, surface)) << "interval " << interval;
    }
  }
  EXPECT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_FALSE(eglSwapInterval(dpy, 1));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST_F(E2eX11, PlatformWindowSurface) {
  Window win = window;
  surface = eglCreatePlatformWindowSurface(dpy, config, &win, nullptr);
  ASSERT_NE(surface, EGL_NO_SURFACE);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  glClearColor(1, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_TRUE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(window_pixel(3, 3, 0xff00ff), 0xff00fful);
  auto create_ext = reinterpret_cast<PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC>(
      eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT"));
  ASSERT_NE(create_ext, nullptr);
  Window other = make_window(16, 16);
  EGLSurface s2 = create_ext(dpy, config, &other, nullptr);
  EXPECT_NE(s2, EGL_NO_SURFACE);
  EXPECT_TRUE(eglDestroySurface(dpy, s2));
}

TEST_F(E2eX11, WindowSurfaceErrors) {
  // Not a window: a never-created XID, a pixmap, none at all.
  EXPECT_EQ(eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(0x7ffffff0), nullptr),
            EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
  const Pixmap pixmap = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 8, 8, 24);
  EXPECT_EQ(eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(pixmap), nullptr),
            EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
  XFreePixmap(xdpy, pixmap);
  EXPECT_EQ(eglCreatePlatformWindowSurface(dpy, config, nullptr, nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
  // Bad attributes and configs.
  const EGLint bad_attr[] = {EGL_WIDTH, 10, EGL_NONE};
  EXPECT_EQ(eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(window), bad_attr),
            EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_EQ(eglCreateWindowSurface(dpy, nullptr, static_cast<EGLNativeWindowType>(window), nullptr),
            EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
  EGLint n = 0;
  // One surface per window.
  const EGLint back[] = {EGL_RENDER_BUFFER, EGL_BACK_BUFFER, EGL_NONE};
  surface = eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(window), back);
  ASSERT_NE(surface, EGL_NO_SURFACE);
  EXPECT_EQ(eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(window), nullptr),
            EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_ALLOC);
  // Swapping a surface that is not the current draw surface.
  EXPECT_FALSE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
  // A surfaceless display has no windows.
  EGLDisplay sl = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  ASSERT_TRUE(eglInitialize(sl, nullptr, nullptr));
  EGLConfig slc = nullptr;
  const EGLint pb[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
  ASSERT_TRUE(eglChooseConfig(sl, pb, &slc, 1, &n));
  EXPECT_EQ(eglCreateWindowSurface(sl, slc, static_cast<EGLNativeWindowType>(window), nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  // Destroying the surface frees the window for a new one.
  EXPECT_TRUE(eglDestroySurface(dpy, surface));
  surface = eglCreateWindowSurface(dpy, config, static_cast<EGLNativeWindowType>(window), nullptr);
  EXPECT_NE(surface, EGL_NO_SURFACE);
}

// Runs with and without an X server: EGL_DEFAULT_DISPLAY stays the
// surfaceless display (no X connection is needed or made).
TEST(E2eX11Default, DefaultDisplayNeedsNoX) {
  EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  ASSERT_NE(d, EGL_NO_DISPLAY);
  EXPECT_TRUE(eglInitialize(d, nullptr, nullptr));
  EXPECT_EQ(d, eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr));
  EXPECT_TRUE(eglTerminate(d));
}

TEST_F(E2eX11, MultisampledWindowIsResolved) {
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                            EGL_RED_SIZE,     8,              EGL_SAMPLES,         4,
                            EGL_NONE};
  EGLConfig ms = nullptr;
  EGLint n = 0;
  ASSERT_TRUE(eglChooseConfig(dpy, attribs, &ms, 1, &n));
  ASSERT_EQ(n, 1);
  const EGLint ctx_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
  EGLContext ms_ctx = eglCreateContext(dpy, ms, EGL_NO_CONTEXT, ctx_attribs);
  ASSERT_NE(ms_ctx, EGL_NO_CONTEXT);
  surface = eglCreateWindowSurface(dpy, ms, static_cast<EGLNativeWindowType>(window), nullptr);
  ASSERT_NE(surface, EGL_NO_SURFACE);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ms_ctx));
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  EXPECT_EQ(samples, 4);
  for (int frame = 0; frame < 3; ++frame) {
    draw_halves(kWidth, kHeight);
    ASSERT_TRUE(eglSwapBuffers(dpy, surface)) << std::hex << eglGetError();
  }
  EXPECT_EQ(window_pixel(1, 1, 0xff0000), 0xff0000ul) << "window top";
  EXPECT_EQ(window_pixel(kWidth - 2, kHeight - 2, 0x00ff00), 0x00ff00ul) << "window bottom";
  // Resizing reallocates the multisampled buffers and the resolve image.
  XResizeWindow(xdpy, window, 40, 20);
  XSync(xdpy, False);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  draw_halves(40, 20);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(window_pixel(38, 18, 0x00ff00), 0x00ff00ul);
  EXPECT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_TRUE(eglDestroyContext(dpy, ms_ctx));
}

TEST_F(E2eX11, DestroyedWindowFailsTheSwap) {
  make_current_on_window();
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  XDestroyWindow(xdpy, window);
  windows.clear();
  XSync(xdpy, False);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_FALSE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
  // The surface can still be released and destroyed.
  EXPECT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_TRUE(eglDestroySurface(dpy, surface));
  surface = EGL_NO_SURFACE;
}

}  // namespace
