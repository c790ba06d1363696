// ES 3.1 indirect draws through glvnd: commands in a buffer the
// application filled and commands a dispatch wrote, arrays and elements,
// the CPU fallback (line loops), and the errors of §10.5.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kPosVs = R"(#version 310 es
layout(location = 0) in vec2 p;
void main() { gl_Position = vec4(p, 0.0, 1.0); })";
constexpr const char* kGreenFs = R"(#version 310 es
precision mediump float;
out vec4 o;
void main() { o = vec4(0.0, 1.0, 0.0, 1.0); })";

class E2eIndirectDraw : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    prog_ = program(kPosVs, kGreenFs);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    // Left half as two triangles (vertices 0-5), right half (6-11).
    const float v[] = {-1, -1, 0, -1, -1, 1, 0, -1, 0, 1, -1, 1,
                       0, -1, 1, -1, 0, 1, 1, -1, 1, 1, 0, 1};
    vbo_ = buffer(GL_ARRAY_BUFFER, sizeof(v), v);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glUseProgram(prog_);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void TearDown() override {
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
    glDeleteProgram(prog_);
    Es31Test::TearDown();
  }
  bool left_green() { return pixel(4, 16) == rgba(0, 255, 0); }
  bool right_green() { return pixel(28, 16) == rgba(0, 255, 0); }

  GLuint prog_ = 0, vao_ = 0, vbo_ = 0;
};

TEST_F(E2eIndirectDraw, ArraysFromAnApplicationBuffer) {
  // {count, instanceCount, first, reserved}: the second command draws the right half.
  const GLuint cmds[8] = {6, 1, 0, 0, 6, 1, 6, 0};
  GLuint ib = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(cmds), cmds);
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(16));
  EXPECT_FALSE(left_green());
  EXPECT_TRUE(right_green());
  glDeleteBuffers(1, &ib);
}

TEST_F(E2eIndirectDraw, ElementsFromACommandADispatchWrote) {
  const GLushort indices[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  GLuint eb = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices);
  GLuint ib = buffer(GL_DRAW_INDIRECT_BUFFER, 20);
  GLuint writer = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Cmd { uint count, instances, first_index; int base_vertex; uint reserved; };
void main() { count = 6u; instances = 1u; first_index = 0u; base_vertex = 6; reserved = 0u; })");
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ib);
  glUseProgram(writer);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_COMMAND_BARRIER_BIT);
  glUseProgram(prog_);
  glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, nullptr);  // indices 0-5 + 6: the right half
  EXPECT_FALSE(left_green());
  EXPECT_TRUE(right_green());
  glDeleteBuffers(1, &eb);
  glDeleteBuffers(1, &ib);
  glDeleteProgram(writer);
}

TEST_F(E2eIndirectDraw, InstancesComeFromTheCommand) {
  // Instance i moves the left half right by i: two instances cover both halves.
  GLuint inst = program(R"(#version 310 es
layout(location = 0) in vec2 p;
void main() { gl_Position = vec4(p.x + float(gl_InstanceID), p.y, 0.0, 1.0); })",
                        kGreenFs);
  glUseProgram(inst);
  const GLuint cmd[4] = {6, 2, 0, 0};
  GLuint ib = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(cmd), cmd);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_TRUE(left_green());
  EXPECT_TRUE(right_green());
  glDeleteBuffers(1, &ib);
  glDeleteProgram(inst);
}

TEST_F(E2eIndirectDraw, LineLoopIsClosed) {
  // A loop around the viewport's border: the closing edge (last vertex back
  // to the first) is the left column, which only a closed loop draws.
  const float loop[] = {-0.99f, -0.99f, 0.99f, -0.99f, 0.99f, 0.99f, -0.99f, 0.99f};
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(loop), loop, GL_STATIC_DRAW);
  const GLuint cmd[4] = {4, 1, 0, 0};
  GLuint ib = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(cmd), cmd);
  glDrawArraysIndirect(GL_LINE_LOOP, nullptr);
  EXPECT_EQ(pixel(0, 16), rgba(0, 255, 0)) << "the closing edge";
  EXPECT_EQ(pixel(31, 16), rgba(0, 255, 0));
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255));
  glDeleteBuffers(1, &ib);
}

TEST_F(E2eIndirectDraw, Errors) {
  const GLuint cmd[5] = {6, 1, 0, 0, 0};
  // No indirect buffer.
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint ib = buffer(GL_DRAW_INDIRECT_BUFFER, 16, cmd);
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), ib);
  // Misaligned, past the end, bad mode or type.
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(2));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(4));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(~uintptr_t{3}));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "an offset near the top does not wrap";
  glDrawArraysIndirect(0x7fff, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Elements: 20-byte commands, an element buffer, a valid type.
  glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "no element buffer, and 16 < 20 bytes";
  const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
  GLuint eb = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx);
  glDrawElementsIndirect(GL_TRIANGLES, GL_FLOAT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "16 < 20 bytes";
  // A mapped indirect buffer.
  glMapBufferRange(GL_DRAW_INDIRECT_BUFFER, 0, 16, GL_MAP_READ_BIT);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_DRAW_INDIRECT_BUFFER);
  // The default vertex array object.
  glBindVertexArray(0);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindVertexArray(vao_);
  // An enabled array without a buffer in a vertex array object.
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(1);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDisableVertexAttribArray(1);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(left_green());
  glDeleteBuffers(1, &eb);
  glDeleteBuffers(1, &ib);
}

}  // namespace
}  // namespace brass::e2e
