// Buffer textures in desktop contexts (GL 3.1 core, ARB_texture_buffer_object):
// a buffer's texels read by samplerBuffer in GLSL 1.40, the desktop-only
// 16-bit normalized formats of table 8.16, and the glGet state the ARB
// extension adds (the buffer texture's format and data store).
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kFetchVs = R"(#version 140
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
// Texel `index` of the buffer texture, as the colour of every fragment.
constexpr const char* kFetchFs = R"(#version 140
uniform samplerBuffer texels;
uniform int index;
out vec4 color;
void main() { color = texelFetch(texels, index); })";

TEST_F(GlCoreTest, BufferTextureOfA16BitNormalizedFormatIsSampled) {
  ASSERT_TRUE(has_extension("GL_ARB_texture_buffer_object"));
  ASSERT_TRUE(has_extension("GL_ARB_texture_buffer_range"));
  // Two RGBA16 texels: the second is read.
  const std::array<uint16_t, 8> texels = {0, 0, 0, 0, 0xffff, 0x8080, 0, 0xffff};
  GLuint buffer = 0, tex = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_TEXTURE_BUFFER, buffer);
  glBufferData(GL_TEXTURE_BUFFER, sizeof(texels), texels.data(), GL_STATIC_DRAW);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_BUFFER, tex);
  GLint format = 0, store = -1;
  glGetIntegerv(0x8C2E /* TEXTURE_BUFFER_FORMAT_ARB */, &format);
  EXPECT_EQ(format, GL_R8);  // 3.1 core's initial value
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA16, buffer);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetIntegerv(0x8C2E, &format);
  EXPECT_EQ(format, GL_RGBA16);
  glGetIntegerv(GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &store);
  EXPECT_EQ(store, static_cast<GLint>(buffer));
  GLint width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 2);

  const GLuint prog = program(kFetchVs, kFetchFs);
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "index"), 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const uint32_t p = pixel(kWidth / 2, kHeight / 2);
  EXPECT_EQ(p & 0xff, 0xffu);
  EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 0x80, 1);
  EXPECT_EQ((p >> 16) & 0xff, 0u);
  EXPECT_EQ(p >> 24, 0xffu);

  // A format outside table 8.16 (RGB8), and a buffer name never generated.
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, buffer);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // The compatibility profile's legacy formats are not the core profile's.
  for (GLenum legacy : {GLenum{0x803C} /* ALPHA8 */, GLenum{0x8045} /* LUMINANCE8_ALPHA8 */, GLenum{0x881D} /* INTENSITY16F_ARB */,
                        GLenum{0x8D92} /* LUMINANCE8I_EXT */, GLenum{0x8D72} /* ALPHA32UI_EXT */}) {
    glTexBuffer(GL_TEXTURE_BUFFER, legacy, buffer);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM)) << std::hex << legacy;
  }
  glTexBuffer(GL_TEXTURE_BUFFER, GL_R8, 12345);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetIntegerv(0x8C2E, &format);
  EXPECT_EQ(format, GL_RGBA16);  // unchanged by the failed calls
  glDeleteProgram(prog);
  glDeleteTextures(1, &tex);
  glDeleteBuffers(1, &buffer);
}

}  // namespace
}  // namespace brass::e2e
