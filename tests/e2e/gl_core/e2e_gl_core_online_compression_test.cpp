// Desktop GL compresses uncompressed texels given for a specific S3TC or
// RGTC internal format (GL 4.6 §8.5): the image is then compressed as if
// glCompressedTexImage had given it (TEXTURE_COMPRESSED, the internal format
// and COMPRESSED_IMAGE_SIZE say so, glGetCompressedTexImage returns the
// blocks, which glCompressedTexImage takes back), 2D array layers included;
// TexSubImage writes whole blocks only.
#include <array>
#include <cstdint>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kSample2dFs = R"(#version 330 core
uniform sampler2D tex;
out vec4 color;
void main() { color = texture(tex, gl_FragCoord.xy / 32.0); })";

constexpr const char* kSampleLayerFs = R"(#version 330 core
uniform sampler2DArray tex;
uniform float layer;
out vec4 color;
void main() { color = texture(tex, vec3(gl_FragCoord.xy / 32.0, layer)); })";

class GlCoreOnlineCompression : public GlCoreTest {
 protected:
  void draw() {
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  static void nearest(GLenum target) {
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
};

// An 8 x 8 image of four solid 4 x 4 quadrants (RGBA floats).
std::vector<float> quadrants(const std::array<std::array<float, 4>, 4>& colours) {
  std::vector<float> img(8 * 8 * 4);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      for (int ch = 0; ch < 4; ++ch) img[(y * 8 + x) * 4 + ch] = colours[(y / 4) * 2 + x / 4][ch];
  return img;
}

TEST_F(GlCoreOnlineCompression, TexImageStoresCompressedBlocks) {
  const GLuint prog = program(kCoreFullscreenVs, kSample2dFs);
  glUseProgram(prog);
  const std::vector<float> img = quadrants({{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}}});
  const uint32_t expected[4] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
  struct Case {
    GLenum format;
    GLint block_bytes;
  };
  for (const Case c : {Case{GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8}, Case{GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 16},
                       Case{GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16}}) {
    SCOPED_TRACE(c.format);
    GLuint tex[2];
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    nearest(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(c.format), 8, 8, 0, GL_RGBA, GL_FLOAT, img.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    GLint compressed = 0, internal = 0, size = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
    EXPECT_EQ(compressed, GL_TRUE);
    EXPECT_EQ(internal, static_cast<GLint>(c.format));
    EXPECT_EQ(size, 4 * c.block_bytes);
    draw();
    EXPECT_EQ(pixel(4, 4), expected[0]);
    EXPECT_EQ(pixel(20, 4), expected[1]);
    EXPECT_EQ(pixel(4, 20), expected[2]);
    EXPECT_EQ(pixel(20, 20), expected[3]);

    // The blocks read back and given to another texture draw the same.
    std::vector<uint8_t> blocks(static_cast<size_t>(size));
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    nearest(GL_TEXTURE_2D);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, c.format, 8, 8, 0, size, blocks.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    draw();
    EXPECT_EQ(pixel(20, 4), expected[1]);
    EXPECT_EQ(pixel(4, 20), expected[2]);

    // A block-aligned sub-image; misaligned ones are INVALID_OPERATION.
    const std::vector<float> magenta(4 * 4 * 4, 1.0f);
    std::vector<float> m = magenta;
    for (size_t i = 1; i < m.size(); i += 4) m[i] = 0.0f;
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 4, 4, 4, GL_RGBA, GL_FLOAT, m.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 4, 4, 4, GL_RGBA, GL_FLOAT, m.data());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 2, GL_RGBA, GL_FLOAT, m.data());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
    draw();
    EXPECT_EQ(pixel(4, 20), rgba(255, 0, 255));
    EXPECT_EQ(pixel(4, 4), expected[0]);
    glDeleteTextures(2, tex);
  }
  glDeleteProgram(prog);
}

TEST_F(GlCoreOnlineCompression, ArrayLayersAndRgtc) {
  const GLuint prog = program(kCoreFullscreenVs, kSampleLayerFs);
  glUseProgram(prog);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
  nearest(GL_TEXTURE_2D_ARRAY);
  // Two 4 x 4 layers of RG_RGTC2 from RG/UNSIGNED_BYTE: (255, 0), (0, 255).
  std::vector<uint8_t> rg(2 * 16 * 2);
  for (int i = 0; i < 16; ++i) {
    rg[i * 2] = 255;
    rg[32 + i * 2 + 1] = 255;
  }
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RG_RGTC2, 4, 4, 2, 0, GL_RG, GL_UNSIGNED_BYTE, rg.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint size = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
  EXPECT_EQ(size, 2 * 16);
  const GLint layer = glGetUniformLocation(prog, "layer");
  glUniform1f(layer, 0.0f);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  glUniform1f(layer, 1.0f);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  // TexSubImage3D of layer 1's block with (128, 64).
  std::vector<uint8_t> sub(16 * 2);
  for (int i = 0; i < 16; ++i) {
    sub[i * 2] = 128;
    sub[i * 2 + 1] = 64;
  }
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 1, GL_RG, GL_UNSIGNED_BYTE, sub.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw();
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(128, 64, 0)));
  glDeleteTextures(1, &tex);
  glDeleteProgram(prog);
}

TEST_F(GlCoreOnlineCompression, BptcFromUncompressedData) {
  if (!has_extension("GL_ARB_texture_compression_bptc")) GTEST_SKIP() << "the device does not sample BC6H/BC7";
  const GLuint prog = program(kCoreFullscreenVs, kSample2dFs);
  glUseProgram(prog);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  nearest(GL_TEXTURE_2D);
  // BC7 from RGBA/FLOAT (desktop GL converts any colour data).
  const std::vector<float> img = quadrants({{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}}});
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 8, 0, GL_RGBA, GL_FLOAT, img.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint compressed = 0, size = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
  EXPECT_EQ(compressed, GL_TRUE);
  EXPECT_EQ(size, 4 * 16);
  draw();
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(20, 4), rgba(0, 255, 0));
  EXPECT_EQ(pixel(4, 20), rgba(0, 0, 255));
  EXPECT_EQ(pixel(20, 20), rgba(255, 255, 255));
  // BC6H (unsigned float) from RGB/FLOAT: two colours in one block (the
  // decoder interpolates in the binary16 bit domain, so the two endpoints
  // are what the block holds exactly).
  std::vector<float> two(4 * 4 * 3);
  for (int i = 0; i < 16; ++i) {
    two[i * 3] = i % 4 < 2 ? 0.25f : 1.0f;
    two[i * 3 + 1] = 0.5f;
    two[i * 3 + 2] = i % 4 < 2 ? 1.0f : 0.0f;
  }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 4, 4, 0, GL_RGB, GL_FLOAT, two.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw();
  EXPECT_TRUE(colour_near(pixel(4, 16), rgba(64, 128, 255), 2));
  EXPECT_TRUE(colour_near(pixel(28, 16), rgba(255, 128, 0), 2));
  glDeleteTextures(1, &tex);
  glDeleteProgram(prog);
}

TEST_F(GlCoreOnlineCompression, FormatsWithoutAnEncoderRefuseData) {
  // ETC2 (GL 4.3) takes no uncompressed data: Brass does not compress it.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const std::vector<uint8_t> texels(4 * 4 * 4, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
