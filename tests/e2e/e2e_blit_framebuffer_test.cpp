// glBlitFramebuffer through the application path (glvnd -> Brass ->
// lavapipe): scaling and flipping, clipping, one aspect of depth/stencil,
// overlapping rectangles and multisample resolves.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "e2e_framebuffer_fixture.h"

namespace brass::e2e {
namespace {

class Blits : public FramebufferTest {};

TEST_F(Blits, ScaledAndFlipped) {
  // 4x4 source: left half red, right half green.
  GLuint src = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 4, 4);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 0, 2, 4);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glScissor(0, 2, 4, 2);  // top half: blue
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);

  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Scaled 4x4 -> 16x16 at (0,0).
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  // Flipped vertically into (16,0)-(32,16).
  glBlitFramebuffer(0, 0, 4, 4, 16, 16, 32, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));
  EXPECT_EQ(pixel(14, 1), rgba(0, 255, 0));
  EXPECT_EQ(pixel(1, 14), rgba(0, 0, 255));
  EXPECT_EQ(pixel(17, 1), rgba(0, 0, 255));   // flipped: blue at the bottom
  EXPECT_EQ(pixel(17, 14), rgba(255, 0, 0));
  EXPECT_EQ(pixel(1, 20), rgba(0, 0, 0));     // untouched

  // Errors.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, 0x1, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLuint integer = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8UI}}, 4, 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, integer);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint fbs[] = {src, integer};
  glDeleteFramebuffers(2, fbs);
}

// A scaled blit whose source rectangle reaches outside the read buffer
// maps the rectangles as specified (ES 3.0 §4.3.3): clipping only drops the
// destination pixels whose centres map outside the buffer, and LINEAR reads
// there clamp to its edge. The 8-wide source (black columns 0-3, red 4-7)
// is read from x = -1 to 8 into 32 destination columns, forwards and
// flipped, so the red edge falls between pixel centres; rounding the
// clipped rectangles to whole pixels (as the transfer path needs) moved it
// by 0.07 source pixels, some 18 levels of red.
TEST_F(Blits, ScaledOutOfBoundsKeepsTheMapping) {
  GLuint src = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 0, 4, 8);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  GLuint dst = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 32, 8);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  for (bool flip : {false, true}) {
    SCOPED_TRACE(flip ? "flipped" : "forwards");
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const int s0 = flip ? 8 : -1, s1 = flip ? -1 : 8;
    glBlitFramebuffer(s0, 0, s1, 8, 0, 0, 32, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    std::vector<uint32_t> px(32 * 8);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
    glReadPixels(0, 0, 32, 8, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
    for (int d = 0; d < 32; ++d) {
      const double s = s0 + (d + 0.5) * (s1 - s0) / 32.0;
      const uint32_t got = px[4 * 32 + d];
      if (s < 0 || s >= 8) {
        EXPECT_EQ(got, rgba(0, 255, 0)) << "column " << d << " has no source pixel";
        continue;
      }
      const double u = s - 0.5, i0 = std::floor(u), a = u - i0;
      auto red = [](double i) { return std::clamp(i, 0.0, 7.0) >= 4 ? 255.0 : 0.0; };
      const int want = int(std::lround((1 - a) * red(i0) + a * red(i0 + 1)));
      EXPECT_NEAR(int(got & 0xff), want, 3) << "column " << d;
      EXPECT_EQ((got >> 8) & 0xff, 0u) << "column " << d;
    }
  }
  glClearColor(0, 0, 0, 0);
  GLuint fbs[] = {src, dst};
  glDeleteFramebuffers(2, fbs);
}

// A blit of the depth or the stencil buffer alone leaves the other one
// alone (ES 3.0 §4.3.3: mask selects the buffers copied), with combined
// depth/stencil images on both sides: the source has depth 0.25 and
// stencil 7, the destination 0.75 and 1. A full-window triangle at depth
// 0.5 with LESS shows whether the depth changed, one with stencil EQUAL
// whether the stencil did.
TEST_F(Blits, OneAspectOfDepthStencilKeepsTheOther) {
  GLuint prog = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })");
  glUseProgram(prog);
  const GLint color = glGetUniformLocation(prog, "color");
  for (GLenum format : {GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8}) {
    for (GLbitfield mask : {GLbitfield(GL_STENCIL_BUFFER_BIT), GLbitfield(GL_DEPTH_BUFFER_BIT)}) {
      SCOPED_TRACE(testing::Message() << std::hex << format << (mask == GL_DEPTH_BUFFER_BIT ? " depth" : " stencil"));
      GLuint src = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_DEPTH_STENCIL_ATTACHMENT, format}}, 8, 8);
      glClearDepthf(0.25f);
      glClearStencil(7);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      GLuint dst = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_DEPTH_STENCIL_ATTACHMENT, format}}, 8, 8);
      glClearDepthf(0.75f);
      glClearStencil(1);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
      glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, mask, GL_NEAREST);
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      glBindFramebuffer(GL_FRAMEBUFFER, dst);
      glViewport(0, 0, 8, 8);
      // Depth: red where 0.5 < the stored depth.
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_DEPTH_TEST);
      glDepthMask(GL_FALSE);
      glUniform4f(color, 1, 0, 0, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDisable(GL_DEPTH_TEST);
      glDepthMask(GL_TRUE);
      const bool depth_copied = mask == GL_DEPTH_BUFFER_BIT;
      EXPECT_EQ(pixel(4, 4), depth_copied ? rgba(0, 0, 0) : rgba(255, 0, 0)) << "depth";
      // Stencil: green where it equals the source's 7.
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_STENCIL_TEST);
      glStencilFunc(GL_EQUAL, 7, 0xff);
      glUniform4f(color, 0, 1, 0, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDisable(GL_STENCIL_TEST);
      EXPECT_EQ(pixel(4, 4), depth_copied ? rgba(0, 0, 0) : rgba(0, 255, 0)) << "stencil";
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      GLuint fbs[] = {src, dst};
      glDeleteFramebuffers(2, fbs);
    }
  }
  glClearDepthf(1);
  glClearStencil(0);
  glClearColor(0, 0, 0, 0);
  glViewport(0, 0, kWidth, kHeight);
  glDeleteProgram(prog);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(Blits, OverlappingWithinOneFramebuffer) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 0, 4, 8);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  // Columns 0-5 move right by 2: the source is read before it is overwritten.
  glBlitFramebuffer(0, 0, 6, 8, 2, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(1, 3), rgba(255, 0, 0));
  EXPECT_EQ(pixel(5, 3), rgba(255, 0, 0));
  EXPECT_EQ(pixel(6, 3), rgba(0, 255, 0));
  EXPECT_EQ(pixel(7, 3), rgba(0, 255, 0));
  // Scissored blit: only the scissor box is written.
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint other = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 2);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, other);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255));
  EXPECT_EQ(pixel(2, 2), rgba(255, 255, 255));
  GLuint fbs[] = {fb, other};
  glDeleteFramebuffers(2, fbs);
}

TEST_F(Blits, ResolvesMultisample) {
  GLuint ms = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8, 4);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  EXPECT_EQ(samples, 4);
  glClearColor(0.0f, 1.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // Reading a multisampled framebuffer object is an error.
  uint32_t p = 0;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint single = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);  // scaled resolve
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
  EXPECT_EQ(pixel(7, 7), rgba(0, 255, 255));
  GLuint fbs[] = {ms, single};
  glDeleteFramebuffers(2, fbs);
}

}  // namespace
}  // namespace brass::e2e
