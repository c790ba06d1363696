// The validated draw (gl/validated_draw.h): a draw with no state change
// since the last one of its mode skips the state checks. Every test draws
// once so the checks are recorded, changes one piece of state those checks
// read, and draws again: the second draw must see the change (its error,
// or pixels), and a third after the change is undone draws again.
#include <array>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
out vec4 v_color;
void main() { v_color = color; gl_Position = vec4(pos, 0.5, 1.0); })";
const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 v_color;
out vec4 o;
void main() { o = v_color; })";

// Two triangles covering the target.
const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
const uint16_t kQuadIndices[6] = {0, 1, 2, 3, 4, 5};

class ValidatedDraw : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    prog_ = program(kVs, kFs);
    glUseProgram(prog_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad, GL_STATIC_DRAW);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glVertexAttrib4f(1, 1, 0, 0, 1);  // red: attribute 1 reads its current value
    glClearColor(0, 0, 1, 1);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  void TearDown() override {
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
    glDeleteProgram(prog_);
    GlesTest::TearDown();
  }
  uint32_t centre() { return pixel(kWidth / 2, kHeight / 2); }

  GLuint prog_ = 0, vbo_ = 0, vao_ = 0;
};

TEST_F(ValidatedDraw, MappingTheArrayBufferBetweenDrawsMakesTheNextOneAnError) {
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);  // recorded: the same draw again
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_NE(glMapBufferRange(GL_ARRAY_BUFFER, 0, sizeof(kQuad), GL_MAP_READ_BIT), nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "ES 3.0 §2.10.3: a mapped array buffer";
  EXPECT_EQ(centre(), rgba(0, 0, 255)) << "the draw on a mapped buffer drew";
  ASSERT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(centre(), rgba(255, 0, 0));
}

TEST_F(ValidatedDraw, MappingTheElementBufferBetweenDrawsMakesTheNextOneAnError) {
  GLuint ebo = 0;
  glGenBuffers(1, &ebo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(kQuadIndices), kQuadIndices, GL_STATIC_DRAW);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_NE(glMapBufferRange(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof(kQuadIndices), GL_MAP_READ_BIT), nullptr);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "a mapped element buffer";
  EXPECT_EQ(centre(), rgba(0, 0, 255));
  ASSERT_TRUE(glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER));
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(centre(), rgba(255, 0, 0));
  glDeleteBuffers(1, &ebo);
}

TEST_F(ValidatedDraw, GenericValueAndDisabledArrayBetweenDraws) {
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glVertexAttrib4f(1, 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(centre(), rgba(0, 255, 0)) << "the new current value of attribute 1";
  glClear(GL_COLOR_BUFFER_BIT);
  // Position from the current value (0, 0, 0, 1) for every vertex: nothing.
  glDisableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(centre(), rgba(0, 0, 255)) << "a disabled position array still drew";
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(centre(), rgba(0, 255, 0));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// Storage re-created under a framebuffer's attachment between two draws:
// the second renders into the new storage, which the read-back shows.
TEST_F(ValidatedDraw, AttachmentStorageRespecifiedBetweenDraws) {
  GLuint rb = 0, fbo = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 16, 16);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(8, 8), rgba(255, 0, 0));
  // New storage, larger: its contents are undefined until the draw fills it.
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 24, 24);
  glViewport(0, 0, 24, 24);
  glVertexAttrib4f(1, 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(8, 8), rgba(0, 255, 0));
  EXPECT_EQ(pixel(20, 20), rgba(0, 255, 0)) << "the draw missed the new storage";
  // A texture attachment the same way.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 16, 16);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 24, 24, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glViewport(0, 0, 24, 24);
  glVertexAttrib4f(1, 1, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(20, 20), rgba(255, 255, 0)) << "the draw missed the texture's new storage";
  // A zero-sized image: the framebuffer is incomplete, every draw an error.
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_FRAMEBUFFER_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteTextures(1, &tex);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// ES 3.0 §2.15.2: while transform feedback is active, a draw of another
// primitive family is INVALID_OPERATION; paused, it is not.
TEST_F(ValidatedDraw, TransformFeedbackBegunPausedAndEndedBetweenDraws) {
  const char* vs = R"(#version 300 es
layout(location = 0) in vec2 pos;
out vec4 captured;
void main() { captured = vec4(pos, 0.0, 1.0); gl_Position = vec4(pos, 0.5, 1.0); })";
  const char* fs = R"(#version 300 es
