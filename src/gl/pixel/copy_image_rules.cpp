#include "gl/pixel/copy_image_rules.h"

#include "gl/pixel/gl_enums.h"

namespace brass::gl::pixel {

namespace {

// Class ids; their values mean nothing beyond equality (0: no class).
enum CopyClass : uint32_t {
  kNone = 0,
  kBits128,
  kBits96,
  kBits64,
  kBits48,
  kBits32,
  kBits24,
  kBits16,
  kBits8,
  kEacR11,
  kEacRg11,
  kEtc2Rgb,
  kEtc2Rgba,
  kEtc2EacRgba,
  kS3tcDxt1Rgb,
  kS3tcDxt1Rgba,
  kS3tcDxt3,
  kS3tcDxt5,
  kRgtc1,
  kRgtc2,
  kBptcUnorm,
  kBptcFloat,
  kAstcFirst,  // + the ASTC block size's index below
};

// ASTC classes: each block size is its own class of the linear and the sRGB
// format (their enums are 0x93B0 + i and 0x93D0 + i).
constexpr GLenum kAstcLinearFirst = 0x93B0, kAstcSrgbFirst = 0x93D0;
constexpr uint32_t kAstcCount = 14;

}  // namespace

uint32_t copy_image_class(GLenum f) {
  switch (f) {
    case GL_RGBA32F: case GL_RGBA32I: case GL_RGBA32UI:
      return kBits128;
    case GL_RGB32F: case GL_RGB32I: case GL_RGB32UI:
      return kBits96;
    case GL_RGBA16F: case GL_RG32F: case GL_RGBA16I: case GL_RG32I: case GL_RGBA16UI: case GL_RG32UI:
    case GL_RGBA16: case GL_RGBA16_SNORM:
      return kBits64;
    case GL_RGB16: case GL_RGB16_SNORM: case GL_RGB16F: case GL_RGB16I: case GL_RGB16UI:
      return kBits48;
    case GL_RG16F: case GL_R11F_G11F_B10F: case GL_R32F: case GL_RGB10_A2UI: case GL_RGBA8UI: case GL_RG16I: case GL_RG16UI:
    case GL_R32I: case GL_RGB10_A2: case GL_RGBA8: case GL_RG16: case GL_RGBA8I: case GL_R32UI: case GL_RGBA8_SNORM:
    case GL_RG16_SNORM: case GL_SRGB8_ALPHA8: case GL_RGB9_E5:
      return kBits32;
    case GL_RGB8: case GL_RGB8_SNORM: case GL_SRGB8: case GL_RGB8I: case GL_RGB8UI:
      return kBits24;
    case GL_R16F: case GL_RG8UI: case GL_R16I: case GL_RG8I: case GL_RG8: case GL_R16UI: case GL_RG8_SNORM:
    case GL_R16: case GL_R16_SNORM: case GL_SRG8_EXT:
      return kBits16;
    case GL_R8UI: case GL_R8I: case GL_R8: case GL_R8_SNORM: case GL_SR8_EXT:
      return kBits8;
    case GL_COMPRESSED_R11_EAC: case GL_COMPRESSED_SIGNED_R11_EAC:
      return kEacR11;
    case GL_COMPRESSED_RG11_EAC: case GL_COMPRESSED_SIGNED_RG11_EAC:
      return kEacRg11;
    case GL_COMPRESSED_RGB8_ETC2: case GL_COMPRESSED_SRGB8_ETC2:
      return kEtc2Rgb;
    case GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2: case GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2:
      return kEtc2Rgba;
    case GL_COMPRESSED_RGBA8_ETC2_EAC: case GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC:
      return kEtc2EacRgba;
    case GL_COMPRESSED_RGB_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT:
      return kS3tcDxt1Rgb;
    case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT:
      return kS3tcDxt1Rgba;
    case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT:
      return kS3tcDxt3;
    case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
      return kS3tcDxt5;
    case GL_COMPRESSED_RED_RGTC1: case GL_COMPRESSED_SIGNED_RED_RGTC1:
      return kRgtc1;
    case GL_COMPRESSED_RG_RGTC2: case GL_COMPRESSED_SIGNED_RG_RGTC2:
      return kRgtc2;
    // GL 4.6 table 8.27: BPTC's unorm and float classes.
    case GL_COMPRESSED_RGBA_BPTC_UNORM_EXT: case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT:
      return kBptcUnorm;
    case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT: case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT:
      return kBptcFloat;
    default:
      break;
  }
  if (f >= kAstcLinearFirst && f < kAstcLinearFirst + kAstcCount) return kAstcFirst + (f - kAstcLinearFirst);
  if (f >= kAstcSrgbFirst && f < kAstcSrgbFirst + kAstcCount) return kAstcFirst + (f - kAstcSrgbFirst);
  return kNone;
}

bool copy_image_compatible(const InternalFormatInfo& src, const InternalFormatInfo& dst) {
  if (src.internal_format == dst.internal_format) return true;
  // Depth and stencil copy only to the identical format.
  if (!src.is_color() || !dst.is_color()) return false;
  const bool sc = src.is_compressed(), dc = dst.is_compressed();
  if (sc == dc) {
    const uint32_t c = copy_image_class(src.internal_format);
    return c != kNone && c == copy_image_class(dst.internal_format);
  }
  // A compressed block copies to one texel of the same byte size.
  return src.block_bytes() == dst.block_bytes();
}

}  // namespace brass::gl::pixel
