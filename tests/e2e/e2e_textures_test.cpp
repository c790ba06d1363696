// Textures and samplers end to end: object rules, image specification and
// its errors, parameters and queries, and (once programs and draws exist)
// sampling through every target and a range of formats.
#include <array>
#include <bit>
#include <cstdlib>
#include <string>
#include <cstring>
#include <vector>

#include "e2e_texture_fixture.h"

namespace brass::e2e {
namespace {

using Textures = TextureTest;

TEST_F(Textures, NamesBindingAndTargets) {
  GLuint t[2];
  glGenTextures(2, t);
  EXPECT_FALSE(glIsTexture(t[0]));  // a name only until bound
  glBindTexture(GL_TEXTURE_2D, t[0]);
  EXPECT_TRUE(glIsTexture(t[0]));
  GLint v = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
  EXPECT_EQ(v, GLint(t[0]));
  glBindTexture(GL_TEXTURE_CUBE_MAP, t[0]);  // target fixed at first bind
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
  EXPECT_EQ(v, 0);
  glBindTexture(0x8C18 /* GL_TEXTURE_1D_ARRAY: desktop only */, t[1]);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glActiveTexture(GL_TEXTURE0 + 3);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
  EXPECT_EQ(v, GL_TEXTURE3);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
  EXPECT_EQ(v, 0);  // per unit
  glActiveTexture(GL_TEXTURE0 + 4096);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glActiveTexture(GL_TEXTURE0);
  glDeleteTextures(2, t);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
  EXPECT_EQ(v, 0);  // deleting a bound texture unbinds it
  EXPECT_FALSE(glIsTexture(t[0]));
  glGenTextures(-1, t);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
}

TEST_F(Textures, TexImageErrors) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t px[16 * 16 * 4] = {};
  glTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, 0x1234, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  GLint max = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, max + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));  // default cube texture
  glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));  // cube faces are square
  glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT16, 1, 1, 1, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // no 3D depth textures
  // Valid specifications, every target.
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGB565, 8, 8, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, px);
  glTexImage2D(GL_TEXTURE_2D, 2, GL_R8, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8, 3, 5, 0, GL_RG, GL_UNSIGNED_BYTE, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 4, 4, 0, GL_RGBA, GL_FLOAT, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 4, 4, 0, GL_RED, GL_FLOAT, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, px);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  GLuint t3[2];
  glGenTextures(2, t3);
  glBindTexture(GL_TEXTURE_3D, t3[0]);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  glBindTexture(GL_TEXTURE_2D_ARRAY, t3[1]);
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexImage3D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glDeleteTextures(2, t3);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, TexSubImageErrors) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t px[8 * 8 * 4] = {};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // no image yet
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 5, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexSubImage2D(GL_TEXTURE_2D, 0, -1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, 0x1234, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
}

