// ES 3.1 stencil texturing through glvnd (§8.19), from an ES 3.0 context
// with GLSL ES 3.00 shaders: a DEPTH24_STENCIL8 or DEPTH32F_STENCIL8
// texture in DEPTH_STENCIL_TEXTURE_MODE STENCIL_INDEX is read through a
// usampler2D as its stencil values (uploaded, or rendered with clears and
// stencil operations), in DEPTH_COMPONENT mode as its depth again, and is
// incomplete with a filtering sampler.
#include <cstdint>
#include <cstring>
#include <vector>

#include "e2e_texture_fixture.h"

namespace brass::e2e {
namespace {

#ifndef GL_DEPTH_STENCIL_TEXTURE_MODE
#define GL_DEPTH_STENCIL_TEXTURE_MODE 0x90EA
#endif
#ifndef GL_STENCIL_INDEX
#define GL_STENCIL_INDEX 0x1901
#endif

// Each 8x8 block of the 32x32 window shows texel (x / 8, y / 8): the stencil
// index in red, and green, blue, alpha as sampled (0, 0, 1).
const char* kStencilDecl = "uniform highp usampler2D s;";
const char* kStencilExpr = "vec4(texelFetch(s, ivec2(gl_FragCoord.xy) / 8, 0)) / vec4(255.0, 255.0, 255.0, 1.0)";
// The same texels as depth (red = depth).
const char* kDepthDecl = "uniform highp sampler2D s;";
const char* kDepthExpr = "vec4(texelFetch(s, ivec2(gl_FragCoord.xy) / 8, 0).r, 0.0, 0.0, 1.0)";

class StencilTexturing : public TextureTest {
 protected:
  void SetUp() override {
    TextureTest::SetUp();
    if (HasFatalFailure()) return;
    stencil_prog = sampling_program(kStencilDecl, kStencilExpr);
    depth_prog = sampling_program(kDepthDecl, kDepthExpr);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (fbo) glDeleteFramebuffers(1, &fbo);
    if (rb) glDeleteRenderbuffers(1, &rb);
    if (tex) glDeleteTextures(1, &tex);
    if (stencil_prog) glDeleteProgram(stencil_prog);
    if (depth_prog) glDeleteProgram(depth_prog);
    TextureTest::TearDown();
  }

  // Draws the window from the texture with `prog` and returns block (bx, by)'s pixel.
  void draw_blocks(GLuint prog) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, kWidth, kHeight);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindTexture(GL_TEXTURE_2D, tex);
    draw_quad(prog);
  }
  uint32_t block(int bx, int by) { return pixel(bx * 8 + 4, by * 8 + 4); }
  static uint32_t stencil_pixel(uint8_t s) { return rgba(s, 0, 0, 255); }

  GLuint stencil_prog = 0, depth_prog = 0, tex = 0, fbo = 0, rb = 0;
};

// 4x4 stencil values, all different and none trivial.
uint8_t stencil_value(int x, int y) { return uint8_t(3 + 16 * (y * 4 + x)); }

TEST_F(StencilTexturing, UploadedDepth24Stencil8ReadsStencilIndices) {
  std::vector<uint32_t> texels(16);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) texels[y * 4 + x] = (0x800000u + uint32_t(x) * 0x1000u) << 8 | stencil_value(x, y);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  draw_blocks(stencil_prog);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(block(x, y), stencil_pixel(stencil_value(x, y))) << x << "," << y;

  // Back in depth mode, the same texture samples its depth (about 0.5).
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
  draw_blocks(depth_prog);
  EXPECT_TRUE(near(block(0, 0), rgba(128, 0, 0, 255))) << std::hex << block(0, 0);
  EXPECT_TRUE(near(block(3, 3), rgba(128, 0, 0, 255))) << std::hex << block(3, 3);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
}

TEST_F(StencilTexturing, UploadedDepth32fStencil8ReadsStencilIndices) {
  // FLOAT_32_UNSIGNED_INT_24_8_REV: a float depth, then a word with the
  // stencil index in its low byte.
  std::vector<uint32_t> texels(32);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const float depth = 0.25f;
      std::memcpy(&texels[(y * 4 + x) * 2], &depth, 4);
      texels[(y * 4 + x) * 2 + 1] = 0xabcdef00u | stencil_value(x, y);
    }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
               GL_FLOAT_32_UNSIGNED_INT_24_8_REV, texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  draw_blocks(stencil_prog);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(block(x, y), stencil_pixel(stencil_value(x, y))) << x << "," << y;
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
  draw_blocks(depth_prog);
  EXPECT_TRUE(near(block(2, 1), rgba(64, 0, 0, 255))) << std::hex << block(2, 1);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
}

TEST_F(StencilTexturing, RenderedStencilIsSampled) {
  // The texture as the depth/stencil attachment of a 4x4 framebuffer:
  // cleared to 0x11, its left half to 0x77, and its top-right quadrant
  // drawn with REPLACE 0xa5.
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH24_STENCIL8, 4, 4);
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 4, 4);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0x11);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 4);
  const GLint left = 0x77;
  glClearBufferiv(GL_STENCIL, 0, &left);
  glScissor(2, 2, 2, 2);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 0xa5, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  const GLuint fill = program(kFullscreenVs, "#version 300 es\nprecision mediump float;out vec4 c;void main(){c=vec4(1);}");
  glUseProgram(fill);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDeleteProgram(fill);

  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  draw_blocks(stencil_prog);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const uint8_t want = x < 2 ? 0x77 : y >= 2 ? 0xa5 : 0x11;
      EXPECT_EQ(block(x, y), stencil_pixel(want)) << x << "," << y;
    }
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
}

TEST_F(StencilTexturing, StencilIndicesAreNeverFiltered) {
  // ES 3.1 §8.17: in STENCIL_INDEX mode a LINEAR filter makes the texture
  // incomplete, and an incomplete texture reads (0, 0, 0, 1). Block (0, 0)
  // fetches texel (0, 0), which the 1x1 texture standing in for incomplete
  // ones has.
  std::vector<uint32_t> texels(16, 0x40u);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  draw_blocks(stencil_prog);
  EXPECT_EQ(block(0, 0), rgba(0, 0, 0, 255));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  draw_blocks(stencil_prog);
  EXPECT_EQ(block(1, 1), stencil_pixel(0x40));
  // Depth comparison does not make stencil indices filterable either.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  draw_blocks(stencil_prog);
  EXPECT_EQ(block(0, 0), rgba(0, 0, 0, 255));
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
}

TEST_F(StencilTexturing, ModeIsATextureParameterWithItsErrors) {
  GLint mode = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &mode);
  EXPECT_EQ(mode, GL_DEPTH_COMPONENT);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_STENCIL);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexParameterf(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GLfloat(GL_STENCIL_INDEX));
  GLfloat f = 0;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &f);
  EXPECT_EQ(f, GLfloat(GL_STENCIL_INDEX));
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glDeleteSamplers(1, &sampler);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
