// ASTC LDR textures end to end (KHR_texture_compression_astc_ldr): the
// extension, image sizes and errors, and sampling of blocks made by hand
// and by libastcenc.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
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
  // 3D ASTC (KHR_texture_compression_astc_sliced_3d): 2D blocks per slice,
  // imageSize counts every slice.
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 2, 0, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 2, 0, 32, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 7, 6, 2, 0, 64, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  // Sub-images of a 3D level: x/y on the block grid, any z.
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 3, 0, 1, 4, 6, 1, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 16,
                            blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 6, 0, 1, 1, 6, 1, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 16,
                            blocks.data());
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 6, 6, 2, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 32,
                            blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_VALUE));  // slices 1..2 of a 2-slice level
  // Other compressed families still have no 3D textures.
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 1, 0, 16, blocks.data());
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t[1]);
  glGenTextures(1, &t[1]);
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 8, 8, 2);
  EXPECT_EQ(err(), GLenum(GL_NO_ERROR));
  // Not renderable: glGetInternalformativ knows only color-, depth- and
  // stencil-renderable formats (ES 3.0 §6.1.15).
  GLint samples = -1;
  glGetInternalformativ(GL_RENDERBUFFER, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, GL_NUM_SAMPLE_COUNTS, 1, &samples);
  EXPECT_EQ(err(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(samples, -1);
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
// texel for texel, equals libastcenc's own decode of it (UNORM: exactly; sRGB:
// the decoded sRGB bytes linearized once by the sampler, within 1).
class AstcRoundTrip : public TextureTest {
 protected:
  struct Encoded {
    std::vector<uint8_t> blocks, decoded;
  };
  static Encoded encode(uint32_t bw, uint32_t bh, bool srgb, uint32_t w, uint32_t h, uint32_t seed) {
    std::vector<uint8_t> image(size_t{w} * h * 4);
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        uint8_t* px = &image[(size_t{y} * w + x) * 4];
        px[0] = uint8_t(x * 8 + seed);
        px[1] = uint8_t(y * 8);
        px[2] = uint8_t((x ^ y) & 4 ? 220 : 30 + seed);
        px[3] = uint8_t(x < 16 ? 255 : 128 + y * 2);
      }
    Encoded e;
    astcenc_config config{};
    astcenc_context* codec = nullptr;
    const astcenc_profile profile = srgb ? ASTCENC_PRF_LDR_SRGB : ASTCENC_PRF_LDR;
    EXPECT_EQ(astcenc_config_init(profile, bw, bh, 1, ASTCENC_PRE_FAST, 0, &config), ASTCENC_SUCCESS);
    if (astcenc_context_alloc(&config, 1, &codec) != ASTCENC_SUCCESS) {
      ADD_FAILURE() << "libastcenc context";
      return e;
    }
    e.blocks.resize(size_t{(w + bw - 1) / bw} * ((h + bh - 1) / bh) * 16);
    e.decoded.resize(image.size());
    void* in_slices[1] = {image.data()};
    void* out_slices[1] = {e.decoded.data()};
    astcenc_image in{w, h, 1, ASTCENC_TYPE_U8, in_slices}, out{w, h, 1, ASTCENC_TYPE_U8, out_slices};
    const astcenc_swizzle swz{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
    EXPECT_EQ(astcenc_compress_image(codec, &in, &swz, e.blocks.data(), e.blocks.size(), 0), ASTCENC_SUCCESS);
    astcenc_compress_reset(codec);
    EXPECT_EQ(astcenc_decompress_image(codec, e.blocks.data(), e.blocks.size(), &out, &swz, 0), ASTCENC_SUCCESS);
    astcenc_context_free(codec);
    return e;
  }
  static uint8_t linearize(uint8_t c) {
    const double v = c / 255.0;
    return uint8_t(std::lround(255.0 * (v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4))));
  }
  // Draws the bound 2D texture one texel per pixel and compares.
  void expect_sampled(const std::vector<uint8_t>& decoded, bool srgb, const char* what) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
    draw_quad(p);
    glDeleteProgram(p);
    // Both images have their bottom row first.
    const std::vector<uint32_t> px = read_pixels();
    size_t mismatches = 0;
    for (size_t i = 0; i < px.size(); ++i) {
      const uint8_t* d = &decoded[i * 4];
      const uint32_t e = srgb ? rgba(linearize(d[0]), linearize(d[1]), linearize(d[2]), d[3]) : rgba(d[0], d[1], d[2], d[3]);
      if (srgb ? !near(px[i], e, 1) : px[i] != e) {
        if (mismatches++ < 4)
          ADD_FAILURE() << what << " texel " << i % kWidth << "," << i / kWidth << std::hex << " got " << px[i]
                        << " want " << e;
      }
    }
    EXPECT_EQ(mismatches, 0u) << what;
  }
};

