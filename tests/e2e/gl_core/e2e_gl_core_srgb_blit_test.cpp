// glBlitFramebuffer between sRGB and linear colour buffers (GL 4.6
// §18.3.1): the read buffer is decoded from sRGB and the draw buffer
// encoded to it only while FRAMEBUFFER_SRGB is enabled; disabled, the
// stored values are copied as they are.
#include "e2e_gl_core_fixture.h"

#include <cstdlib>

namespace brass::e2e {
namespace {

class GlCoreSrgbBlitTest : public GlCoreTest {
 protected:
  static constexpr int kSize = 8;
  // A framebuffer with one kSize x kSize texture of `format` filled with
  // the bytes (v, v, v, 255).
  void make(GLenum format, uint8_t v, GLuint* tex, GLuint* fbo) {
    std::vector<uint32_t> texels(kSize * kSize, rgba(v, v, v, 255));
    glGenTextures(1, tex);
    glBindTexture(GL_TEXTURE_2D, *tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, format, kSize, kSize);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    glGenFramebuffers(1, fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, *fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  }
  // Blits src's buffer (filled with `v`) into dst's and returns the red
  // byte stored in dst, with FRAMEBUFFER_SRGB `enabled` or not; `scaled`
  // blits a half of the source over the whole destination (LINEAR).
  int blit(GLenum src_format, GLenum dst_format, uint8_t v, bool enabled, bool scaled = false) {
    GLuint src_tex = 0, src_fbo = 0, dst_tex = 0, dst_fbo = 0;
    make(src_format, v, &src_tex, &src_fbo);
    make(dst_format, 0, &dst_tex, &dst_fbo);
    if (enabled) glEnable(GL_FRAMEBUFFER_SRGB);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, src_fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst_fbo);
    glBlitFramebuffer(0, 0, scaled ? kSize / 2 : kSize, scaled ? kSize / 2 : kSize, 0, 0, kSize, kSize,
                      GL_COLOR_BUFFER_BIT, scaled ? GL_LINEAR : GL_NEAREST);
    glDisable(GL_FRAMEBUFFER_SRGB);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, dst_fbo);
    uint32_t p = 0;
    glReadPixels(kSize / 2, kSize / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &src_fbo);
    glDeleteFramebuffers(1, &dst_fbo);
    glDeleteTextures(1, &src_tex);
    glDeleteTextures(1, &dst_tex);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return int(p & 0xff);
  }
};

// 0x80 is sRGB 0.2158 linear (55 as a byte); linear 0x80 (0.502) is sRGB 188.
TEST_F(GlCoreSrgbBlitTest, DisabledCopiesStoredValues) {
  EXPECT_EQ(blit(GL_SRGB8_ALPHA8, GL_RGBA8, 0x80, false), 0x80);
  EXPECT_EQ(blit(GL_RGBA8, GL_SRGB8_ALPHA8, 0x80, false), 0x80);
  EXPECT_EQ(blit(GL_SRGB8_ALPHA8, GL_RGBA8, 0x80, false, true), 0x80);
  EXPECT_EQ(blit(GL_RGBA8, GL_SRGB8_ALPHA8, 0x80, false, true), 0x80);
}

TEST_F(GlCoreSrgbBlitTest, EnabledConverts) {
  EXPECT_LE(std::abs(blit(GL_SRGB8_ALPHA8, GL_RGBA8, 0x80, true) - 55), 1);
  EXPECT_LE(std::abs(blit(GL_RGBA8, GL_SRGB8_ALPHA8, 0x80, true) - 188), 1);
  // sRGB to sRGB round-trips.
  EXPECT_LE(std::abs(blit(GL_SRGB8_ALPHA8, GL_SRGB8_ALPHA8, 0x80, true) - 0x80), 1);
}

}  // namespace
}  // namespace brass::e2e
