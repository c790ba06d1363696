// ARB_copy_image in a 3.3 core context: the extension is listed and
// glCopyImageSubData (the ES extension's handler) copies between a 2D
// array layer, a renderbuffer and a 2D texture of one class; errors are
// the spec's.

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreCopyImage : public GlCoreTest {};

TEST_F(GlCoreCopyImage, ArrayLayerToRenderbufferToIntegerTexture) {
  ASSERT_TRUE(has_extension("GL_ARB_copy_image"));
  GLuint arr = 0, tex = 0, rb = 0, fbo = 0;
  glGenTextures(1, &arr);
  glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  std::vector<uint32_t> texels(16);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = 0x10203040u + uint32_t(i);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 4, 4);
  // An integer texture is complete only with NEAREST filters (GL 4.6 §8.17).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glCopyImageSubData(arr, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
  glCopyImageSubData(rb, GL_RENDERBUFFER, 0, 0, 0, 0, tex, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  std::vector<uint32_t> got(16 * 4, 0xdeadbeef);
  glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got.data());
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(got[i * 4], texels[i]) << i;
  // Errors: a texture buffer target, a level out of range, another class.
  glCopyImageSubData(arr, GL_TEXTURE_BUFFER, 0, 0, 0, 0, tex, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glCopyImageSubData(arr, GL_TEXTURE_2D_ARRAY, 1, 0, 0, 0, tex, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLuint wide = 0;
  glGenTextures(1, &wide);
  glBindTexture(GL_TEXTURE_2D, wide);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA16F, 4, 4);
  glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, wide, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);
  const GLuint del[] = {arr, tex, wide};
  glDeleteTextures(3, del);
}

}  // namespace
}  // namespace brass::e2e
