// ARB_shader_draw_parameters (GL 4.6): gl_BaseVertexARB is the baseVertex
// argument (0 for commands without one, whatever their first vertex),
// gl_BaseInstanceARB the baseInstance argument, gl_DrawIDARB the index of
// the draw in a multi-draw command (glMultiDraw*, the indirect forms).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreShaderDrawParametersTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_shader_draw_parameters"));
    // Three columns of the surface, two triangles each (18 vertices).
    float v[18 * 2];
    for (int c = 0; c < 3; ++c) {
      const float x0 = -1.0f + 2.0f * float(c) / 3.0f, x1 = -1.0f + 2.0f * float(c + 1) / 3.0f;
      const float q[12] = {x0, -1, x1, -1, x1, 1, x0, -1, x1, 1, x0, 1};
      for (int i = 0; i < 12; ++i) v[c * 12 + i] = q[i];
    }
    vbo = buffer(GL_ARRAY_BUFFER, sizeof(v), v);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void TearDown() override {
    glDeleteBuffers(1, &vbo);
    GlCoreTest::TearDown();
  }
  GLuint draw_program(const char* colour) {
    const std::string vs = std::string(R"(#version 330
#extension GL_ARB_shader_draw_parameters : require
layout(location = 0) in vec2 pos;
flat out vec4 c;
void main() {
  gl_Position = vec4(pos, 0.0, 1.0);
  c = )") + colour + ";\n}\n";
    return program(vs.c_str(), R"(#version 330
flat in vec4 c;
out vec4 color;
void main() { color = c; })");
  }
  // The colour of column `c`'s lower-right triangle (vertices 0-2 of its
  // six; the last one provokes its flat colour).
  uint32_t column(int c) { return pixel(kWidth * (2 * c + 1) / 6, kHeight / 4); }
  static bool near(uint32_t a, uint32_t b) {
    for (int s = 0; s < 32; s += 8)
      if (std::abs(int((a >> s) & 0xff) - int((b >> s) & 0xff)) > 1) return false;
    return true;
  }
  GLuint vbo = 0;
};

TEST_F(GlCoreShaderDrawParametersTest, BaseVertexAndBaseInstanceAreTheArguments) {
  const GLuint p = draw_program("vec4(float(gl_BaseVertexARB) / 16.0, float(gl_BaseInstanceARB) / 8.0, "
                                "float(gl_VertexID - gl_BaseVertexARB) / 32.0, 1.0)");
  glUseProgram(p);
  // Column 1 without a baseVertex argument: gl_BaseVertexARB is 0 though
  // the first vertex is 6.
  glDrawArrays(GL_TRIANGLES, 6, 6);
  // Column 2 from indices 0-5 with baseVertex 12.
  const GLuint indices[6] = {0, 1, 2, 3, 4, 5};
  const GLuint ib = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices);
  glDrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_INT, nullptr, 1, 12, 3);
  // Column 0 with baseInstance 5 (one instance).
  glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 6, 1, 5);
  // The provoking vertex is vertex 2 of the column: gl_VertexID 2, 8 (the
  // first vertex is 6, the base vertex 0) and 14 (index 2 + base vertex 12).
  EXPECT_TRUE(near(column(0), rgba(0, 159, 16, 255))) << std::hex << column(0);
  EXPECT_TRUE(near(column(1), rgba(0, 0, 64, 255))) << std::hex << column(1);
  EXPECT_TRUE(near(column(2), rgba(191, 96, 16, 255))) << std::hex << column(2);
  glDeleteBuffers(1, &ib);
  glDeleteProgram(p);
}

// Each draw of a multi-draw command sees its index.
TEST_F(GlCoreShaderDrawParametersTest, DrawIdNumbersTheDrawsOfMultiDraws) {
  const GLuint p = draw_program("vec4(float(gl_DrawIDARB) / 4.0, 0.0, 0.0, 1.0)");
  glUseProgram(p);
  const uint32_t expected[3] = {rgba(0, 0, 0), rgba(64, 0, 0), rgba(128, 0, 0)};

  const GLint first[3] = {0, 6, 12};
  const GLsizei count[3] = {6, 6, 6};
  glMultiDrawArrays(GL_TRIANGLES, first, count, 3);
  for (int c = 0; c < 3; ++c) EXPECT_TRUE(near(column(c), expected[c])) << "MultiDrawArrays " << c << " " << std::hex << column(c);

  // The columns in reverse order: the draw index, not the column, counts.
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint indices[6] = {0, 1, 2, 3, 4, 5};
  const GLuint ib = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices);
  const GLsizei ecount[3] = {6, 6, 6};
  const void* offsets[3] = {nullptr, nullptr, nullptr};
  const GLint base[3] = {12, 6, 0};
  glMultiDrawElementsBaseVertex(GL_TRIANGLES, ecount, GL_UNSIGNED_INT, offsets, 3, base);
  for (int c = 0; c < 3; ++c) EXPECT_TRUE(near(column(c), expected[2 - c])) << "MultiDrawElementsBaseVertex " << c;

  // Indirect: commands {count, instances, first, baseInstance}.
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint commands[3][4] = {{6, 1, 6, 0}, {6, 1, 12, 0}, {6, 1, 0, 0}};
  const GLuint indirect = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(commands), commands);
  glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, 3, 0);
  EXPECT_TRUE(near(column(1), expected[0]));
  EXPECT_TRUE(near(column(2), expected[1]));
  EXPECT_TRUE(near(column(0), expected[2]));

  // A single draw is draw 0.
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 12, 6);
  EXPECT_TRUE(near(column(2), expected[0]));
  glDeleteBuffers(1, &indirect);
  glDeleteBuffers(1, &ib);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
