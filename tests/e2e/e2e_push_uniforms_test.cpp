// Default uniforms by push constants (issue 19), through glvnd: a program
// whose default block fits the device's push budget takes it as push
// constants (BRASS_UNIFORMS=auto or push), a larger one the streamed uniform
// buffer, and draws see the values set before each of them: uniform
// changes between draws of one frame, program switches without a new
// glUniform, uniform arrays and matrices, a program too large to push next
// to one that fits. The same tests run with BRASS_UNIFORMS=buffer
// (e2e_push_uniforms_buffer in tests/e2e/CMakeLists.txt).

#include <cstdlib>
#include <string>

#include "e2e_fixture.h"
#include "brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

// offset, a colour built from an array and a matrix: 112 bytes in std140
// (vec2, float[3] at a 16-byte stride, mat2 as two 16-byte columns, vec4),
// under every device's budget (Vulkan guarantees 128).
const char* kSmallVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
uniform vec2 offset;
uniform float scale[3];
void main() { gl_Position = vec4(pos * scale[2] + offset, 0.0, 1.0); })";
const char* kSmallFs = R"(#version 300 es
precision highp float;
uniform float scale[3];
uniform mat2 mix_rg;
uniform vec4 color;
out vec4 o;
void main() { o = vec4(mix_rg * color.rg, color.b * scale[0], color.a); })";
// 20 vec4s: 320 bytes, more than any device's push budget (256 at most).
const char* kLargeFs = R"(#version 300 es
precision highp float;
uniform vec4 colors[20];
uniform int pick;
out vec4 o;
void main() { o = colors[pick]; })";

const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};

class PushUniforms : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void TearDown() override {
    glDeleteBuffers(1, &vbo_);
    GlesTest::TearDown();
  }
  uint64_t push_programs() {
    uint64_t v = 0;
    EXPECT_TRUE(stats_value_("program.push_constant_uniforms", &v));
    return v;
  }
  // Whether the run pushes default uniforms (every device can push the
  // small program's 112 bytes).
  static bool pushing() {
    const char* v = std::getenv("BRASS_UNIFORMS");
    return !v || std::string(v) != "buffer";
  }
  // The small program's uniforms: a quarter quad at (x, y) of colour
  // (r, g, b) through the identity mix.
  static void set_small(GLuint p, float x, float y, float r, float g, float b) {
    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "offset"), x, y);
    const float scale[3] = {1, 0, 0.5f};
    glUniform1fv(glGetUniformLocation(p, "scale"), 3, scale);
    const float identity[4] = {1, 0, 0, 1};
    glUniformMatrix2fv(glGetUniformLocation(p, "mix_rg"), 1, GL_FALSE, identity);
    glUniform4f(glGetUniformLocation(p, "color"), r, g, b, 1);
  }
  // Centres of the quadrants: bottom-left, bottom-right, top-left, top-right.
  std::array<uint32_t, 4> quadrants() {
    return {pixel(8, 8), pixel(24, 8), pixel(8, 24), pixel(24, 24)};
  }

  bool (*stats_value_)(const char*, uint64_t*) = nullptr;
  GLuint vbo_ = 0;
};

