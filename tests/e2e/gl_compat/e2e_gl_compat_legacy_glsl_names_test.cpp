// Shading-language and texture extension names a compatibility context
// lists for functionality it has: AMD_shader_trinary_minmax (min3/max3/mid3
// in GLSL 1.20, compiler/trinary_minmax.h), ARB_shader_texture_lod
// (explicit-LOD lookups in GLSL 1.20 fragment shaders) and
// ARB_texture_non_power_of_two.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatLegacyGlslNamesTest = GlCompatTest;

constexpr const char* kQuadVs = R"(#version 120
void main() { gl_TexCoord[0] = gl_MultiTexCoord0; gl_Position = gl_Vertex; })";

void draw_quad() {
  glBegin(GL_QUADS);
  glTexCoord2f(0, 0);
  glVertex2f(-1, -1);
  glTexCoord2f(1, 0);
  glVertex2f(1, -1);
  glTexCoord2f(1, 1);
  glVertex2f(1, 1);
  glTexCoord2f(0, 1);
  glVertex2f(-1, 1);
  glEnd();
}

TEST_F(GlCompatLegacyGlslNamesTest, TrinaryMinmaxInGlsl120) {
  ASSERT_TRUE(has_extension("GL_AMD_shader_trinary_minmax"));
  GLuint p = program(kQuadVs, R"(#version 120
#extension GL_AMD_shader_trinary_minmax : require
uniform vec3 a, b, c;
uniform int i;
void main() {
  // Constant folded (an array size) and computed at run time.
  float folded[mid3(1, 5, 3) == 3 ? 1 : -1];
  gl_FragColor = vec4(min3(a.x, b.x, c.x), max3(a.y, b.y, c.y), mid3(a.z, b.z, c.z),
                      float(mid3(i, 2, 0)) / 2.0 * float(folded.length()));
})");
  glUseProgram(p);
  glUniform3f(glGetUniformLocation(p, "a"), 0.5f, 0.0f, 0.25f);
  glUniform3f(glGetUniformLocation(p, "b"), 0.75f, 1.0f, 1.0f);
  glUniform3f(glGetUniformLocation(p, "c"), 0.25f, 0.5f, 0.5f);
  glUniform1i(glGetUniformLocation(p, "i"), 7);
  glViewport(0, 0, kWidth, kHeight);
  draw_quad();
  const uint32_t got = pixel(16, 16);
  EXPECT_NEAR(int(got & 0xff), 64, 1);           // min3(0.5, 0.75, 0.25)
  EXPECT_NEAR(int(got >> 8 & 0xff), 255, 1);     // max3(0, 1, 0.5)
  EXPECT_NEAR(int(got >> 16 & 0xff), 128, 1);    // mid3(0.25, 1, 0.5)
  EXPECT_NEAR(int(got >> 24 & 0xff), 255, 1);    // mid3(7, 2, 0) = 2
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(GlCompatLegacyGlslNamesTest, ShaderTextureLodSelectsTheLevelInAFragmentShader) {
  ASSERT_TRUE(has_extension("GL_ARB_shader_texture_lod"));
  // Level 0 red, level 1 green, level 2 blue.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const uint32_t colors[] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)};
  for (int level = 0; level < 3; ++level) {
    const int size = 4 >> level;
    std::vector<uint32_t> texels(size * size, colors[level]);
    glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = program(kQuadVs, R"(#version 120
#extension GL_ARB_shader_texture_lod : require
uniform sampler2D tex;
uniform float lod;
void main() {
  vec4 by_lod = texture2DLod(tex, gl_TexCoord[0].xy, lod);
  // Gradients of a quarter texture per pixel: level 2 of a 4x4 texture.
  vec4 by_grad = texture2DGradARB(tex, gl_TexCoord[0].xy, vec2(1.0, 0.0), vec2(0.0, 1.0));
  gl_FragColor = gl_FragCoord.x < 16.0 ? by_lod : by_grad;
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "tex"), 0);
  glUniform1f(glGetUniformLocation(p, "lod"), 1.0f);
  glViewport(0, 0, kWidth, kHeight);
  draw_quad();
  EXPECT_EQ(pixel(4, 16), rgba(0, 255, 0));
  EXPECT_EQ(pixel(28, 16), rgba(0, 0, 255));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCompatLegacyGlslNamesTest, NonPowerOfTwoTexturesMipmapAndRepeat) {
  ASSERT_TRUE(has_extension("GL_ARB_texture_non_power_of_two"));
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  // 3x5: left column green, the rest red; REPEAT wraps the coordinates.
  std::vector<uint32_t> texels(3 * 5, rgba(255, 0, 0));
  for (int y = 0; y < 5; ++y) texels[y * 3] = rgba(0, 255, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 3, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glViewport(0, 0, kWidth, kHeight);
  glBegin(GL_QUADS);  // s from 1 to 2: the texture once more, repeated
  glTexCoord2f(1, 0);
  glVertex2f(-1, -1);
  glTexCoord2f(2, 0);
  glVertex2f(1, -1);
  glTexCoord2f(2, 1);
  glVertex2f(1, 1);
  glTexCoord2f(1, 1);
  glVertex2f(-1, 1);
  glEnd();
  glDisable(GL_TEXTURE_2D);
  EXPECT_EQ(pixel(2, 16), rgba(0, 255, 0));
  EXPECT_EQ(pixel(20, 16), rgba(255, 0, 0));
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
