// Transform feedback rules desktop GL has and ES does not (GL 4.6 §13.3):
// indexed draws are captured, a program needs no fragment shader, and a
// draw that overflows the buffers draws, writing only what fits.
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kCaptureVs = R"(#version 140
in float value;
out float doubled;
void main() {
  doubled = 2.0 * value;
  gl_Position = vec4(value, 0.0, 0.0, 1.0);
})";

class GlCoreTransformFeedback : public GlCoreTest {
 protected:
  // A program of only the vertex shader above, capturing `doubled`.
  GLuint vertex_only_program() {
    const GLuint p = glCreateProgram();
    const GLuint vs = shader(GL_VERTEX_SHADER, kCaptureVs);
    glAttachShader(p, vs);
    glDeleteShader(vs);
    const char* varyings[] = {"doubled"};
    glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    glBindAttribLocation(p, 0, "value");
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(linked, GL_TRUE);
    GLint shaders = 0;
    glGetProgramiv(p, GL_ATTACHED_SHADERS, &shaders);
    EXPECT_EQ(shaders, 1);
    return p;
  }
};

TEST_F(GlCoreTransformFeedback, IndexedDrawIsCapturedInPrimitiveOrderWithoutAFragmentShader) {
  const GLuint prog = vertex_only_program();
  glUseProgram(prog);
  const std::array<float, 4> values = {1, 2, 3, 4};
  const std::array<GLuint, 6> indices = {3, 2, 1, 0, 0, 3};
  GLuint buffers[3] = {};
  glGenBuffers(3, buffers);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, sizeof(values), values.data(), GL_STATIC_DRAW);
  glVertexAttribPointer(0, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices.data(), GL_STATIC_DRAW);
  const std::array<float, 6> garbage = {-1, -1, -1, -1, -1, -1};
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffers[2]);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(garbage), garbage.data(), GL_STREAM_READ);

  // Rasterized (no discard): the missing fragment stage leaves the colour
  // undefined, which must not be an error or a validation message.
  glBeginTransformFeedback(GL_POINTS);
  glDrawElements(GL_POINTS, 6, GL_UNSIGNED_INT, nullptr);
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::array<float, 6> captured = {};
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(captured), captured.data());
  const std::array<float, 6> expected = {8, 6, 4, 2, 2, 8};
  EXPECT_EQ(captured, expected);

  // Twice as many points as the buffer holds: the draw happens (desktop has
  // no overflow error), the first six are written and nothing past them.
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(garbage), garbage.data(), GL_STREAM_READ);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  glDrawElements(GL_POINTS, 6, GL_UNSIGNED_INT, nullptr);
  glDrawArrays(GL_POINTS, 0, 4);
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(captured), captured.data());
  EXPECT_EQ(captured, expected);

  // The primitive mode must still match the capture mode.
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawElements(GL_POINTS, 6, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndTransformFeedback();
  glDeleteBuffers(3, buffers);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
