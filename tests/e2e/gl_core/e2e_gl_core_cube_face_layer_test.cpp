// glFramebufferTextureLayer of a cube map texture (desktop GL 4.5 §9.2.8;
// ES allows only 3D, array and cube map array textures there): the layer
// names a face, attached as glFramebufferTexture2D attaches it.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreCubeFaceLayerTest : public GlCoreTest {};

TEST_F(GlCoreCubeFaceLayerTest, LayerOfACubeMapIsAFace) {
  constexpr int kSize = 8;
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, kSize, kSize);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (GLint face = 0; face < 6; ++face) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, face);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    GLint target = 0;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &target);
    EXPECT_EQ(target, GL_TEXTURE_CUBE_MAP_POSITIVE_X + face);
    glClearColor(float(face) / 5.0f, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  // Each face holds its own clear: read back through FramebufferTexture2D.
  for (GLint face = 0; face < 6; ++face) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, tex, 0);
    uint8_t px[4] = {};
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    EXPECT_NEAR(px[0], face * 51, 1) << "face " << face;
  }
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
