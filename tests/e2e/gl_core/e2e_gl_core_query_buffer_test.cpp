// ARB_query_buffer_object (GL 4.4) end to end in a 3.3 core context that
// lists it: the QUERY_BUFFER binding and its query, glGetQueryObject*
// writing into the bound buffer at the offset passed as the pointer (32- and
// 64-bit results, availability, QUERY_RESULT_NO_WAIT), a result consumed by
// an indirect draw without a round trip through the application, the DSA
// glGetQueryBufferObject* forms, QUERY_BUFFER_BARRIER_BIT and the errors.
#include <array>
#include <cstdint>
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kRedFs = R"(#version 330 core
out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); })";

// The offset `bytes` as glGetQueryObject* takes it while a query buffer is
// bound.
template <typename T>
T* at(uintptr_t bytes) {
  return reinterpret_cast<T*>(bytes);
}

class GlCoreQueryBufferTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_query_buffer_object"));
    prog = program(kCoreFullscreenVs, kRedFs);
    glUseProgram(prog);
  }
  void TearDown() override {
    glBindBuffer(GL_QUERY_BUFFER, 0);
    if (prog) glDeleteProgram(prog);
    GlCoreTest::TearDown();
  }
  // A SAMPLES_PASSED query over a w x h viewport of the fullscreen triangle.
  GLuint samples_query(int w, int h) {
    GLuint q = 0;
    glGenQueries(1, &q);
    glBeginQuery(GL_SAMPLES_PASSED, q);
    glViewport(0, 0, w, h);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glViewport(0, 0, kWidth, kHeight);
    glEndQuery(GL_SAMPLES_PASSED);
    return q;
  }
  // `n` bytes of 0xcc in a new buffer bound to QUERY_BUFFER.
  static GLuint filled_query_buffer(GLsizeiptr n) {
    std::array<uint8_t, 64> init{};
    init.fill(0xcc);
    return buffer(GL_QUERY_BUFFER, n, init.data());
  }
  static std::array<uint32_t, 8> words(GLuint b) {
    std::array<uint32_t, 8> w{};
    glBindBuffer(GL_COPY_READ_BUFFER, b);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof(w), w.data());
    return w;
  }

  GLuint prog = 0;
};

TEST_F(GlCoreQueryBufferTest, BindingIsQueriedAndResetOnDelete) {
  GLint bound = -1;
  glGetIntegerv(GL_QUERY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, 0);
  const GLuint b = filled_query_buffer(32);
  glGetIntegerv(GL_QUERY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, static_cast<GLint>(b));
  glDeleteBuffers(1, &b);
  glGetIntegerv(GL_QUERY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, 0);
}

TEST_F(GlCoreQueryBufferTest, ResultsAreWrittenAtTheOffset) {
  const GLuint q = samples_query(8, 4);
  const GLuint b = filled_query_buffer(32);
  // 32-bit result at 4, 64-bit result at 8, availability at 16 and, with
  // the result known to be available, NO_WAIT at 24: the rest untouched.
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, at<GLuint>(4));
  glGetQueryObjectui64v(q, GL_QUERY_RESULT, at<GLuint64>(8));
  glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, at<GLint>(16));
  glGetQueryObjecti64v(q, GL_QUERY_RESULT_NO_WAIT, at<GLint64>(24));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::array<uint32_t, 8> w = words(b);
  EXPECT_EQ(w[0], 0xccccccccu);
  EXPECT_EQ(w[1], 32u);
  EXPECT_EQ(w[2], 32u);
  EXPECT_EQ(w[3], 0u);
  EXPECT_EQ(w[4], 1u);
  EXPECT_EQ(w[5], 0xccccccccu);
  EXPECT_EQ(w[6], 32u);
  EXPECT_EQ(w[7], 0u);
  // Unbound, the pointer is client memory again, NO_WAIT included.
  glBindBuffer(GL_QUERY_BUFFER, 0);
  GLuint client = 0;
  glGetQueryObjectuiv(q, GL_QUERY_RESULT_NO_WAIT, &client);
  EXPECT_EQ(client, 32u);
  glDeleteBuffers(1, &b);
  glDeleteQueries(1, &q);
}

TEST_F(GlCoreQueryBufferTest, AnIndirectDrawReadsTheResult) {
  // The count of a glDrawArraysIndirect command is a query result written
  // by the GL: a query of 3 samples draws the 3 vertices of the fullscreen
  // triangle; the application never sees the value.
  const GLuint q = samples_query(3, 1);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint command[4] = {0, 1, 0, 0};  // count, instances, first, base instance
  const GLuint b = buffer(GL_QUERY_BUFFER, sizeof(command), command);
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, at<GLuint>(0));
  glMemoryBarrier(GL_QUERY_BUFFER_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, b);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 0, 0));
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  glDeleteBuffers(1, &b);
  glDeleteQueries(1, &q);
}

TEST_F(GlCoreQueryBufferTest, DirectStateAccessFormsWriteTheNamedBuffer) {
  const GLuint q = samples_query(2, 5);
  const GLuint b = filled_query_buffer(32);
  glBindBuffer(GL_QUERY_BUFFER, 0);  // the DSA forms ignore the binding
  glGetQueryBufferObjectuiv(q, b, GL_QUERY_RESULT, 0);
  glGetQueryBufferObjectui64v(q, b, GL_QUERY_RESULT_NO_WAIT, 8);
  glGetQueryBufferObjectiv(q, b, GL_QUERY_RESULT_AVAILABLE, 16);
  glGetQueryBufferObjecti64v(q, b, GL_QUERY_TARGET, 24);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::array<uint32_t, 8> w = words(b);
  EXPECT_EQ(w[0], 10u);
  EXPECT_EQ(w[1], 0xccccccccu);
  EXPECT_EQ(w[2], 10u);
  EXPECT_EQ(w[3], 0u);
  EXPECT_EQ(w[4], 1u);
  EXPECT_EQ(w[6], static_cast<uint32_t>(GL_SAMPLES_PASSED));
  glDeleteBuffers(1, &b);
  glDeleteQueries(1, &q);
}

TEST_F(GlCoreQueryBufferTest, Errors) {
  const GLuint q = samples_query(1, 1);
  const GLuint b = filled_query_buffer(16);
  // Past the end (also a 64-bit value straddling it): INVALID_OPERATION.
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, at<GLuint>(16));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetQueryObjectui64v(q, GL_QUERY_RESULT, at<GLuint64>(12));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // An offset that would wrap around.
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, at<GLuint>(~uintptr_t{0} - 1));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // A mapped buffer cannot be written by the GL.
  glMapBufferRange(GL_QUERY_BUFFER, 0, 16, GL_MAP_READ_BIT);
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, at<GLuint>(0));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_QUERY_BUFFER);
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, at<GLuint>(12));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // The DSA forms: negative offset, no such buffer, bad pname.
  glGetQueryBufferObjectuiv(q, b, GL_QUERY_RESULT, -4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetQueryBufferObjectuiv(q, b + 100, GL_QUERY_RESULT, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetQueryBufferObjectuiv(q, b, GL_QUERY_COUNTER_BITS, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // The barrier bit is accepted.
  glMemoryBarrier(GL_QUERY_BUFFER_BARRIER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &b);
  glDeleteQueries(1, &q);
}

}  // namespace
}  // namespace brass::e2e