TEST_F(Textures, TexStorageImmutability) {
  GLuint t;
  glGenTextures(1, &t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // default texture
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // more levels than the chain
  glTexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));  // unsized
  GLint v = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_FALSE);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
  EXPECT_EQ(v, 3);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  const uint8_t px[16] = {};
  glTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  GLuint c;
  glGenTextures(1, &c);
  glBindTexture(GL_TEXTURE_CUBE_MAP, c);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 2, GL_RGBA8, 4, 2);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 2, GL_RGBA8, 4, 4);
  glTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 1, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  GLuint a;
  glGenTextures(1, &a);
  glBindTexture(GL_TEXTURE_2D_ARRAY, a);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 3, GL_R8, 4, 4, 7);  // layers do not shrink
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 2, 0, 0, 6, 1, 1, 1, GL_RED, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 2, 0, 0, 7, 1, 1, 1, GL_RED, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glDeleteTextures(1, &a);
  glDeleteTextures(1, &c);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, Parameters) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  GLint v = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
  EXPECT_EQ(v, GL_NEAREST_MIPMAP_LINEAR);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
  EXPECT_EQ(v, 1000);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GLfloat(GL_CLAMP_TO_EDGE));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ONE);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 1.5f);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 2);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
  EXPECT_EQ(v, GL_MIRRORED_REPEAT);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
  EXPECT_EQ(v, GL_CLAMP_TO_EDGE);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, &v);
  EXPECT_EQ(v, GL_ONE);
  GLfloat f = 0;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, &f);
  EXPECT_EQ(f, 1.5f);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
  EXPECT_EQ(v, 2);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, &v);
  EXPECT_EQ(v, GL_GREATER);
  // Errors leave the state alone.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, 0x2900 /* CLAMP: desktop GL's legacy mode, never ES */);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RGBA);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, 1);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_2D, 0x1234, 1);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_RENDERBUFFER, GL_TEXTURE_WRAP_S, GL_REPEAT);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
  EXPECT_EQ(v, GL_MIRRORED_REPEAT);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
  EXPECT_EQ(v, 2);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, SamplerObjects) {
  GLuint s[2];
  glGenSamplers(2, s);
  EXPECT_TRUE(glIsSampler(s[0]));
  EXPECT_FALSE(glIsSampler(0));
  glBindSampler(1, s[0]);
  glActiveTexture(GL_TEXTURE1);
  GLint v = 0;
  glGetIntegerv(GL_SAMPLER_BINDING, &v);
  EXPECT_EQ(v, GLint(s[0]));
  glActiveTexture(GL_TEXTURE0);
  glBindSampler(1000, s[0]);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glBindSampler(0, 12345);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glSamplerParameteri(s[0], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameterf(s[0], GL_TEXTURE_MAX_LOD, 3.0f);
  glGetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
  EXPECT_EQ(v, GL_LINEAR);
  GLfloat f = 0;
  glGetSamplerParameterfv(s[0], GL_TEXTURE_MAX_LOD, &f);
  EXPECT_EQ(f, 3.0f);
  glSamplerParameteri(s[0], GL_TEXTURE_BASE_LEVEL, 1);  // a texture-only parameter
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glSamplerParameteri(s[0], GL_TEXTURE_WRAP_R, GL_NEAREST);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glSamplerParameteri(12345, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glDeleteSamplers(2, s);
  EXPECT_FALSE(glIsSampler(s[0]));
  glActiveTexture(GL_TEXTURE1);
  glGetIntegerv(GL_SAMPLER_BINDING, &v);
  EXPECT_EQ(v, 0);
  glActiveTexture(GL_TEXTURE0);
}

TEST_F(Textures, CompressedErrors) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<uint8_t> blocks(16 * 16, 0);
  // 8x8 RGB8 ETC2: 4 blocks of 8 bytes.
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 31, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, 32, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 1, 32, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  GLuint t3;
  glGenTextures(1, &t3);
  glBindTexture(GL_TEXTURE_3D, t3);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 1, 0, 8, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t3);
  // A texture whose storage the device may lack (ETC2 decoding lives in the
  // driver): only the API's answer is checked here.
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 32, blocks.data());
  if (err() == GL_NO_ERROR) {
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, blocks.data());
    EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // not block aligned
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGBA8_ETC2_EAC, 16, blocks.data());
    EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // other format
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGB8_ETC2, 7, blocks.data());
    EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, blocks.data());
    EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB, GL_UNSIGNED_BYTE, blocks.data());
    EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  }
  glDeleteTextures(1, &t);
}

TEST_F(Textures, PixelUnpackBufferBounds) {
  GLuint t, b;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glGenBuffers(1, &b);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b);
  std::vector<uint8_t> data(4 * 4 * 4, 0x80);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(data.size()), data.data(), GL_STATIC_DRAW);
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(4));
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // past the end
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(16));
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 2, 2, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, reinterpret_cast<void*>(1));
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // misaligned for the type
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glDeleteBuffers(1, &b);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, CopyTexImageErrors) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 0);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 0, 0, 8, 8, 0);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // float from a fixed-point buffer
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 0, 0, 8, 8, 0);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glCopyTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 0, 0, 8, 8, 0);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 1);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 0, 0, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 6, 6, 0, 0, 4, 4);
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCopyTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 0, 0, 1, 1);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
}

