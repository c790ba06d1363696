// glGenerateMipmap of S3TC and RGTC textures in desktop GL (GL 4.6 §8.14.4
// sets no format restriction): every derived level exists in the base
// level's compressed format, holds the box-filtered image (read back
// decoded, and sampled by the device), for each face of a cube map too.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kLodFs = R"(#version 330 core
uniform sampler2D tex;
uniform float lod;
out vec4 color;
void main() { color = textureLod(tex, gl_FragCoord.xy / 32.0, lod); })";

using GlCoreCompressedMipmap = GlCoreTest;

// A BC1 block of one 565 colour (both endpoints, every index 0).
std::array<uint8_t, 8> solid_bc1(uint16_t c565) {
  return {static_cast<uint8_t>(c565 & 0xFF), static_cast<uint8_t>(c565 >> 8), static_cast<uint8_t>(c565 & 0xFF),
          static_cast<uint8_t>(c565 >> 8), 0, 0, 0, 0};
}

// 16 x 16 BC1 blocks: the left half red, the right half blue.
std::vector<uint8_t> red_blue_16x16() {
  std::vector<uint8_t> v;
  for (int by = 0; by < 4; ++by)
    for (int bx = 0; bx < 4; ++bx) {
      const auto b = solid_bc1(bx < 2 ? 0xF800 : 0x001F);
      v.insert(v.end(), b.begin(), b.end());
    }
  return v;
}

TEST_F(GlCoreCompressedMipmap, S3tcLevelsAreFilteredAndCompressed) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const std::vector<uint8_t> blocks = red_blue_16x16();
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, 16, 0,
                         static_cast<GLsizei>(blocks.size()), blocks.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (GLint level = 1; level <= 4; ++level) {
    SCOPED_TRACE(level);
    GLint w = 0, compressed = 0, internal = 0, size = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_COMPRESSED, &compressed);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
    EXPECT_EQ(w, 16 >> level);
    EXPECT_EQ(compressed, GL_TRUE);
    EXPECT_EQ(internal, GL_COMPRESSED_RGB_S3TC_DXT1_EXT);
    EXPECT_EQ(size, 8 * ((w + 3) / 4) * ((w + 3) / 4));
  }
  // Level 1 (8 x 8) and 2 (4 x 4) keep the halves: exactly representable.
  for (GLint level = 1; level <= 2; ++level) {
    SCOPED_TRACE(level);
    const int w = 16 >> level;
    std::vector<uint8_t> texels(static_cast<size_t>(w * w * 4));
    glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    for (int y = 0; y < w; ++y)
      for (int x = 0; x < w; ++x) {
        const uint8_t* t = &texels[static_cast<size_t>((y * w + x) * 4)];
        const bool left = x < w / 2;
        EXPECT_EQ(t[0], left ? 255 : 0) << x << "," << y;
        EXPECT_EQ(t[1], 0) << x << "," << y;
        EXPECT_EQ(t[2], left ? 0 : 255) << x << "," << y;
        EXPECT_EQ(t[3], 255) << x << "," << y;
      }
  }
  // Level 4 (1 x 1) averages both halves: purple, within BC1's precision.
  std::array<uint8_t, 4> last{};
  glGetTexImage(GL_TEXTURE_2D, 4, GL_RGBA, GL_UNSIGNED_BYTE, last.data());
  EXPECT_NEAR(last[0], 128, 8);
  EXPECT_NEAR(last[1], 0, 4);
  EXPECT_NEAR(last[2], 128, 8);
  EXPECT_EQ(last[3], 255);

  // The device samples the generated level: level 2's halves.
  const GLuint prog = program(kCoreFullscreenVs, kLodFs);
  glUseProgram(prog);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glUniform1f(glGetUniformLocation(prog, "lod"), 2.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 28), rgba(0, 0, 255));
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreCompressedMipmap, RgtcCubeFacesAndArrayLayersFilterApart) {
  // RGTC1 blocks of one value (both endpoints, every index 0).
  auto solid_bc4 = [](uint8_t v) { return std::array<uint8_t, 8>{v, v, 0, 0, 0, 0, 0, 0}; };
  GLuint tex[2];
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[0]);
  for (int face = 0; face < 6; ++face) {
    std::vector<uint8_t> blocks;
    for (int i = 0; i < 4; ++i) {
      const auto b = solid_bc4(static_cast<uint8_t>(40 * face + 10));
      blocks.insert(blocks.end(), b.begin(), b.end());
    }
    glCompressedTexImage2D(static_cast<GLenum>(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face), 0, GL_COMPRESSED_RED_RGTC1, 8,
                           8, 0, static_cast<GLsizei>(blocks.size()), blocks.data());
  }
  glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);  // 2-byte rows below
  for (int face = 0; face < 6; ++face) {
    SCOPED_TRACE(face);
    std::array<uint8_t, 2 * 2> level2{};
    glGetTexImage(static_cast<GLenum>(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face), 2, GL_RED, GL_UNSIGNED_BYTE,
                  level2.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    for (uint8_t v : level2) EXPECT_EQ(v, 40 * face + 10);
  }

  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
  std::vector<uint8_t> layers;
  for (int layer = 0; layer < 3; ++layer)
    for (int i = 0; i < 4; ++i) {
      const auto b = solid_bc4(static_cast<uint8_t>(200 - 50 * layer));
      layers.insert(layers.end(), b.begin(), b.end());
    }
  glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 3, 0,
                         static_cast<GLsizei>(layers.size()), layers.data());
  glGenerateMipmap(GL_TEXTURE_2D_ARRAY);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::array<uint8_t, 4 * 4 * 3> level1{};
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 1, GL_RED, GL_UNSIGNED_BYTE, level1.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int layer = 0; layer < 3; ++layer)
    for (int i = 0; i < 16; ++i) EXPECT_EQ(level1[static_cast<size_t>(layer * 16 + i)], 200 - 50 * layer) << layer;
  glDeleteTextures(2, tex);
}

}  // namespace
}  // namespace brass::e2e