TEST_F(PushUniforms, EveryDrawOfAFrameSeesItsValues) {
  const uint64_t before = push_programs();
  GLuint p = program(kSmallVs, kSmallFs);
  EXPECT_EQ(push_programs(), before + (pushing() ? 1 : 0));
  set_small(p, -0.5f, -0.5f, 1, 0, 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUniform2f(glGetUniformLocation(p, "offset"), 0.5f, -0.5f);
  glUniform4f(glGetUniformLocation(p, "color"), 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  // The matrix swaps red and green; only the offset and matrix change.
  glUniform2f(glGetUniformLocation(p, "offset"), -0.5f, 0.5f);
  const float swap[4] = {0, 1, 1, 0};
  glUniformMatrix2fv(glGetUniformLocation(p, "mix_rg"), 1, GL_FALSE, swap);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  // One array element: blue * scale[0] = 0.5 blue, and offset.
  glUniform2f(glGetUniformLocation(p, "offset"), 0.5f, 0.5f);
  glUniform4f(glGetUniformLocation(p, "color"), 0, 0, 1, 1);
  glUniform1f(glGetUniformLocation(p, "scale[0]"), 0.5f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  const auto q = quadrants();
  EXPECT_EQ(q[0], rgba(255, 0, 0));
  EXPECT_EQ(q[1], rgba(0, 255, 0));
  EXPECT_EQ(q[2], rgba(255, 0, 0));  // green swapped into red
  // 0.5 of 255 is 127 or 128: GL leaves the rounding to the implementation
  // (NVIDIA stores 127, lavapipe 128).
  EXPECT_TRUE(colour_near(q[3], rgba(0, 0, 128)));
  glDeleteProgram(p);
}

TEST_F(PushUniforms, ProgramSwitchesKeepEachProgramsValues) {
  GLuint a = program(kSmallVs, kSmallFs);
  GLuint b = program(kSmallVs, kSmallFs);
  set_small(a, -0.5f, -0.5f, 1, 0, 0);
  set_small(b, 0.5f, -0.5f, 0, 0, 1);
  // Alternating, no glUniform between: each draw has its program's values.
  for (int i = 0; i < 3; ++i) {
    glUseProgram(a);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glUseProgram(b);
    glDrawArrays(GL_TRIANGLES, 0, 6);
  }
  // A change to a while b is bound (ES 3.1's glProgramUniform is not
  // needed: bind, change, bind back).
  glUseProgram(a);
  glUniform2f(glGetUniformLocation(a, "offset"), -0.5f, 0.5f);
  glUseProgram(b);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUseProgram(a);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  const auto q = quadrants();
  EXPECT_EQ(q[0], rgba(255, 0, 0));
  EXPECT_EQ(q[1], rgba(0, 0, 255));
  EXPECT_EQ(q[2], rgba(255, 0, 0));
  EXPECT_EQ(q[3], rgba(0, 0, 0));
  glDeleteProgram(a);
  glDeleteProgram(b);
}

TEST_F(PushUniforms, AProgramTooLargeToPushDrawsNextToOneThatFits) {
  const uint64_t before = push_programs();
  GLuint small = program(kSmallVs, kSmallFs);
  GLuint large = program(kSmallVs, kLargeFs);
  // The large one's fragment block is 320 bytes: never pushed.
  EXPECT_EQ(push_programs(), before + (pushing() ? 1 : 0));
  set_small(small, -0.5f, -0.5f, 0, 1, 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUseProgram(large);
  glUniform2f(glGetUniformLocation(large, "offset"), 0.5f, 0.5f);
  const float scale[3] = {1, 0, 0.5f};
  glUniform1fv(glGetUniformLocation(large, "scale"), 3, scale);
  glUniform4f(glGetUniformLocation(large, "colors[17]"), 1, 1, 0, 1);
  glUniform1i(glGetUniformLocation(large, "pick"), 17);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUseProgram(small);
  glUniform2f(glGetUniformLocation(small, "offset"), 0.5f, -0.5f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUseProgram(large);
  glUniform2f(glGetUniformLocation(large, "offset"), -0.5f, 0.5f);
  glUniform1i(glGetUniformLocation(large, "pick"), 3);
  glUniform4f(glGetUniformLocation(large, "colors[3]"), 1, 0, 1, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  const auto q = quadrants();
  EXPECT_EQ(q[0], rgba(0, 255, 0));
  EXPECT_EQ(q[1], rgba(0, 255, 0));
  EXPECT_EQ(q[2], rgba(255, 0, 255));
  EXPECT_EQ(q[3], rgba(255, 255, 0));
  glDeleteProgram(small);
  glDeleteProgram(large);
}

}  // namespace
}  // namespace brass::e2e
