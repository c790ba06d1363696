// Desktop programs of one graphics stage (GL 4.6 §7.3 does not make them a
// link error, unlike ES): a fragment-only program links, reports its
// uniforms and draws nothing; the vertex-only case is in
// e2e_gl_core_transform_feedback_test.cpp.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(GlCoreTest, FragmentOnlyProgramLinksAndDrawsNothing) {
  const GLuint p = glCreateProgram();
  const GLuint fs = shader(GL_FRAGMENT_SHADER, R"(#version 140
uniform vec4 tint;
out vec4 color;
void main() { color = tint; })");
  glAttachShader(p, fs);
  glLinkProgram(p);
  GLint linked = 0, uniforms = 0, attributes = -1;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE);
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &uniforms);
  EXPECT_EQ(uniforms, 1);
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &attributes);
  EXPECT_EQ(attributes, 0);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(p);
  glUniform4f(glGetUniformLocation(p, "tint"), 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 255));
  glDeleteShader(fs);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
