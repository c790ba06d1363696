// glGetTexImage / glGetTextureSubImage of a compressed image with an
// uncompressed format and type (GL 4.6 §8.11.4): the blocks are decoded and
// the texels packed like those of any other image, pack state and
// conversions included, for whole images and for sub-boxes that start and
// end inside blocks.
#include <array>
#include <cstdint>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreCompressedReadback = GlCoreTest;

// A four-colour BC1 block: endpoints red (0xF800) and blue (0x001F); row 0
// uses the four indices 0..3, rows 1..3 index 0 (red).
constexpr std::array<uint8_t, 8> kBc1Block = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0x00, 0x00, 0x00};
// The decoded row 0 (interpolants truncated after expanding to 8 bits).
constexpr std::array<std::array<uint8_t, 4>, 4> kBc1Row0 = {
    {{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}};

std::vector<uint8_t> repeat(const uint8_t* block, size_t bytes, size_t count) {
  std::vector<uint8_t> v;
  for (size_t i = 0; i < count; ++i) v.insert(v.end(), block, block + bytes);
  return v;
}

TEST_F(GlCoreCompressedReadback, GetTexImageDecodesS3tc) {
  for (const GLenum format : {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT}) {
    SCOPED_TRACE(format);
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    // 8 x 8: four identical blocks.
    const std::vector<uint8_t> blocks = repeat(kBc1Block.data(), kBc1Block.size(), 4);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, format, 8, 8, 0, static_cast<GLsizei>(blocks.size()), blocks.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    std::vector<uint8_t> texels(8 * 8 * 4, 0x11);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 8; ++x) {
        SCOPED_TRACE(testing::Message() << "texel " << x << "," << y);
        const std::array<uint8_t, 4> want = y % 4 == 0 ? kBc1Row0[x % 4] : std::array<uint8_t, 4>{255, 0, 0, 255};
        for (int c = 0; c < 4; ++c) EXPECT_EQ(texels[(y * 8 + x) * 4 + c], want[c]);
      }
    }
    // Converted like any image: BGRA floats.
    std::vector<float> floats(8 * 8 * 4, -1.0f);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_BGRA, GL_FLOAT, floats.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_FLOAT_EQ(floats[4 * 2 + 0], 85.0f / 255.0f);   // texel (2, 0): blue
    EXPECT_FLOAT_EQ(floats[4 * 2 + 2], 170.0f / 255.0f);  // red
    EXPECT_FLOAT_EQ(floats[4 * 2 + 3], 1.0f);
    glDeleteTextures(1, &tex);
  }
}

TEST_F(GlCoreCompressedReadback, GetTextureSubImageDecodesInsideBlocks) {
  GLuint tex = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &tex);
  glTextureStorage2D(tex, 1, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, 8);
  const std::vector<uint8_t> blocks = repeat(kBc1Block.data(), kBc1Block.size(), 4);
  glCompressedTextureSubImage2D(tex, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                static_cast<GLsizei>(blocks.size()), blocks.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // x 1..6, y 3..4: crosses block edges in both directions.
  std::vector<uint8_t> texels(6 * 2 * 4, 0x11);
  glGetTextureSubImage(tex, 0, 1, 3, 0, 6, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, static_cast<GLsizei>(texels.size()),
                       texels.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 6; ++x) {
      SCOPED_TRACE(testing::Message() << "texel " << x + 1 << "," << y + 3);
      const std::array<uint8_t, 4> want =
          (y + 3) % 4 == 0 ? kBc1Row0[(x + 1) % 4] : std::array<uint8_t, 4>{255, 0, 0, 255};
      for (int c = 0; c < 4; ++c) EXPECT_EQ(texels[(y * 6 + x) * 4 + c], want[c]);
    }
  }
  // The buffer size still bounds the write.
  glGetTextureSubImage(tex, 0, 1, 3, 0, 6, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, 4, texels.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreCompressedReadback, GetTexImageDecodesSignedRgtc) {
  // BC4 SNORM: red0 = 127 (1.0), red1 = -127 (-1.0); texel 1 takes index
  // 1, every other texel index 0.
  const std::array<uint8_t, 8> block = {0x7F, 0x81, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, 8, block.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::vector<float> texels(16 * 4, 5.0f);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int i = 0; i < 16; ++i) {
    SCOPED_TRACE(i);
    EXPECT_FLOAT_EQ(texels[i * 4 + 0], i == 1 ? -1.0f : 1.0f);
    EXPECT_FLOAT_EQ(texels[i * 4 + 1], 0.0f);
    EXPECT_FLOAT_EQ(texels[i * 4 + 2], 0.0f);
    EXPECT_FLOAT_EQ(texels[i * 4 + 3], 1.0f);
  }
  // An integer format does not match the normalized image.
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_INT, texels.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