TEST_F(AstcRoundTrip, AstcLdrMatchesLibastcencDecode) {
  struct Case {
    GLenum format;
    uint32_t bw, bh;
    bool srgb;
  };
  // 32x32 texels: whole 4x4 and 8x8 blocks; partial 6x6 and 12x12 edge blocks.
  for (const Case& c : {Case{GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, false},
                        Case{GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 6, 6, false},
                        Case{GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 8, 8, false},
                        Case{GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 12, 12, false},
                        Case{GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR, 8, 8, true},
                        Case{GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, 12, 12, true}}) {
    const std::string what = std::to_string(c.bw) + "x" + std::to_string(c.bh) + (c.srgb ? " srgb" : "");
    const Encoded e = encode(c.bw, c.bh, c.srgb, kWidth, kHeight, 0);
    ASSERT_FALSE(e.blocks.empty());
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, c.format, GLsizei(kWidth), GLsizei(kHeight), 0, GLsizei(e.blocks.size()),
                           e.blocks.data());
    ASSERT_EQ(err(), GLenum(GL_NO_ERROR)) << what;
    expect_sampled(e.decoded, c.srgb, what.c_str());
    glDeleteTextures(1, &t);
  }
}

// glCompressedTexSubImage2D re-decodes only the blocks it names: the rest
// keep the first image's texels.
TEST_F(AstcRoundTrip, AstcSubImageReplacesOnlyItsBlocks) {
  const uint32_t bw = 8, bh = 8;
  const Encoded first = encode(bw, bh, false, kWidth, kHeight, 0);
  const Encoded second = encode(bw, bh, false, kWidth, kHeight, 77);
  ASSERT_FALSE(first.blocks.empty());
  ASSERT_FALSE(second.blocks.empty());
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, GLsizei(kWidth), GLsizei(kHeight));
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, GLsizei(kWidth), GLsizei(kHeight), GL_COMPRESSED_RGBA_ASTC_8x8_KHR,
                            GLsizei(first.blocks.size()), first.blocks.data());
  // Blocks (1..2, 2) of the second image: 16x8 texels at (8, 16).
  const size_t row_blocks = kWidth / bw;
  std::vector<uint8_t> region(second.blocks.begin() + (2 * row_blocks + 1) * 16,
                              second.blocks.begin() + (2 * row_blocks + 3) * 16);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 8, 16, 16, 8, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 32, region.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  std::vector<uint8_t> expect = first.decoded;
  for (uint32_t y = 16; y < 24; ++y)
    std::memcpy(&expect[(size_t{y} * kWidth + 8) * 4], &second.decoded[(size_t{y} * kWidth + 8) * 4], 16 * 4);
  expect_sampled(expect, false, "sub-image");
  glDeleteTextures(1, &t);
}

