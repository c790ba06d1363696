// Compatibility-profile texture formats and parameters
// (src/gl/compat/legacy_textures.cpp, the kAvailCompat rows of
// src/gl/pixel/format_table.cpp): intensity, luminance and alpha sizes,
// the luminance-to-RGB conversion and pixel transfer of uploads,
// DEPTH_TEXTURE_MODE, GENERATE_MIPMAP, GL_CLAMP, priorities and residency.
#include <cstring>
#include <vector>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

// Samples TEXTURE_2D of unit 0 at the centre of texel (0,0) into every
// pixel of a full-viewport triangle.
constexpr const char* kVs = R"(#version 130
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
constexpr const char* kFs = R"(#version 130
uniform sampler2D tex;
uniform vec2 coord;
void main() { gl_FragColor = texture(tex, coord); })";

class GlCompatLegacyTexturesTest : public GlCompatTest {
 protected:
  void SetUp() override {
    GlCompatTest::SetUp();
    if (HasFatalFailure()) return;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  }
  void TearDown() override {
    glDeleteTextures(1, &tex);
    if (prog) glDeleteProgram(prog);
    GlCompatTest::TearDown();
  }
  // What sampling texel (0,0) of the bound texture gives, as RGBA8.
  uint32_t sample(float s = 0.0f, float t = 0.0f) {
    if (!prog) prog = program(kVs, kFs);
    glUseProgram(prog);
    glUniform2f(glGetUniformLocation(prog, "coord"), s, t);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glUseProgram(0);
    return pixel(0, 0);
  }
  GLint level_param(GLenum pname, GLint level = 0) {
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, level, pname, &v);
    return v;
  }
  GLuint tex = 0, prog = 0;
};

TEST_F(GlCompatLegacyTexturesTest, IntensityReadsAsAllFourComponents) {
  const GLubyte v = 0x40;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_INTENSITY8, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_param(GL_TEXTURE_INTENSITY_SIZE), 8);
  EXPECT_EQ(level_param(GL_TEXTURE_RED_SIZE), 0);
  EXPECT_EQ(level_param(GL_TEXTURE_INTERNAL_FORMAT), GL_INTENSITY8);
  EXPECT_EQ(sample(), rgba(0x40, 0x40, 0x40, 0x40));
  // The unsized name and RGBA data (I takes R).
  const GLubyte c[4] = {0x80, 0x10, 0x20, 0x30};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_INTENSITY, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(sample(), rgba(0x80, 0x80, 0x80, 0x80));
}

TEST_F(GlCompatLegacyTexturesTest, LegacySizesAreAcceptedAndReported) {
  const GLushort v[2] = {0xffff, 0x8000};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE16, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_SHORT, v);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_param(GL_TEXTURE_LUMINANCE_SIZE), 16);
  EXPECT_EQ(level_param(GL_TEXTURE_LUMINANCE_TYPE), GL_UNSIGNED_NORMALIZED);
  EXPECT_EQ(sample(), rgba(255, 255, 255, 255));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA12, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_SHORT, &v[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_GE(level_param(GL_TEXTURE_ALPHA_SIZE), 12);
  EXPECT_EQ(sample(), rgba(0, 0, 0, 128));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE4_ALPHA4, 1, 1, 0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_SHORT, v);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(sample(), rgba(255, 255, 255, 128));
  for (GLenum f : {GL_RGB4, GL_RGB5, GL_RGB10, GL_RGB12, GL_RGBA2, GL_RGBA12, GL_R3_G3_B2, GL_ALPHA4,
                   GL_LUMINANCE12_ALPHA12, GL_INTENSITY16, GL_SLUMINANCE8, GL_COMPRESSED_LUMINANCE}) {
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(f), 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << f;
  }
  // Generic compressed names are stored uncompressed.
  EXPECT_EQ(level_param(GL_TEXTURE_COMPRESSED), GL_FALSE);
}

TEST_F(GlCompatLegacyTexturesTest, LuminanceDataBecomeRgbAndTransferApplies) {
  const GLubyte l = 200;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &l);
  EXPECT_EQ(sample(), rgba(200, 200, 200, 255));
  glPixelTransferf(GL_GREEN_SCALE, 0.5f);
  glPixelTransferf(GL_ALPHA_BIAS, -0.5f);
  const GLubyte c[4] = {255, 255, 255, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
  const uint32_t p = sample();
  EXPECT_EQ(p & 0xff, 255u);
  EXPECT_NEAR(int((p >> 8) & 0xff), 128, 1);
  EXPECT_NEAR(int(p >> 24), 128, 1);
}

TEST_F(GlCompatLegacyTexturesTest, DepthTextureModeSwizzlesDepthSamples) {
  GLint mode = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &mode);
  EXPECT_EQ(mode, GL_LUMINANCE);
  const GLfloat d = 0.5f;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  uint32_t p = sample();
  EXPECT_NEAR(int(p & 0xff), 128, 1);
  EXPECT_NEAR(int((p >> 16) & 0xff), 128, 1);
  EXPECT_EQ(p >> 24, 255u);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
  p = sample();
  EXPECT_EQ(p & 0xffffff, 0u);
  EXPECT_NEAR(int(p >> 24), 128, 1);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(GlCompatLegacyTexturesTest, GenerateMipmapDerivesLevelsOnUpload) {
  glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
  GLint on = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &on);
  EXPECT_EQ(on, GL_TRUE);
  std::vector<GLubyte> texels(4 * 4 * 4, 0);
  for (size_t i = 0; i < texels.size(); i += 4) texels[i] = 255;  // red
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(level_param(GL_TEXTURE_WIDTH, 1), 2);
  EXPECT_EQ(level_param(GL_TEXTURE_WIDTH, 2), 1);
  GLubyte top[4] = {};
  glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, top);
  EXPECT_EQ(top[0], 255);
  EXPECT_EQ(top[1], 0);
  // A change of the base level derives them again.
  const GLubyte green[4] = {0, 255, 0, 255};
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
  glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, top);
  EXPECT_EQ(top[0], 0);
  EXPECT_EQ(top[1], 255);
}

TEST_F(GlCompatLegacyTexturesTest, ClampWrapPriorityAndResidency) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
  GLint wrap = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
  EXPECT_EQ(wrap, GL_CLAMP);
  // Nearest sampling with GL_CLAMP reads the edge texel beyond the image.
  const GLubyte two[8] = {255, 0, 0, 255, 0, 0, 255, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, two);
  EXPECT_EQ(sample(1.5f, 0.5f), rgba(0, 0, 255));
  EXPECT_EQ(sample(-0.5f, 0.5f), rgba(255, 0, 0));
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, 2.0f);
  GLfloat prio = 0;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, &prio);
  EXPECT_EQ(prio, 1.0f);
  const GLclampf half = 0.5f;
  glPrioritizeTextures(1, &tex, &half);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, &prio);
  EXPECT_EQ(prio, 0.5f);
  GLint resident = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_RESIDENT, &resident);
  EXPECT_EQ(resident, GL_TRUE);
  GLboolean res[1] = {GL_FALSE};
  EXPECT_EQ(glAreTexturesResident(1, &tex, res), GL_TRUE);
  const GLuint bogus = 12345;
  EXPECT_EQ(glAreTexturesResident(1, &bogus, res), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace brass::e2e