TEST_F(Textures, GenerateMipmapErrors) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glGenerateMipmap(GL_TEXTURE_2D);  // nothing specified: nothing to do
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glGenerateMipmap(GL_RENDERBUFFER);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  // Filterable but never color-renderable on ES (R32F may be both, with
  // EXT_color_buffer_float and OES_texture_float_linear).
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 4, 4, 0, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexSubImage2D(GL_TEXTURE_2D, 4, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, "\0\0\0\0");
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));  // the chain down to 1x1 exists
  GLuint c;
  glGenTextures(1, &c);
  glBindTexture(GL_TEXTURE_CUBE_MAP, c);
  glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // not cube complete
  glDeleteTextures(1, &c);
  glDeleteTextures(1, &t);
}

// --- sampling (needs the program and draw areas) ---

TEST_F(Textures, Sample2DFormats) {
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  struct Case {
    GLenum ifmt, fmt, type;
    std::vector<uint8_t> texel;
    uint32_t expect;
  };
  const uint16_t h_half = 0x3800, h_one = 0x3c00, h_zero = 0;
  auto half4 = [](uint16_t a, uint16_t b, uint16_t c, uint16_t d) {
    std::vector<uint8_t> v(8);
    const uint16_t x[4] = {a, b, c, d};
    std::memcpy(v.data(), x, 8);
    return v;
  };
  const float rf = 0.25f;
  std::vector<uint8_t> r32f(4);
  std::memcpy(r32f.data(), &rf, 4);
  const Case cases[] = {
      {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, {10, 20, 30, 40}, rgba(10, 20, 30, 40)},
      {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, {50, 60, 70}, rgba(50, 60, 70, 255)},
      {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, {0x00, 0xf8}, rgba(255, 0, 0, 255)},
      {GL_R8, GL_RED, GL_UNSIGNED_BYTE, {200}, rgba(200, 0, 0, 255)},
      {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, {1, 2}, rgba(1, 2, 0, 255)},
      {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, half4(h_half, h_one, h_zero, h_one), rgba(128, 255, 0, 255)},
      {GL_R32F, GL_RED, GL_FLOAT, r32f, rgba(64, 0, 0, 255)},
      {GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, {90}, rgba(90, 90, 90, 255)},
  };
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (const Case& c : cases) {
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(c.ifmt), 1, 1, 0, c.fmt, c.type, c.texel.data());
    ASSERT_EQ(err(), GLenum(GL_NO_ERROR)) << std::hex << c.ifmt;
    draw_quad(p);
    EXPECT_TRUE(near(pixel(5, 5), c.expect)) << std::hex << c.ifmt << " got " << pixel(5, 5);
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glDeleteTextures(1, &t);
  glDeleteProgram(p);
}

TEST_F(Textures, SampleIntegerAndShadow) {
  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  const uint8_t ui[4] = {3, 7, 0, 1};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ui);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = sampling_program("uniform usampler2D s;", "vec4(texture(s, v_uv)) / 10.0");
  draw_quad(p);
  EXPECT_TRUE(near(pixel(3, 3), rgba(77, 179, 0, 26)));
  glDeleteProgram(p);
  glBindTexture(GL_TEXTURE_2D, t[1]);
  const float depth = 0.5f;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  p = sampling_program("uniform sampler2DShadow s;", "vec4(texture(s, vec3(v_uv, v_uv.x)))");
  draw_quad(p);
  EXPECT_TRUE(near(pixel(2, 2), rgba(255, 255, 255, 255)));    // ref < 0.5 passes
  EXPECT_TRUE(near(pixel(30, 2), rgba(0, 0, 0, 0)));           // ref > 0.5 fails
  glDeleteProgram(p);
  glDeleteTextures(2, t);
}