// Blocks read from a pixel unpack buffer at an offset, for whole images and
// sub-images; a range past the buffer's end is GL_INVALID_OPERATION.
TEST_F(AstcTextures, AstcUploadsFromPixelUnpackBuffer) {
  std::vector<uint8_t> data(16, 0x5A);  // not a block anybody reads
  for (const auto& b : {astc_void_extent(0xFFFF, 0, 0, 0xFFFF), astc_void_extent(0, 0xFFFF, 0, 0xFFFF),
                        astc_void_extent(0, 0, 0xFFFF, 0xFFFF)})
    data.insert(data.end(), b.begin(), b.end());
  GLuint pbo, t;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(data.size()), data.data(), GL_STATIC_DRAW);
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  // 24x12 in 12x12 blocks: red | green.
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 24, 12, 0, 32,
                         reinterpret_cast<const void*>(uintptr_t{16}));
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 24, 12, 0, 32,
                         reinterpret_cast<const void*>(uintptr_t{48}));
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  GLuint p = sampling_program("uniform sampler2D s;", "texture(s, v_uv)");
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 28), rgba(0, 255, 0));
  // The right block from the buffer's last 16 bytes: blue.
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 12, 0, 12, 12, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 16,
                            reinterpret_cast<const void*>(uintptr_t{48}));
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 12, 0, 12, 12, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 16,
                            reinterpret_cast<const void*>(uintptr_t{56}));
  EXPECT_EQ(err(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  draw_quad(p);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 28), rgba(0, 0, 255));
  glDeleteProgram(p);
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(1, &t);
}

// KHR_texture_compression_astc_sliced_3d: a 3D texture whose slices are
// images of 2D blocks, specified whole, by immutable storage and by
// sub-image, sampled slice by slice.
TEST_F(AstcTextures, AstcSliced3dTexturesSample) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  bool exposed = false;
  for (GLint i = 0; i < n; ++i)
    exposed |= std::strcmp(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i)),
                           "GL_KHR_texture_compression_astc_sliced_3d") == 0;
  ASSERT_TRUE(exposed);
  const auto red = astc_void_extent(0xFFFF, 0, 0, 0xFFFF), green = astc_void_extent(0, 0xFFFF, 0, 0xFFFF),
             blue = astc_void_extent(0, 0, 0xFFFF, 0xFFFF), white = astc_void_extent(0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF);
  // 9x8x3 in 8x8 blocks: per slice a colored block, then white for texel column 8.
  std::vector<uint8_t> slices;
  for (const auto* b : {&red, &white, &green, &white, &blue, &white}) slices.insert(slices.end(), b->begin(), b->end());
  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_3D, t[0]);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 9, 8, 3, 0, GLsizei(slices.size()),
                         slices.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  auto slice_program = [&](float z) {
    return sampling_program("uniform sampler3D s;", ("texture(s, vec3(v_uv, " + std::to_string(z) + "))").c_str());
  };
  const uint32_t colors[3] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)};
  for (int z = 0; z < 3; ++z) {
    GLuint p = slice_program((z + 0.5f) / 3.0f);
    draw_quad(p);
    EXPECT_EQ(pixel(4, 4), colors[z]) << "slice " << z;
    EXPECT_EQ(pixel(31, 4), rgba(255, 255, 255)) << "slice " << z;  // texel 8
    glDeleteProgram(p);
  }
  // Slice 1's first block becomes blue; slices 0 and 2 keep theirs.
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 8, 8, 1, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 16, blue.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  for (int z = 0; z < 3; ++z) {
    GLuint p = slice_program((z + 0.5f) / 3.0f);
    draw_quad(p);
    EXPECT_EQ(pixel(4, 4), z == 1 ? rgba(0, 0, 255) : colors[z]) << "slice " << z;
    glDeleteProgram(p);
  }
  // Immutable 12x12x2 sRGB storage, two levels (12x12x2, 6x6x1), each slice one block.
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glTexStorage3D(GL_TEXTURE_3D, 2, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, 12, 12, 2);
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  std::vector<uint8_t> two = green;
  two.insert(two.end(), red.begin(), red.end());
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 12, 12, 2, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, 32,
                            two.data());
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 6, 6, 1, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, 16,
                            blue.data());
  ASSERT_EQ(err(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = slice_program(0.75f);
  draw_quad(p);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  glDeleteProgram(p);
  p = sampling_program("uniform sampler3D s;", "textureLod(s, vec3(v_uv, 0.5), 1.0)");
  draw_quad(p);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255));
  glDeleteProgram(p);
  glDeleteTextures(2, t);
}

}  // namespace
}  // namespace brass::e2e
