// ARB_viewport_array and ARB_texture_view in a desktop 3.3 core context:
// the same implementation as ES's OES extensions, through GL's entry points
// (doubles for depth ranges, glGetDoublei_v, glDepthRange) and GL's view
// classes (the 16-bit normalized formats). Results read back on the CPU.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreViews : public GlCoreTest {};

TEST_F(GlCoreViews, ViewportArrayWithDoubles) {
  ASSERT_TRUE(has_extension("GL_ARB_viewport_array"));
  GLint max = 0;
  glGetIntegerv(GL_MAX_VIEWPORTS, &max);
  EXPECT_GE(max, 16);
  glDepthRangeIndexed(3, 0.25, 0.75);
  GLdouble d[2] = {};
  glGetDoublei_v(GL_DEPTH_RANGE, 3, d);
  EXPECT_EQ(d[0], 0.25);
  EXPECT_EQ(d[1], 0.75);
  const GLdouble ranges[4] = {0.5, 2.0, 0.125, 0.0};
  glDepthRangeArrayv(4, 2, ranges);
  glGetDoublei_v(GL_DEPTH_RANGE, 4, d);
  EXPECT_EQ(d[1], 1.0);  // clamped
  glDepthRange(0.0, 0.5);  // every viewport's
  glGetDoublei_v(GL_DEPTH_RANGE, 5, d);
  EXPECT_EQ(d[1], 0.5);
  GLfloat dr[2] = {};
  glGetFloatv(GL_DEPTH_RANGE, dr);
  EXPECT_EQ(dr[1], 0.5f);
  glViewportIndexedf(1, 0.5f, 1.0f, 8.0f, 9.0f);
  GLfloat v[4] = {};
  glGetFloati_v(GL_VIEWPORT, 1, v);
  EXPECT_EQ(v[0], 0.5f);
  EXPECT_EQ(v[3], 9.0f);
  glDepthRangeIndexed(static_cast<GLuint>(max), 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glScissorIndexedv(static_cast<GLuint>(max), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glViewportArrayv(0, -2, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDepthRange(0.0, 1.0);
}

TEST_F(GlCoreViews, TextureViewReinterpretsStorage) {
  ASSERT_TRUE(has_extension("GL_ARB_texture_view"));
  GLuint orig = 0, u = 0, n16 = 0, n16view = 0;
  glGenTextures(1, &orig);
  glBindTexture(GL_TEXTURE_2D, orig);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
  const uint32_t texel = rgba(0x10, 0x20, 0x30, 0x40);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  glGenTextures(1, &u);
  glTextureView(u, GL_TEXTURE_2D, orig, GL_R32UI, 0, 1, 0, 1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, u);
  GLint min_level = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LEVELS, &min_level);
  EXPECT_EQ(min_level, 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform usampler2D tex;
out vec4 color;
void main() { color = texelFetch(tex, ivec2(0), 0).r == 0x40302010u ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); })");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(3, 3), rgba(0, 255, 0));
  // GL's table puts R16 with RG8 (OES_texture_view does not).
  glGenTextures(1, &n16);
  glBindTexture(GL_TEXTURE_2D, n16);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R16, 1, 1);
  glGenTextures(1, &n16view);
  glTextureView(n16view, GL_TEXTURE_2D, n16, GL_RG8, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
  const GLuint all[] = {orig, u, n16, n16view};
  glDeleteTextures(4, all);
}

}  // namespace
}  // namespace brass::e2e
