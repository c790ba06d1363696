// State changes between draws of one transform feedback capture. GL lets
// an application change any state but the program and the capture's
// buffers while capture is active (ES 3.0 §2.15.2, GL 4.6 §13.2.2); state
// the device cannot set dynamically needs another pipeline, and Vulkan
// forbids binding one while transform feedback is active
// (VUID-vkCmdBindPipeline-None-02323). Every test fails on a validation
// message (the fixture), and checks that the capture continued where it
// left off: each draw's vertices follow the previous draw's in the buffer.
#include <array>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
out vec4 captured;
void main() { captured = vec4(pos, float(gl_VertexID), 1.0); gl_Position = vec4(pos, 0.5, 1.0); })";
const char* kFs = R"(#version 300 es
precision mediump float;
out vec4 o;
void main() { o = vec4(0.0, 0.5, 1.0, 0.5); })";

// Two triangles covering the target.
const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};

class CaptureStateChanges : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    prog_ = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVs}, std::pair{GL_FRAGMENT_SHADER, kFs}}) {
      GLuint s = shader(type, src);
      glAttachShader(prog_, s);
      glDeleteShader(s);
    }
    const char* varyings[] = {"captured"};
    glTransformFeedbackVaryings(prog_, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    link(prog_);
    glUseProgram(prog_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad, GL_STATIC_DRAW);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glGenBuffers(1, &xfb_);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb_);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, kCapacity * sizeof(float[4]), nullptr, GL_STATIC_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb_);
    glGenQueries(1, &written_);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  void TearDown() override {
    glDeleteQueries(1, &written_);
    glDeleteBuffers(1, &xfb_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
    glDeleteProgram(prog_);
    GlesTest::TearDown();
  }

  // Checks `draws` captures of the quad, one after the other.
  void expect_captured(int draws) {
    GLuint primitives = 0;
    glGetQueryObjectuiv(written_, GL_QUERY_RESULT, &primitives);
    EXPECT_EQ(primitives, static_cast<GLuint>(2 * draws)) << "primitives written";
    const auto* v = static_cast<const float*>(
        glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, kCapacity * sizeof(float[4]), GL_MAP_READ_BIT));
    ASSERT_NE(v, nullptr);
    for (int d = 0; d < draws; ++d) {
      for (int i = 0; i < 6; ++i) {
        const float* got = v + 4 * (6 * d + i);
        const std::array<float, 4> want = {kQuad[2 * i], kQuad[2 * i + 1], float(i), 1.0f};
        EXPECT_EQ((std::array<float, 4>{got[0], got[1], got[2], got[3]}), want)
            << "draw " << d << ", vertex " << i << ": the capture did not continue where it stopped";
      }
    }
    glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
  }

  static constexpr int kCapacity = 64;  // vertices
  GLuint prog_ = 0, vbo_ = 0, vao_ = 0, xfb_ = 0, written_ = 0;
};

// Blending, colour masks and blend equations are pipeline state where the
// device lacks extended dynamic state 3 (lavapipe 22.3): each change
// between captured draws needs another pipeline.
TEST_F(CaptureStateChanges, BlendAndColorMaskChangesBetweenCapturedDraws) {
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, written_);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEndTransformFeedback();
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_BLEND);
  // (0, .5, 1, .5) drawn, then added (0, 1, 1, 1), then added with green
  // masked (0, 1, 1, 1), then subtracted from itself with green masked:
  // red 0, green 1 (kept), blue 0, alpha 1 - .5.
  // (0.5 is stored as 127 or 128 by UNORM8 rounding: the NVIDIA H200 adds
  // 127 + 127 = 254.)
  const uint32_t p = pixel(kWidth / 2, kHeight / 2);
  EXPECT_EQ(p & 0xffu, 0u) << std::hex << p;
  EXPECT_NEAR(static_cast<int>(p >> 8 & 0xffu), 255, 1) << std::hex << p;
  EXPECT_EQ(p >> 16 & 0xffu, 0u) << std::hex << p;
  EXPECT_NEAR(static_cast<int>(p >> 24), 128, 1) << std::hex << p;
  expect_captured(4);
}

// A pause with a pipeline change while paused, then a pipeline change and
// dynamic state (scissor, viewport) while capturing: one continuous capture
// without the paused draw.
TEST_F(CaptureStateChanges, PauseResumeAndStateChangesKeepOneContinuousCapture) {
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, written_);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glPauseTransformFeedback();
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDrawArrays(GL_TRIANGLES, 0, 6);  // not captured
  glResumeTransformFeedback();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_BLEND);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, kWidth / 2, kHeight / 2);
  glViewport(0, 0, kWidth / 2, kHeight / 2);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEndTransformFeedback();
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  glDisable(GL_SCISSOR_TEST);
  glViewport(0, 0, kWidth, kHeight);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  expect_captured(3);
}

}  // namespace
}  // namespace brass::e2e
