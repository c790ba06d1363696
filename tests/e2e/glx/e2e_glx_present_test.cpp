// GLX drawables end to end: glXSwapBuffers to X windows with the frame read
// back from the server, two windows, two threads with shared objects,
// pbuffers, the swap interval. Desktop GL 3.3 core, as Brass offers it by default.
#include "e2e_glx_fixture.h"

namespace brass::e2e::glx {
namespace {

GLXContext create_core(Glx& t, PFNGLXCREATECONTEXTATTRIBSARBPROC create, Display* dpy, GLXFBConfig config,
                       GLXContext share) {
  (void)t;
  const int core[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                      GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
  return create(dpy, config, share, True, core);
}

TEST_F(Glx, SwapShowsTheFrameInAGlxWindow) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const Window xwin = make_window(config, 40, 30);
  GLXWindow win = glXCreateWindow(dpy, config, xwin, nullptr);
  ASSERT_NE(win, 0u);
  GLXContext ctx = create_core(*this, create_context_attribs(), dpy, config, nullptr);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, win, win, ctx));
  EXPECT_EQ(glXGetCurrentDrawable(), win);
  unsigned int width = 0, height = 0;
  glXQueryDrawable(dpy, win, GLX_WIDTH, &width);
  glXQueryDrawable(dpy, win, GLX_HEIGHT, &height);
  EXPECT_EQ(width, 40u);
  EXPECT_EQ(height, 30u);
  GLint viewport[4] = {};
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(viewport[2], 40);
  EXPECT_EQ(viewport[3], 30);
  // Left half red, right half yellow: a frame, not just a color.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 20, 30);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glScissor(20, 0, 20, 30);
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glXSwapBuffers(dpy, win);
  EXPECT_EQ(window_pixel(xwin, 5, 5, 0xff0000), 0xff0000u);
  EXPECT_EQ(window_pixel(xwin, 35, 25, 0xffff00), 0xffff00u);
  // Swapping again shows the next frame.
  glClearColor(0, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXSwapBuffers(dpy, win);
  EXPECT_EQ(window_pixel(xwin, 5, 5, 0x00ffff), 0x00ffffu);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyWindow(dpy, win);
  glXDestroyContext(dpy, ctx);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

TEST_F(Glx, TwoWindowsOneContext) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const Window a = make_window(config);
  const Window b = make_window(config, 32, 32, 64);
  GLXContext ctx = create_core(*this, create_context_attribs(), dpy, config, nullptr);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeCurrent(dpy, a, ctx));
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXSwapBuffers(dpy, a);
  ASSERT_TRUE(glXMakeCurrent(dpy, b, ctx));
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXSwapBuffers(dpy, b);
  EXPECT_EQ(window_pixel(a, 3, 3, 0xff0000), 0xff0000u);
  EXPECT_EQ(window_pixel(b, 3, 3, 0x0000ff), 0x0000ffu);
  // Draw from one window, read from the other (glXMakeContextCurrent).
  ASSERT_TRUE(glXMakeContextCurrent(dpy, a, b, ctx));
  EXPECT_EQ(glXGetCurrentReadDrawable(), b);
  glXMakeCurrent(dpy, None, nullptr);
  glXDestroyContext(dpy, ctx);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

TEST_F(Glx, PbufferRendersAndReadsBack) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const int attribs[] = {GLX_PBUFFER_WIDTH, 24, GLX_PBUFFER_HEIGHT, 12, GLX_PRESERVED_CONTENTS, True, None};
  GLXPbuffer pb = glXCreatePbuffer(dpy, config, attribs);
  ASSERT_NE(pb, 0u);
  unsigned int value = 0;
  glXQueryDrawable(dpy, pb, GLX_WIDTH, &value);
  EXPECT_EQ(value, 24u);
  glXQueryDrawable(dpy, pb, GLX_HEIGHT, &value);
  EXPECT_EQ(value, 12u);
  glXQueryDrawable(dpy, pb, GLX_PRESERVED_CONTENTS, &value);
  EXPECT_EQ(value, static_cast<unsigned>(True));
  int id = 0;
  glXGetFBConfigAttrib(dpy, config, GLX_FBCONFIG_ID, &id);
  glXQueryDrawable(dpy, pb, GLX_FBCONFIG_ID, &value);
  EXPECT_EQ(value, static_cast<unsigned>(id));
  GLXContext ctx = create_core(*this, create_context_attribs(), dpy, config, nullptr);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, pb, pb, ctx));
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLubyte px[4] = {};
  glReadPixels(23, 11, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(px[0], 0);
  EXPECT_EQ(px[1], 255);
  EXPECT_EQ(px[3], 255);
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyPbuffer(dpy, pb);
  glXDestroyContext(dpy, ctx);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
  // Errors: negative size, an unknown attribute, a destroyed pbuffer.
  const int negative[] = {GLX_PBUFFER_WIDTH, -1, None};
  EXPECT_EQ(glXCreatePbuffer(dpy, config, negative), 0u);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadValue);
  g_x_error = {};
  glXDestroyPbuffer(dpy, pb);
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadPbuffer);
}

