// ARB_arrays_of_arrays through glvnd: arrays of arrays of uniforms,
// samplers, uniform and storage blocks, with their GL names ("a[1][0]",
// "B[1][2]"), locations and row-major bindings, and the extension in GLSL
// below 4.30 (1.20 and 1.50 sources). Results are pixels, buffer contents
// and queried values.
#include <array>
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreArraysOfArrays : public GlCoreTest {
 protected:
  uint32_t draw_center(GLuint p) {
    glUseProgram(p);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return pixel(kWidth / 2, kHeight / 2);
  }
};

TEST_F(GlCoreArraysOfArrays, ExtensionListed) { EXPECT_TRUE(has_extension("GL_ARB_arrays_of_arrays")); }

TEST_F(GlCoreArraysOfArrays, UniformBlockArrayOfArraysNamesBindingsAndData) {
  const GLuint p = program(kCoreFullscreenVs, R"(#version 150
#extension GL_ARB_arrays_of_arrays : enable
layout(std140) uniform B { vec4 v; } b[2][3];
uniform int i;
uniform int j;
out vec4 color;
void main() { color = b[i][j].v + b[0][1].v; })");
  // Every element is a block of its own, named row-major.
  for (const char* name : {"B[0][0]", "B[0][2]", "B[1][0]", "B[1][2]"})
    EXPECT_NE(glGetUniformBlockIndex(p, name), GL_INVALID_INDEX) << name;
  EXPECT_EQ(glGetUniformBlockIndex(p, "B[2][0]"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetUniformBlockIndex(p, "B[5]"), GL_INVALID_INDEX);
  GLint blocks = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
  EXPECT_EQ(blocks, 6);
  // Element (1, 2) reads binding 7, (0, 1) binding 3.
  glUniformBlockBinding(p, glGetUniformBlockIndex(p, "B[1][2]"), 7);
  glUniformBlockBinding(p, glGetUniformBlockIndex(p, "B[0][1]"), 3);
  const std::array<float, 4> red = {1, 0, 0, 0}, blue_alpha = {0, 0, 1, 1};
  const GLuint a = buffer(GL_UNIFORM_BUFFER, sizeof(red), red.data());
  const GLuint c = buffer(GL_UNIFORM_BUFFER, sizeof(blue_alpha), blue_alpha.data());
  glBindBufferBase(GL_UNIFORM_BUFFER, 7, a);
  glBindBufferBase(GL_UNIFORM_BUFFER, 3, c);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "i"), 1);
  glUniform1i(glGetUniformLocation(p, "j"), 2);
  EXPECT_EQ(draw_center(p), 0xffff00ffu);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &a);
  glDeleteBuffers(1, &c);
  glDeleteProgram(p);
}

TEST_F(GlCoreArraysOfArrays, ExplicitBlockBindingCountsRowMajor) {
  const GLuint p = program(kCoreFullscreenVs, R"(#version 430
layout(std140, binding = 2) uniform B { vec4 v; } b[2][2];
out vec4 color;
void main() { color = b[1][0].v + b[0][0].v; })");
  GLint binding = -1;
  glGetActiveUniformBlockiv(p, glGetUniformBlockIndex(p, "B[1][0]"), GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(binding, 4);
  glGetActiveUniformBlockiv(p, glGetUniformBlockIndex(p, "B[1][1]"), GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(binding, 5);
  glDeleteProgram(p);
}

TEST_F(GlCoreArraysOfArrays, StorageBlockArrayOfArraysWrittenByCompute) {
  const GLuint p = compute_program(R"(#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer S { uint x; } s[2][2];
void main() {
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) s[i][j].x = uint(10 * i + j + 1);
})");
  EXPECT_NE(glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "S[1][1]"), GL_INVALID_INDEX);
  std::array<GLuint, 4> bufs{};
  for (unsigned k = 0; k < 4; ++k) {
    const GLuint zero = 0;
    bufs[k] = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(zero), &zero);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, k, bufs[k]);
  }
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const GLuint expected[4] = {1, 2, 11, 12};
  for (unsigned k = 0; k < 4; ++k) {
    GLuint v = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[k]);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(v), &v);
    EXPECT_EQ(v, expected[k]) << "binding " << k;
  }
  glDeleteBuffers(4, bufs.data());
  glDeleteProgram(p);
}

