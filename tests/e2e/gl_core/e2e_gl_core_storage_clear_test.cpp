// ARB_buffer_storage and ARB_clear_texture (GL 4.4) in a desktop core
// context: the ES extensions' handlers under the core names, listed at every
// version; a persistent coherent map read after a GPU copy, and
// glClearTexSubImage with desktop-only client formats (BGRA), read back.

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreStorageClear : public GlCoreTest {};

TEST_F(GlCoreStorageClear, PersistentCoherentMapSeesGpuCopy) {
  EXPECT_TRUE(has_extension("GL_ARB_buffer_storage"));
  GLuint b[2] = {};
  glGenBuffers(2, b);
  const uint32_t values[4] = {11, 22, 33, 44};
  glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
  glBufferStorage(GL_COPY_READ_BUFFER, sizeof(values), values, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
  const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  glBufferStorage(GL_COPY_WRITE_BUFFER, sizeof(values), nullptr, flags);
  const auto* map = static_cast<const uint32_t*>(glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, sizeof(values), flags));
  ASSERT_NE(map, nullptr);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, sizeof(values));
  glFinish();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(map[i], values[i]);
  GLint immutable = 0;
  glGetBufferParameteriv(GL_COPY_WRITE_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &immutable);
  EXPECT_EQ(immutable, GL_TRUE);
  glBufferData(GL_COPY_WRITE_BUFFER, 16, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteBuffers(2, b);
}

TEST_F(GlCoreStorageClear, ClearTexSubImageWithBgraData) {
  EXPECT_TRUE(has_extension("GL_ARB_clear_texture"));
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  const uint8_t bgra[4] = {255, 0, 0, 255};  // blue
  glClearTexImage(t, 0, GL_BGRA, GL_UNSIGNED_BYTE, bgra);
  const float red[4] = {1, 0, 0, 1};
  glClearTexSubImage(t, 0, 1, 1, 0, 2, 2, 1, GL_RGBA, GL_FLOAT, red);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<uint32_t> px(16, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const bool inside = x >= 1 && x < 3 && y >= 1 && y < 3;
      EXPECT_EQ(px[size_t(y) * 4 + x], inside ? rgba(255, 0, 0) : rgba(0, 0, 255)) << x << "," << y;
    }
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace brass::e2e
