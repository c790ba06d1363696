// Fragment outputs in desktop GL 3.3: glBindFragDataLocation(Indexed) for
// outputs without layout qualifiers, glGetFragDataLocation/Index, and
// dual-source blending through an index-1 output (GL 3.3 core,
// ARB_blend_func_extended).
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kTwoOutputsFs = R"(#version 150
out vec4 first;
out vec4 second;
void main() {
  first = vec4(1.0, 0.0, 0.0, 1.0);
  second = vec4(0.0, 1.0, 0.0, 1.0);
})";

GLuint unlinked_program(const char* vs, const char* fs) {
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  return p;
}

TEST_F(GlCoreTest, BindFragDataLocationIndexedDrivesDualSourceBlending) {
  GLint dual = 0;
  glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &dual);
  if (dual < 1) GTEST_SKIP() << "no dual-source blending on this device";
  GLuint p = unlinked_program(kCoreFullscreenVs, kTwoOutputsFs);
  glBindFragDataLocationIndexed(p, 0, 0, "first");
  glBindFragDataLocationIndexed(p, 0, 1, "second");
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  EXPECT_EQ(glGetFragDataLocation(p, "first"), 0);
  EXPECT_EQ(glGetFragDataIndex(p, "first"), 0);
  EXPECT_EQ(glGetFragDataLocation(p, "second"), 0);
  EXPECT_EQ(glGetFragDataIndex(p, "second"), 1);
  EXPECT_EQ(glGetFragDataLocation(p, "nothing"), -1);
  EXPECT_EQ(glGetFragDataIndex(p, "nothing"), -1);
  glUseProgram(p);
  // dst = src + dst * src1 = red + white * green.
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_SRC1_COLOR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  EXPECT_EQ(pixel(3, 3), rgba(255, 255, 0));
  glDeleteProgram(p);
}

TEST_F(GlCoreTest, BindFragDataLocationErrors) {
  GLuint p = unlinked_program(kCoreFullscreenVs, kTwoOutputsFs);
  GLint draw_buffers = 0, dual = 0;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &draw_buffers);
  glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &dual);
  glBindFragDataLocation(p, static_cast<GLuint>(draw_buffers), "first");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindFragDataLocationIndexed(p, 0, 2, "first");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindFragDataLocationIndexed(p, static_cast<GLuint>(dual), 1, "second");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindFragDataLocation(p, 0, "gl_FragColor");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindFragDataLocation(p + 100, 0, "first");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // An unlinked program has no locations to report.
  glGetFragDataLocation(p, "first");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // layout(location) wins over a binding.
  GLuint q = unlinked_program(kCoreFullscreenVs, R"(#version 330 core
layout(location = 1) out vec4 fixed_at_one;
void main() { fixed_at_one = vec4(1.0); })");
  glBindFragDataLocation(q, 3, "fixed_at_one");
  glLinkProgram(q);
  GLint ok = 0;
  glGetProgramiv(q, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  EXPECT_EQ(glGetFragDataLocation(q, "fixed_at_one"), 1);
  glDeleteProgram(p);
  glDeleteProgram(q);
}

}  // namespace
}  // namespace brass::e2e