TEST_F(GlCoreArraysOfArrays, SamplerArrayOfArraysLocationsAndBindings) {
  const GLuint p = program(kCoreFullscreenVs, R"(#version 430
layout(binding = 1) uniform sampler2D t[2][2];
out vec4 color;
void main() { color = texture(t[1][0], vec2(0.5)) + texture(t[0][1], vec2(0.5)); })");
  // Row-major from the binding: t[1][0] is unit 3, t[0][1] unit 2.
  GLint unit = -1;
  const GLint loc10 = glGetUniformLocation(p, "t[1][0]");
  ASSERT_GE(loc10, 0);
  glGetUniformiv(p, loc10, &unit);
  EXPECT_EQ(unit, 3);
  glGetUniformiv(p, glGetUniformLocation(p, "t[0][1]"), &unit);
  EXPECT_EQ(unit, 2);
  EXPECT_GE(glGetUniformLocation(p, "t[1][1]"), 0);
  EXPECT_EQ(glGetUniformLocation(p, "t[2][0]"), -1);
  const std::array<uint32_t, 1> green = {0xff00ff00u}, red = {0x000000ffu};
  std::array<GLuint, 2> tex{};
  glGenTextures(2, tex.data());
  for (int k = 0; k < 2; ++k) {
    glActiveTexture(GLenum(GL_TEXTURE2 + k));
    glBindTexture(GL_TEXTURE_2D, tex[k]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, k == 0 ? red.data() : green.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  }
  EXPECT_EQ(draw_center(p), 0xff00ffffu);
  glActiveTexture(GL_TEXTURE0);
  glDeleteTextures(2, tex.data());
  glDeleteProgram(p);
}

// A sampler array read below its last element: the GL uniform ends at the
// highest element read, the descriptors cover the declared array (the
// draw's pipeline is valid: the suite fails on any validation message).
TEST_F(GlCoreArraysOfArrays, PartlyReadSamplerArrayDraws) {
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D t[4];
out vec4 color;
void main() { color = texture(t[2], vec2(0.5)); })");
  GLint size = 0;
  GLenum type = 0;
  char name[32] = {};
  glGetActiveUniform(p, 0, sizeof(name), nullptr, &size, &type, name);
  EXPECT_STREQ(name, "t[0]");
  EXPECT_EQ(size, 3);
  const std::array<uint32_t, 1> green = {0xff00ff00u};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glActiveTexture(GL_TEXTURE5);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, green.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "t[2]"), 5);
  EXPECT_EQ(draw_center(p), 0xff00ff00u);
  glActiveTexture(GL_TEXTURE0);
  glDeleteTextures(1, &tex);
  glDeleteProgram(p);
}

TEST_F(GlCoreArraysOfArrays, Glsl120SourceWithTheExtension) {
  // GLSL 1.20 with the extension: compatibility built-ins and arrays of
  // arrays together; the uniform's GL names are "c[0][0]" and "c[1][0]",
  // arrays of 2.
  const GLuint p = program(kCoreFullscreenVs, R"(#version 120
#extension GL_ARB_arrays_of_arrays : enable
uniform vec4 c[2][2];
void main() { gl_FragColor = c[1][0] + c[0][1]; })");
  GLint count = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &count);
  bool saw_10 = false;
  for (GLint k = 0; k < count; ++k) {
    char name[64] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(p, GLuint(k), sizeof(name), nullptr, &size, &type, name);
    if (std::strcmp(name, "c[1][0]") == 0) {
      saw_10 = true;
      EXPECT_EQ(size, 2);
      EXPECT_EQ(type, static_cast<GLenum>(GL_FLOAT_VEC4));
    }
  }
  EXPECT_TRUE(saw_10);
  glUseProgram(p);
  glUniform4f(glGetUniformLocation(p, "c[1][0]"), 1, 0, 0, 0.5f);
  glUniform4f(glGetUniformLocation(p, "c[0][1]"), 0, 0, 1, 0.5f);
  glUniform4f(glGetUniformLocation(p, "c[1][1]"), 0, 1, 0, 0);
  EXPECT_EQ(draw_center(p), 0xffff00ffu);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
}

TEST_F(GlCoreArraysOfArrays, NotWithoutTheExtensionBelow430) {
  shader(GL_FRAGMENT_SHADER, R"(#version 150
uniform vec4 c[2][2];
out vec4 color;
void main() { color = c[1][0]; })",
         false);
}

}  // namespace
}  // namespace brass::e2e
