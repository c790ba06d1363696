// TEXTURE_SWIZZLE_RGBA (desktop GL 3.3, the vector glTexParameter forms): all
// four swizzles at once, seen by texture() and textureGather alike.
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kSampleAndGatherFs = R"(#version 330 core
#extension GL_ARB_texture_gather : require
uniform sampler2D s;
uniform bool gather;
out vec4 color;
void main() { color = gather ? textureGather(s, vec2(0.5)) : texture(s, vec2(0.5)); })";

TEST_F(GlCoreTest, SwizzleRgbaSetsAllFourAndGatherSeesThem) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const uint32_t texel = rgba(10, 20, 30, 40);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const GLint swizzle[4] = {GL_GREEN, GL_ALPHA, GL_ZERO, GL_ONE};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint back[4] = {};
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, back);
  EXPECT_EQ(std::to_array(back), std::to_array(swizzle));
  GLint one = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, &one);
  EXPECT_EQ(one, GL_ZERO);

  const GLuint prog = program(kCoreFullscreenVs, kSampleAndGatherFs);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(20, 40, 0, 255));
  // textureGather reads the swizzled red: the source's green, from all four texels.
  glUniform1i(glGetUniformLocation(prog, "gather"), 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(20, 20, 20, 20));

  // One bad value changes none of them.
  const GLint bad[4] = {GL_RED, GL_RED, GL_RED, GL_TEXTURE_2D};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, bad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, back);
  EXPECT_EQ(std::to_array(back), std::to_array(swizzle));
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
