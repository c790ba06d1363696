// EXT/OES_copy_image through glvnd: glCopyImageSubData between 2D, 2D
// array, cube map, 3D textures and renderbuffers, mip levels, formats of
// one class (RGBA8 -> RGBA8UI, RGB8 stored widened -> RGB8UI,
// R11F_G11F_B10F -> RGBA8UI), compressed <-> uncompressed (ETC2/EAC blocks,
// which lavapipe stores decoded, to and from RGBA32UI and RG32UI), copies
// within one level, and every error the spec lists. Results are read back
// through framebuffers and checked on the CPU.
#include <GLES3/gl32.h>

#include <array>
#include <cstring>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class CopyImageTest : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    ASSERT_TRUE(has_extension("GL_EXT_copy_image"));
    ASSERT_TRUE(has_extension("GL_OES_copy_image"));
  }
  void TearDown() override {
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
    Es31Test::TearDown();
  }

  // A texture of `target` with immutable storage and NEAREST filters.
  static GLuint texture(GLenum target, GLenum format, GLsizei w, GLsizei h, GLsizei d = 1, GLsizei levels = 1) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_2D || target == GL_TEXTURE_CUBE_MAP)
      glTexStorage2D(target, levels, format, w, h);
    else
      glTexStorage3D(target, levels, format, w, h, d);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
  }

  // Binds a read framebuffer of one level/layer (cube: face index) of `t`.
  void attach(GLuint t, GLenum target, GLint level, GLint layer) {
    if (!fbo_) glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    if (target == GL_TEXTURE_2D)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, level);
    else if (target == GL_TEXTURE_CUBE_MAP)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer, t, level);
    else if (target == GL_RENDERBUFFER)
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t);
    else
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, level, layer);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  }
  // RGBA8 texels of a normalized color image, bottom row first.
  std::vector<uint32_t> read_rgba8(GLuint t, GLenum target, GLint level, GLint layer, int w, int h) {
    attach(t, target, level, layer);
    std::vector<uint32_t> px(size_t(w) * h, 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    return px;
  }
  // Four uint32 per texel of an unsigned-integer color image.
  std::vector<uint32_t> read_uint(GLuint t, GLenum target, GLint level, GLint layer, int w, int h) {
    attach(t, target, level, layer);
    std::vector<uint32_t> px(size_t(w) * h * 4, 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px.data());
    return px;
  }
  // w x h texels of RGBA8 where texel i is base + i.
  static std::vector<uint32_t> pattern(int w, int h, uint32_t base) {
    std::vector<uint32_t> px(size_t(w) * h);
    for (size_t i = 0; i < px.size(); ++i) px[i] = base + uint32_t(i) * 0x01030507u;
    return px;
  }

  GLuint fbo_ = 0;
};

TEST_F(CopyImageTest, EntryPointsUnderEveryName) {
  EXPECT_NE(eglGetProcAddress("glCopyImageSubData"), nullptr);
  EXPECT_NE(eglGetProcAddress("glCopyImageSubDataEXT"), nullptr);
  EXPECT_NE(eglGetProcAddress("glCopyImageSubDataOES"), nullptr);
  auto ext = reinterpret_cast<PFNGLCOPYIMAGESUBDATAPROC>(eglGetProcAddress("glCopyImageSubDataEXT"));
  ASSERT_NE(ext, nullptr);
  const GLuint a = texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4), b = texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  const std::vector<uint32_t> src = pattern(4, 4, 0x11223344);
  glBindTexture(GL_TEXTURE_2D, a);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, src.data());
  ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(read_rgba8(b, GL_TEXTURE_2D, 0, 0, 4, 4), src);
  const GLuint del[] = {a, b};
  glDeleteTextures(2, del);
}

