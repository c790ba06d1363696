// Shared set-up for compatibility-profile end-to-end tests: a pbuffer and a
// desktop OpenGL compatibility context on Brass, reached as a legacy desktop
// application reaches it through glvnd (libEGL.so -> libEGL_brass.so with
// EGL_OPENGL_API and a version below 3.2, GL through libOpenGL.so, whose
// exports include the GL 1.x commands). The binary runs with
// BRASS_GL_COMPAT_OVERRIDE=1 until the profile is offered by default
// (docs/compatibility.md).
#pragma once

#include <gtest/gtest.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace brass::e2e {

class GlCompatTest : public ::testing::Test {
 protected:
  static constexpr int kWidth = 32, kHeight = 32;

  // The version asked for: 2.1 with no profile, as GL 2.x applications
  // (and piglit's compatibility tests) ask; Brass answers with its
  // compatibility profile.
  virtual std::vector<EGLint> context_attribs() const {
    return {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  }

  void SetUp() override {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    // Where another vendor is installed, a Brass that failed to load would
    // let these tests run on it instead.
    ASSERT_STREQ(eglQueryString(dpy, EGL_VENDOR), "Brass");
    ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                              EGL_RED_SIZE,     8,               EGL_ALPHA_SIZE,      8,
                              EGL_DEPTH_SIZE,   24,              EGL_STENCIL_SIZE,    8,
                              EGL_SAMPLES,      0,               EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
    const EGLint pb[] = {EGL_WIDTH, kWidth, EGL_HEIGHT, kHeight, EGL_NONE};
    surface = eglCreatePbufferSurface(dpy, config, pb);
    ASSERT_NE(surface, EGL_NO_SURFACE);
    const std::vector<EGLint> ctx_attribs = context_attribs();
    ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs.data());
    ASSERT_NE(ctx, EGL_NO_CONTEXT) << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  }

  void TearDown() override {
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "a GL error was left unchecked";
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (ctx != EGL_NO_CONTEXT) eglDestroyContext(dpy, ctx);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(dpy, surface);
    eglTerminate(dpy);
    eglBindAPI(EGL_OPENGL_ES_API);
  }

  uint32_t pixel(int x, int y) {
    uint32_t p = 0xdeadbeef;
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
    return p;
  }
  static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
  }

  // Compiles one shader; `ok` false expects failure. Returns the shader.
  static GLuint shader(GLenum type, const char* src, bool ok = true) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint status = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &status);
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof(log), nullptr, log);
    EXPECT_EQ(status != 0, ok) << log << "\n" << src;
    return s;
  }
  // Compiles and links the given stages (a null source is skipped: the
  // compatibility profile runs fixed-function processing for a missing
  // stage); fails the test with the info log on error.
  static GLuint program(const char* vs, const char* fs) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
      if (!src) continue;
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
      char log[2048] = {};
      glGetProgramInfoLog(p, sizeof(log), nullptr, log);
      ADD_FAILURE() << "link failed: " << log;
    }
    return p;
  }
  // A new buffer bound to `target`, holding `size` bytes of `data`.
  static GLuint buffer(GLenum target, GLsizeiptr size, const void* data) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, size, data, GL_DYNAMIC_COPY);
    return b;
  }
  // The current context lists `name` (glGetStringi(GL_EXTENSIONS)).
  static bool has_extension(const char* name) {
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; ++i) {
      const GLubyte* e = glGetStringi(GL_EXTENSIONS, GLuint(i));
      if (e && std::string(reinterpret_cast<const char*>(e)) == name) return true;
    }
    return false;
  }
  static std::string str(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : "";
  }

  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext ctx = EGL_NO_CONTEXT;
};

}  // namespace brass::e2e