TEST_F(Glx, SwapInterval) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const Window win = make_window(config);
  GLXContext ctx = create_core(*this, create_context_attribs(), dpy, config, nullptr);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeCurrent(dpy, win, ctx));
  auto swap_ext = reinterpret_cast<PFNGLXSWAPINTERVALEXTPROC>(
      glXGetProcAddress(reinterpret_cast<const GLubyte*>("glXSwapIntervalEXT")));
  auto swap_mesa = reinterpret_cast<PFNGLXSWAPINTERVALMESAPROC>(
      glXGetProcAddress(reinterpret_cast<const GLubyte*>("glXSwapIntervalMESA")));
  auto get_mesa = reinterpret_cast<PFNGLXGETSWAPINTERVALMESAPROC>(
      glXGetProcAddress(reinterpret_cast<const GLubyte*>("glXGetSwapIntervalMESA")));
  ASSERT_NE(swap_ext, nullptr);
  ASSERT_NE(swap_mesa, nullptr);
  ASSERT_NE(get_mesa, nullptr);
  unsigned int value = 99;
  glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &value);
  EXPECT_EQ(value, 1u);
  glXQueryDrawable(dpy, win, GLX_MAX_SWAP_INTERVAL_EXT, &value);
  EXPECT_EQ(value, 1u);
  swap_ext(dpy, win, 0);
  glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &value);
  EXPECT_EQ(value, 0u);
  EXPECT_EQ(get_mesa(), 0);
  EXPECT_EQ(swap_mesa(1), 0);
  EXPECT_EQ(get_mesa(), 1);
  // Interval 0 presents without waiting for a vertical blank.
  swap_ext(dpy, win, 0);
  for (int i = 0; i < 3; ++i) {
    glClearColor(0, 0, static_cast<float>(i) / 2.0f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glXSwapBuffers(dpy, win);
  }
  EXPECT_EQ(window_pixel(win, 2, 2, 0x0000ff), 0x0000ffu);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
  swap_ext(dpy, win, -1);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadValue);
  glXMakeCurrent(dpy, None, nullptr);
  EXPECT_EQ(swap_mesa(1), GLX_BAD_CONTEXT);
  glXDestroyContext(dpy, ctx);
}

// Two threads, two shared contexts: a buffer and a texture made in one are
// read in the other, which renders to its own window.
TEST_F(Glx, TwoThreadsShareObjects) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  auto create = create_context_attribs();
  GLXContext producer = create_core(*this, create, dpy, config, nullptr);
  ASSERT_NE(producer, nullptr);
  GLXContext consumer = create_core(*this, create, dpy, config, producer);
  ASSERT_NE(consumer, nullptr);
  const Window win = make_window(config);
  GLuint buffer = 0, texture = 0;
  std::thread first([&] {
    Display* d = XOpenDisplay(nullptr);
    ASSERT_NE(d, nullptr);
    ASSERT_TRUE(glXMakeContextCurrent(d, None, None, producer));
    const GLuint data[4] = {11, 22, 33, 44};
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
    const GLubyte texel[4] = {255, 0, 255, 255};
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glFinish();
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glXMakeContextCurrent(d, None, None, nullptr);
    XCloseDisplay(d);
  });
  first.join();
  std::thread second([&] {
    Display* d = XOpenDisplay(nullptr);
    ASSERT_NE(d, nullptr);
    ASSERT_TRUE(glXMakeCurrent(d, win, consumer));
    GLuint read[4] = {};
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(read), read);
    EXPECT_EQ(read[0], 11u);
    EXPECT_EQ(read[3], 44u);
    // The shared texture, copied to the window through a framebuffer blit.
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glXSwapBuffers(d, win);
    glXMakeCurrent(d, None, nullptr);
    XCloseDisplay(d);
  });
  second.join();
  EXPECT_EQ(window_pixel(win, 16, 16, 0xff00ff), 0xff00ffu);
  glXDestroyContext(dpy, consumer);
  glXDestroyContext(dpy, producer);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