TEST_F(CopyImageTest, SubRegionOf2DToAnotherPlace) {
  const GLuint a = texture(GL_TEXTURE_2D, GL_RGBA8, 8, 8), b = texture(GL_TEXTURE_2D, GL_RGBA8, 8, 8);
  const std::vector<uint32_t> src = pattern(8, 8, 1), zero(64, 0);
  glBindTexture(GL_TEXTURE_2D, a);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, src.data());
  glBindTexture(GL_TEXTURE_2D, b);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 2, 1, 0, b, GL_TEXTURE_2D, 0, 5, 4, 0, 3, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got = read_rgba8(b, GL_TEXTURE_2D, 0, 0, 8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const bool inside = x >= 5 && y >= 4;
      const uint32_t want = inside ? src[size_t(y - 3) * 8 + (x - 3)] : 0u;
      EXPECT_EQ(got[size_t(y) * 8 + x], want) << x << "," << y;
    }
  const GLuint del[] = {a, b};
  glDeleteTextures(2, del);
}

TEST_F(CopyImageTest, SameClassFormatsCopyBits) {
  // RGBA8 -> RGBA8UI: the bytes, read back as integers.
  const GLuint a = texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4), b = texture(GL_TEXTURE_2D, GL_RGBA8UI, 4, 4);
  const std::vector<uint32_t> src = pattern(4, 4, 0x80402010);
  glBindTexture(GL_TEXTURE_2D, a);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, src.data());
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got = read_uint(b, GL_TEXTURE_2D, 0, 0, 4, 4);
  for (size_t i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(got[i * 4 + c], (src[i] >> (8 * c)) & 0xff) << i << " " << c;
  const GLuint del[] = {a, b};
  glDeleteTextures(2, del);
}

TEST_F(CopyImageTest, PackedFloatToIntegerKeepsTheBits) {
  // R11F_G11F_B10F (widened to RGBA16F where the device lacks it) -> RGBA8UI.
  const GLuint a = texture(GL_TEXTURE_2D, GL_R11F_G11F_B10F, 2, 2), b = texture(GL_TEXTURE_2D, GL_RGBA8UI, 2, 2);
  // Finite values: 1.0, 0.5, 2.0 in each texel's channels, varied per texel.
  const uint32_t packed[4] = {0x3c03c1c0u, 0x3803c3c0u, 0x4003c1e0u, 0x3c0401c0u};
  glBindTexture(GL_TEXTURE_2D, a);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, packed);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got = read_uint(b, GL_TEXTURE_2D, 0, 0, 2, 2);
  for (size_t i = 0; i < 4; ++i) {
    const uint32_t bits = got[i * 4] | got[i * 4 + 1] << 8 | got[i * 4 + 2] << 16 | got[i * 4 + 3] << 24;
    EXPECT_EQ(bits, packed[i]) << i;
  }
  const GLuint del[] = {a, b};
  glDeleteTextures(2, del);
}

TEST_F(CopyImageTest, Rgb8RoundTripThroughRgb8ui) {
  // RGB8 is color-renderable (often stored as RGBA8), RGB8UI is not: two
  // stored forms of one 24-bit class.
  const GLuint a = texture(GL_TEXTURE_2D, GL_RGB8, 4, 4), mid = texture(GL_TEXTURE_2D, GL_RGB8UI, 4, 4);
  const GLuint b = texture(GL_TEXTURE_2D, GL_RGB8, 4, 4);
  std::vector<uint8_t> rgb(4 * 4 * 3);
  for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = uint8_t(i * 7 + 3);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, a);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, mid, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  glCopyImageSubData(mid, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got = read_rgba8(b, GL_TEXTURE_2D, 0, 0, 4, 4);
  for (size_t i = 0; i < 16; ++i)
    EXPECT_EQ(got[i], rgba(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2])) << i;
  const GLuint del[] = {a, mid, b};
  glDeleteTextures(3, del);
}

