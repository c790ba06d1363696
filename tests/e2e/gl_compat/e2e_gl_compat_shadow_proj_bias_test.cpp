// GLSL 1.10/1.20's projective shadow lookups with a bias
// (shadow2DProj(sampler2DShadow, vec4, float) and the 1D form: GLSL 1.20
// §8.7, fragment shaders), which the upgrader's vec4-returning helpers
// must overload too.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatShadowProjBiasTest = GlCompatTest;

TEST_F(GlCompatShadowProjBiasTest, BiasSelectsTheNextLevel) {
  // A 32x32 depth texture whose level 0 holds 0.25 and level 1 0.75,
  // compared LEQUAL with 0.5: level 0 fails, level 1 passes.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  for (int level = 0; level < 2; ++level) {
    const int size = kWidth >> level;
    std::vector<float> depth(size_t(size * size), level == 0 ? 0.25f : 0.75f);
    glTexImage2D(GL_TEXTURE_2D, level, GL_DEPTH_COMPONENT32F, size, size, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 depth.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  // One texel per pixel (level of detail 0), coordinates projected by q = 2.
  const GLuint p = program("#version 120\nvarying vec4 tc;\n"
                           "void main() { gl_Position = gl_Vertex; tc = vec4(gl_Vertex.xy + 1.0, 1.0, 2.0); }\n",
                           "#version 120\nuniform sampler2DShadow tex;\nuniform float bias;\nvarying vec4 tc;\n"
                           "void main() {\n"
                           "  gl_FragColor = vec4(shadow2DProj(tex, tc, bias).r, shadow2DProj(tex, tc).r, 0.0, 1.0);\n"
                           "}\n");
  glUseProgram(p);
  for (float bias : {0.0f, 1.0f}) {
    glUniform1f(glGetUniformLocation(p, "bias"), bias);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    // Red: the biased lookup (level 1 with bias 1); green: the unbiased one.
    EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), bias > 0 ? rgba(255, 0, 0) : rgba(0, 0, 0)) << bias;
  }
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
