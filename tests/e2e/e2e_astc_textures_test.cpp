// ASTC LDR textures end to end (KHR_texture_compression_astc_ldr): the
// extension, image sizes and errors, and sampling of blocks made by hand
// and by libastcenc.
#include <cstring>
#include <vector>

#include <astcenc.h>

#include "e2e_texture_fixture.h"

namespace brass::e2e {
namespace {

using AstcTextures = TextureTest;

// ---- ASTC LDR (KHR_texture_compression_astc_ldr) -------------------------

// A void-extent (constant color) block: block mode 0x1FC, LDR, no extent
// coordinates, then R, G, B, A as 16-bit UNORM.
std::vector<uint8_t> astc_void_extent(uint16_t r, uint16_t g, uint16_t b, uint16_t a) {
  std::vector<uint8_t> block = {0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  for (uint16_t c : {r, g, b, a}) {
    block.push_back(uint8_t(c & 0xFF));
    block.push_back(uint8_t(c >> 8));
  }
  return block;
}

std::vector<uint8_t> repeat_blocks(const std::vector<uint8_t>& block, size_t n) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i < n; ++i) out.insert(out.end(), block.begin(), block.end());
  return out;
}

TEST_F(AstcTextures, AstcLdrExtensionAndErrors) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  bool exposed = false;
  for (GLint i = 0; i < n; ++i)
    exposed |= std::strcmp(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i)),
                           "GL_KHR_texture_compression_astc_ldr") == 0;
  ASSERT_TRUE(exposed);
  const std::vector<uint8_t> blocks = repeat_blocks(astc_void_extent(0xFFFF, 0, 0, 0xFFFF), 16);
  GLuint t[3];
  glGenTextures(3, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  // imageSize counts whole blocks of the footprint: 13x7 in 12x10 blocks is 2x1.
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x10_KHR, 13, 7, 0, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x10_KHR, 13, 7, 0, 48, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x10_KHR, 13, 7, 0, 32, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  // 11x9 in 5x4 blocks is 3x3; 21x21 in 10x10 blocks is 3x3; 13x13 in 12x12 is 2x2.
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 11, 9, 0, 128, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 11, 9, 0, 144, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR, 21, 21, 0, 64, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR, 21, 21, 0, 144, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 13, 13, 0, 48, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 13, 13, 0, 64, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  // Sub-images: offsets on the 12x12 grid; sizes whole blocks or to the edge.
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 9, 12, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 12, 0, 1, 12, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 12, 12, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));  // other format
  // No 3D ASTC without KHR_texture_compression_astc_sliced_3d / _hdr.
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 1, 0, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 6, 6, 2, 0, 32, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 8, 8, 2);
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  // 2D arrays are fine: one image of blocks per layer.
  glBindTexture(GL_TEXTURE_2D_ARRAY, t[2]);
  glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 9, 8, 3, 0, 64, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 9, 8, 3, 0, 96, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glDeleteTextures(3, t);
}