TEST_F(CopyImageTest, ArrayLayersCubeFacesAnd3DSlices) {
  constexpr int kS = 4;
  const GLuint arr = texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, kS, kS, 6);
  std::vector<std::vector<uint32_t>> layers;
  glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
  for (int l = 0; l < 6; ++l) {
    layers.push_back(pattern(kS, kS, 0x01000000u * uint32_t(l + 1)));
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, l, kS, kS, 1, GL_RGBA, GL_UNSIGNED_BYTE, layers[l].data());
  }
  // Layers 1..5 -> cube faces 0..4 (one call over five faces).
  const GLuint cube = texture(GL_TEXTURE_CUBE_MAP, GL_RGBA8, kS, kS);
  glCopyImageSubData(arr, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, kS, kS, 5);
  // Cube faces 2..4 -> 3D slices 1..3.
  const GLuint vol = texture(GL_TEXTURE_3D, GL_RGBA8, kS, kS, 4);
  glCopyImageSubData(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 2, vol, GL_TEXTURE_3D, 0, 0, 0, 1, kS, kS, 3);
  // 3D slices 1..2 -> array layers 0..1 of a second array.
  const GLuint arr2 = texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, kS, kS, 2);
  glCopyImageSubData(vol, GL_TEXTURE_3D, 0, 0, 0, 1, arr2, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, kS, kS, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int f = 0; f < 5; ++f) EXPECT_EQ(read_rgba8(cube, GL_TEXTURE_CUBE_MAP, 0, f, kS, kS), layers[f + 1]) << f;
  for (int s = 1; s < 4; ++s) EXPECT_EQ(read_rgba8(vol, GL_TEXTURE_3D, 0, s, kS, kS), layers[s + 2]) << s;
  EXPECT_EQ(read_rgba8(arr2, GL_TEXTURE_2D_ARRAY, 0, 0, kS, kS), layers[3]);
  EXPECT_EQ(read_rgba8(arr2, GL_TEXTURE_2D_ARRAY, 0, 1, kS, kS), layers[4]);
  const GLuint del[] = {arr, cube, vol, arr2};
  glDeleteTextures(4, del);
}

TEST_F(CopyImageTest, MutableCubeMapFacesAndMipLevels) {
  // A mutable cube map whose faces were specified one by one; level 1 of a
  // 2D texture to level 1 of one face, level 0 of a face to level 2 of a 2D.
  GLuint cube = 0;
  glGenTextures(1, &cube);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  for (int f = 0; f < 6; ++f)
    for (int l = 0; l < 3; ++l)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, l, GL_RGBA8, 4 >> l, 4 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   nullptr);
  const std::vector<uint32_t> face3 = pattern(4, 4, 0x33000000);
  glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + 3, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, face3.data());
  const GLuint t2d = texture(GL_TEXTURE_2D, GL_RGBA8, 16, 16, 1, 3);
  const std::vector<uint32_t> level1 = pattern(8, 8, 0x00110000);
  glBindTexture(GL_TEXTURE_2D, t2d);
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, level1.data());
  glCopyImageSubData(t2d, GL_TEXTURE_2D, 1, 2, 2, 0, cube, GL_TEXTURE_CUBE_MAP, 1, 0, 0, 5, 2, 2, 1);
  glCopyImageSubData(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 3, t2d, GL_TEXTURE_2D, 2, 0, 0, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got_face = read_rgba8(cube, GL_TEXTURE_CUBE_MAP, 1, 5, 2, 2);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) EXPECT_EQ(got_face[size_t(y) * 2 + x], level1[size_t(y + 2) * 8 + x + 2]);
  EXPECT_EQ(read_rgba8(t2d, GL_TEXTURE_2D, 2, 0, 4, 4), face3);
  const GLuint del[] = {cube, t2d};
  glDeleteTextures(2, del);
}

