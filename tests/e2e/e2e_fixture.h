// Shared set-up for end-to-end tests: a pbuffer and an ES 3.0 context on
// Brass, reached through glvnd exactly as an application reaches it
// (libEGL.so -> libEGL_brass.so, GL through libGLESv2.so).
#pragma once

#include <gtest/gtest.h>

#include "colour_near.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>

#include <cstdint>
#include <string>
#include <vector>

namespace brass::e2e {

// An ES 3.00 vertex shader drawing one triangle that covers the viewport
// (three vertices, no attributes).
inline constexpr const char* kFullscreenVs = R"(#version 300 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

class GlesTest : public ::testing::Test {
 protected:
  static constexpr int kWidth = 32, kHeight = 32;

  void SetUp() override {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    // glvnd picks the first vendor that takes the platform: where another
    // driver is installed (the device machine's NVIDIA), a Brass that failed
    // to load would let these tests pass or fail on that driver instead.
    ASSERT_STREQ(eglQueryString(dpy, EGL_VENDOR), "Brass");
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                              EGL_RED_SIZE,     8,               EGL_ALPHA_SIZE,      8,
                              EGL_DEPTH_SIZE,   24,              EGL_STENCIL_SIZE,    8,
                              EGL_SAMPLES,      0,               EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
    const EGLint pb[] = {EGL_WIDTH, kWidth, EGL_HEIGHT, kHeight, EGL_NONE};
    surface = eglCreatePbufferSurface(dpy, config, pb);
    ASSERT_NE(surface, EGL_NO_SURFACE);
    const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
    ASSERT_NE(ctx, EGL_NO_CONTEXT);
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  }

  void TearDown() override {
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "a GL error was left unchecked";
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglDestroySurface(dpy, surface);
    eglTerminate(dpy);
  }

  // Reads the whole default framebuffer as RGBA8, bottom row first.
  std::vector<uint32_t> read_pixels() {
    std::vector<uint32_t> px(kWidth * kHeight, 0xdeadbeef);
    glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    return px;
  }
  // The current context advertises `name` (glGetStringi(GL_EXTENSIONS)).
  static bool has_extension(const char* name) {
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; ++i)
      if (std::string(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i))) == name) return true;
    return false;
  }
  uint32_t pixel(int x, int y) {
    uint32_t p = 0xdeadbeef;
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
    return p;
  }
  static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
  }

  // Compiles one shader; fails the test with the info log on error.
  static GLuint shader(GLenum type, const char* src) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
      char log[2048] = {};
      glGetShaderInfoLog(s, sizeof(log), nullptr, log);
      ADD_FAILURE() << "compile failed: " << log;
    }
    return s;
  }
  // Links `p`; fails the test with the info log on error.
  static void link(GLuint p) {
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
      char log[2048] = {};
      glGetProgramInfoLog(p, sizeof(log), nullptr, log);
      ADD_FAILURE() << "link failed: " << log;
    }
  }
  // Compiles and links; fails the test with the info log on error.
  static GLuint program(const char* vs, const char* fs) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    link(p);
    return p;
  }

  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext ctx = EGL_NO_CONTEXT;
};

}  // namespace brass::e2e
