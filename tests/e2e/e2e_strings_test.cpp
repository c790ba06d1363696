// Strings and extension lists as applications read them through glvnd.
#include "e2e_fixture.h"

#include <set>

namespace brass::e2e {
namespace {

using E2eStrings = GlesTest;

TEST_F(E2eStrings, ExtensionStringAndIndexedListAgree) {
  const std::string all = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  ASSERT_GT(n, 0);
  std::set<std::string> indexed;
  for (GLint i = 0; i < n; ++i) indexed.insert(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i)));
  std::set<std::string> split;
  size_t pos = 0;
  while (pos < all.size()) {
    const size_t end = all.find(' ', pos);
    split.insert(all.substr(pos, end - pos));
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  EXPECT_EQ(indexed, split);
  // What ES 2.0 applications look for before using ES 3.0 core features.
  for (const char* e : {"GL_OES_depth24", "GL_OES_rgb8_rgba8", "GL_OES_depth_texture"})
    EXPECT_TRUE(indexed.count(e)) << e;
  EXPECT_EQ(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(n)), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST_F(E2eStrings, Es2ExtensionFormatsWork) {
  // GL_OES_depth24 + GL_OES_rgb8_rgba8: an RGB8 color and a DEPTH_COMPONENT24
  // renderbuffer make a complete framebuffer.
  GLuint rb[2], fb;
  glGenRenderbuffers(2, rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB8_OES, 16, 16);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24_OES, 16, 16);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  // GL_OES_depth_texture: an unsized depth texture with UNSIGNED_INT data.
  GLuint tex;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 16, 16, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(2, rb);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
