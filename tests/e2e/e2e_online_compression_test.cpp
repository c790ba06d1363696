// Uncompressed texels given to glTexImage2D/glTexSubImage2D for an S3TC or
// RGTC internal format (EXT_texture_compression_s3tc, EXT_texture_compression_rgtc
// on ES): the GL compresses them (gl/pixel/bc_encoder.h) and the image is
// sampled as the compressed format; TexSubImage writes whole blocks only.
#include "e2e_fixture.h"

#include <array>
#include <vector>

namespace brass::e2e {
namespace {

constexpr const char* kSampleFs = R"(#version 300 es
precision highp float;
uniform highp sampler2D tex;
out vec4 color;
void main() { color = texture(tex, gl_FragCoord.xy / 32.0); })";

class OnlineCompression : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    prog = program(kFullscreenVs, kSampleFs);
    glUseProgram(prog);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
  void TearDown() override {
    glDeleteTextures(1, &tex);
    glDeleteProgram(prog);
    GlesTest::TearDown();
  }
  void draw() {
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  // The texel of an 8x8 texture the pixel (x, y) of the 32x32 surface shows.
  static int texel_of(int p) { return p / 4; }

  GLuint prog = 0, tex = 0;
};

// An 8 x 8 RGBA8 image of four 4 x 4 quadrants: one block each.
std::vector<uint8_t> quadrants(const std::array<uint32_t, 4>& colours) {
  std::vector<uint8_t> img(8 * 8 * 4);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const uint32_t c = colours[(y / 4) * 2 + x / 4];
      for (int ch = 0; ch < 4; ++ch) img[(y * 8 + x) * 4 + ch] = static_cast<uint8_t>(c >> (8 * ch));
    }
  return img;
}

TEST_F(OnlineCompression, S3tcTexImageAndBlockAlignedSubImage) {
  if (!has_extension("GL_EXT_texture_compression_s3tc")) GTEST_SKIP() << "no EXT_texture_compression_s3tc";
  const std::array<uint32_t, 4> colours = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
  const std::vector<uint8_t> img = quadrants(colours);
  for (GLenum format : {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                        GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT}) {
    SCOPED_TRACE(format);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(format), 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, img.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    draw();
    for (int y = 2; y < 32; y += 8)
      for (int x = 2; x < 32; x += 8)
        EXPECT_EQ(pixel(x, y), colours[(texel_of(y) / 4) * 2 + texel_of(x) / 4]) << x << "," << y;

    // One block replaced with yellow: 4-aligned offsets and a 4 x 4 size.
    std::vector<uint8_t> yellow(4 * 4 * 4);
    for (size_t i = 0; i < yellow.size(); i += 4) {
      yellow[i] = yellow[i + 1] = yellow[i + 3] = 255;
      yellow[i + 2] = 0;
    }
    glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, yellow.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    draw();
    EXPECT_EQ(pixel(20, 4), rgba(255, 255, 0));
    EXPECT_EQ(pixel(4, 4), colours[0]);
    EXPECT_EQ(pixel(20, 20), colours[3]);

    // Offsets or sizes off the block grid (not reaching the edge).
    glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, yellow.data());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 4, GL_RGBA, GL_UNSIGNED_BYTE, yellow.data());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
    // Integer data never suits a normalized format.
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, yellow.data());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  }
}

TEST_F(OnlineCompression, S3tcEdgeBlocksAndFloatData) {
  if (!has_extension("GL_EXT_texture_compression_s3tc")) GTEST_SKIP() << "no EXT_texture_compression_s3tc";
  // 6 x 6 from RGBA/FLOAT: partial blocks on the right and top edges; a
  // sub-image that ends at the edge may be partial.
  std::vector<float> img(6 * 6 * 4);
  for (size_t i = 0; i < img.size(); i += 4) {
    img[i] = 0.0f;
    img[i + 1] = 1.0f;
    img[i + 2] = 0.0f;
    img[i + 3] = 1.0f;
  }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 6, 6, 0, GL_RGBA, GL_FLOAT, img.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<float> red = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};  // 2 x 2
  glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 2, 2, GL_RGBA, GL_FLOAT, red.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_FLOAT, red.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  draw();
  // Texel (x, y) of the 6x6 image covers 32/6 pixels.
  EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(29, 29), rgba(255, 0, 0));
  EXPECT_EQ(pixel(29, 2), rgba(0, 255, 0));
}

