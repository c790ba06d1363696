// KHR_robustness's bounded queries: glReadnPixels and glGetnUniform*v write
// no more than the caller's buffer holds (GL_INVALID_OPERATION and nothing
// written when the result needs more).
#include "e2e_robustness_fixture.h"

#include <vector>

namespace brass::e2e {
namespace {

using BoundedQueries = RobustnessTest;

TEST_F(BoundedQueries, ReadnPixelsChecksTheBufferSize) {
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<uint32_t> px(4 * 4, 0xdeadbeef);
  // 4x4 RGBA8 is 64 bytes.
  read_n_pixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, 63, px.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  for (uint32_t p : px) EXPECT_EQ(p, 0xdeadbeefu);
  read_n_pixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, -1, px.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  read_n_pixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, 64, px.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (uint32_t p : px) EXPECT_EQ(p, rgba(0, 255, 0));
  // With a row length of 5 pixels, 3x2 pixels span 20 + 12 bytes: the last
  // row counts only its pixels.
  std::vector<uint8_t> rgb(40, 0xab);
  glPixelStorei(GL_PACK_ROW_LENGTH, 5);
  read_n_pixels(0, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, 31, rgb.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  read_n_pixels(0, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, 32, rgb.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(rgb[1], 255);
  EXPECT_EQ(rgb[20 + 1], 255);
  EXPECT_EQ(rgb[32], 0xab);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  // The EXT_robustness and core names reach the same command.
  auto ext = reinterpret_cast<PFNGLREADNPIXELSEXTPROC>(eglGetProcAddress("glReadnPixelsEXT"));
  ASSERT_NE(ext, nullptr);
  ext(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, 8, px.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(BoundedQueries, GetnUniformChecksTheBufferSize) {
  static constexpr const char* kFs = R"(#version 300 es
precision mediump float;
uniform vec4 color;
uniform ivec2 offsets;
uniform uint mask;
out vec4 c;
void main() { c = color + vec4(offsets.xyxy) + float(mask); })";
  const GLuint p = program(kFullscreenVs, kFs);
  glUseProgram(p);
  const GLint color = glGetUniformLocation(p, "color");
  const GLint offsets = glGetUniformLocation(p, "offsets");
  const GLint mask = glGetUniformLocation(p, "mask");
  ASSERT_GE(color, 0);
  ASSERT_GE(offsets, 0);
  ASSERT_GE(mask, 0);
  glUniform4f(color, 0.25f, 0.5f, 0.75f, 1.0f);
  glUniform2i(offsets, -3, 7);
  glUniform1ui(mask, 42u);

  float f[5] = {-1, -1, -1, -1, -1};
  get_n_uniformfv(p, color, 12, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(f[0], -1.0f);
  get_n_uniformfv(p, color, 16, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(f[0], 0.25f);
  EXPECT_EQ(f[3], 1.0f);
  EXPECT_EQ(f[4], -1.0f);

  GLint i[3] = {0, 0, 99};
  get_n_uniformiv(p, offsets, 4, i);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  get_n_uniformiv(p, offsets, 8, i);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(i[0], -3);
  EXPECT_EQ(i[1], 7);
  EXPECT_EQ(i[2], 99);

  GLuint u = 0;
  get_n_uniformuiv(p, mask, 0, &u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  get_n_uniformuiv(p, mask, 4, &u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(u, 42u);
  glUseProgram(0);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
