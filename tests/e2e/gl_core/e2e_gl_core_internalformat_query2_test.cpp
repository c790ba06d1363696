// ARB_internalformat_query2 through glvnd: glGetInternalformativ and
// glGetInternalformati64v answer every pname for every target from the
// formats the commands take (internalformat_query2.h), and the values agree
// with what those commands then do.
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreInternalformatQuery2 : public GlCoreTest {
 protected:
  static GLint query(GLenum target, GLenum format, GLenum pname) {
    GLint v = -12345;
    glGetInternalformativ(target, format, pname, 1, &v);
    return v;
  }
  static GLint64 query64(GLenum target, GLenum format, GLenum pname) {
    GLint64 v = -12345;
    glGetInternalformati64v(target, format, pname, 1, &v);
    return v;
  }
};

TEST_F(GlCoreInternalformatQuery2, ExtensionListed) { EXPECT_TRUE(has_extension("GL_ARB_internalformat_query2")); }

TEST_F(GlCoreInternalformatQuery2, Errors) {
  GLint v = 7;
  glGetInternalformativ(GL_FRAMEBUFFER, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 1, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_WIDTH, 1, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, -1, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint64 v64 = 7;
  glGetInternalformati64v(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, -1, &v64);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(v, 7);
  EXPECT_EQ(v64, 7);
  // Not an error for query2: a format nothing takes is simply unsupported,
  // and SAMPLES of a target without samples leaves params alone.
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8UI, GL_SAMPLES), -12345);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_COMPRESSED_RED_RGTC1, GL_NUM_SAMPLE_COUNTS), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_VERTEX_SHADER, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreInternalformatQuery2, SupportFollowsTheCommands) {
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_BUFFER, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
  // Buffer textures have no 3-component 8-bit formats (table 8.16) and
  // compressed formats have no 1D or rectangle textures (§8.7).
  EXPECT_EQ(query(GL_TEXTURE_BUFFER, GL_RGB8, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_1D, GL_COMPRESSED_RED_RGTC1, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_RECTANGLE, GL_COMPRESSED_RG_RGTC2, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_COMPRESSED_RG_RGTC2, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  // Depth textures cannot be 3D.
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_MAX_WIDTH), 0);
  // An unsized format answers for the sized one TexImage makes of it.
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA, GL_INTERNALFORMAT_PREFERRED), GL_RGBA8);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2, 4, 4, 0, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, nullptr);
  GLint red = 0, alpha = 0, type = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &red);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &alpha);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &type);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB10_A2, GL_INTERNALFORMAT_RED_SIZE), red);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB10_A2, GL_INTERNALFORMAT_ALPHA_SIZE), alpha);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB10_A2, GL_INTERNALFORMAT_RED_TYPE), type);
  EXPECT_EQ(red, 10);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_INTERNALFORMAT_STENCIL_TYPE), GL_UNSIGNED_INT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_INTERNALFORMAT_RED_TYPE), GL_FLOAT);
  // A specific compressed format is supported for 2D textures: glTexImage2D
  // makes an image of it without data, and with data (the GL compresses
  // the texels), and the sizes are the ones the image reports.
  ASSERT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, GL_RED, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint compressed = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &red);
  EXPECT_EQ(compressed, GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_INTERNALFORMAT_RED_SIZE), red);
  const std::array<uint8_t, 64> texels{};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, GL_RED, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  compressed = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
  EXPECT_EQ(compressed, GL_TRUE);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreInternalformatQuery2, DimensionsMatchTheLimits) {
  GLint max_size = 0, max_3d = 0, layers = 0, buffer_size = 0, rb = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max_3d);
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &buffer_size);
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &rb);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_WIDTH), max_size);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_DEPTH), 0);
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_RGBA8, GL_MAX_DEPTH), max_3d);
  EXPECT_EQ(query(GL_TEXTURE_1D_ARRAY, GL_RGBA8, GL_MAX_HEIGHT), layers);
  EXPECT_EQ(query(GL_TEXTURE_1D_ARRAY, GL_RGBA8, GL_MAX_LAYERS), layers);
  EXPECT_EQ(query(GL_TEXTURE_2D_ARRAY, GL_RGBA8, GL_MAX_LAYERS), layers);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_LAYERS), 0);
  EXPECT_EQ(query(GL_TEXTURE_BUFFER, GL_R32F, GL_MAX_WIDTH), buffer_size);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_RGBA8, GL_MAX_HEIGHT), rb);
  // The 64-bit form holds products past INT_MAX.
  EXPECT_EQ(query64(GL_TEXTURE_3D, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS),
            GLint64{max_3d} * GLint64{max_3d} * GLint64{max_3d});
  EXPECT_EQ(query64(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS),
            GLint64{max_size} * GLint64{max_size} * 6);
}

