// glBlitFramebuffer of depth and stencil (GL 4.6 §18.3.1) where Vulkan has
// no single command for it: into and out of multisampled buffers, one
// aspect of a combined buffer, and between buffers whose formats match only
// in the aspect blitted (a DEPTH_COMPONENT24 buffer's depth into a
// DEPTH24_STENCIL8 one). Stencil is checked by drawing with a stencil test,
// depth with a depth test, and the colour read back (resolved first where
// the buffer is multisampled).
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kFlatFs = R"(#version 330 core
uniform vec4 color;
out vec4 o;
void main() { o = color; })";

class GlCoreDepthStencilBlitTest : public GlCoreTest {
 protected:
  static constexpr int kSize = 16;
  struct Target {
    GLuint fbo = 0, color = 0, depth_stencil = 0;
  };

  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    prog_ = program(kCoreFullscreenVs, kFlatFs);
    color_loc_ = glGetUniformLocation(prog_, "color");
    resolved_ = make(0, 0);
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    for (const Target& t : targets_) {
      glDeleteFramebuffers(1, &t.fbo);
      const GLuint rbs[] = {t.color, t.depth_stencil};
      glDeleteRenderbuffers(2, rbs);
    }
    glDeleteProgram(prog_);
    GlCoreTest::TearDown();
  }

  // A framebuffer with an RGBA8 colour buffer and a `format` depth/stencil
  // buffer (none for 0), both of `samples` samples (0: single-sampled).
  Target make(GLsizei samples, GLenum format) {
    Target t;
    glGenRenderbuffers(1, &t.color);
    glBindRenderbuffer(GL_RENDERBUFFER, t.color);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, kSize, kSize);
    glGenFramebuffers(1, &t.fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t.color);
    if (format) {
      glGenRenderbuffers(1, &t.depth_stencil);
      glBindRenderbuffer(GL_RENDERBUFFER, t.depth_stencil);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, kSize, kSize);
      GLint depth = 0, stencil = 0;
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &depth);
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &stencil);
      if (depth) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, t.depth_stencil);
      if (stencil) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, t.depth_stencil);
    }
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    targets_.push_back(t);
    return t;
  }

  // Colour cleared to black, depth to `depth`, stencil to `stencil`, and
  // the left half's stencil to `left_stencil` / depth to `left_depth`.
  void fill(const Target& t, double depth, GLint stencil, double left_depth, GLint left_stencil) {
    glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0, 0, 0, 1);
    glClearDepth(depth);
    glClearStencil(stencil);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, kSize / 2, kSize);
    glClearDepth(left_depth);
    glClearStencil(left_stencil);
    glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
  }

  void blit(const Target& from, const Target& to, GLbitfield mask) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, from.fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to.fbo);
    glBlitFramebuffer(0, 0, kSize, kSize, 0, 0, kSize, kSize, mask, GL_NEAREST);
  }

  // Draws `rgba` over `t` (a full-viewport triangle at window depth 0.5)
  // with `test` enabled, its function set by the caller.
  void draw_with(const Target& t, GLenum test, const float* rgba) {
    glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
    glUseProgram(prog_);
    glUniform4fv(color_loc_, 1, rgba);
    glEnable(test);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisable(test);
  }
  // Draws `rgba` over `t` where the stencil equals `ref`.
  void draw_where_stencil(const Target& t, GLint ref, const float* rgba) {
    glStencilFunc(GL_EQUAL, ref, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    draw_with(t, GL_STENCIL_TEST, rgba);
  }
  // Draws `rgba` over `t` where the stored depth is above 0.5.
  void draw_where_depth_above_half(const Target& t, const float* rgba) {
    glDepthFunc(GL_LESS);
    glDepthMask(GL_FALSE);
    draw_with(t, GL_DEPTH_TEST, rgba);
    glDepthMask(GL_TRUE);
  }
  // The colour of `t` at (x, y), through a single-sampled copy.
  uint32_t read(const Target& t, int x, int y) {
    blit(t, resolved_, GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_.fbo);
    return pixel(x, y);
  }
  // Left half `left`, right half `right`, checked in the middle of each.
  void expect_halves(const Target& t, uint32_t left, uint32_t right) {
    EXPECT_EQ(read(t, kSize / 4, kSize / 2), left);
    EXPECT_EQ(read(t, 3 * kSize / 4, kSize / 2), right);
  }

  static constexpr float kGreen[4] = {0, 1, 0, 1};
  static constexpr float kBlue[4] = {0, 0, 1, 1};
  GLuint prog_ = 0;
  GLint color_loc_ = -1;
  Target resolved_;
  std::vector<Target> targets_;
};

