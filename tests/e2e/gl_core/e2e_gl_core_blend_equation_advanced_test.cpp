// KHR_blend_equation_advanced in a desktop core context: the extension is
// listed, GLSL 3.30 takes the blend_support qualifiers under its directive,
// and draws blend as in ES contexts (the same code serves both).
#include <cmath>
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreBlendEquationAdvanced : public GlCoreTest {};

TEST_F(GlCoreBlendEquationAdvanced, ListedAndBlends) {
  ASSERT_TRUE(has_extension("GL_KHR_blend_equation_advanced"));
  auto blend_barrier = reinterpret_cast<PFNGLBLENDBARRIERKHRPROC>(eglGetProcAddress("glBlendBarrierKHR"));
  ASSERT_NE(blend_barrier, nullptr);

  // Without the directive GLSL 3.30 does not know the qualifier.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 330 core
layout(blend_support_multiply) out;
out vec4 color;
void main() { color = vec4(1.0); })", false));

  const GLuint prog = program(kCoreFullscreenVs, R"(#version 330 core
#extension GL_KHR_blend_equation_advanced : require
layout(blend_support_difference, blend_support_hsl_luminosity) out;
out vec4 color;
void main() { color = vec4(0.25, 0.75, 0.5, 1.0); })");
  glUseProgram(prog);
  glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_BLEND);
  glBlendEquation(GL_DIFFERENCE_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // |d - s| at alpha 1: 0.25, 0.25, 0.
  const uint32_t p = pixel(4, 5);
  EXPECT_NEAR(static_cast<int>(p & 0xff), 64, 1);
  EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 64, 1);
  EXPECT_NEAR(static_cast<int>((p >> 16) & 0xff), 0, 1);
  EXPECT_EQ(p >> 24, 255u);
  blend_barrier();

  // Separate equations stay basic-only; an undeclared equation cannot draw.
  glBlendEquationSeparate(GL_MULTIPLY_KHR, GL_FUNC_ADD);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBlendEquation(GL_SCREEN_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDisable(GL_BLEND);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
