// ARB_shader_stencil_export: a fragment shader's gl_FragStencilRefARB is the
// stencil reference value of its fragment, for the stencil test and the
// REPLACE operation alike.
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreStencilExportTest = GlCoreTest;

// Each fragment writes its column as the stencil value; a second pass that
// passes only where the stencil buffer holds 5 then colours column 5 alone.
TEST_F(GlCoreStencilExportTest, FragmentStencilRefReplacesTheReferencePerFragment) {
  // Listed only where the Vulkan device has VK_EXT_shader_stencil_export:
  // lavapipe (CI) has it, so there its absence is a failure.
  const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (!has_extension("GL_ARB_shader_stencil_export")) {
    ASSERT_EQ(std::string(renderer).find("llvmpipe"), std::string::npos) << "lavapipe has the Vulkan extension";
    GTEST_SKIP() << "the device lacks VK_EXT_shader_stencil_export: " << renderer;
  }
  GLuint fbo = 0, rb[2] = {};
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glGenRenderbuffers(2, rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, kWidth, kHeight);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, kWidth, kHeight);

  const GLuint writer = program(kCoreFullscreenVs, R"(#version 330 core
#extension GL_ARB_shader_stencil_export : require
out vec4 color;
void main() {
  gl_FragStencilRefARB = int(gl_FragCoord.x);
  color = vec4(0.0, 0.0, 1.0, 1.0);
})");
  const GLuint painter = program(kCoreFullscreenVs, R"(#version 330 core
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })");

  glClearColor(0, 0, 0, 1);
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_STENCIL_TEST);
  // The reference given here (200) is what the shader's value replaces.
  glStencilFunc(GL_ALWAYS, 200, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  glUseProgram(writer);
  glDrawArrays(GL_TRIANGLES, 0, 3);

  glStencilFunc(GL_EQUAL, 5, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  glUseProgram(painter);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_STENCIL_TEST);

  EXPECT_EQ(pixel(5, 7), rgba(0, 255, 0)) << "column 5 holds stencil 5";
  EXPECT_EQ(pixel(4, 7), rgba(0, 0, 255)) << "column 4 holds stencil 4";
  EXPECT_EQ(pixel(6, 20), rgba(0, 0, 255)) << "column 6 holds stencil 6";

  // The stencil values themselves, read back.
  GLubyte s[kWidth] = {};
  glReadPixels(0, 3, kWidth, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
  for (int x = 0; x < kWidth; ++x) EXPECT_EQ(s[x], x) << "x " << x;

  glDeleteProgram(writer);
  glDeleteProgram(painter);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(2, rb);
}

// Without the directive the built-in is not declared.
TEST_F(GlCoreStencilExportTest, BuiltInNeedsTheExtensionDirective) {
  const GLuint s = shader(GL_FRAGMENT_SHADER, R"(#version 330 core
out vec4 color;
void main() { gl_FragStencilRefARB = 1; color = vec4(1.0); })",
                          false);
  glDeleteShader(s);
}

}  // namespace
}  // namespace brass::e2e