// 0x5A and 0xA5 set alternate bits, so a blit that wrote some bits and
// not others shows.
TEST_F(GlCoreDepthStencilBlitTest, StencilIntoMultisampleBufferReachesEverySample) {
  const Target src = make(0, GL_DEPTH24_STENCIL8);
  const Target dst = make(4, GL_DEPTH24_STENCIL8);
  fill(src, 1.0, 0x00, 1.0, 0x5A);
  fill(dst, 1.0, 0xFF, 1.0, 0xFF);
  blit(src, dst, GL_STENCIL_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw_where_stencil(dst, 0x5A, kGreen);
  draw_where_stencil(dst, 0x00, kBlue);
  // Every sample of a pixel got the source's value: the resolved colour is
  // pure (a sample the blit missed would keep black and darken it).
  expect_halves(dst, rgba(0, 255, 0), rgba(0, 0, 255));
}

TEST_F(GlCoreDepthStencilBlitTest, StencilFromMultisampleBufferTakesItsSamples) {
  const Target src = make(4, GL_DEPTH24_STENCIL8);
  const Target dst = make(0, GL_DEPTH24_STENCIL8);
  fill(src, 1.0, 0x00, 1.0, 0xA5);
  fill(dst, 1.0, 0xFF, 1.0, 0xFF);
  blit(src, dst, GL_STENCIL_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw_where_stencil(dst, 0xA5, kGreen);
  draw_where_stencil(dst, 0x00, kBlue);
  expect_halves(dst, rgba(0, 255, 0), rgba(0, 0, 255));
}

TEST_F(GlCoreDepthStencilBlitTest, DepthFromMultisampleBufferTakesItsSamples) {
  const Target src = make(4, GL_DEPTH24_STENCIL8);
  const Target dst = make(0, GL_DEPTH24_STENCIL8);
  fill(src, 1.0, 0x00, 0.25, 0x00);
  fill(dst, 0.0, 0x00, 0.0, 0x00);
  blit(src, dst, GL_DEPTH_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw_where_depth_above_half(dst, kGreen);
  expect_halves(dst, rgba(0, 0, 0), rgba(0, 255, 0));
}

TEST_F(GlCoreDepthStencilBlitTest, StencilOnlyBetweenMultisampleBuffersKeepsDepth) {
  const Target src = make(4, GL_DEPTH24_STENCIL8);
  const Target dst = make(4, GL_DEPTH24_STENCIL8);
  fill(src, 1.0, 0x00, 1.0, 0x5A);
  fill(dst, 1.0, 0xFF, 0.25, 0xFF);  // left depth 0.25, right 1.0
  blit(src, dst, GL_STENCIL_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw_where_stencil(dst, 0x5A, kGreen);
  draw_where_stencil(dst, 0x00, kBlue);
  expect_halves(dst, rgba(0, 255, 0), rgba(0, 0, 255));
  // The destination's depth is its own still: 0.25 on the left stops a
  // draw at 0.5, 1.0 on the right lets it through.
  const float red[4] = {1, 0, 0, 1};
  draw_where_depth_above_half(dst, red);
  expect_halves(dst, rgba(0, 255, 0), rgba(255, 0, 0));
}

TEST_F(GlCoreDepthStencilBlitTest, DepthOfADepthOnlyBufferIntoACombinedOneKeepsItsStencil) {
  const Target src = make(0, GL_DEPTH_COMPONENT24);
  const Target dst = make(0, GL_DEPTH24_STENCIL8);
  glBindFramebuffer(GL_FRAMEBUFFER, src.fbo);
  glClearDepth(0.25);
  glClear(GL_DEPTH_BUFFER_BIT);
  fill(dst, 1.0, 0x33, 1.0, 0x33);
  // The formats match in depth, the one aspect both buffers have.
  blit(src, dst, GL_DEPTH_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw_where_depth_above_half(dst, kGreen);  // 0.25 everywhere: nothing drawn
  expect_halves(dst, rgba(0, 0, 0), rgba(0, 0, 0));
  draw_where_stencil(dst, 0x33, kBlue);
  expect_halves(dst, rgba(0, 0, 255), rgba(0, 0, 255));
}

TEST_F(GlCoreDepthStencilBlitTest, FormatsDifferingInAnAspectBothHaveAreInvalidOperation) {
  const Target d32f = make(0, GL_DEPTH32F_STENCIL8);
  const Target d24 = make(0, GL_DEPTH24_STENCIL8);
  const Target depth16 = make(0, GL_DEPTH_COMPONENT16);
  blit(d32f, d24, GL_DEPTH_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Stencil alone still pairs two different depth formats.
  blit(d32f, d24, GL_STENCIL_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  blit(depth16, d24, GL_DEPTH_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// STENCIL_INDEX1, 4 and 16 (GL 4.6 table 8.13) are stencil-renderable,
// stored with 8 bits.
TEST_F(GlCoreDepthStencilBlitTest, SizedStencilIndexFormatsAreRenderable) {
  for (GLenum format : {GL_STENCIL_INDEX1, GL_STENCIL_INDEX4, GL_STENCIL_INDEX8, GL_STENCIL_INDEX16}) {
    SCOPED_TRACE(format);
    const Target t = make(0, format);
    GLint bits = 0;
    glBindRenderbuffer(GL_RENDERBUFFER, t.depth_stencil);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &bits);
    EXPECT_EQ(bits, 8);
    fill(t, 1.0, 0x00, 1.0, 0x01);
    draw_where_stencil(t, 0x01, kGreen);
    expect_halves(t, rgba(0, 255, 0), rgba(0, 0, 0));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
}

}  // namespace
}  // namespace brass::e2e
