// TEXTURE_LOD_BIAS of textures and sampler objects (GL 4.6 §8.14.1, eq.
// 8.6): added to the computed and to the explicit level of detail, summed
// with the unit's bias and clamped to MAX_TEXTURE_LOD_BIAS. Results are
// queried values and the mip level a draw samples (each level its own
// colour).
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreTextureLodBias : public GlCoreTest {
 protected:
  // 8x8 texture, levels red, green, blue, white; NEAREST_MIPMAP_NEAREST.
  GLuint level_coloured_texture() {
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    const uint32_t colours[4] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
    for (int level = 0; level < 4; ++level) {
      const int size = 8 >> level;
      std::vector<uint32_t> texels(size * size, colours[level]);
      glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
  }
  // Draws with texture() where one pixel covers one texel of level 0
  // (computed LOD 0), or with textureLod(explicit_lod).
  uint32_t sampled(float explicit_lod = -1.0f) {
    const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D tex;
uniform float lod;
out vec4 c;
void main() {
  vec2 uv = gl_FragCoord.xy / 8.0;
  c = lod < 0.0 ? texture(tex, uv) : textureLod(tex, uv, lod);
})");
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "lod"), explicit_lod);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(3, 3);
    glDeleteProgram(p);
    return px;
  }
};

TEST_F(GlCoreTextureLodBias, TextureParameterQueriedAndDefaultZero) {
  const GLuint tex = level_coloured_texture();
  GLfloat f = -1;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, 0.0f);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.5f);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, 1.5f);
  // Kept as given; only its use is clamped.
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 40.0f);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, 40.0f);
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glGetSamplerParameterfv(sampler, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, 0.0f);
  glSamplerParameterf(sampler, GL_TEXTURE_LOD_BIAS, -0.5f);
  glGetSamplerParameterfv(sampler, GL_TEXTURE_LOD_BIAS, &f);
  EXPECT_EQ(f, -0.5f);
  GLfloat max_bias = 0;
  glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &max_bias);
  EXPECT_GE(max_bias, 2.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteSamplers(1, &sampler);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreTextureLodBias, BiasSelectsTheLevelSampled) {
  const GLuint tex = level_coloured_texture();
  EXPECT_EQ(sampled(), rgba(255, 0, 0));
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.0f);
  EXPECT_EQ(sampled(), rgba(0, 255, 0));
  // The explicit level of detail is biased too (eq. 8.6).
  EXPECT_EQ(sampled(1.0f), rgba(0, 0, 255));
  // Clamped to MAX_TEXTURE_LOD_BIAS (the device's, at least 2): level 2 where
  // it is 2, the last level (3) from 3 up.
  GLfloat max_bias = 0;
  glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &max_bias);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 40.0f);
  EXPECT_EQ(sampled(), max_bias < 3.0f ? rgba(0, 0, 255) : rgba(255, 255, 255));
  // A bound sampler object's bias replaces the texture's.
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glSamplerParameterf(sampler, GL_TEXTURE_LOD_BIAS, 3.0f - 2.0f);
  glBindSampler(0, sampler);
  EXPECT_EQ(sampled(), rgba(0, 255, 0));
  glBindSampler(0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteSamplers(1, &sampler);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
