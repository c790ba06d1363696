// Direct state access to textures (ARB_direct_state_access, GL 4.6 §8) in
// a 4.6 core context (BRASS_GL_VERSION_OVERRIDE=4.6): glCreateTextures,
// glTextureStorage*, glTextureSubImage* (a cube map's faces as layers),
// glCopyTextureSubImage*, glTextureParameter*, glGenerateTextureMipmap,
// glBindTextureUnit and the glGetTexture* queries on textures bound
// nowhere; texels read back with glGetTextureImage or through a draw.
#include <array>
#include <cstring>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlDsaTextures : public GlCore4xTest {
 protected:
  static GLint level_param(GLuint t, GLint level, GLenum pname) {
    GLint v = -1;
    glGetTextureLevelParameteriv(t, level, pname, &v);
    return v;
  }
};

TEST_F(GlDsaTextures, CreateTexturesGivesTheTarget) {
  GLuint t[3] = {};
  glCreateTextures(GL_TEXTURE_2D_ARRAY, 3, t);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(glIsTexture(t[2]));
  GLint target = 0;
  glGetTextureParameteriv(t[1], GL_TEXTURE_TARGET, &target);
  EXPECT_EQ(target, GL_TEXTURE_2D_ARRAY);
  // Bound elsewhere than its target: INVALID_OPERATION, as for any texture.
  glBindTexture(GL_TEXTURE_2D, t[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint bad = 0;
  glCreateTextures(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, &bad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(bad, 0u);
  glCreateTextures(GL_TEXTURE_2D, -1, &bad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteTextures(3, t);
}

TEST_F(GlDsaTextures, StorageSubImageAndReadBack) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureStorage2D(t, 2, GL_RGBA8, 4, 4);
  std::vector<uint32_t> texels(16);
  for (uint32_t i = 0; i < 16; ++i) texels[i] = 0xff000000u | i * 0x010203u;
  glTextureSubImage2D(t, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  const uint32_t red = rgba(255, 0, 0);
  glTextureSubImage2D(t, 1, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &red);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::vector<uint32_t> out(16, 0);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, 16 * 4, out.data());
  EXPECT_EQ(out, texels);
  std::array<uint32_t, 4> level1{};
  glGetTextureImage(t, 1, GL_RGBA, GL_UNSIGNED_BYTE, 16, level1.data());
  EXPECT_EQ(level1[3], red);
  // The buffer is too small for the image.
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, 15 * 4, out.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  EXPECT_EQ(level_param(t, 0, GL_TEXTURE_WIDTH), 4);
  EXPECT_EQ(level_param(t, 1, GL_TEXTURE_HEIGHT), 2);
  EXPECT_EQ(level_param(t, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
  GLint immutable = 0, levels = 0;
  glGetTextureParameteriv(t, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  glGetTextureParameteriv(t, GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
  EXPECT_EQ(immutable, GL_TRUE);
  EXPECT_EQ(levels, 2);
  // Storage once only.
  glTextureStorage2D(t, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
}

TEST_F(GlDsaTextures, CubeFacesAreLayers) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_CUBE_MAP, 1, &t);
  glTextureStorage2D(t, 1, GL_RGBA8, 2, 2);
  // Faces 1..4 in one call, 4 texels each: face f is filled with f.
  std::vector<uint32_t> faces(4 * 4);
  for (uint32_t f = 0; f < 4; ++f)
    for (uint32_t i = 0; i < 4; ++i) faces[f * 4 + i] = rgba(uint8_t(f + 1), 0, 0);
  glTextureSubImage3D(t, 0, 0, 0, 1, 2, 2, 4, GL_RGBA, GL_UNSIGNED_BYTE, faces.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::vector<uint32_t> all(6 * 4, 0xdeadbeef);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, 6 * 4 * 4, all.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (uint32_t f = 1; f <= 4; ++f) EXPECT_EQ(all[f * 4 + 3], rgba(uint8_t(f), 0, 0)) << f;
  // Past the sixth face; and the 2D form takes no cube map.
  glTextureSubImage3D(t, 0, 0, 0, 4, 2, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE, faces.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTextureSubImage2D(t, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, faces.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
}

TEST_F(GlDsaTextures, ParametersAndMipmaps) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTextureParameterf(t, GL_TEXTURE_MAX_LOD, 3.5f);
  const GLint swizzle[4] = {GL_BLUE, GL_GREEN, GL_RED, GL_ONE};
  glTextureParameteriv(t, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
  const GLfloat border[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  glTextureParameterfv(t, GL_TEXTURE_BORDER_COLOR, border);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint filter = 0;
  glGetTextureParameteriv(t, GL_TEXTURE_MIN_FILTER, &filter);
  EXPECT_EQ(filter, GL_NEAREST);
  GLfloat lod = 0;
  glGetTextureParameterfv(t, GL_TEXTURE_MAX_LOD, &lod);
  EXPECT_EQ(lod, 3.5f);
  GLint sw[4] = {};
  glGetTextureParameteriv(t, GL_TEXTURE_SWIZZLE_RGBA, sw);
  EXPECT_EQ(sw[0], GL_BLUE);
  EXPECT_EQ(sw[3], GL_ONE);
  GLfloat b[4] = {};
  glGetTextureParameterfv(t, GL_TEXTURE_BORDER_COLOR, b);
  EXPECT_EQ(b[2], 0.75f);
  glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GL_RED);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTextureParameteri(4242, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  // A 4x4 level 0 of one color: the generated 1x1 level has it too.
  glTextureStorage2D(t, 3, GL_RGBA8, 4, 4);
  const std::vector<uint32_t> green(16, rgba(0, 255, 0));
  glTextureSubImage2D(t, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, green.data());
  glGenerateTextureMipmap(t);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  uint32_t last = 0;
  glGetTextureImage(t, 2, GL_RGBA, GL_UNSIGNED_BYTE, 4, &last);
  EXPECT_EQ(last, rgba(0, 255, 0));
  glDeleteTextures(1, &t);

  GLuint ms = 0;
  glCreateTextures(GL_TEXTURE_2D_MULTISAMPLE, 1, &ms);
  glGenerateTextureMipmap(ms);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &ms);
}

TEST_F(GlDsaTextures, BindTextureUnitSamplesTheTexture) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureStorage2D(t, 1, GL_RGBA8, 1, 1);
  const uint32_t blue = rgba(0, 0, 255);
  glTextureSubImage2D(t, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &blue);
  glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTextureUnit(3, t);
  GLint bound = 0;
  glActiveTexture(GL_TEXTURE3);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_EQ(static_cast<GLuint>(bound), t);
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D tex;
out vec4 color;
void main() { color = texture(tex, vec2(0.5)); })");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "tex"), 3);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(1, 1), blue);
  // Zero unbinds every target of the unit.
  glBindTextureUnit(3, 0);
  glActiveTexture(GL_TEXTURE3);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_EQ(bound, 0);
  GLuint gen = 0;
  glGenTextures(1, &gen);
  glBindTextureUnit(0, gen);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindTextureUnit(100000, t);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
  glDeleteTextures(1, &gen);
}

TEST_F(GlDsaTextures, CopyTextureSubImageFromTheFramebuffer) {
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureStorage2D(t, 1, GL_RGBA8, 4, 4);
  const std::vector<uint32_t> black(16, rgba(0, 0, 0));
  glTextureSubImage2D(t, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, black.data());
  glCopyTextureSubImage2D(t, 0, 2, 2, 0, 0, 2, 2);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::vector<uint32_t> out(16, 0);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, out.data());
  EXPECT_EQ(out[0], rgba(0, 0, 0));
  EXPECT_EQ(out[2 * 4 + 2], rgba(255, 255, 0));
  EXPECT_EQ(out[3 * 4 + 3], rgba(255, 255, 0));
  // The 1D and 3D forms do not take a 2D texture.
  glCopyTextureSubImage1D(t, 0, 0, 0, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glCopyTextureSubImage3D(t, 0, 0, 0, 0, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
}

TEST_F(GlDsaTextures, BufferAndMultisampleTextures) {
  GLuint b = 0, t = 0;
  glCreateBuffers(1, &b);
  glNamedBufferStorage(b, 256, nullptr, 0);
  glCreateTextures(GL_TEXTURE_BUFFER, 1, &t);
  glTextureBufferRange(t, GL_R32F, b, 0, 128);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(level_param(t, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING), static_cast<GLint>(b));
  EXPECT_EQ(level_param(t, 0, GL_TEXTURE_BUFFER_SIZE), 128);
  GLuint t2d = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t2d);
  glTextureBuffer(t2d, GL_R32F, b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  GLuint ms = 0;
  glCreateTextures(GL_TEXTURE_2D_MULTISAMPLE, 1, &ms);
  glTextureStorage2DMultisample(ms, 4, GL_RGBA8, 8, 8, GL_TRUE);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_GE(level_param(ms, 0, GL_TEXTURE_SAMPLES), 4);
  EXPECT_EQ(level_param(ms, 0, GL_TEXTURE_WIDTH), 8);
  glTextureStorage2DMultisample(t2d, 4, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glTextureStorage3DMultisample(ms, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTextures(1, &ms);
  glDeleteTextures(1, &t2d);
  glDeleteTextures(1, &t);
  glDeleteBuffers(1, &b);
}

TEST_F(GlDsaTextures, NamesWithoutTexturesAreInvalidOperation) {
  GLuint gen = 0;
  glGenTextures(1, &gen);
  const uint32_t texel = 0;
  for (GLuint name : {gen, 4242u, 0u}) {
    glTextureStorage2D(name, 1, GL_RGBA8, 1, 1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    glTextureSubImage2D(name, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    GLint v = 0;
    glGetTextureParameteriv(name, GL_TEXTURE_MIN_FILTER, &v);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    glGenerateTextureMipmap(name);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
  }
  // Wrong dimensionality for the texture's target.
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_3D, 1, &t);
  glTextureStorage2D(t, 1, GL_RGBA8, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glTextureStorage3D(t, 1, GL_RGBA8, 2, 2, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTextureSubImage2D(t, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glTextureSubImage3D(t, 0, 1, 1, 1, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteTextures(1, &t);
  glDeleteTextures(1, &gen);
}

}  // namespace
}  // namespace brass::e2e