// Depth texture data reads back as the depth the application gave, clamped
// to [0, 1] for every depth format, the float ones included (ES 3.0
// §3.8.3); DEPTH_COMPONENT24 from UNSIGNED_INT keeps its high 24 bits.
TEST_F(Textures, DepthTextureDataIsDecodedAndClamped) {
  const float f32[3] = {-1.0f, 0.25f, 1.5f};
  const uint32_t u32[3] = {0u, 0x40000000u, 0xFFFFFFFFu};
  const uint16_t u16[3] = {0, 0x4000, 0xFFFF};
  const uint32_t d24s8[3] = {0u << 8 | 1u, 0x400000u << 8 | 2u, 0xFFFFFFu << 8 | 3u};
  const uint32_t d32fs8[6] = {std::bit_cast<uint32_t>(f32[0]), 1u, std::bit_cast<uint32_t>(f32[1]), 2u,
                              std::bit_cast<uint32_t>(f32[2]), 3u};
  const struct {
    GLenum internal_format, format, type;
    const void* data;
  } cases[] = {
      {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, u16},
      {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, u32},
      {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, f32},
      {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, d24s8},
      {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, d32fs8},
  };
  GLuint p = sampling_program("uniform sampler2D s;",
                              "vec4(texelFetch(s, ivec2(0, 0), 0).r, texelFetch(s, ivec2(1, 0), 0).r, "
                              "texelFetch(s, ivec2(2, 0), 0).r, 1.0)");
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (const auto& c : cases) {
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(c.internal_format), 3, 1, 0, c.format, c.type, c.data);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    ASSERT_EQ(err(), GLenum(GL_NO_ERROR)) << std::hex << c.internal_format;
    draw_quad(p);
    EXPECT_TRUE(near(pixel(4, 4), rgba(0, 64, 255), 1)) << std::hex << c.internal_format << ": " << pixel(4, 4);
  }
  // The same DEPTH_COMPONENT24 data from a pixel unpack buffer into one
  // layer of a 2D array (TexSubImage3D).
  GLuint pbo = 0, array = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof(u32), u32, GL_STATIC_DRAW);
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_DEPTH_COMPONENT24, 3, 1, 2);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 3, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, nullptr);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  GLuint pa = sampling_program("uniform highp sampler2DArray s;",
                               "vec4(texelFetch(s, ivec3(0, 0, 1), 0).r, texelFetch(s, ivec3(1, 0, 1), 0).r, "
                               "texelFetch(s, ivec3(2, 0, 1), 0).r, 1.0)");
  draw_quad(pa);
  EXPECT_TRUE(near(pixel(4, 4), rgba(0, 64, 255), 1)) << std::hex << pixel(4, 4);
  glDeleteProgram(pa);
  glDeleteProgram(p);
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(1, &array);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, IncompleteSamplesBlackAndSamplerOverrides) {
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t red[4] = {255, 0, 0, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Default min filter needs mipmaps: a 1x1 level 0 is a complete chain.
  draw_quad(p);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  draw_quad(p);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 0, 255));  // missing level 1: incomplete
  GLuint s;
  glGenSamplers(1, &s);
  glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindSampler(0, s);
  const uint8_t green[16] = {0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
  draw_quad(p);
  EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0));  // the sampler's NEAREST makes it complete
  glBindSampler(0, 0);
  glDeleteSamplers(1, &s);
  glDeleteTextures(1, &t);
  glDeleteProgram(p);
}

