// GL 4.5 robustness in desktop core-profile contexts: the reset
// notification strategy asked for through EGL 1.5's attribute, the reset
// status, and the bounded readbacks (glReadnPixels, glGetnUniform*v,
// glGetnTexImage). Context loss itself is common code, tested through ES
// (tests/e2e/robustness/).
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(GlCoreTest, RobustnessStrategyAndBoundedReadbacks) {
  GLint v = -1;
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &v);
  EXPECT_EQ(v, GL_NO_RESET_NOTIFICATION);
  EXPECT_EQ(glGetGraphicsResetStatus(), static_cast<GLenum>(GL_NO_ERROR));

  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, kCoreMajor, EGL_CONTEXT_MINOR_VERSION, kCoreMinor,
                            EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
  EGLContext lose = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
  ASSERT_NE(lose, EGL_NO_CONTEXT) << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, lose));
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &v);
  EXPECT_EQ(v, GL_LOSE_CONTEXT_ON_RESET);
  glGetIntegerv(GL_CONTEXT_FLAGS, &v);
  EXPECT_EQ(v & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT, 0);
  EXPECT_EQ(glGetGraphicsResetStatus(), static_cast<GLenum>(GL_NO_ERROR));

  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  uint32_t px[4] = {0, 0, 0, 0};
  glReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 15, px);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(px[0], 0u);
  glReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 16, px);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(px[3], rgba(255, 0, 0));

  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const uint32_t texels[4] = {rgba(1, 2, 3, 4), rgba(5, 6, 7, 8), rgba(9, 10, 11, 12), rgba(13, 14, 15, 16)};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  uint32_t out[4] = {0, 0, 0, 0};
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 12, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(out[0], 0u);
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 16, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(out[3], texels[3]);
  glDeleteTextures(1, &tex);

  static constexpr const char* kFs = R"(#version 330 core
uniform vec2 scale;
out vec4 c;
void main() { c = vec4(scale, 0.0, 1.0); })";
  const GLuint p = program(kCoreFullscreenVs, kFs);
  glUseProgram(p);
  const GLint scale = glGetUniformLocation(p, "scale");
  glUniform2f(scale, 0.5f, 2.0f);
  float f[2] = {0, 0};
  glGetnUniformfv(p, scale, 4, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetnUniformfv(p, scale, 8, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(f[1], 2.0f);
  GLint i[2] = {0, 0};
  glGetnUniformiv(p, scale, 8, i);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(i[1], 2);
  glUseProgram(0);
  glDeleteProgram(p);

  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, lose));
}

}  // namespace
}  // namespace brass::e2e
