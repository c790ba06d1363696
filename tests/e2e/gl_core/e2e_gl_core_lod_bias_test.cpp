// TEXTURE_LOD_BIAS of texture and sampler objects (GL 4.6 §8.10, §8.14.1):
// a desktop sampler parameter (ES has none), added to the level of detail
// the shader computes or supplies, the sum clamped to MAX_TEXTURE_LOD_BIAS.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreLodBiasTest : public GlCoreTest {
 protected:
  // A 4x4 texture whose levels 0, 1, 2 are red, green and blue, sampled
  // with nearest mipmapping; bound to unit 0.
  GLuint mip_texture() {
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    const uint32_t colors[] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)};
    for (int level = 0; level < 3; ++level) {
      const int size = 4 >> level;
      std::vector<uint32_t> texels(size_t(size * size), colors[level]);
      glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
  }
  // Draws the viewport with textureLod(tex, uv, lod) and returns the centre.
  uint32_t draw_lod(GLuint prog, float lod) {
    glUseProgram(prog);
    glUniform1f(glGetUniformLocation(prog, "lod"), lod);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return pixel(kWidth / 2, kHeight / 2);
  }
  GLuint lod_program() {
    return program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D tex;
uniform float lod;
out vec4 color;
void main() { color = textureLod(tex, gl_FragCoord.xy / 32.0, lod); })");
  }
};

TEST_F(GlCoreLodBiasTest, TextureBiasMovesExplicitLod) {
  const GLuint tex = mip_texture();
  const GLuint prog = lod_program();
  EXPECT_EQ(draw_lod(prog, 0.0f), rgba(255, 0, 0));
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(draw_lod(prog, 0.0f), rgba(0, 255, 0));
  EXPECT_EQ(draw_lod(prog, 1.0f), rgba(0, 0, 255));
  // A negative bias moves the other way.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, -1);
  EXPECT_EQ(draw_lod(prog, 2.0f), rgba(0, 255, 0));
  GLfloat f = 0;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, -1.0f);
  // Any value is accepted and kept; the sum is clamped when used.
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, -1000.0f);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, -1000.0f);
  EXPECT_EQ(draw_lod(prog, 1.0f), rgba(255, 0, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreLodBiasTest, SamplerObjectBiasReplacesTheTextures) {
  const GLuint tex = mip_texture();
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
  const GLuint prog = lod_program();
  EXPECT_EQ(draw_lod(prog, 0.0f), rgba(0, 0, 255));
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindSampler(0, sampler);
  // A new sampler's bias is 0: the texture's is not used.
  GLfloat f = -5;
  glGetSamplerParameterfv(sampler, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, 0.0f);
  EXPECT_EQ(draw_lod(prog, 0.0f), rgba(255, 0, 0));
  glSamplerParameterf(sampler, GL_TEXTURE_LOD_BIAS, 1.0f);
  EXPECT_EQ(draw_lod(prog, 0.0f), rgba(0, 255, 0));
  GLint i = 0;
  glGetSamplerParameteriv(sampler, GL_TEXTURE_LOD_BIAS, &i);
  EXPECT_EQ(i, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindSampler(0, 0);
  glDeleteSamplers(1, &sampler);
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
}

// MAX_TEXTURE_LOD_BIAS is at least 2 (GL 4.6 table 23.55) and the same
// through every query form; biases beyond it are clamped to it.
TEST_F(GlCoreLodBiasTest, SumClampedToMaxTextureLodBias) {
  GLfloat max_bias = 0;
  GLint max_bias_i = 0;
  glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &max_bias);
  glGetIntegerv(GL_MAX_TEXTURE_LOD_BIAS, &max_bias_i);
  EXPECT_GE(max_bias, 2.0f);
  EXPECT_EQ(GLint(max_bias), max_bias_i);
  const GLuint tex = mip_texture();
  const GLuint prog = lod_program();
  // An explicit lod far below 0 with the largest bias there is: lod + max
  // stays below 0 when the bias is clamped (level 0), and would reach
  // level 2 if it were not.
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, max_bias + 100.0f);
  EXPECT_EQ(draw_lod(prog, -max_bias - 1.0f), rgba(255, 0, 0));
  EXPECT_EQ(draw_lod(prog, -max_bias + 2.0f), rgba(0, 0, 255));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
