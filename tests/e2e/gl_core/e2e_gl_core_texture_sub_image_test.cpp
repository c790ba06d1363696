// ARB_get_texture_sub_image (GL 4.5) end to end in a 3.3 core context that
// lists it: glGetTextureSubImage on 2D, 2D array, 1D array, 3D and cube map
// textures (cube faces as depth) with the pack state, into client memory
// and the pixel pack buffer; glGetCompressedTextureSubImage by whole
// blocks; and the errors (names, levels, boxes, missing faces, buffer
// sizes, block alignment).
#include <array>
#include <cstdint>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreTextureSubImageTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_get_texture_sub_image"));
  }
  // The RGBA8 texel of (x, y, z) in the textures these tests fill.
  static uint32_t texel(int x, int y, int z) { return rgba(uint8_t(x), uint8_t(y), uint8_t(z), uint8_t(x + y + z)); }
  static std::vector<uint32_t> image(int w, int h, int z) {
    std::vector<uint32_t> v;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) v.push_back(texel(x, y, z));
    return v;
  }
  static void expect_error(GLenum e, int line) {
    EXPECT_EQ(glGetError(), e) << "line " << line;
  }
};

#define EXPECT_GL_ERROR(e) expect_error(e, __LINE__)

TEST_F(GlCoreTextureSubImageTest, Reads2DBoxWithPackState) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, image(8, 8, 0).data());
  // A 3 x 2 box at (2, 5), tightly packed.
  std::array<uint32_t, 6> box{};
  glGetTextureSubImage(tex, 0, 2, 5, 0, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(box), box.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) EXPECT_EQ(box[y * 3 + x], texel(2 + x, 5 + y, 0)) << x << "," << y;
  // The same box placed at (1, 2) of a 4-texel-wide client image.
  std::array<uint32_t, 16> placed{};
  glPixelStorei(GL_PACK_ROW_LENGTH, 4);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
  glPixelStorei(GL_PACK_SKIP_ROWS, 2);
  glGetTextureSubImage(tex, 0, 2, 5, 0, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(placed), placed.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  EXPECT_EQ(placed[0], 0u);
  EXPECT_EQ(placed[2 * 4 + 1], texel(2, 5, 0));
  EXPECT_EQ(placed[3 * 4 + 3], texel(4, 6, 0));
  // One byte short of what the pack state needs.
  glGetTextureSubImage(tex, 0, 2, 5, 0, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, 4 * (3 * 4 + 4) - 1, placed.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_PACK_SKIP_ROWS, 0);
  // Into a pixel pack buffer at an offset.
  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_PACK_BUFFER, 64, nullptr, GL_STREAM_READ);
  glGetTextureSubImage(tex, 0, 7, 7, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 0, reinterpret_cast<void*>(uintptr_t{8}));
  EXPECT_GL_ERROR(GL_NO_ERROR);
  uint32_t from_pbo = 0;
  glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 8, 4, &from_pbo);
  EXPECT_EQ(from_pbo, texel(7, 7, 0));
  // A box past the buffer's end.
  glGetTextureSubImage(tex, 0, 0, 0, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, 0, reinterpret_cast<void*>(uintptr_t{8}));
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreTextureSubImageTest, ReadsLayersSlicesAndCubeFaces) {
  // 2D array: layers 1-2 of a 4 x 4 x 3 array, a 2 x 2 box at (1, 1).
  GLuint tex[4] = {};
  glGenTextures(4, tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
  for (int z = 0; z < 3; ++z)
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, z, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, image(4, 4, z).data());
  std::array<uint32_t, 8> out{};
  glGetTextureSubImage(tex[0], 0, 1, 1, 1, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 2; ++x) EXPECT_EQ(out[z * 4 + y * 2 + x], texel(1 + x, 1 + y, 1 + z));
  // 3D: slice 2 of a 4 x 4 x 4 texture.
  glBindTexture(GL_TEXTURE_3D, tex[1]);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4, 4);
  for (int z = 0; z < 4; ++z)
    glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, z, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, image(4, 4, z).data());
  std::array<uint32_t, 16> slice{};
  glGetTextureSubImage(tex[1], 0, 0, 0, 2, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(slice), slice.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  EXPECT_EQ(slice[5], texel(1, 1, 2));
  EXPECT_EQ(slice[15], texel(3, 3, 2));
  // 1D array: y counts layers; layers 1-2 of three, texels 2-3.
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex[2]);
  glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, 4, 3);
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, image(4, 3, 0).data());
  std::array<uint32_t, 4> rows{};
  glGetTextureSubImage(tex[2], 0, 2, 1, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(rows), rows.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  EXPECT_EQ(rows[0], texel(2, 1, 0));
  EXPECT_EQ(rows[3], texel(3, 2, 0));
  // Cube map: faces 2-4 (zoffset 2, depth 3), one texel each.
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[3]);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
  for (int f = 0; f < 6; ++f)
    glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                    image(4, 4, f).data());
  std::array<uint32_t, 3> faces{};
  glGetTextureSubImage(tex[3], 0, 3, 0, 2, 1, 1, 3, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(faces), faces.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  for (int f = 0; f < 3; ++f) EXPECT_EQ(faces[f], texel(3, 0, 2 + f)) << f;
  // Past the sixth face.
  glGetTextureSubImage(tex[3], 0, 0, 0, 4, 1, 1, 3, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(faces), faces.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDeleteTextures(4, tex);
}

TEST_F(GlCoreTextureSubImageTest, ReadsCompressedBlocks) {
  // An 8 x 8 RGTC1 image: four 8-byte blocks, each filled with its index.
  std::array<uint8_t, 32> blocks{};
  for (size_t i = 0; i < blocks.size(); ++i) blocks[i] = static_cast<uint8_t>(i / 8 * 16 + i % 8);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, sizeof(blocks), blocks.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // The bottom-right block (x 4, y 0) and the top row (y 4, both blocks).
  std::array<uint8_t, 16> out{};
  glGetCompressedTextureSubImage(tex, 0, 4, 0, 0, 4, 4, 1, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], blocks[8 + i]) << i;
  glGetCompressedTextureSubImage(tex, 0, 0, 4, 0, 8, 4, 1, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], blocks[16 + i]) << i;
  // Not on a block boundary; a size of part of a block inside the image.
  glGetCompressedTextureSubImage(tex, 0, 2, 0, 0, 4, 4, 1, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glGetCompressedTextureSubImage(tex, 0, 0, 0, 0, 2, 4, 1, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  // Too small a buffer.
  glGetCompressedTextureSubImage(tex, 0, 0, 0, 0, 8, 8, 1, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  // An uncompressed texture has no compressed form.
  GLuint plain = 0;
  glGenTextures(1, &plain);
  glBindTexture(GL_TEXTURE_2D, plain);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glGetCompressedTextureSubImage(plain, 0, 0, 0, 0, 4, 4, 1, sizeof(out), out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glDeleteTextures(1, &plain);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreTextureSubImageTest, Errors) {
  std::array<uint32_t, 64> out{};
  const GLsizei size = sizeof(out);
  // Not a texture; a name never bound (no target yet).
  glGetTextureSubImage(42, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  GLuint tex[3] = {};
  glGenTextures(3, tex);
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 4, 4);
  // Bad enums; levels out of range or not there.
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_DEPTH_FUNC, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glGetTextureSubImage(tex[0], -1, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 99, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // A level the storage does not have is 0 x 0 x 0: a texel is past it,
  // an empty box at the origin reads nothing.
  glGetTextureSubImage(tex[0], 2, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 2, 0, 0, 0, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  // Negative offsets and sizes; boxes past the edge, with sums that would
  // overflow 32 bits; a 2D texture's z (offset 0, size 1, even for an
  // otherwise empty box).
  glGetTextureSubImage(tex[0], 0, -1, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 1, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 0, 0x7fffffff, 0, 0, 0x7fffffff, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // An empty box reads nothing and is no error.
  out[0] = 0x12345678u;
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  EXPECT_EQ(out[0], 0x12345678u);
  // Integer format from a normalized texture.
  glGetTextureSubImage(tex[0], 0, 0, 0, 0, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  // A cube map with face 5 missing (not cube complete): one face reads,
  // several do not, whether or not they include the missing one.
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
  for (int f = 0; f < 5; ++f)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGetTextureSubImage(tex[1], 0, 0, 0, 0, 2, 2, 6, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glGetTextureSubImage(tex[1], 0, 0, 0, 0, 2, 2, 5, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glGetTextureSubImage(tex[1], 0, 0, 0, 4, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  // Multisample textures cannot be read.
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[2]);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
  glGetTextureSubImage(tex[2], 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, size, out.data());
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glDeleteTextures(3, tex);
}

}  // namespace
}  // namespace brass::e2e
