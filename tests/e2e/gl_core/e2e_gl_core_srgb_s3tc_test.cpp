// The sRGB S3TC formats of EXT_texture_sRGB (COMPRESSED_SRGB_S3TC_DXT1 and
// the SRGB_ALPHA DXT1/3/5 ones): compressed uploads are sampled with the
// sRGB decode, uncompressed TexImage data is compressed as the stored
// (sRGB-encoded) values, glGetCompressedTexImage returns the blocks and
// glGetTexImage the stored values undecoded; the formats are listed and
// queried like the other compressed ones.
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "e2e_gl_core_fixture.h"

// EXT_texture_sRGB's S3TC enums (glcorearb.h leaves the EXT formats out).
#ifndef GL_COMPRESSED_SRGB_S3TC_DXT1_EXT
#define GL_COMPRESSED_SRGB_S3TC_DXT1_EXT 0x8C4C
#define GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT 0x8C4D
#define GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT 0x8C4E
#define GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT 0x8C4F
#endif

namespace brass::e2e {
namespace {

constexpr const char* kSampleFs = R"(#version 330 core
uniform sampler2D tex;
out vec4 color;
void main() { color = texture(tex, gl_FragCoord.xy / 32.0); })";

using GlCoreSrgbS3tc = GlCoreTest;

uint8_t srgb_to_linear_byte(uint8_t v) {
  const double c = v / 255.0;
  const double l = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  return static_cast<uint8_t>(std::lround(l * 255.0));
}

constexpr std::array<GLenum, 4> kFormats = {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT,
                                            GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT,
                                            GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT};

TEST_F(GlCoreSrgbS3tc, ListedAndAdvertised) {
  EXPECT_TRUE(has_extension("GL_EXT_texture_sRGB"));
  GLint n = 0;
  glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
  std::vector<GLint> formats(static_cast<size_t>(n));
  glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats.data());
  for (const GLenum f : kFormats) {
    bool listed = false;
    for (const GLint g : formats) listed = listed || g == static_cast<GLint>(f);
    EXPECT_TRUE(listed) << f;
  }
}

TEST_F(GlCoreSrgbS3tc, CompressedUploadSamplesDecoded) {
  const GLuint prog = program(kCoreFullscreenVs, kSampleFs);
  glUseProgram(prog);
  // One 565 grey (16, 32, 16): expands to (132, 130, 132).
  const uint16_t c = (16 << 11) | (32 << 5) | 16;
  const std::array<uint8_t, 8> colour = {static_cast<uint8_t>(c & 0xFF), static_cast<uint8_t>(c >> 8),
                                         static_cast<uint8_t>(c & 0xFF), static_cast<uint8_t>(c >> 8), 0, 0, 0, 0};
  for (const GLenum f : kFormats) {
    SCOPED_TRACE(f);
    const bool sixteen = f == GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT || f == GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT;
    std::vector<uint8_t> block;
    if (sixteen) {
      // Opaque alpha: DXT3's explicit 0xF nibbles; DXT5's endpoints 255.
      if (f == GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT) block.assign(8, 0xFF);
      else block = {255, 255, 0, 0, 0, 0, 0, 0};
    }
    block.insert(block.end(), colour.begin(), colour.end());
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, f, 4, 4, 0, static_cast<GLsizei>(block.size()), block.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    GLint compressed = 0, internal = 0, size = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
    EXPECT_EQ(compressed, GL_TRUE);
    EXPECT_EQ(internal, static_cast<GLint>(f));
    EXPECT_EQ(size, static_cast<GLint>(block.size()));
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t got = pixel(8, 8);
    EXPECT_NEAR(static_cast<int>(got & 0xFF), srgb_to_linear_byte(132), 2);
    EXPECT_NEAR(static_cast<int>((got >> 8) & 0xFF), srgb_to_linear_byte(130), 2);
    EXPECT_NEAR(static_cast<int>((got >> 16) & 0xFF), srgb_to_linear_byte(132), 2);
    // The stored values read back undecoded.
    std::array<uint8_t, 16 * 4> texels{};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(texels[0], 132);
    EXPECT_EQ(texels[1], 130);
    EXPECT_EQ(texels[2], 132);
    EXPECT_EQ(texels[3], 255);
    std::vector<uint8_t> back(block.size());
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
    EXPECT_EQ(back, block);
    glDeleteTextures(1, &tex);
  }
  glDeleteProgram(prog);
}

TEST_F(GlCoreSrgbS3tc, TexImageCompressesStoredValues) {
  // Uncompressed data is compressed as given (no colour-space conversion):
  // the same blocks as for the linear format.
  std::vector<uint8_t> texels(8 * 8 * 4);
  for (size_t i = 0; i < texels.size(); i += 4) {
    texels[i] = static_cast<uint8_t>(i % 251);
    texels[i + 1] = 64;
    texels[i + 2] = static_cast<uint8_t>(255 - i % 200);
    texels[i + 3] = 255;
  }
  GLuint tex[2];
  glGenTextures(2, tex);
  const std::array<GLenum, 2> formats = {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT};
  std::array<std::vector<uint8_t>, 2> blocks;
  for (int i = 0; i < 2; ++i) {
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(formats[static_cast<size_t>(i)]), 8, 8, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, texels.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    GLint compressed = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
    EXPECT_EQ(compressed, GL_TRUE);
    blocks[static_cast<size_t>(i)].resize(4 * 16);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks[static_cast<size_t>(i)].data());
  }
  EXPECT_EQ(blocks[0], blocks[1]);
  glDeleteTextures(2, tex);
}

}  // namespace
}  // namespace brass::e2e
