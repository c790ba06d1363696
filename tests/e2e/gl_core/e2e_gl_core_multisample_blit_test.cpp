// glBlitFramebuffer into a multisampled draw framebuffer (GL 4.6 §18.3.1;
// ES forbids it): from a multisampled one of as many samples the samples
// are copied, from a single-sampled one each pixel is replicated into every
// sample; other sample counts and rectangles of different sizes are
// INVALID_OPERATION.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreMultisampleBlitTest : public GlCoreTest {
 protected:
  static constexpr int kSize = 16;
  // A framebuffer of one RGBA8 renderbuffer with `samples` samples (0: single).
  void make(GLsizei samples, GLuint* rb, GLuint* fbo) {
    glGenRenderbuffers(1, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, *rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, kSize, kSize);
    glGenFramebuffers(1, fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, *fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  }
  void clear(GLuint fbo, float r, float g, float b) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glClearColor(r, g, b, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void blit(GLuint from, GLuint to, int x = 0) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, from);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to);
    glBlitFramebuffer(0, 0, kSize, kSize, x, 0, x + kSize, kSize, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  uint32_t read(GLuint fbo, int x, int y) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    return pixel(x, y);
  }
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    GLint max_samples = 0;
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    ASSERT_GE(max_samples, 4);
    make(4, &rb_[0], &ms_[0]);
    make(4, &rb_[1], &ms_[1]);
    make(0, &rb_[2], &single_);
    make(0, &rb_[3], &resolved_);
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    const GLuint fbos[] = {ms_[0], ms_[1], single_, resolved_};
    glDeleteFramebuffers(4, fbos);
    glDeleteRenderbuffers(4, rb_);
    GlCoreTest::TearDown();
  }
  GLuint rb_[4] = {}, ms_[2] = {}, single_ = 0, resolved_ = 0;
};

TEST_F(GlCoreMultisampleBlitTest, MultisampleToMultisampleCopiesSamples) {
  // A triangle over half of the first multisampled buffer leaves pixels on
  // its edge partly covered: their samples differ, and the copy keeps
  // them, so resolving either buffer gives the same pixels.
  clear(ms_[0], 0, 0, 1);
  const GLuint p = program(R"(#version 330 core
void main() {
  vec2 v[3] = vec2[3](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0));
  gl_Position = vec4(v[gl_VertexID], 0.0, 1.0);
})",
                           R"(#version 330 core
out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); })");
  glUseProgram(p);
  glBindFramebuffer(GL_FRAMEBUFFER, ms_[0]);
  glViewport(0, 0, kSize, kSize);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  clear(ms_[1], 0, 1, 0);
  blit(ms_[0], ms_[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  blit(ms_[0], resolved_);
  std::vector<uint32_t> direct(kSize * kSize), copied(kSize * kSize);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_);
  glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, direct.data());
  blit(ms_[1], resolved_);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_);
  glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, copied.data());
  EXPECT_EQ(direct, copied);
  EXPECT_EQ(direct[0], rgba(255, 0, 0));                  // inside the triangle
  EXPECT_EQ(direct[kSize * kSize - 1], rgba(0, 0, 255));  // outside it
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(GlCoreMultisampleBlitTest, SingleSampleReplicatedIntoEverySample) {
  clear(single_, 1, 1, 0);
  clear(ms_[0], 0, 0, 0);
  blit(single_, ms_[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  blit(ms_[0], resolved_);
  EXPECT_EQ(read(resolved_, kSize / 2, kSize / 2), rgba(255, 255, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Desktop GL asks for rectangles of one size, not at one place: a resolve
// into another position is allowed.
TEST_F(GlCoreMultisampleBlitTest, RectanglesOfOneSizeAnywhere) {
  clear(ms_[0], 0, 1, 1);
  clear(resolved_, 0, 0, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_[0]);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved_);
  glBlitFramebuffer(0, 0, kSize / 2, kSize / 2, kSize / 2, kSize / 2, kSize, kSize, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read(resolved_, 3 * kSize / 4, 3 * kSize / 4), rgba(0, 255, 255));
  EXPECT_EQ(read(resolved_, kSize / 4, kSize / 4), rgba(0, 0, 0));
  // Different sizes: refused, nothing written.
  clear(ms_[1], 1, 0, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, single_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms_[1]);
  glBlitFramebuffer(0, 0, kSize, kSize, 0, 0, kSize / 2, kSize / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  blit(ms_[1], resolved_);
  EXPECT_EQ(read(resolved_, 1, 1), rgba(255, 0, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Depth and stencil between multisampled depth/stencil buffers: the
// samples of both are copied.
TEST_F(GlCoreMultisampleBlitTest, DepthAndStencilSamplesCopied) {
  GLuint ds[2] = {};
  glGenRenderbuffers(2, ds);
  for (int i = 0; i < 2; ++i) {
    glBindRenderbuffer(GL_RENDERBUFFER, ds[i]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, kSize, kSize);
    glBindFramebuffer(GL_FRAMEBUFFER, ms_[i]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds[i]);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glClearDepth(i == 0 ? 0.25 : 1.0);
    glClearStencil(i == 0 ? 1 : 7);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  }
  glClearDepth(1.0);
  glClearStencil(0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_[0]);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms_[1]);
  glBlitFramebuffer(0, 0, kSize, kSize, 0, 0, kSize, kSize, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform vec4 c;
out vec4 color;
void main() { color = c; })");
  glUseProgram(p);
  glBindFramebuffer(GL_FRAMEBUFFER, ms_[1]);
  glViewport(0, 0, kSize, kSize);
  // Depth 0.5 against the copied 0.25 with LESS: nothing drawn.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glUniform4f(glGetUniformLocation(p, "c"), 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_DEPTH_TEST);
  blit(ms_[1], resolved_);
  EXPECT_EQ(read(resolved_, kSize / 2, kSize / 2), rgba(0, 0, 255));
  // The copied stencil (1) passes EQUAL 1.
  glBindFramebuffer(GL_FRAMEBUFFER, ms_[1]);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_EQUAL, 1, 0xff);
  glUniform4f(glGetUniformLocation(p, "c"), 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_STENCIL_TEST);
  blit(ms_[1], resolved_);
  EXPECT_EQ(read(resolved_, kSize / 2, kSize / 2), rgba(0, 255, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteRenderbuffers(2, ds);
}

}  // namespace
}  // namespace brass::e2e
