// Cube map arrays in desktop contexts (ARB_texture_cube_map_array, GL 4.0
// core): the ES 3.2 target reached from desktop GLSL with the extension.
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// Samples layer-face `cube` (a cube of the array) in direction +X.
constexpr const char* kSampleCubeArrayFs = R"(#version 330 core
#extension GL_ARB_texture_cube_map_array : require
uniform samplerCubeArray cubes;
uniform float cube;
out vec4 color;
void main() { color = texture(cubes, vec4(1.0, 0.0, 0.0, cube)); })";

TEST_F(GlCoreTest, CubeMapArrayLayersAreSampledFromDesktopGlsl) {
  ASSERT_TRUE(has_extension("GL_ARB_texture_cube_map_array"));
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex);
  // Two cubes: 12 layer-faces of 2x2, cube i's faces all (40 * (i + 1), ...).
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 2, 2, 12);
  for (int layer = 0; layer < 12; ++layer) {
    const uint8_t v = static_cast<uint8_t>(40 * (layer / 6 + 1));
    const std::vector<uint32_t> texels(4, rgba(v, 0, 255 - v));
    glTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, layer, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLint binding = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, &binding);
  EXPECT_EQ(binding, static_cast<GLint>(tex));
  const GLuint prog = program(kCoreFullscreenVs, kSampleCubeArrayFs);
  glUseProgram(prog);
  glUniform1f(glGetUniformLocation(prog, "cube"), 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(80, 0, 175));
  glUniform1f(glGetUniformLocation(prog, "cube"), 0.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(40, 0, 215));
  // Layer counts that are not whole cubes are refused.
  GLuint bad = 0;
  glGenTextures(1, &bad);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, bad);
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 2, 2, 7);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteTextures(1, &bad);
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
