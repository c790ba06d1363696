// GLSL 1.30 shaders using what extensions add to them (uniform blocks,
// bit encoding, packing) and constant expressions of built-ins glslang does
// not fold, drawn and read back (compiler/legacy_extension_versions.h,
// compiler/constant_builtin_folding.h).
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreLegacyGlsl = GlCoreTest;

constexpr const char* kFullscreenVs130 = R"(#version 130
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

TEST_F(GlCoreLegacyGlsl, BitEncodingAndPackingIn130) {
  for (const char* ext : {"GL_ARB_shader_bit_encoding", "GL_ARB_shading_language_packing"})
    if (!has_extension(ext)) GTEST_SKIP() << ext;
  GLuint p = program(kFullscreenVs130, R"(#version 130
#extension GL_ARB_shader_bit_encoding : enable
#extension GL_ARB_shading_language_packing : require
uniform float one;
out vec4 c;
void main() {
  bool bits = floatBitsToUint(one) == 0x3f800000u && intBitsToFloat(0x40000000) == 2.0;
  vec4 round_trip = unpackUnorm4x8(packUnorm4x8(vec4(0.0, 1.0, 0.5, 1.0)));
  c = bits ? round_trip : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  glUniform1f(glGetUniformLocation(p, "one"), 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const uint32_t px = pixel(5, 5);
  EXPECT_EQ(px & 0xff, 0u);
  EXPECT_EQ((px >> 8) & 0xff, 255u);
  EXPECT_NEAR(int((px >> 16) & 0xff), 128, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
}

TEST_F(GlCoreLegacyGlsl, UniformBlockIn130) {
  // Uniform blocks are core since GL 3.1: every desktop context lists the extension.
  ASSERT_TRUE(has_extension("GL_ARB_uniform_buffer_object"));
  GLuint p = program(kFullscreenVs130, R"(#version 130
#extension GL_ARB_uniform_buffer_object : require
struct S { float r; };
layout(std140) uniform Colors { S s; float g; };
out vec4 c;
void main() { c = vec4(s.r, g, 0.0, 1.0); })");
  const GLuint block = glGetUniformBlockIndex(p, "Colors");
  ASSERT_NE(block, GL_INVALID_INDEX);
  glUniformBlockBinding(p, block, 1);
  // std140: the struct rounds up to 16 bytes, g follows at 16.
  const float data[8] = {0.25f, 9, 9, 9, 0.75f, 9, 9, 9};
  GLuint ubo = buffer(GL_UNIFORM_BUFFER, sizeof data, data);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const uint32_t px = pixel(5, 5);
  EXPECT_NEAR(int(px & 0xff), 64, 1);
  EXPECT_NEAR(int((px >> 8) & 0xff), 191, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
  glDeleteBuffers(1, &ubo);
}

TEST_F(GlCoreLegacyGlsl, ConstantBuiltinsSizeArraysAndInitializeConstants) {
  GLuint p = program(kCoreFullscreenVs, R"(#version 150
const mat2 m = mat2(2.0, 1.0, 1.0, 3.0);
const float d = determinant(m);              // 5
const float t = transpose(m)[0][1];          // 1
const float h = cosh(0.0);                   // 1
float values[int(d)];
out vec4 c;
void main() {
  c = vec4(float(values.length()) / 5.0, t, h * inverse(m)[0][0] * 5.0 / 3.0, 1.0);
})");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(255, 255, 255));
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
