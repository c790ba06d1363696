// A structure uniform at an explicit location (GL 4.6 §7.6.1,
// ARB_explicit_uniform_location): its members take consecutive locations
// from it, in declaration order, one per array element.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreStructUniformLocation = GlCoreTest;

TEST_F(GlCoreStructUniformLocation, MembersFollowTheExplicitLocation) {
  const char* fs = R"(#version 430 core
struct Inner { float x; vec2 y[2]; };
struct Parts { vec4 a; Inner inner[2]; vec4 b; };
layout(location = 4) uniform Parts parts;
layout(location = 0) uniform vec4 first;
out vec4 colour;
void main() {
  colour = first + parts.a + parts.b + vec4(parts.inner[1].x, parts.inner[1].y[1], 0.0);
})";
  GLuint p = program(kCoreFullscreenVs, fs);
  // a: 4; inner[0].x: 5, inner[0].y: 6-7 (both unused, inactive); inner[1].x:
  // 8, inner[1].y: 9-10; b: 11.
  EXPECT_EQ(glGetUniformLocation(p, "parts.a"), 4);
  EXPECT_EQ(glGetUniformLocation(p, "parts.inner[1].x"), 8);
  EXPECT_EQ(glGetUniformLocation(p, "parts.inner[1].y[1]"), 10);
  EXPECT_EQ(glGetUniformLocation(p, "parts.b"), 11);
  EXPECT_EQ(glGetUniformLocation(p, "first"), 0);
  glUseProgram(p);
  glUniform4f(0, 0.0f, 0.0f, 0.0f, 0.25f);
  glUniform4f(4, 0.25f, 0.0f, 0.0f, 0.25f);
  glUniform1f(8, 0.5f);
  glUniform2f(10, 0.25f, 0.5f);
  glUniform4f(11, 0.0f, 0.5f, 0.0f, 0.5f);
  glViewport(0, 0, kWidth, kHeight);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(191, 191, 128, 255), 2)) << std::hex << pixel(16, 16);
  glUseProgram(0);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
