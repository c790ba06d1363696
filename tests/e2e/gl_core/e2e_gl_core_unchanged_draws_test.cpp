// Unchanged draws merged into one multi-draw command (driver
// batch/pending_draws.h, issue 19) in desktop GL: gl_DrawID
// (ARB_shader_draw_parameters, GL 4.6 §11.1.3.9) is 0 in every draw but those of a multi-draw command, so two
// glDrawArrays calls with nothing changed between them must not become the
// first and second draws of one vkCmdDrawMultiEXT (DrawIndex 0 and 1).
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(GlCoreTest, DrawIdOfUnchangedDrawsIsZero) {
  const char* vs = R"(#version 330 core
#extension GL_ARB_shader_draw_parameters : require
layout(location = 0) in vec2 pos;
flat out int v_id;
void main() { v_id = gl_DrawIDARB; gl_Position = vec4(pos, 0.0, 1.0); })";
  const char* fs = R"(#version 330 core
flat in int v_id;
out vec4 o;
void main() { o = v_id == 0 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); })";
  GLuint p = program(vs, fs);
  glUseProgram(p);
  // The left half, then the right half, each two triangles.
  const float v[24] = {-1, -1, 0, -1, -1, 1, -1, 1, 0, -1, 0, 1, 0, -1, 1, -1, 0, 1, 0, 1, 1, -1, 1, 1};
  GLuint vbo = 0;
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(kWidth / 4, kHeight / 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(3 * kWidth / 4, kHeight / 2), rgba(0, 255, 0)) << "the second draw saw gl_DrawID 1";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &vbo);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
