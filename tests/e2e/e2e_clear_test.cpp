// First pixels through the application path: libEGL.so -> libEGL_brass.so,
// libGLESv2.so -> Brass's GL -> pipe -> Vulkan (lavapipe), read back with
// glReadPixels.
#include <gtest/gtest.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <cstdint>
#include <vector>

namespace {

class E2eClear : public ::testing::Test {
 protected:
  void SetUp() override {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                              EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
    const EGLint pb[] = {EGL_WIDTH, 32, EGL_HEIGHT, 16, EGL_NONE};
    surface = eglCreatePbufferSurface(dpy, config, pb);
    ASSERT_NE(surface, EGL_NO_SURFACE);
    const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
    ASSERT_NE(ctx, EGL_NO_CONTEXT);
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  }
  void TearDown() override {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglDestroySurface(dpy, surface);
    eglTerminate(dpy);
  }
  std::vector<uint32_t> read_all() {
    std::vector<uint32_t> px(32 * 16, 0xdeadbeef);
    glReadPixels(0, 0, 32, 16, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    return px;
  }
  static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
  }
  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext ctx = EGL_NO_CONTEXT;
};

TEST_F(E2eClear, ClearThenReadPixels) {
  glClearColor(1.0f, 0.4f, 0.0f, 1.0f);  // 0.4 -> 102 exactly; 0.5 (127.5) may round either way
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  auto px = read_all();
  EXPECT_EQ(px[0], rgba(255, 102, 0, 255));
  EXPECT_EQ(px[32 * 16 - 1], rgba(255, 102, 0, 255));
}

TEST_F(E2eClear, ScissoredClearAndBottomLeftOrigin) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // GL's window origin is the bottom-left: rows 0-7 are the lower half.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 32, 8);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  auto px = read_all();
  EXPECT_EQ(px[0 * 32 + 5], rgba(0, 255, 0, 255));   // row 0: bottom
  EXPECT_EQ(px[7 * 32 + 5], rgba(0, 255, 0, 255));
  EXPECT_EQ(px[8 * 32 + 5], rgba(0, 0, 0, 255));     // row 8: upper half
  // A partial read with an offset and row-length pack state.
  std::vector<uint32_t> part(4 * 2, 0);
  glReadPixels(2, 7, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, part.data());
  EXPECT_EQ(part[0], rgba(0, 255, 0, 255));
  EXPECT_EQ(part[2], rgba(0, 0, 0, 255));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(E2eClear, ReadPixelsErrors) {
  uint32_t p = 0;
  glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glClear(0x80000000u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST_F(E2eClear, SurfacelessContextHasNoDefaultFramebuffer) {
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_FRAMEBUFFER_OPERATION));
}

}  // namespace