TEST_F(OnlineCompression, RgtcUnsignedAndSigned) {
  if (!has_extension("GL_EXT_texture_compression_rgtc")) GTEST_SKIP() << "no EXT_texture_compression_rgtc";
  // RED_RGTC1: a 4 x 4 block of one value.
  const std::vector<uint8_t> r(16, 200);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1_EXT, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, r.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw();
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(200, 0, 0, 255)));
  // SIGNED_RED_GREEN_RGTC2 from RG/BYTE: red 127 (1.0), green -127 (-1.0,
  // which the colour buffer clamps to 0) in one half, 0 and 127 in the other.
  std::vector<int8_t> rg(16 * 2);
  for (int i = 0; i < 16; ++i) {
    rg[i * 2] = i % 4 < 2 ? 127 : 0;
    rg[i * 2 + 1] = i % 4 < 2 ? -127 : 127;
  }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_GREEN_RGTC2_EXT, 4, 4, 0, GL_RG, GL_BYTE, rg.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw();
  EXPECT_TRUE(colour_near(pixel(4, 16), rgba(255, 0, 0, 255)));
  EXPECT_TRUE(colour_near(pixel(28, 16), rgba(0, 255, 0, 255)));
  // Integer client data: INVALID_OPERATION.
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1_EXT, 4, 4, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, r.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

// CopyTexImage2D / CopyTexSubImage2D into S3TC and RGTC (the extensions
// list CopyTexImage2D): the read buffer's texels, compressed.
TEST_F(OnlineCompression, CopiesFromTheReadBuffer) {
  if (!has_extension("GL_EXT_texture_compression_s3tc")) GTEST_SKIP() << "no EXT_texture_compression_s3tc";
  // Quadrants of the 32x32 surface: red, green / blue, white.
  const uint32_t colours[4] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
  const auto fill = [&] {
    glEnable(GL_SCISSOR_TEST);
    for (int q = 0; q < 4; ++q) {
      glScissor((q % 2) * 16, (q / 2) * 16, 16, 16);
      const uint32_t c = colours[q];
      glClearColor(float(c & 0xff) / 255.0f, float(c >> 8 & 0xff) / 255.0f, float(c >> 16 & 0xff) / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
  };
  fill();
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 0, 0, 32, 32, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw();
  EXPECT_EQ(pixel(4, 4), colours[0]);
  EXPECT_EQ(pixel(28, 4), colours[1]);
  EXPECT_EQ(pixel(4, 28), colours[2]);
  EXPECT_EQ(pixel(28, 28), colours[3]);
  // The red quadrant over the white one's texels, then a misaligned copy.
  fill();
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 16, 16, 0, 0, 16, 16);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 0, 0, 4, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  draw();
  EXPECT_EQ(pixel(28, 28), colours[0]);
  EXPECT_EQ(pixel(4, 28), colours[2]);
  // RGTC2 takes red and green.
  fill();
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_GREEN_RGTC2_EXT, 0, 0, 32, 32, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw();
  EXPECT_EQ(pixel(28, 4), rgba(0, 255, 0));
  EXPECT_EQ(pixel(28, 28), rgba(255, 255, 0));
}

TEST_F(OnlineCompression, FormatsWithoutAnEncoderStayCompressedOnly) {
  // ETC2 is no TexImage internalformat in ES (tables 8.11-8.13).
  const std::vector<uint8_t> texels(4 * 4 * 4, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace brass::e2e