TEST_F(CopyImageTest, RenderbufferToTextureAndBack) {
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  attach(rb, GL_RENDERBUFFER, 0, 0);
  glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint t = texture(GL_TEXTURE_2D, GL_RGBA8, 8, 8);
  const std::vector<uint32_t> src = pattern(8, 8, 7);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, src.data());
  // Renderbuffer rows 0..3 -> texture rows 4..7; texture columns 0..3 -> renderbuffer.
  glCopyImageSubData(rb, GL_RENDERBUFFER, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 0, 4, 0, 8, 4, 1);
  glCopyImageSubData(t, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 8, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> tex = read_rgba8(t, GL_TEXTURE_2D, 0, 0, 8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(tex[size_t(y) * 8 + x], y >= 4 ? rgba(255, 0, 255) : src[size_t(y) * 8 + x]) << x << "," << y;
  const std::vector<uint32_t> back = read_rgba8(rb, GL_RENDERBUFFER, 0, 0, 8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(back[size_t(y) * 8 + x], x < 4 ? tex[size_t(y) * 8 + x] : rgba(255, 0, 255)) << x << "," << y;
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &t);
}

TEST_F(CopyImageTest, WithinOneLevelOverlappingAndNot) {
  const GLuint t = texture(GL_TEXTURE_2D, GL_RGBA8, 8, 8);
  const std::vector<uint32_t> src = pattern(8, 8, 3);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, src.data());
  // Disjoint: the bottom-left quarter to the top-right one.
  glCopyImageSubData(t, GL_TEXTURE_2D, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 4, 4, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got = read_rgba8(t, GL_TEXTURE_2D, 0, 0, 8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const uint32_t want = x >= 4 && y >= 4 ? src[size_t(y - 4) * 8 + (x - 4)] : src[size_t(y) * 8 + x];
      EXPECT_EQ(got[size_t(y) * 8 + x], want) << x << "," << y;
    }
  // Overlapping: undefined contents, but a valid copy (no error, no
  // validation message).
  glCopyImageSubData(t, GL_TEXTURE_2D, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 1, 1, 0, 6, 6, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glFinish();
  glDeleteTextures(1, &t);
}

// 16-byte blocks (ETC2 RGBA8 / EAC RG11 and RGBA32UI texels), arbitrary
// bits: every bit pattern is a valid block.
std::vector<uint32_t> block_words(size_t blocks, uint32_t seed) {
  std::vector<uint32_t> w(blocks * 4);
  for (size_t i = 0; i < w.size(); ++i) w[i] = seed * 2654435761u + uint32_t(i) * 40503u;
  return w;
}

TEST_F(CopyImageTest, CompressedBlocksToUncompressedTexelsAndBack) {
  // An 8x8 ETC2 RGBA8 texture is 2x2 blocks of 16 bytes: they copy to a 2x2
  // RGBA32UI texture as its texels, and back into a second ETC2 texture.
  const std::vector<uint32_t> blocks = block_words(4, 5);
  const GLuint etc = texture(GL_TEXTURE_2D, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8);
  glBindTexture(GL_TEXTURE_2D, etc);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA8_ETC2_EAC, 64, blocks.data());
  const GLuint u = texture(GL_TEXTURE_2D, GL_RGBA32UI, 2, 2);
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 0, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(read_uint(u, GL_TEXTURE_2D, 0, 0, 2, 2), blocks);

  // Texels to blocks: one RGBA32UI texel to the top-right block of a
  // second ETC2 texture (x = 4, y = 4 in its texels), the rest from `etc`.
  const std::vector<uint32_t> other = block_words(1, 9);
  const GLuint u1 = texture(GL_TEXTURE_2D, GL_RGBA32UI, 1, 1);
  glBindTexture(GL_TEXTURE_2D, u1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, other.data());
  const GLuint etc2 = texture(GL_TEXTURE_2D, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8);
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 0, 0, 0, etc2, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  glCopyImageSubData(u1, GL_TEXTURE_2D, 0, 0, 0, 0, etc2, GL_TEXTURE_2D, 0, 4, 4, 0, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const GLuint u2 = texture(GL_TEXTURE_2D, GL_RGBA32UI, 2, 2);
  glCopyImageSubData(etc2, GL_TEXTURE_2D, 0, 0, 0, 0, u2, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  std::vector<uint32_t> want = blocks;
  std::memcpy(&want[3 * 4], other.data(), 16);
  EXPECT_EQ(read_uint(u2, GL_TEXTURE_2D, 0, 0, 2, 2), want);

  // What the second texture samples is what its blocks decode to: the same
  // as a texture given those blocks directly.
  const GLuint direct = texture(GL_TEXTURE_2D, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8);
  glBindTexture(GL_TEXTURE_2D, direct);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA8_ETC2_EAC, 64, want.data());
  const GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision highp float;
uniform highp sampler2D tex;
out vec4 o;
void main() { o = texelFetch(tex, ivec2(gl_FragCoord.xy), 0); })");
  glUseProgram(prog);
  const GLuint target = texture(GL_TEXTURE_2D, GL_RGBA8, 8, 8);
  std::vector<uint32_t> seen[2];
  const GLuint sources[2] = {etc2, direct};
  for (int i = 0; i < 2; ++i) {
    attach(target, GL_TEXTURE_2D, 0, 0);
    glViewport(0, 0, 8, 8);
    glBindTexture(GL_TEXTURE_2D, sources[i]);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    seen[i] = read_rgba8(target, GL_TEXTURE_2D, 0, 0, 8, 8);
  }
  EXPECT_EQ(seen[0], seen[1]);
  glDeleteProgram(prog);
  const GLuint del[] = {etc, u, u1, etc2, u2, direct, target};
  glDeleteTextures(7, del);
}

TEST_F(CopyImageTest, EacClassAndEightByteBlocks) {
  // SIGNED_R11_EAC and R11_EAC share a class; 8-byte blocks copy to RG32UI.
  const std::vector<uint32_t> words = block_words(2, 11);  // 4 blocks of 8 bytes
  const GLuint r11 = texture(GL_TEXTURE_2D, GL_COMPRESSED_R11_EAC, 8, 8);
  glBindTexture(GL_TEXTURE_2D, r11);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_R11_EAC, 32, words.data());
  const GLuint sr11 = texture(GL_TEXTURE_2D, GL_COMPRESSED_SIGNED_R11_EAC, 8, 8);
  glCopyImageSubData(r11, GL_TEXTURE_2D, 0, 0, 0, 0, sr11, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  const GLuint rg = texture(GL_TEXTURE_2D, GL_RG32UI, 2, 2);
  glCopyImageSubData(sr11, GL_TEXTURE_2D, 0, 0, 0, 0, rg, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> got = read_uint(rg, GL_TEXTURE_2D, 0, 0, 2, 2);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(got[i * 4], words[i * 2]) << i;
    EXPECT_EQ(got[i * 4 + 1], words[i * 2 + 1]) << i;
  }
  const GLuint del[] = {r11, sr11, rg};
  glDeleteTextures(3, del);
}

TEST_F(CopyImageTest, Errors) {
  const GLuint a = texture(GL_TEXTURE_2D, GL_RGBA8, 16, 16, 1, 2);
  const GLuint b = texture(GL_TEXTURE_2D, GL_RGBA8, 16, 16);
  const GLuint f32 = texture(GL_TEXTURE_2D, GL_RGBA32F, 16, 16);
  const GLuint arr = texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 16, 16, 2);
  const GLuint etc = texture(GL_TEXTURE_2D, GL_COMPRESSED_RGBA8_ETC2_EAC, 16, 16);
  const GLuint etc_rgb = texture(GL_TEXTURE_2D, GL_COMPRESSED_RGB8_ETC2, 16, 16);
  const GLuint depth = texture(GL_TEXTURE_2D, GL_DEPTH_COMPONENT24, 16, 16);
  const GLuint depth32f = texture(GL_TEXTURE_2D, GL_DEPTH_COMPONENT32F, 16, 16);
  const GLuint u32 = texture(GL_TEXTURE_2D, GL_RGBA32UI, 4, 4);
  GLuint incomplete = 0;  // mipmap min filter, one level
  glGenTextures(1, &incomplete);
  glBindTexture(GL_TEXTURE_2D, incomplete);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  GLuint rb = 0, ms_rb = 0, unbound = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
  glGenRenderbuffers(1, &ms_rb);
  glBindRenderbuffer(GL_RENDERBUFFER, ms_rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 16, 16);
  glGenTextures(1, &unbound);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  auto expect = [](GLenum want, int line) { EXPECT_EQ(glGetError(), want) << "line " << line; };
  // Targets: texture buffers, cube faces and unknown enums.
  glCopyImageSubData(a, GL_TEXTURE_BUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_ENUM, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_ENUM, __LINE__);
  glCopyImageSubData(a, GL_FRAMEBUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_ENUM, __LINE__);
  // A target that is not the object's.
  glCopyImageSubData(a, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_ENUM, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, arr, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_ENUM, __LINE__);
  // Names that are no objects (of that kind).
  glCopyImageSubData(12345, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, unbound, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(0, GL_RENDERBUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(12345, GL_RENDERBUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  // Levels.
  glCopyImageSubData(a, GL_TEXTURE_2D, 2, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, -1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(rb, GL_RENDERBUFFER, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  expect(GL_NO_ERROR, __LINE__);
  // Incomplete textures.
  glCopyImageSubData(incomplete, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(b, GL_TEXTURE_2D, 0, 0, 0, 0, incomplete, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  // Negative sizes and regions outside either image, overflow included.
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, -1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, -1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 17, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 8, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 9, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 9, 0, 1, 8, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, -1, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 2);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(arr, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, arr, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 1, 1, 2);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0x7fffffff, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 0x7fffffff, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0x7fffffff, 0x7fffffff, 0x7fffffff, 1, 1,
                     1);
  expect(GL_INVALID_VALUE, __LINE__);
  glCopyImageSubData(u32, GL_TEXTURE_2D, 0, 0, 0, 0, etc, GL_TEXTURE_2D, 0, 0, 0, 0, 0x40000000, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  // Incompatible formats: other sizes, other classes, depth to color or to
  // another depth format, compressed to a texel of another size.
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, f32, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 0, 0, 0, etc_rgb, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(depth, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(depth, GL_TEXTURE_2D, 0, 0, 0, 0, depth32f, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(depth, GL_TEXTURE_2D, 0, 0, 0, 0, depth, GL_TEXTURE_2D, 0, 8, 8, 0, 8, 8, 1);
  expect(GL_NO_ERROR, __LINE__);
  // Sample counts.
  glCopyImageSubData(ms_rb, GL_RENDERBUFFER, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  // Compressed regions: offsets on block boundaries, sizes whole blocks
  // unless they reach the edge.
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 2, 0, 0, u32, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 0, 0, 0, u32, GL_TEXTURE_2D, 0, 0, 0, 0, 3, 4, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(u32, GL_TEXTURE_2D, 0, 0, 0, 0, etc, GL_TEXTURE_2D, 0, 4, 2, 0, 1, 1, 1);
  expect(GL_INVALID_OPERATION, __LINE__);
  glCopyImageSubData(etc, GL_TEXTURE_2D, 0, 12, 12, 0, u32, GL_TEXTURE_2D, 0, 3, 3, 0, 4, 4, 1);
  expect(GL_NO_ERROR, __LINE__);
  glCopyImageSubData(u32, GL_TEXTURE_2D, 0, 0, 0, 0, etc, GL_TEXTURE_2D, 0, 12, 0, 0, 2, 1, 1);
  expect(GL_INVALID_VALUE, __LINE__);
  // Renderbuffers and textures copy both ways; empty regions do nothing.
  glCopyImageSubData(rb, GL_RENDERBUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 16, 16, 1);
  expect(GL_NO_ERROR, __LINE__);
  glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 0, 0, 0);
  expect(GL_NO_ERROR, __LINE__);

  glDeleteRenderbuffers(1, &rb);
  glDeleteRenderbuffers(1, &ms_rb);
  const GLuint del[] = {a, b, f32, arr, etc, etc_rgb, depth, depth32f, u32, incomplete, unbound};
  glDeleteTextures(11, del);
}

}  // namespace
}  // namespace brass::e2e
