#include "gl/texture_view_classes.h"

#include <initializer_list>

namespace brass::gl {

namespace {

enum ViewClass : unsigned {
  kNone = 0,
  k128Bits,
  k96Bits,
  k64Bits,
  k48Bits,
  k32Bits,
  k24Bits,
  k16Bits,
  k8Bits,
  kRgtc1,
  kRgtc2,
  kBptcUnorm,
  kBptcFloat,
  kDxt1Rgb,
  kDxt1Rgba,
  kDxt3,
  kDxt5,
  kEacR11,
  kEacRg11,
  kEtc2Rgb,
  kEtc2PunchthroughRgba,
  kEtc2EacRgba,
  kAstcFirst,  // one class per ASTC block size, 2D then 3D
};

bool in(GLenum f, std::initializer_list<GLenum> list) {
  for (GLenum x : list)
    if (x == f) return true;
  return false;
}

}  // namespace

unsigned texture_view_class(GLenum f, bool desktop) {
  if (in(f, {GL_RGBA32F, GL_RGBA32UI, GL_RGBA32I})) return k128Bits;
  if (in(f, {GL_RGB32F, GL_RGB32UI, GL_RGB32I})) return k96Bits;
  if (in(f, {GL_RGBA16F, GL_RG32F, GL_RGBA16UI, GL_RG32UI, GL_RGBA16I, GL_RG32I})) return k64Bits;
  if (in(f, {GL_RGB16F, GL_RGB16UI, GL_RGB16I})) return k48Bits;
  if (in(f, {GL_RG16F, GL_R11F_G11F_B10F, GL_R32F, GL_RGB10_A2UI, GL_RGBA8UI, GL_RG16UI, GL_R32UI, GL_RGBA8I,
             GL_RG16I, GL_R32I, GL_RGB10_A2, GL_RGBA8, GL_RGBA8_SNORM, GL_SRGB8_ALPHA8, GL_RGB9_E5}))
    return k32Bits;
  if (in(f, {GL_RGB8, GL_RGB8_SNORM, GL_SRGB8, GL_RGB8UI, GL_RGB8I})) return k24Bits;
  if (in(f, {GL_R16F, GL_RG8UI, GL_R16UI, GL_RG8I, GL_R16I, GL_RG8, GL_RG8_SNORM})) return k16Bits;
  if (in(f, {GL_R8UI, GL_R8I, GL_R8, GL_R8_SNORM})) return k8Bits;
  if (desktop) {
    // GL's table has the 16-bit normalized formats too.
    if (in(f, {GL_RGBA16, GL_RGBA16_SNORM})) return k64Bits;
    if (in(f, {GL_RGB16, GL_RGB16_SNORM})) return k48Bits;
    if (in(f, {GL_RG16, GL_RG16_SNORM})) return k32Bits;
    if (in(f, {GL_R16, GL_R16_SNORM})) return k16Bits;
  }
  if (in(f, {GL_COMPRESSED_RED_RGTC1_EXT, GL_COMPRESSED_SIGNED_RED_RGTC1_EXT})) return kRgtc1;
  if (in(f, {GL_COMPRESSED_RED_GREEN_RGTC2_EXT, GL_COMPRESSED_SIGNED_RED_GREEN_RGTC2_EXT})) return kRgtc2;
  if (in(f, {GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT})) return kBptcUnorm;
  if (in(f, {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT})) return kBptcFloat;
  if (in(f, {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT})) return kDxt1Rgb;
  if (in(f, {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT})) return kDxt1Rgba;
  if (in(f, {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT})) return kDxt3;
  if (in(f, {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT})) return kDxt5;
  if (in(f, {GL_COMPRESSED_R11_EAC, GL_COMPRESSED_SIGNED_R11_EAC})) return kEacR11;
  if (in(f, {GL_COMPRESSED_RG11_EAC, GL_COMPRESSED_SIGNED_RG11_EAC})) return kEacRg11;
  if (in(f, {GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2})) return kEtc2Rgb;
  if (in(f, {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2}))
    return kEtc2PunchthroughRgba;
  if (in(f, {GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC})) return kEtc2EacRgba;
  // ASTC: each block size's linear and sRGB formats (2D 0x93B0.., sRGB
  // 0x93D0..; 3D 0x93C0.., sRGB 0x93E0..).
  if (f >= GL_COMPRESSED_RGBA_ASTC_4x4_KHR && f <= GL_COMPRESSED_RGBA_ASTC_12x12_KHR)
    return kAstcFirst + (f - GL_COMPRESSED_RGBA_ASTC_4x4_KHR);
  if (f >= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR && f <= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR)
    return kAstcFirst + (f - GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR);
  if (f >= GL_COMPRESSED_RGBA_ASTC_3x3x3_OES && f <= GL_COMPRESSED_RGBA_ASTC_6x6x6_OES)
    return kAstcFirst + 16 + (f - GL_COMPRESSED_RGBA_ASTC_3x3x3_OES);
  if (f >= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_3x3x3_OES && f <= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6x6_OES)
    return kAstcFirst + 16 + (f - GL_COMPRESSED_SRGB8_ALPHA8_ASTC_3x3x3_OES);
  return kNone;
}

bool texture_view_formats_compatible(GLenum orig, GLenum view, bool desktop) {
  const unsigned c = texture_view_class(orig, desktop);
  return c != kNone ? c == texture_view_class(view, desktop) : orig == view;
}

}  // namespace brass::gl
