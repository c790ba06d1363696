// Desktop readbacks and draws whose results are read back: glGetBufferSubData,
// glGetTexImage, and the base-vertex and multi-draw commands under their
// desktop core names (the handlers ES reaches through OES/EXT extensions).
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(GlCoreTest, GetBufferSubDataReadsWhatWasWritten) {
  GLuint b = 0;
  glGenBuffers(1, &b);
  glBindBuffer(GL_COPY_WRITE_BUFFER, b);
  const uint32_t data[4] = {1, 2, 3, 0xdeadbeef};
  glBufferData(GL_COPY_WRITE_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
  const uint32_t more = 42;
  glBufferSubData(GL_COPY_WRITE_BUFFER, 4, sizeof(more), &more);
  uint32_t out[4] = {};
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof(out), out);
  EXPECT_EQ(out[0], 1u);
  EXPECT_EQ(out[1], 42u);
  EXPECT_EQ(out[3], 0xdeadbeefu);
  uint32_t one = 0;
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 8, 4, &one);
  EXPECT_EQ(one, 3u);
  // Errors: range, negative values, target, nothing bound, mapped.
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 12, 8, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, -1, 4, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetBufferSubData(GL_TEXTURE_2D, 0, 4, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Desktop glMapBuffer maps for reading too.
  const auto* mapped = static_cast<const uint32_t*>(glMapBuffer(GL_COPY_WRITE_BUFFER, GL_READ_ONLY));
  ASSERT_NE(mapped, nullptr);
  EXPECT_EQ(mapped[1], 42u);
  GLint access = 0;
  glGetBufferParameteriv(GL_COPY_WRITE_BUFFER, GL_BUFFER_ACCESS, &access);
  EXPECT_EQ(access, GL_READ_ONLY);
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 4, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_COPY_WRITE_BUFFER);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 4, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteBuffers(1, &b);
}

TEST_F(GlCoreTest, GetTexImageReadsLevelsFacesAndLayers) {
  GLuint tex[3] = {};
  glGenTextures(3, tex);
  // 2D, level 1 of a 4x4 texture, converted to floats on the way out.
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  std::vector<uint32_t> level0(16, rgba(1, 2, 3, 4));
  std::vector<uint32_t> level1 = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255, 0)};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, level1.data());
  std::vector<uint32_t> out(4, 0);
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, level1);
  std::array<float, 16> f{};
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_FLOAT, f.data());
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[1], 0.0f);
  EXPECT_EQ(f[15], 0.0f);
  // Cube face.
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
  for (GLenum face = GL_TEXTURE_CUBE_MAP_POSITIVE_X; face <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z; ++face) {
    const uint32_t c = rgba(static_cast<uint8_t>(face - GL_TEXTURE_CUBE_MAP_POSITIVE_X), 9, 9);
    glTexImage2D(face, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &c);
  }
  uint32_t px = 0;
  glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA, GL_UNSIGNED_BYTE, &px);
  EXPECT_EQ(px, rgba(3, 9, 9));
  // Every layer of an array.
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
  const uint32_t layers[3] = {rgba(10, 0, 0), rgba(20, 0, 0), rgba(30, 0, 0)};
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 1, 1, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers);
  uint32_t got[3] = {};
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
  EXPECT_EQ(got[0], layers[0]);
  EXPECT_EQ(got[2], layers[2]);
  // Errors.
  glGetTexImage(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, GL_UNSIGNED_BYTE, &px);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetTexImage(GL_TEXTURE_2D, -1, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, 0x1234, out.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteTextures(3, tex);
}

// Index-table positions: one quad per quarter of the viewport, selected by
// base vertex / first.
class GlCoreDraws : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    prog = program(R"(#version 330 core
const vec2 corner[4] = vec2[](vec2(0, 0), vec2(1, 0), vec2(0, 1), vec2(1, 1));
const vec2 quarter[4] = vec2[](vec2(-1, -1), vec2(0, -1), vec2(-1, 0), vec2(0, 0));
void main() {
  gl_Position = vec4(quarter[gl_VertexID / 4] + corner[gl_VertexID % 4], 0.0, 1.0);
})",
                   R"(#version 330 core
out vec4 c;
void main() { c = vec4(1.0); })");
    glUseProgram(prog);
    glGenBuffers(1, &ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
    const GLushort quad[6] = {0, 1, 2, 2, 1, 3};
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void TearDown() override {
    glDeleteBuffers(1, &ebo);
    glDeleteProgram(prog);
    GlCoreTest::TearDown();
  }
  // Which quarters are white: bit q for quarter q (0 bottom-left, 1
  // bottom-right, 2 top-left, 3 top-right).
  unsigned quarters() {
    unsigned m = 0;
    const int at[4][2] = {{8, 8}, {24, 8}, {8, 24}, {24, 24}};
    for (unsigned q = 0; q < 4; ++q)
      if (pixel(at[q][0], at[q][1]) == rgba(255, 255, 255)) m |= 1u << q;
    return m;
  }
  GLuint prog = 0, ebo = 0;
};

TEST_F(GlCoreDraws, BaseVertexDraws) {
  glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr, 4);
  EXPECT_EQ(quarters(), 0b0010u);
  glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT, nullptr, 8);
  EXPECT_EQ(quarters(), 0b0110u);
  glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr, 2, 12);
  EXPECT_EQ(quarters(), 0b1110u);
  glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr, 0);
  EXPECT_EQ(quarters(), 0b1111u);
  glDrawElementsBaseVertex(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, nullptr, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST_F(GlCoreDraws, MultiDraws) {
  const GLint first[2] = {0, 12};
  const GLsizei count[2] = {4, 4};
  glMultiDrawArrays(GL_TRIANGLE_STRIP, first, count, 2);
  EXPECT_EQ(quarters(), 0b1001u);
  const GLsizei ecount[2] = {6, 6};
  const void* offsets[2] = {nullptr, nullptr};
  const GLint base[2] = {4, 8};
  glMultiDrawElementsBaseVertex(GL_TRIANGLES, ecount, GL_UNSIGNED_SHORT, offsets, 2, base);
  EXPECT_EQ(quarters(), 0b1111u);
  glMultiDrawElements(GL_TRIANGLES, ecount, GL_UNSIGNED_SHORT, offsets, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace brass::e2e
