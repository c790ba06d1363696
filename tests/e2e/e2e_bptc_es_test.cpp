// EXT_texture_compression_bptc in ES contexts, where the device samples
// BC7/BC6H: the formats in COMPRESSED_TEXTURE_FORMATS, TexImage2D of the
// extension's format/type rows compressed by the GL (gl/pixel/bptc_encoder.h)
// and sampled, other rows INVALID_OPERATION, and 3D textures of BPTC slices
// (TexStorage3D, TexSubImage3D).
#include "e2e_fixture.h"

#include <algorithm>
#include <vector>

namespace brass::e2e {
namespace {

constexpr const char* kSample2dFs = R"(#version 300 es
precision highp float;
uniform highp sampler2D tex;
out vec4 color;
void main() { color = texture(tex, gl_FragCoord.xy / 32.0); })";

constexpr const char* kSample3dFs = R"(#version 300 es
precision highp float;
uniform highp sampler3D tex;
out vec4 color;
void main() { color = texture(tex, vec3(gl_FragCoord.xy / 32.0, 0.75)); })";

class BptcEs : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_EXT_texture_compression_bptc"))
      GTEST_SKIP() << "the device does not sample BC6H/BC7 (no EXT_texture_compression_bptc)";
    glGenTextures(1, &tex);
  }
  void TearDown() override {
    glDeleteTextures(1, &tex);
    if (prog) glDeleteProgram(prog);
    GlesTest::TearDown();
  }
  void draw(const char* fs) {
    if (!prog) {
      prog = program(kFullscreenVs, fs);
      glUseProgram(prog);
    }
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  static void nearest(GLenum target) {
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
  GLuint tex = 0, prog = 0;
};

TEST_F(BptcEs, FormatsAreListed) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
  std::vector<GLint> formats(static_cast<size_t>(n));
  glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats.data());
  for (GLenum f : {GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT,
                   GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT})
    EXPECT_NE(std::find(formats.begin(), formats.end(), static_cast<GLint>(f)), formats.end()) << f;
}

TEST_F(BptcEs, UnormTexImageIsCompressedAndSampled) {
  // Four solid 4x4 quadrants, RGBA/UNSIGNED_BYTE (the extension's row).
  const uint32_t colours[4] = {rgba(255, 0, 0), rgba(0, 255, 0, 128), rgba(10, 20, 30), rgba(200, 201, 202, 7)};
  std::vector<uint32_t> img(8 * 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) img[y * 8 + x] = colours[(y / 4) * 2 + x / 4];
  glBindTexture(GL_TEXTURE_2D, tex);
  nearest(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, img.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw(kSample2dFs);
  // The single-subset modes the encoder uses (bptc_encoder.h) hold these
  // exactly, or within one step where 7-bit endpoints cannot.
  EXPECT_EQ(pixel(4, 4), colours[0]);
  EXPECT_EQ(pixel(20, 4), colours[1]);
  EXPECT_EQ(pixel(4, 20), colours[2]);
  EXPECT_TRUE(colour_near(pixel(20, 20), colours[3], 1));
  // A 4x4 block replaced; the float row is the float formats'.
  const std::vector<uint32_t> blue(16, rgba(0, 0, 255));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blue.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw(kSample2dFs);
  EXPECT_EQ(pixel(20, 20), rgba(0, 0, 255));
  EXPECT_EQ(pixel(4, 4), colours[0]);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blue.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const std::vector<float> f(8 * 8 * 4, 0.5f);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 8, 8, 0, GL_RGBA, GL_FLOAT, f.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(BptcEs, FloatTexImageIsCompressedAndSampled) {
  // RGB/FLOAT (the float formats' row): values the colour buffer holds.
  std::vector<float> img(4 * 4 * 3);
  for (size_t i = 0; i < img.size(); i += 3) {
    img[i] = 0.25f;
    img[i + 1] = 0.5f;
    img[i + 2] = 1.0f;
  }
  for (GLenum format : {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT}) {
    SCOPED_TRACE(format);
    glBindTexture(GL_TEXTURE_2D, tex);
    nearest(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(format), 4, 4, 0, GL_RGB, GL_FLOAT, img.data());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    draw(kSample2dFs);
    EXPECT_TRUE(colour_near(pixel(16, 16), rgba(64, 128, 255), 2));
  }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, 4, 4, 0, GL_RGBA, GL_FLOAT, img.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(BptcEs, ThreeDimensionalTextures) {
  glBindTexture(GL_TEXTURE_3D, tex);
  nearest(GL_TEXTURE_3D);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4, 2);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::vector<uint32_t> slices(4 * 4 * 2, rgba(255, 0, 0));
  std::fill(slices.begin() + 16, slices.end(), rgba(0, 255, 0));
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, slices.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  draw(kSample3dFs);  // r = 0.75: slice 1
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
}

}  // namespace
}  // namespace brass::e2e