TEST_F(Textures, MipmapsSwizzleAndTargets) {
  GLuint t[3];
  glGenTextures(3, t);
  // 2D: level 2 selected by LOD.
  glBindTexture(GL_TEXTURE_2D, t[0]);
  std::vector<uint32_t> white(64 * 64, 0xffffffff);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, white.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  const uint32_t blue = rgba(0, 0, 255);
  glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::vector<uint32_t>(256, blue).data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  GLuint p = sampling_program("uniform sampler2D s;", "textureLod(s, v_uv, 2.0)");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), blue);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO);
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  glDeleteProgram(p);
  // Cube: each face its own color.
  glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
  for (int f = 0; f < 6; ++f) {
    const uint32_t c = rgba(uint8_t(40 * f), 10, 20);
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &c);
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const char* dirs[6] = {"vec3(1,0,0)", "vec3(-1,0,0)", "vec3(0,1,0)", "vec3(0,-1,0)", "vec3(0,0,1)", "vec3(0,0,-1)"};
  for (int f = 0; f < 6; ++f) {
    p = sampling_program("uniform samplerCube s;", (std::string("texture(s, ") + dirs[f] + ")").c_str());
    draw_quad(p);
    EXPECT_EQ(pixel(4, 4), rgba(uint8_t(40 * f), 10, 20)) << "face " << f;
    glDeleteProgram(p);
  }
  // 2D array: layer 2.
  glBindTexture(GL_TEXTURE_2D_ARRAY, t[2]);
  const uint32_t layers[3] = {rgba(1, 2, 3), rgba(4, 5, 6), rgba(7, 8, 9)};
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 1, 1, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  p = sampling_program("uniform sampler2DArray s;", "texture(s, vec3(v_uv, 2.0))");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(7, 8, 9));
  glDeleteProgram(p);
  glDeleteTextures(3, t);
}

// GenerateMipmap on a 3D texture filters in depth too: every slice of each
// derived level is written (ES 3.0 §3.8.10), not only the first.
TEST_F(Textures, GenerateMipmap3DWritesEverySlice) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  // 4x4x4: slices 0-1 red, slices 2-3 green, so level 1 (2x2x2) has a red
  // slice 0 and a green slice 1, and level 2 (1x1x1) their average.
  const uint32_t red = rgba(255, 0, 0), green = rgba(0, 255, 0);
  std::vector<uint32_t> texels(4 * 4 * 4);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = i < 32 ? red : green;
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glGenerateMipmap(GL_TEXTURE_3D);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  const struct {
    const char* expr;
    uint32_t expected;
  } cases[] = {
      {"textureLod(s, vec3(v_uv, 0.25), 1.0)", red},
      {"textureLod(s, vec3(v_uv, 0.75), 1.0)", green},
      {"textureLod(s, vec3(v_uv, 0.75), 2.0)", rgba(128, 128, 0)},
  };
  for (const auto& c : cases) {
    GLuint p = sampling_program("uniform sampler3D s;", c.expr);
    draw_quad(p);
    EXPECT_TRUE(near(pixel(4, 4), c.expected, 2)) << c.expr << ": " << std::hex << pixel(4, 4);
    glDeleteProgram(p);
  }
  glDeleteTextures(1, &t);
}

// Without a mipmap filter only the base level is sampled, but textureSize
// and texelFetch still see the levels after it (GLSL ES 3.00 8.8).
TEST_F(Textures, LevelQueriesWithoutMipmapFiltering) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 4);
  const uint32_t green = rgba(0, 255, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, std::vector<uint32_t>(8, green).data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  GLuint p = sampling_program("uniform sampler2D s;",
                              "textureSize(s, 1) == ivec2(4, 2) && textureSize(s, 2) == ivec2(2, 1) ? "
                              "texelFetch(s, ivec2(3, 1), 1) : vec4(1, 0, 0, 1)");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), green);
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, CopyTexImageFromDefaultFramebuffer) {
  glClearColor(1, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 4, 4, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 255));
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
}

TEST_F(Textures, CopyTexImageIntoAlphaAndLuminanceAlphaTakesTheirChannels) {
  // ALPHA keeps the source's alpha, LUMINANCE_ALPHA its red and alpha
  // (ES 3.0 table 3.15), though they are stored as R8 / RG8.
  glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint t[2];
  glGenTextures(2, t);
  const GLenum formats[2] = {GL_ALPHA, GL_LUMINANCE_ALPHA};
  for (int i = 0; i < 2; ++i) {
    glBindTexture(GL_TEXTURE_2D, t[i]);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, formats[i], 0, 0, 4, 4, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  glDisable(GL_BLEND);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 0, 204));
  glBindTexture(GL_TEXTURE_2D, t[1]);
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(51, 51, 51, 204));
  glDeleteProgram(p);
  glDeleteTextures(2, t);
}

}  // namespace
}  // namespace brass::e2e
