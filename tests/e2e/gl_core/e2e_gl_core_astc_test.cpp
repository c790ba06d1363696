// ASTC LDR textures in a desktop core context: the ES code serves
// KHR_texture_compression_astc_ldr and _sliced_3d there unchanged (the KHR
// extensions name both APIs); a 2D and a 3D texture of void-extent blocks
// sampled and read back.
#include <cstring>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// A void-extent (constant color) LDR block with 16-bit UNORM R, G, B, A.
std::vector<uint8_t> void_extent(uint16_t r, uint16_t g, uint16_t b, uint16_t a) {
  std::vector<uint8_t> block = {0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  for (uint16_t c : {r, g, b, a}) {
    block.push_back(uint8_t(c & 0xFF));
    block.push_back(uint8_t(c >> 8));
  }
  return block;
}

TEST_F(GlCoreTest, AstcLdrAndSliced3dTexturesSample) {
  ASSERT_TRUE(has_extension("GL_KHR_texture_compression_astc_ldr"));
  ASSERT_TRUE(has_extension("GL_KHR_texture_compression_astc_sliced_3d"));
  std::vector<uint8_t> blocks = void_extent(0xFFFF, 0, 0, 0xFFFF);
  const std::vector<uint8_t> green = void_extent(0, 0xFFFF, 0, 0xFFFF);
  blocks.insert(blocks.end(), green.begin(), green.end());
  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_10x6_KHR, 10, 6, 0, 16, blocks.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_10x6_KHR, 10, 6, 0, 32, blocks.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D tex;
out vec4 c;
void main() { c = texture(tex, vec2(0.5)); })");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(255, 0, 0));
  glDeleteProgram(p);

  // Two 4x4 slices, red then green; slice 1 sampled.
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 2, 0, 32, blocks.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler3D tex;
out vec4 c;
void main() { c = texture(tex, vec3(0.5, 0.5, 0.75)); })");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  glDeleteProgram(p);
  glDeleteTextures(2, t);
}

}  // namespace
}  // namespace brass::e2e
