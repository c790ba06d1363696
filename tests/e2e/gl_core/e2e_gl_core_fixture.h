// Shared set-up for desktop OpenGL end-to-end tests: a pbuffer and a desktop
// core-profile context on Brass, reached as a desktop application reaches it
// through glvnd (libEGL.so -> libEGL_brass.so with EGL_OPENGL_API, GL
// through libOpenGL.so). The binary runs without BRASS_GL_VERSION_OVERRIDE:
// it asks for the 3.3 core context Brass offers by default.
#pragma once

#include <gtest/gtest.h>

#include "../colour_near.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace brass::e2e {

// The core version these suites ask for; Brass gives its highest provided
// one (at least this; 4.1 on lavapipe since GL 4.0/4.1's extensions landed)
// for it. `provided_version_prefix` is what GL_VERSION must start with.
inline constexpr int kCoreMajor = 3, kCoreMinor = 3;
inline std::string provided_version_prefix(GLint major, GLint minor) {
  return std::to_string(major) + "." + std::to_string(minor) + " (Core Profile)";
}

// A #version 330 core vertex shader drawing one triangle that covers the
// viewport (three vertices, no attributes).
inline constexpr const char* kCoreFullscreenVs = R"(#version 330 core
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

class GlCoreTest : public ::testing::Test {
 protected:
  static constexpr int kWidth = 32, kHeight = 32;

  // A surfaceless display initialized, EGL_OPENGL_API bound, and an
  // EGL_OPENGL_BIT pbuffer config chosen.
  void open_display() {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    // glvnd picks the first vendor that takes the platform: where another
    // driver is installed (the device machine's NVIDIA), a Brass that failed
    // to load would let these tests pass or fail on that driver instead.
    ASSERT_STREQ(eglQueryString(dpy, EGL_VENDOR), "Brass");
    ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                              EGL_RED_SIZE,     8,               EGL_ALPHA_SIZE,      8,
                              EGL_DEPTH_SIZE,   24,              EGL_STENCIL_SIZE,    8,
                              EGL_SAMPLES,      0,               EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
  }

  void SetUp() override {
    open_display();
    const EGLint pb[] = {EGL_WIDTH, kWidth, EGL_HEIGHT, kHeight, EGL_NONE};
    surface = eglCreatePbufferSurface(dpy, config, pb);
    ASSERT_NE(surface, EGL_NO_SURFACE);
    const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                  kCoreMajor,
                                  EGL_CONTEXT_MINOR_VERSION,
                                  kCoreMinor,
                                  EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                  EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                  EGL_NONE};
    ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
    ASSERT_NE(ctx, EGL_NO_CONTEXT) << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
    // The core profile draws only with a vertex array object bound.
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
  }

  void TearDown() override {
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "a GL error was left unchecked";
    if (vao) glDeleteVertexArrays(1, &vao);
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
  // Compiles and links; fails the test with the info log on error.
  // A linked program of one compute shader (a failed link fails the test).
  static GLuint compute_program(const char* src) {
    GLuint p = glCreateProgram();
    GLuint s = shader(GL_COMPUTE_SHADER, src);
    glAttachShader(p, s);
    glDeleteShader(s);
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
  static GLuint program(const char* vs, const char* fs) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
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
  GLuint vao = 0;
};

// For the gl46_*.cpp binaries (BRASS_GL_VERSION_OVERRIDE=4.6): the fixture's
// context, checked to be a 4.x one.
class GlCore4xTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    GLint major = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    ASSERT_GE(major, 4) << "this binary must run with BRASS_GL_VERSION_OVERRIDE=4.x";
  }
};

}  // namespace brass::e2e
