// EXT_texture_sRGB_R8 / EXT_texture_sRGB_RG8 through glvnd: one- and
// two-channel sRGB textures decode to linear when sampled (on devices that
// cannot sample R8/R8G8 sRGB they are stored widened to RGBA8 sRGB), are not
// color-renderable, and take only GL_RED / GL_RG with GL_UNSIGNED_BYTE.
#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D tex;
out vec4 o;
void main() { o = texture(tex, vec2(0.5)); })";

class SrgbR8 : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_EXT_texture_sRGB_R8") || !has_extension("GL_EXT_texture_sRGB_RG8"))
      GTEST_SKIP() << "sRGB R8/RG8 not sampleable on this device";
  }
  // Samples a 1x1 texture of `internal_format` holding `texel` into the
  // pbuffer and returns the pixel.
  uint32_t sample(GLenum internal_format, GLenum format, const uint8_t* texel) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format), 1, 1, 0, format, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    GLuint p = program(kFullscreenVs, kFs);
    glUseProgram(p);
    glViewport(0, 0, kWidth, kHeight);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(3, 3);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteTextures(1, &t);
    return px;
  }
};

TEST_F(SrgbR8, SampledValuesAreDecodedToLinear) {
  // sRGB 128 is linear 0.2158 (55 of 255); 255 stays 255.
  const uint8_t r[1] = {128};
  EXPECT_EQ(sample(GL_SR8_EXT, GL_RED, r), rgba(55, 0, 0, 255));
  const uint8_t rg[2] = {128, 255};
  EXPECT_EQ(sample(GL_SRG8_EXT, GL_RG, rg), rgba(55, 255, 0, 255));
  const uint8_t zero[2] = {0, 64};  // 64 -> 0.0513 (13)
  EXPECT_EQ(sample(GL_SRG8_EXT, GL_RG, zero), rgba(0, 13, 0, 255));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SrgbR8, FormatRulesAndQueries) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t texel[4] = {};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_SR8_EXT, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "SR8 takes GL_RED";
  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRG8_EXT, 1, 1, 0, GL_RG, GL_FLOAT, texel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "SRG8 takes GL_UNSIGNED_BYTE";
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_SR8_EXT, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Not color-renderable: an attachment of it leaves the framebuffer incomplete.
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  GLint encoding = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                        GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &encoding);
  EXPECT_EQ(encoding, GL_SRGB);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