TEST_F(GlCoreInternalformatQuery2, SampleCountsAgreeWithMultisampleStorage) {
  const GLint n = query(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS);
  ASSERT_GE(n, 1);
  std::array<GLint64, 8> counts{};
  glGetInternalformati64v(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, static_cast<GLsizei>(counts.size()), counts.data());
  EXPECT_GE(counts[0], 4);
  // Color renderbuffers of the highest count are made with that count.
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, static_cast<GLsizei>(counts[0]), GL_RGBA8, 4, 4);
  GLint samples = 0;
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
  EXPECT_EQ(samples, counts[0]);
  glDeleteRenderbuffers(1, &rb);
  // Single-sample targets have no counts.
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS), 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreInternalformatQuery2, UsagePnames) {
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_COLOR_RENDERABLE), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_FRAMEBUFFER_BLEND), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8UI, GL_FRAMEBUFFER_BLEND), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT32F, GL_DEPTH_RENDERABLE), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT32F, GL_COLOR_RENDERABLE), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT32F, GL_TEXTURE_SHADOW), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_RGBA8, GL_TEXTURE_SHADOW), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, GL_COLOR_ENCODING), GL_SRGB);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_COLOR_ENCODING), GL_LINEAR);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32UI, GL_FILTER), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA16F, GL_FILTER), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_RECTANGLE, GL_RGBA8, GL_MIPMAP), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MIPMAP), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_IMAGE_FORMAT), GL_RGBA);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_IMAGE_TYPE), GL_UNSIGNED_BYTE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_R32I, GL_TEXTURE_IMAGE_FORMAT), GL_RED_INTEGER);
  // Compressed formats: the block of the format, and no uncompressed upload.
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_BPTC_UNORM, GL_TEXTURE_COMPRESSED), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_BPTC_UNORM, GL_TEXTURE_COMPRESSED_BLOCK_WIDTH), 4);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_BPTC_UNORM, GL_TEXTURE_COMPRESSED_BLOCK_SIZE), 16);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_BPTC_UNORM, GL_VIEW_COMPATIBILITY_CLASS),
            GL_VIEW_CLASS_BPTC_UNORM);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_COMPRESSED_BLOCK_SIZE), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_VIEW_COMPATIBILITY_CLASS), GL_VIEW_CLASS_32_BITS);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_VIEW_COMPATIBILITY_CLASS), GL_VIEW_CLASS_128_BITS);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_R32F, GL_CLEAR_BUFFER), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_CLEAR_BUFFER), GL_NONE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreInternalformatQuery2, ImageFormats) {
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_SHADER_IMAGE_LOAD), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_IMAGE_TEXEL_SIZE), 128);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_IMAGE_COMPATIBILITY_CLASS), GL_IMAGE_CLASS_4_X_32);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_IMAGE_PIXEL_FORMAT), GL_RGBA);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA32F, GL_IMAGE_PIXEL_TYPE), GL_FLOAT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_R11F_G11F_B10F, GL_IMAGE_COMPATIBILITY_CLASS), GL_IMAGE_CLASS_11_11_10);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RG16I, GL_IMAGE_PIXEL_FORMAT), GL_RG_INTEGER);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RG16I, GL_IMAGE_PIXEL_TYPE), GL_SHORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_R32UI, GL_SHADER_IMAGE_ATOMIC), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SHADER_IMAGE_ATOMIC), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_SHADER_IMAGE_LOAD), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_IMAGE_TEXEL_SIZE), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE);
  // What glGetTexParameter reports: buffer textures and renderbuffers have
  // no such parameter.
  EXPECT_EQ(query(GL_TEXTURE_BUFFER, GL_RGBA8, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), GL_NONE);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_RGBA8, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), GL_NONE);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  GLint type = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &type);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_R32F, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), type);
  glDeleteTextures(1, &tex);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