precision mediump float;
out vec4 o;
void main() { o = vec4(0.0, 1.0, 0.0, 1.0); })";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  const char* varyings[] = {"captured"};
  glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
  link(p);
  glUseProgram(p);
  GLuint xfb_buffer = 0;
  glGenBuffers(1, &xfb_buffer);
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb_buffer);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, nullptr, GL_STATIC_READ);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb_buffer);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "triangles while capturing points";
  glPauseTransformFeedback();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "paused: any mode draws";
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glResumeTransformFeedback();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "resumed: points only again";
  glEndTransformFeedback();
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(centre(), rgba(0, 255, 0));
  glDeleteBuffers(1, &xfb_buffer);
  glDeleteProgram(p);
}

// A buffer switch of the same format rebinds only that binding
// (kDirtyVertexBuffers); switches that change an attribute's plan (an
// unaligned offset, a buffer without storage, a mapped buffer) still get
// the full validation.
TEST_F(ValidatedDraw, VertexBufferSwitchedBetweenDraws) {
  // Left half, then right half, of the target, after `pad` floats.
  const float left[12] = {-1, -1, 0, -1, -1, 1, -1, 1, 0, -1, 0, 1};
  const float right[12] = {0, -1, 1, -1, 0, 1, 0, 1, 1, -1, 1, 1};
  std::vector<float> both(3 + 12 + 12, 0.0f);
  std::copy(left, left + 12, both.begin() + 3);  // 12 bytes in: float-aligned, not 8-byte aligned
  std::copy(right, right + 12, both.begin() + 15);
  GLuint vbos[2] = {};
  glGenBuffers(2, vbos);
  glBindBuffer(GL_ARRAY_BUFFER, vbos[0]);
  glBufferData(GL_ARRAY_BUFFER, sizeof(left), left, GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, vbos[1]);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(both.size() * sizeof(float)), both.data(), GL_STATIC_DRAW);
  const auto at = [](size_t floats) { return reinterpret_cast<const void*>(floats * sizeof(float)); };
  const auto use = [&](GLuint vbo, size_t floats) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, at(floats));
  };
  const auto expect = [&](bool l, bool r, const char* what) {
    EXPECT_EQ(pixel(4, 16), l ? rgba(255, 0, 0) : rgba(0, 0, 255)) << what;
    EXPECT_EQ(pixel(28, 16), r ? rgba(255, 0, 0) : rgba(0, 0, 255)) << what;
  };
  use(vbos[0], 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(true, false, "left");
  // The other buffer at 12 bytes (the offset's alignment changes).
  use(vbos[1], 3);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(true, false, "the second buffer's left half at 12 bytes");
  // The same buffer 48 bytes on (the same alignment: only the binding).
  use(vbos[1], 15);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(false, true, "the right half 48 bytes on");
  // Back to the first buffer (offset 0: 8-byte aligned again).
  use(vbos[0], 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(true, false, "the first buffer again");
  use(vbos[1], 15);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(false, true, "the right half again");
  // A mapped buffer switched to between draws (the same alignment: only
  // the binding changes): an error, nothing drawn.
  glBindBuffer(GL_ARRAY_BUFFER, vbos[1]);
  ASSERT_NE(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT), nullptr);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, at(3));
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "the new array buffer is mapped";
  expect(false, false, "a draw from a mapped buffer");
  ASSERT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(true, false, "unmapped");
  // A buffer without storage reads the current value (0, 0, 0, 1): nothing.
  GLuint empty = 0;
  glGenBuffers(1, &empty);
  use(empty, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(false, false, "a buffer without storage");
  use(vbos[1], 15);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect(false, true, "storage again");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &empty);
  glDeleteBuffers(2, vbos);
}

TEST_F(ValidatedDraw, UniformChangedBetweenDraws) {
  const char* fs = R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })";
  GLuint p = program(kVs, fs);
  glUseProgram(p);
  const GLint color = glGetUniformLocation(p, "color");
  for (int i = 0; i < 4; ++i) {
    glUniform4f(color, float(i & 1), float(i >> 1), 0, 1);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    EXPECT_EQ(centre(), rgba(i & 1 ? 255 : 0, i >> 1 ? 255 : 0, 0)) << "draw " << i;
  }
  glDeleteProgram(p);
}

// The same draw in another mode does not reuse the record of the first.
TEST_F(ValidatedDraw, ModeChangeBetweenDrawsIsCheckedAgain) {
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_PATCHES, 0, 6);
  // ES 3.0 has no patches (INVALID_ENUM); with tessellation, patches
  // without a tessellation stage are INVALID_OPERATION.
  const GLenum e = glGetError();
  EXPECT_TRUE(e == GL_INVALID_ENUM || e == GL_INVALID_OPERATION) << std::hex << e;
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_LINES, 0, 2);  // a line along the bottom edge: not the centre
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(centre(), rgba(0, 0, 255));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(centre(), rgba(255, 0, 0));
}

}  // namespace
}  // namespace brass::e2e
