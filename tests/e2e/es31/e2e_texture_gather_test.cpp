// ES 3.1 texture gather through glvnd: textureGather of each component,
// textureGatherOffset(s) and depth comparison gathers, results read back.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eTextureGather : public Es31Test {
 protected:
  // Draws with `fs` (reading sampler2D `tex` on unit 0) and returns the
  // centre pixel.
  uint32_t draw(const char* fs) {
    GLuint prog = program(kFullscreenVs310, fs);
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "tex"), 0);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDeleteProgram(prog);
    return pixel(16, 16);
  }
};

TEST_F(E2eTextureGather, GathersTheFourTexelsOfEachComponent) {
  GLint lo = 0, hi = 0;
  glGetIntegerv(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, &lo);
  glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, &hi);
  EXPECT_LE(lo, -8);
  EXPECT_GE(hi, 7);
  // 2x2 texels, red = 10, 20, 30, 40 (bottom-left, bottom-right, top-left,
  // top-right), green = red + 1.
  const uint8_t texels[16] = {10, 11, 0, 0, 20, 21, 0, 0, 30, 31, 0, 0, 40, 41, 0, 0};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  // textureGather at the centre returns (i0j1, i1j1, i1j0, i0j0): top-left,
  // top-right, bottom-right, bottom-left.
  EXPECT_EQ(draw(R"(#version 310 es
precision highp float;
uniform highp sampler2D tex;
out vec4 o;
void main() { o = textureGather(tex, vec2(0.5)); })"),
            rgba(30, 40, 20, 10));
  EXPECT_EQ(draw(R"(#version 310 es
precision highp float;
uniform highp sampler2D tex;
out vec4 o;
void main() { o = textureGather(tex, vec2(0.5), 1); })"),
            rgba(31, 41, 21, 11));
  // Offset by one texel right and up with clamping: every texel is the
  // top-right one.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  EXPECT_EQ(draw(R"(#version 310 es
precision highp float;
uniform highp sampler2D tex;
out vec4 o;
void main() { o = textureGatherOffset(tex, vec2(0.5), ivec2(1, 1)); })"),
            rgba(40, 40, 40, 40));
  glDeleteTextures(1, &tex);
}

TEST_F(E2eTextureGather, DepthComparisonGather) {
  const float depths[4] = {0.1f, 0.9f, 0.9f, 0.1f};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT32F, 2, 2);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, depths);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  // ref 0.5 < depth: top-left 0.9, top-right 0.1, bottom-right 0.9, bottom-left 0.1.
  EXPECT_EQ(draw(R"(#version 310 es
precision highp float;
uniform highp sampler2DShadow tex;
out vec4 o;
void main() { o = textureGather(tex, vec2(0.5), 0.5); })"),
            rgba(255, 0, 255, 0));
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