TEST_F(Glx, WaitsAndPixmapsRefused) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const Window win = make_window(config);
  GLXContext ctx = create_core(*this, create_context_attribs(), dpy, config, nullptr);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeCurrent(dpy, win, ctx));
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXWaitGL();
  glXWaitX();
  GLubyte px[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(px[0], 255);
  glXMakeCurrent(dpy, None, nullptr);
  glXDestroyContext(dpy, ctx);
  // No config renders to pixmaps.
  const Pixmap pixmap = XCreatePixmap(dpy, RootWindow(dpy, screen), 8, 8, 24);
  EXPECT_EQ(glXCreatePixmap(dpy, config, pixmap, nullptr), 0u);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadMatch);
  XFreePixmap(dpy, pixmap);
}

TEST_F(Glx, GlxWindowErrors) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const Window xwin = make_window(config);
  GLXWindow win = glXCreateWindow(dpy, config, xwin, nullptr);
  ASSERT_NE(win, 0u);
  // A second GLX window on the same X window.
  EXPECT_EQ(glXCreateWindow(dpy, config, xwin, nullptr), 0u);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadAlloc) << describe_x_error();
  // Not a window; attributes GLX 1.4 does not define.
  g_x_error = {};
  EXPECT_EQ(glXCreateWindow(dpy, config, 0x1234567, nullptr), 0u);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadWindow) << describe_x_error();
  g_x_error = {};
  const int attribs[] = {GLX_WIDTH, 4, None};
  EXPECT_EQ(glXCreateWindow(dpy, config, xwin, attribs), 0u);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadValue) << describe_x_error();
  glXDestroyWindow(dpy, win);
  g_x_error = {};
  glXDestroyWindow(dpy, win);
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadWindow);
  // The X window is free again for a new GLX window.
  g_x_error = {};
  win = glXCreateWindow(dpy, config, xwin, nullptr);
  EXPECT_NE(win, 0u);
  glXDestroyWindow(dpy, win);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

// A multisampled visual from glXChooseVisual: the context made from it
// renders multisampled and the swap resolves it into the window.
TEST_F(Glx, ChosenVisualDecidesTheContextsConfig) {
  int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_SAMPLE_BUFFERS, 1, GLX_SAMPLES, 4, None};
  XVisualInfo* vi = glXChooseVisual(dpy, screen, attribs);
  ASSERT_NE(vi, nullptr);
  int samples = 0;
  EXPECT_EQ(glXGetConfig(dpy, vi, GLX_SAMPLES, &samples), Success);
  EXPECT_EQ(samples, 4);
  const Window win = make_window(vi);
  GLXContext ctx = glXCreateContext(dpy, vi, nullptr, True);
  XFree(vi);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeCurrent(dpy, win, ctx));
  GLint gl_samples = 0;
  glGetIntegerv(GL_SAMPLES, &gl_samples);
  EXPECT_EQ(gl_samples, 4);
  glClearColor(1, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXSwapBuffers(dpy, win);
  EXPECT_EQ(window_pixel(win, 8, 8, 0xff00ff), 0xff00ffu);
  glXMakeCurrent(dpy, None, nullptr);
  glXDestroyContext(dpy, ctx);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

}  // namespace
}  // namespace brass::e2e::glx
