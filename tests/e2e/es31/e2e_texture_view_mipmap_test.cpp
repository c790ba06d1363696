// glGenerateMipmap on a texture view (OES_texture_view) filters in the
// view's format, not its storage's: R8 texels of R8_SNORM storage average
// as unsigned normalized values.
#include <cstdint>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

using E2eTextureViewMipmap = Es31Test;

TEST_F(E2eTextureViewMipmap, FiltersInTheViewFormat) {
  auto view = reinterpret_cast<PFNGLTEXTUREVIEWOESPROC>(eglGetProcAddress("glTextureViewOES"));
  ASSERT_NE(view, nullptr);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 2, GL_R8_SNORM, 4, 4);
  // Columns of 0x7f and 0x81: as SNORM +1 and -1 (average 0), as UNORM
  // 127/255 and 129/255 (average 128/255).
  int8_t texels[16];
  for (int i = 0; i < 16; ++i) texels[i] = (i % 2) ? int8_t(-127) : int8_t(127);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED, GL_BYTE, texels);
  GLuint v = 0;
  glGenTextures(1, &v);
  view(v, GL_TEXTURE_2D, tex, GL_R8, 0, 2, 0, 1);
  glBindTexture(GL_TEXTURE_2D, v);
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, v, 1);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  uint8_t px[2 * 2 * 4] = {};
  glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
  for (int i = 0; i < 4; ++i) {
    EXPECT_GE(px[i * 4], 127) << "texel " << i;  // 128, within a rounding step
    EXPECT_LE(px[i * 4], 129) << "texel " << i;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  const GLuint all[] = {tex, v};
  glDeleteTextures(2, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
