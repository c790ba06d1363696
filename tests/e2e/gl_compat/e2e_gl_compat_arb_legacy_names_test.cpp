// GL 1.3 - 1.5 functionality under the ARB extension names a compatibility
// context lists (add_compatibility_extensions): ARB_vertex_buffer_object's
// *ARB commands drive the legacy arrays from a buffer, glWindowPos*ARB sets
// the raster position, and ARB_texture_cube_map's fixed-function cube
// texturing picks the face the texture coordinate points at.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatArbLegacyNamesTest = GlCompatTest;

template <typename T>
T proc(const char* name) {
  return reinterpret_cast<T>(eglGetProcAddress(name));
}

TEST_F(GlCompatArbLegacyNamesTest, VertexBufferObjectArbCommandsFeedTheLegacyArrays) {
  ASSERT_TRUE(has_extension("GL_ARB_vertex_buffer_object"));
  auto gen = proc<PFNGLGENBUFFERSARBPROC>("glGenBuffersARB");
  auto bind = proc<PFNGLBINDBUFFERARBPROC>("glBindBufferARB");
  auto data = proc<PFNGLBUFFERDATAARBPROC>("glBufferDataARB");
  auto map = proc<PFNGLMAPBUFFERARBPROC>("glMapBufferARB");
  auto unmap = proc<PFNGLUNMAPBUFFERARBPROC>("glUnmapBufferARB");
  auto is_buffer = proc<PFNGLISBUFFERARBPROC>("glIsBufferARB");
  auto get_param = proc<PFNGLGETBUFFERPARAMETERIVARBPROC>("glGetBufferParameterivARB");
  auto del = proc<PFNGLDELETEBUFFERSARBPROC>("glDeleteBuffersARB");
  ASSERT_TRUE(gen && bind && data && map && unmap && is_buffer && get_param && del);

  GLuint vbo = 0;
  gen(1, &vbo);
  bind(GL_ARRAY_BUFFER_ARB, vbo);
  EXPECT_TRUE(is_buffer(vbo));
  data(GL_ARRAY_BUFFER_ARB, 8 * sizeof(float), nullptr, GL_STATIC_DRAW_ARB);
  GLint size = 0;
  get_param(GL_ARRAY_BUFFER_ARB, GL_BUFFER_SIZE_ARB, &size);
  EXPECT_EQ(size, GLint(8 * sizeof(float)));
  // A full-window quad written through the ARB map.
  auto* p = static_cast<float*>(map(GL_ARRAY_BUFFER_ARB, GL_WRITE_ONLY_ARB));
  ASSERT_NE(p, nullptr);
  const float quad[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  for (int i = 0; i < 8; ++i) p[i] = quad[i];
  EXPECT_TRUE(unmap(GL_ARRAY_BUFFER_ARB));
  glVertexPointer(2, GL_FLOAT, 0, nullptr);
  glEnableClientState(GL_VERTEX_ARRAY);
  GLint binding = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING_ARB, &binding);
  EXPECT_EQ(binding, GLint(vbo));
  glViewport(0, 0, kWidth, kHeight);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glColor3f(0, 0, 1);
  glDrawArrays(GL_QUADS, 0, 4);
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 255));
  EXPECT_EQ(pixel(29, 29), rgba(0, 0, 255));
  glDisableClientState(GL_VERTEX_ARRAY);
  bind(GL_ARRAY_BUFFER_ARB, 0);
  del(1, &vbo);
  EXPECT_FALSE(is_buffer(vbo));
}

TEST_F(GlCompatArbLegacyNamesTest, WindowPosArbSetsTheRasterPosition) {
  ASSERT_TRUE(has_extension("GL_ARB_window_pos"));
  auto pos2i = proc<PFNGLWINDOWPOS2IARBPROC>("glWindowPos2iARB");
  auto pos3f = proc<PFNGLWINDOWPOS3FARBPROC>("glWindowPos3fARB");
  ASSERT_TRUE(pos2i && pos3f);
  pos2i(5, 7);
  GLint raster[4] = {};
  glGetIntegerv(GL_CURRENT_RASTER_POSITION, raster);
  EXPECT_EQ(raster[0], 5);
  EXPECT_EQ(raster[1], 7);
  glDepthRange(0.0, 0.5);
  pos3f(1.5f, 2.5f, 0.5f);
  GLfloat rasterf[4] = {};
  glGetFloatv(GL_CURRENT_RASTER_POSITION, rasterf);
  EXPECT_FLOAT_EQ(rasterf[0], 1.5f);
  EXPECT_FLOAT_EQ(rasterf[1], 2.5f);
  EXPECT_FLOAT_EQ(rasterf[2], 0.25f);  // z through the depth range
  GLboolean valid = GL_FALSE;
  glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  glDepthRange(0.0, 1.0);
}

TEST_F(GlCompatArbLegacyNamesTest, FixedFunctionCubeMapTexturingPicksTheFace) {
  ASSERT_TRUE(has_extension("GL_ARB_texture_cube_map"));
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARB, tex);
  // +X red, -X green, the other faces blue.
  for (GLenum face = GL_TEXTURE_CUBE_MAP_POSITIVE_X_ARB; face <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z_ARB; ++face) {
    const GLubyte c[4] = {GLubyte(face == GL_TEXTURE_CUBE_MAP_POSITIVE_X_ARB ? 255 : 0),
                          GLubyte(face == GL_TEXTURE_CUBE_MAP_NEGATIVE_X_ARB ? 255 : 0),
                          GLubyte(face > GL_TEXTURE_CUBE_MAP_NEGATIVE_X_ARB ? 255 : 0), 255};
    glTexImage2D(face, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARB, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_CUBE_MAP_ARB);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glViewport(0, 0, kWidth, kHeight);
  // Left half looks along -X, right half along +X.
  glBegin(GL_QUADS);
  glTexCoord3f(-1, 0.1f, 0.1f);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(0, 1);
  glVertex2f(-1, 1);
  glTexCoord3f(1, 0.1f, 0.1f);
  glVertex2f(0, -1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(0, 1);
  glEnd();
  EXPECT_EQ(pixel(5, 16), rgba(0, 255, 0));
  EXPECT_EQ(pixel(26, 16), rgba(255, 0, 0));
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE_ARB, &max_size);
  EXPECT_GE(max_size, 16);
  glDisable(GL_TEXTURE_CUBE_MAP_ARB);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
