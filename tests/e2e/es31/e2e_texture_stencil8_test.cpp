// OES_texture_stencil8 (ES 3.2 core) through glvnd: STENCIL_INDEX8 is a
// texture format. Its images take uploads (STENCIL_INDEX / UNSIGNED_BYTE),
// are complete stencil attachments that stencil tests write, and are read by
// stencil texturing through a usampler2D; values checked on the CPU.
#include <cstdint>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

#ifndef GL_STENCIL_INDEX
#define GL_STENCIL_INDEX 0x1901
#endif

// Each 8x8 block of the 32x32 window shows texel (x / 8, y / 8) of the
// stencil texture on unit 0, its index in red.
constexpr const char* kShowStencilFs = R"(#version 310 es
precision highp float;
uniform highp usampler2D s;
out vec4 o;
void main() {
  uint v = texelFetch(s, ivec2(gl_FragCoord.xy) / 8, 0).r;
  o = vec4(float(v) / 255.0, 0.0, 0.0, 1.0);
})";

class TextureStencil8 : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_OES_texture_stencil8")) GTEST_SKIP() << "OES_texture_stencil8 not exposed";
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    show = program(kFullscreenVs310, kShowStencilFs);
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (fbo) glDeleteFramebuffers(1, &fbo);
    if (tex) glDeleteTextures(1, &tex);
    if (show) glDeleteProgram(show);
    Es31Test::TearDown();
  }
  // Draws the window from the stencil texture; block (bx, by)'s red.
  void draw_blocks() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, kWidth, kHeight);
    glDisable(GL_STENCIL_TEST);
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindTexture(GL_TEXTURE_2D, tex);
    glUseProgram(show);
    glUniform1i(glGetUniformLocation(show, "s"), 0);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  uint32_t block(int bx, int by) { return pixel(bx * 8 + 4, by * 8 + 4); }

  GLuint tex = 0, fbo = 0, show = 0;
};

TEST_F(TextureStencil8, UploadedIndicesAreSampledByStencilTexturing) {
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 4, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<uint8_t> values(16);
  for (int i = 0; i < 16; ++i) values[size_t(i)] = uint8_t(7 + 15 * i);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, values.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint internal = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
  EXPECT_EQ(internal, GL_STENCIL_INDEX8);
  GLint stencil_size = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_STENCIL_SIZE, &stencil_size);
  EXPECT_EQ(stencil_size, 8);
  draw_blocks();
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(block(x, y), rgba(values[size_t(y * 4 + x)], 0, 0, 255)) << x << "," << y;
}

TEST_F(TextureStencil8, TexImage2DTakesStencilIndexData) {
  const uint8_t values[4] = {1, 2, 254, 255};
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 2, 2, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, values);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // The wrong format or type for STENCIL_INDEX8 (ES 3.2 table 8.2).
  glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 2, 2, 0, GL_STENCIL_INDEX, GL_FLOAT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 2, 2, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Each 2x2 texel covers 16x16 pixels here: sample the block centres.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  draw_blocks();
  EXPECT_EQ(pixel(4, 4), rgba(1, 0, 0, 255));
  EXPECT_EQ(pixel(12, 4), rgba(2, 0, 0, 255));
  EXPECT_EQ(pixel(4, 12), rgba(254, 0, 0, 255));
  EXPECT_EQ(pixel(12, 12), rgba(255, 0, 0, 255));
}

// A STENCIL_INDEX8 texture alone is a complete stencil attachment beside a
// colour buffer; stencil operations write it and stencil texturing reads
// what they wrote.
TEST_F(TextureStencil8, RenderedStencilIsSampled) {
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 4, 4);
  GLuint color = 0;
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLint bits = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                        GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &bits);
  EXPECT_EQ(bits, 8);
  glViewport(0, 0, 4, 4);
  glClearStencil(0x21);
  glClear(GL_STENCIL_BUFFER_BIT);
  // Replace the left half's stencil with 0xC4 (a draw with a scissor).
  GLuint fill = program(kFullscreenVs310, "#version 310 es\nprecision mediump float; out vec4 o; void main() { o = vec4(1); }");
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 0xC4, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 4);
  glUseProgram(fill);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_STENCIL_TEST);
  glDeleteProgram(fill);
  glDeleteRenderbuffers(1, &color);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw_blocks();
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(block(x, y), rgba(x < 2 ? 0xC4 : 0x21, 0, 0, 255)) << x << "," << y;
}

}  // namespace
}  // namespace brass::e2e
