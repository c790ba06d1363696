// ASTC LDR cube map arrays (ES 3.2 §8.7 allows compressed cube map arrays;
// EXT_texture_cube_map_array in ES 3.1): glCompressedTexImage3D of whole
// cubes of layer-faces, and glTexStorage3D filled layer-face by layer-face
// with glCompressedTexSubImage3D; each cube and face sampled and read back.
#include <GLES3/gl32.h>

#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kCubes = 2, kLayerFaces = 6 * kCubes;
constexpr float kDirections[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

constexpr const char* kSampleFs = R"(#version 310 es
#extension GL_EXT_texture_cube_map_array : require
precision highp float;
uniform highp samplerCubeArray tex;
uniform vec4 coord;  // direction, cube
out vec4 o;
void main() { o = texture(tex, coord); })";

// A void-extent (constant color) LDR block of 8-bit color c (c * 257 as 16 bits).
std::vector<uint8_t> void_extent(uint8_t r, uint8_t g, uint8_t b) {
  std::vector<uint8_t> block = {0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  for (uint8_t c : {r, g, b, uint8_t(255)}) {
    block.push_back(c);
    block.push_back(c);
  }
  return block;
}

uint8_t face_red(int lf) { return uint8_t(20 * lf); }

class AstcCubeMapArray : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_texture_cube_map_array"));
    ASSERT_TRUE(has_extension("GL_KHR_texture_compression_astc_ldr"));
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
  }
  void TearDown() override {
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    Es31Test::TearDown();
  }
  uint32_t lookup(GLuint p, int face, int cube) {
    glUniform4f(glGetUniformLocation(p, "coord"), kDirections[face][0], kDirections[face][1], kDirections[face][2],
                float(cube));
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return pixel(2, 2);
  }
  GLuint vao_ = 0;
};

TEST_F(AstcCubeMapArray, EachCubeAndFaceSampled) {
  // 6x6 layer-faces in 6x6 blocks: one block each.
  std::vector<uint8_t> blocks;
  for (int lf = 0; lf < kLayerFaces; ++lf) {
    const std::vector<uint8_t> b = void_extent(face_red(lf), 40, 200);
    blocks.insert(blocks.end(), b.begin(), b.end());
  }
  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t[0]);
  // Layer-faces must be a multiple of 6, and imageSize must count them all.
  glCompressedTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 6, 6, kLayerFaces, 0,
                         GLsizei(blocks.size() - 16), blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 6, 6, kLayerFaces, 0,
                         GLsizei(blocks.size()), blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = program(kFullscreenVs310, kSampleFs);
  glUseProgram(p);
  for (int cube = 0; cube < kCubes; ++cube)
    for (int face = 0; face < 6; ++face)
      EXPECT_EQ(lookup(p, face, cube), rgba(face_red(6 * cube + face), 40, 200)) << "cube " << cube << " face " << face;

  // Immutable sRGB storage; layer-face 7 (cube 1, -X) replaced alone.
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t[1]);
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 6, 6, kLayerFaces);
  std::vector<uint8_t> black;
  for (int lf = 0; lf < kLayerFaces; ++lf) {
    const std::vector<uint8_t> b = void_extent(0, 0, 0);
    black.insert(black.end(), b.begin(), b.end());
  }
  glCompressedTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 0, 6, 6, kLayerFaces,
                            GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, GLsizei(black.size()), black.data());
  const std::vector<uint8_t> white = void_extent(255, 255, 255);
  glCompressedTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 7, 6, 6, 1, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR,
                            16, white.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  EXPECT_EQ(lookup(p, 1, 1), rgba(255, 255, 255));
  EXPECT_EQ(lookup(p, 0, 1), rgba(0, 0, 0));
  EXPECT_EQ(lookup(p, 1, 0), rgba(0, 0, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(2, t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
