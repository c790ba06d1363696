// The set-up every share-group test repeats: the surfaceless display, an
// ES 3 pbuffer config, ES bound, and contexts made in one share group (each
// thread of a test makes one current with no surface and renders into
// framebuffer objects).
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <gtest/gtest.h>

namespace brass::e2e {

class ShareGroupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
    ASSERT_TRUE(eglBindAPI(EGL_OPENGL_ES_API));
  }
  void TearDown() override {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglTerminate(dpy);
  }

 public:  // the threads' own code (not only the test bodies) makes contexts
  // An ES 3.`minor` context in `share`'s group (EGL_NO_CONTEXT: a new one).
  EGLContext context(EGLContext share, EGLint minor = 0) {
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, minor, EGL_NONE};
    return eglCreateContext(dpy, config, share, attribs);
  }

  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
};

// A compiled shader object; the tests check the program's link.
inline GLuint compile_shader(GLenum type, const char* src) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  return s;
}

}  // namespace brass::e2e