TEST_F(AstcTextures, AstcLdrSamplesVoidExtentBlocks) {
  GLuint t[5];
  glGenTextures(5, t);
  // 2D, 13x7 in 12x10 blocks: texels 0..11 red, texel 12 (the partial block) green.
  glBindTexture(GL_TEXTURE_2D, t[0]);
  std::vector<uint8_t> two = astc_void_extent(0xFFFF, 0, 0, 0xFFFF);
  const std::vector<uint8_t> green = astc_void_extent(0, 0xFFFF, 0, 0xFFFF);
  two.insert(two.end(), green.begin(), green.end());
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x10_KHR, 13, 7, 0, 32, two.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  draw_quad(p);
  EXPECT_EQ(pixel(2, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 16), rgba(255, 0, 0));  // texel 11
  EXPECT_EQ(pixel(31, 16), rgba(0, 255, 0));  // texel 12
  // UNORM: 16-bit values rounded to 8 bits; alpha kept.
  const std::vector<uint8_t> gray = astc_void_extent(0x8080, 0x4000, 0x1234, 0x8080);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 0, 16, gray.data());
  draw_quad(p);
  EXPECT_TRUE(near(pixel(5, 5), rgba(128, 64, 18, 128), 1)) << std::hex << pixel(5, 5);
  // sRGB: 0x80 (the top byte) is linearized once, to 55 (128 if never, ~10 if twice).
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 6, 6, 0, 16, gray.data());
  draw_quad(p);
  EXPECT_TRUE(near(pixel(5, 5), rgba(55, 13, 2, 128), 1)) << std::hex << pixel(5, 5);
  // A reserved encoding (block mode 0) is the error color, opaque magenta.
  const std::vector<uint8_t> reserved(16, 0);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 8, 8, 0, 16, reserved.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  draw_quad(p);
  EXPECT_EQ(pixel(5, 5), rgba(255, 0, 255));
  glDeleteProgram(p);

  // Immutable storage, filled block by block.
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_ASTC_10x5_KHR, 20, 10);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  const std::vector<uint8_t> blue = repeat_blocks(astc_void_extent(0, 0, 0xFFFF, 0xFFFF), 4);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 20, 10, GL_COMPRESSED_RGBA_ASTC_10x5_KHR, 64, blue.data());
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 10, 5, 10, 5, GL_COMPRESSED_RGBA_ASTC_10x5_KHR, 16, green.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255));
  EXPECT_EQ(pixel(28, 4), rgba(0, 0, 255));
  EXPECT_EQ(pixel(4, 28), rgba(0, 0, 255));
  EXPECT_EQ(pixel(28, 28), rgba(0, 255, 0));
  glDeleteProgram(p);

  // 2D array: one 5x4 block per layer; layer 1 sampled.
  glBindTexture(GL_TEXTURE_2D_ARRAY, t[2]);
  std::vector<uint8_t> layers = astc_void_extent(0xFFFF, 0xFFFF, 0, 0xFFFF);
  const std::vector<uint8_t> cyan = astc_void_extent(0, 0xFFFF, 0xFFFF, 0xFFFF);
  layers.insert(layers.end(), cyan.begin(), cyan.end());
  glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR, 5, 4, 2, 0, 32,
                         layers.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  p = sampling_program("uniform sampler2DArray s;", "texture(s, vec3(v_uv, 1.0))");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 255));
  glDeleteProgram(p);
  p = sampling_program("uniform sampler2DArray s;", "texture(s, vec3(v_uv, 0.0))");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 0));
  glDeleteProgram(p);

  // Cube map: each face a 4x4 block of its own color.
  glBindTexture(GL_TEXTURE_CUBE_MAP, t[3]);
  for (int f = 0; f < 6; ++f) {
    const std::vector<uint8_t> face = astc_void_extent(uint16_t(0x2828 * f), 0x0A0A, 0x1414, 0xFFFF);
    glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 0, 16,
                           face.data());
  }
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const char* dirs[6] = {"vec3(1,0,0)", "vec3(-1,0,0)", "vec3(0,1,0)", "vec3(0,-1,0)", "vec3(0,0,1)", "vec3(0,0,-1)"};
  for (int f = 0; f < 6; ++f) {
    p = sampling_program("uniform samplerCube s;", (std::string("texture(s, ") + dirs[f] + ")").c_str());
    draw_quad(p);
    EXPECT_EQ(pixel(4, 4), rgba(uint8_t(40 * f), 10, 20)) << "face " << f;
    glDeleteProgram(p);
  }
  glDeleteTextures(5, t);
}

// Real (not constant) blocks: an image compressed by libastcenc, sampled
// texel for texel, equals libastcenc's own decode of it.
TEST_F(AstcTextures, AstcLdrMatchesLibastcencDecode) {
  const uint32_t w = kWidth, h = kHeight;  // 32x32: partial 6x6 blocks at the edges
  std::vector<uint8_t> image(size_t{w} * h * 4);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* px = &image[(size_t{y} * w + x) * 4];
      px[0] = uint8_t(x * 8);
      px[1] = uint8_t(y * 8);
      px[2] = uint8_t((x ^ y) & 4 ? 220 : 30);
      px[3] = uint8_t(x < 16 ? 255 : 128 + y * 2);
    }
  astcenc_config config{};
  astcenc_context* codec = nullptr;
  ASSERT_EQ(astcenc_config_init(ASTCENC_PRF_LDR, 6, 6, 1, ASTCENC_PRE_FAST, 0, &config), ASTCENC_SUCCESS);
  ASSERT_EQ(astcenc_context_alloc(&config, 1, &codec), ASTCENC_SUCCESS);
  std::vector<uint8_t> blocks(size_t{(w + 5) / 6} * ((h + 5) / 6) * 16), expect(image.size());
  void* in_slices[1] = {image.data()};
  void* out_slices[1] = {expect.data()};
  astcenc_image in{w, h, 1, ASTCENC_TYPE_U8, in_slices}, out{w, h, 1, ASTCENC_TYPE_U8, out_slices};
  const astcenc_swizzle swz{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
  EXPECT_EQ(astcenc_compress_image(codec, &in, &swz, blocks.data(), blocks.size(), 0), ASTCENC_SUCCESS);
  EXPECT_EQ(astcenc_decompress_image(codec, blocks.data(), blocks.size(), &out, &swz, 0), ASTCENC_SUCCESS);
  astcenc_context_free(codec);

  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, GLsizei(w), GLsizei(h), 0,
                         GLsizei(blocks.size()), blocks.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  draw_quad(p);
  // One texel per pixel; both images have their bottom row first.
  const std::vector<uint32_t> px = read_pixels();
  size_t mismatches = 0;
  for (size_t i = 0; i < px.size(); ++i) {
    uint32_t e;
    std::memcpy(&e, &expect[i * 4], 4);
    if (px[i] != e && mismatches++ < 4) ADD_FAILURE() << "texel " << i % w << "," << i / w << std::hex << " got " << px[i] << " want " << e;
  }
  EXPECT_EQ(mismatches, 0u);
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace brass::e2e
