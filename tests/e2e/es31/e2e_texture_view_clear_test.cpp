// Clears through framebuffers whose attachment is a texture view
// (OES_texture_view): a 2D view of one layer of a 2D array (attached with
// glFramebufferTexture2D) and a 2D-array view of some layers (attached
// layered with glFramebufferTexture, ES 3.2 / EXT_geometry_shader) write
// the original's layers they view and no other. Read back one layer at a
// time with glFramebufferTextureLayer; glFramebufferTexture2D takes no 2D
// array texture (ES 3.2 §9.2.8), which some test suites rely on.
#include <cstdint>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eTextureViewClear : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    view = reinterpret_cast<PFNGLTEXTUREVIEWOESPROC>(eglGetProcAddress("glTextureViewOES"));
    ASSERT_NE(view, nullptr);
    glGenFramebuffers(1, &fb);
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    Es31Test::TearDown();
  }
  static uint32_t layer_colour(int layer) { return rgba(uint8_t(30 * layer), 100, 200); }
  // An 8 x 8 x `layers` RGBA8 2D array, layer i filled with layer_colour(i).
  static GLuint array_texture(int layers) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 8, 8, layers);
    for (int i = 0; i < layers; ++i) {
      const std::vector<uint32_t> texels(64, layer_colour(i));
      glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, i, 8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    }
    return t;
  }
  uint32_t layer_pixel(GLuint tex, int layer, int x, int y) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
    uint32_t p = 0xdeadbeef;
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    return p;
  }
  PFNGLTEXTUREVIEWOESPROC view = nullptr;
  GLuint fb = 0;
};

TEST_F(E2eTextureViewClear, TwoDViewOfOneLayer) {
  const GLuint tex = array_texture(7);
  GLuint v = 0;
  glGenTextures(1, &v);
  view(v, GL_TEXTURE_2D, tex, GL_RGBA8, 0, 1, 2, 1);
  GLuint draw = 0;
  glGenFramebuffers(1, &draw);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw);
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, v, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 8, 8);
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  for (int layer = 0; layer < 7; ++layer)
    for (int xy : {0, 7})
      EXPECT_EQ(layer_pixel(tex, layer, xy, xy), layer == 2 ? rgba(255, 255, 0) : layer_colour(layer))
          << "layer " << layer;
  // A 2D array is no TEXTURE_2D to glFramebufferTexture2D.
  glBindFramebuffer(GL_FRAMEBUFFER, draw);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_ARRAY, tex, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &draw);
  const GLuint all[] = {tex, v};
  glDeleteTextures(2, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(E2eTextureViewClear, LayeredArrayView) {
  auto framebuffer_texture = reinterpret_cast<PFNGLFRAMEBUFFERTEXTUREEXTPROC>(
      eglGetProcAddress("glFramebufferTextureEXT"));
  if (!framebuffer_texture || !has_extension("GL_EXT_geometry_shader"))
    GTEST_SKIP() << "no layered attachments (EXT_geometry_shader)";
  const GLuint tex = array_texture(7);
  GLuint v = 0;
  glGenTextures(1, &v);
  view(v, GL_TEXTURE_2D_ARRAY, tex, GL_RGBA8, 0, 1, 2, 3);  // layers 2-4
  GLuint draw = 0;
  glGenFramebuffers(1, &draw);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw);
  framebuffer_texture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, v, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 8, 8);
  glClearColor(0, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);  // every layer of a layered attachment (ES 3.2 §15.2.3)
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  for (int layer = 0; layer < 7; ++layer)
    EXPECT_EQ(layer_pixel(tex, layer, 3, 5), layer >= 2 && layer <= 4 ? rgba(0, 255, 255) : layer_colour(layer))
        << "layer " << layer;
  // The view's own layer 1 is the original's layer 3.
  EXPECT_EQ(layer_pixel(v, 1, 0, 0), rgba(0, 255, 255));
  glDeleteFramebuffers(1, &draw);
  const GLuint all[] = {tex, v};
  glDeleteTextures(2, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
