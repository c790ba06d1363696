#include "gl/pixel/tex_image_rules.h"

#include <gtest/gtest.h>

namespace brass::gl::pixel {
namespace {

const FormatFeatures kEs3 = FormatFeatures::es3();
const FormatFeatures kDesktop = FormatFeatures::desktop();

GLenum es_error(int32_t internal_format, GLenum format, GLenum type, const FormatFeatures& f = kEs3) {
  return resolve_tex_image_format(internal_format, format, type, f).error;
}
GLenum effective(int32_t internal_format, GLenum format, GLenum type, const FormatFeatures& f = kEs3) {
  const FormatResolution r = resolve_tex_image_format(internal_format, format, type, f);
  return r.error == GL_NO_ERROR ? r.info->internal_format : GL_NONE;
}

TEST(PixelTexImageRules, Es3ValidSizedCombinations) {
  struct C {
    GLenum internal_format, format, type;
  };
  for (const C& c : {C{GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE}, C{GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV},
                     C{GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4}, C{GL_RGBA16F, GL_RGBA, GL_FLOAT},
                     C{GL_RGB9_E5, GL_RGB, GL_HALF_FLOAT}, C{GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV},
                     C{GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV},
                     C{GL_R32I, GL_RED_INTEGER, GL_INT}, C{GL_RG8_SNORM, GL_RG, GL_BYTE},
                     C{GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE}, C{GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT},
                     C{GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV},
                     C{GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8}}) {
    EXPECT_EQ(effective(static_cast<int32_t>(c.internal_format), c.format, c.type), c.internal_format)
        << std::hex << c.internal_format << " " << c.format << " " << c.type;
  }
}

TEST(PixelTexImageRules, Es3UnsizedEffectiveFormats) {
  EXPECT_EQ(effective(GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_RGBA8));
  EXPECT_EQ(effective(GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4), static_cast<GLenum>(GL_RGBA4));
  EXPECT_EQ(effective(GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1), static_cast<GLenum>(GL_RGB5_A1));
  EXPECT_EQ(effective(GL_RGB, GL_RGB, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_RGB8));
  EXPECT_EQ(effective(GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5), static_cast<GLenum>(GL_RGB565));
  EXPECT_EQ(effective(GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_LUMINANCE8));
  EXPECT_EQ(effective(GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE),
            static_cast<GLenum>(GL_LUMINANCE8_ALPHA8));
  EXPECT_EQ(effective(GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_ALPHA8));
  EXPECT_EQ(effective(GL_LUMINANCE, GL_LUMINANCE, GL_FLOAT), static_cast<GLenum>(GL_LUMINANCE32F_EXT));
  EXPECT_EQ(effective(GL_RGBA, GL_RGBA, GL_HALF_FLOAT_OES), static_cast<GLenum>(GL_RGBA16F));
  EXPECT_EQ(effective(GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_BGRA8_EXT));
  EXPECT_EQ(effective(GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT),
            static_cast<GLenum>(GL_DEPTH_COMPONENT24));
  // Without the extensions the float/depth unsized uploads are bad triples.
  FormatFeatures bare = kEs3;
  bare.texture_float_unsized = false;
  bare.depth_texture_unsized = false;
  EXPECT_EQ(es_error(GL_RGBA, GL_RGBA, GL_FLOAT, bare), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, bare),
            static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(es_error(GL_RGBA, GL_RGBA, GL_HALF_FLOAT_OES, bare), static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST(PixelTexImageRules, Es3InvalidEnumForUnknownFormatOrType) {
  EXPECT_EQ(es_error(GL_RGBA8, 0x1234, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(es_error(GL_RGBA8, GL_RGBA, 0x1234), static_cast<GLenum>(GL_INVALID_ENUM));
  // Desktop-only enums are unknown on ES.
  EXPECT_EQ(es_error(GL_RGB8, GL_BGR, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_ENUM));
  // INVALID_ENUM wins over a bad internalformat.
  EXPECT_EQ(es_error(0, GL_RGBA, 0x1234), static_cast<GLenum>(GL_INVALID_ENUM));
  FormatFeatures no_bgra = kEs3;
  no_bgra.bgra8888 = false;
  EXPECT_EQ(es_error(GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, no_bgra), static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST(PixelTexImageRules, Es3InvalidValueForUnknownInternalFormat) {
  EXPECT_EQ(es_error(0, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(es_error(4, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_VALUE));  // legacy "components"
  EXPECT_EQ(es_error(GL_RGB16, GL_RGB, GL_UNSIGNED_SHORT), static_cast<GLenum>(GL_INVALID_VALUE));  // no norm16
  FormatFeatures strict = kEs3;
  strict.required_internalformat = false;
  EXPECT_EQ(es_error(GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, strict), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(es_error(GL_LUMINANCE16F_EXT, GL_LUMINANCE, GL_HALF_FLOAT), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(es_error(GL_COMPRESSED_RGB8_ETC2, GL_RGB, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(es_error(-1, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST(PixelTexImageRules, RequiredInternalformatAcceptsSizedLuminanceAlpha) {
  EXPECT_EQ(es_error(GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(es_error(GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(es_error(GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(es_error(GL_LUMINANCE8, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelTexImageRules, OnlineCompressionGivesTheCompressedFormat) {
  FormatFeatures f = kEs3;
  f.s3tc = f.rgtc = true;
  for (const FormatFeatures& api : {f, kDesktop}) {
    EXPECT_EQ(effective(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, GL_UNSIGNED_BYTE, api),
              static_cast<GLenum>(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT));
    EXPECT_EQ(effective(GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, GL_RED, GL_BYTE, api),
              static_cast<GLenum>(GL_COMPRESSED_SIGNED_RED_RGTC1_EXT));
    EXPECT_EQ(effective(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGBA, GL_FLOAT, api),
              static_cast<GLenum>(GL_COMPRESSED_RGB_S3TC_DXT1_EXT));
    // Integer data never suits a normalized source format.
    EXPECT_EQ(es_error(GL_COMPRESSED_RED_RGTC1_EXT, GL_RED_INTEGER, GL_UNSIGNED_BYTE, api),
              static_cast<GLenum>(GL_INVALID_OPERATION));
    // TexSubImage into such an image takes the same data.
    const InternalFormatInfo& dxt1 = *find_internal_format(GL_COMPRESSED_RGB_S3TC_DXT1_EXT);
    EXPECT_EQ(check_tex_sub_image_format(dxt1, GL_RGBA, GL_FLOAT, api), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(check_tex_sub_image_format(dxt1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, api),
              static_cast<GLenum>(GL_INVALID_OPERATION));
  }
  f.rgtc = false;  // not exposed: an unknown internalformat
  EXPECT_EQ(es_error(GL_COMPRESSED_RED_RGTC1_EXT, GL_RED, GL_UNSIGNED_BYTE, f), static_cast<GLenum>(GL_INVALID_VALUE));
  // Formats without an encoder (ETC2) take no data in TexImage.
  EXPECT_EQ(es_error(GL_COMPRESSED_RGB8_ETC2, GL_RGB, GL_UNSIGNED_BYTE, kDesktop),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_tex_sub_image_format(*find_internal_format(GL_COMPRESSED_RGB8_ETC2), GL_RGB, GL_UNSIGNED_BYTE,
                                       kDesktop),
            static_cast<GLenum>(GL_INVALID_OPERATION));
}

// EXT_texture_compression_bptc: TexImage takes one format/type row per
// format on ES; 3D textures of BPTC slices exist.
TEST(PixelTexImageRules, EsBptcRows) {
  FormatFeatures f = kEs3;
  EXPECT_EQ(es_error(GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, GL_RGBA, GL_UNSIGNED_BYTE, f),
            static_cast<GLenum>(GL_INVALID_VALUE));  // not exposed
  f.bptc = true;
  EXPECT_EQ(effective(GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, GL_RGBA, GL_UNSIGNED_BYTE, f),
            static_cast<GLenum>(GL_COMPRESSED_RGBA_BPTC_UNORM_EXT));
  EXPECT_EQ(effective(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, GL_RGB, GL_FLOAT, f),
            static_cast<GLenum>(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT));
  EXPECT_EQ(es_error(GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, GL_RGBA, GL_FLOAT, f),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, GL_RGBA, GL_FLOAT, f),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  const InternalFormatInfo& bc7 = *find_internal_format(GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT);
  EXPECT_EQ(check_tex_sub_image_format(bc7, GL_RGBA, GL_UNSIGNED_BYTE, f), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_tex_sub_image_format(bc7, GL_RGB, GL_UNSIGNED_BYTE, f), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_format_for_target(bc7, GL_TEXTURE_3D, f), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_format_for_target(*find_internal_format(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT), GL_TEXTURE_3D, f),
            static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelTexImageRules, Es3InvalidOperationForBadCombination) {
  EXPECT_EQ(es_error(GL_RGBA8, GL_RGBA, GL_FLOAT), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA, GL_RGB, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA32F, GL_RGBA, GL_HALF_FLOAT), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGB565, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_SHORT), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelTexImageRules, Es3TexSubImage) {
  const InternalFormatInfo& rgba4 = *find_internal_format(GL_RGBA4);
  EXPECT_EQ(check_tex_sub_image_format(rgba4, GL_RGBA, GL_UNSIGNED_BYTE, kEs3), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_tex_sub_image_format(rgba4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, kEs3),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_tex_sub_image_format(rgba4, GL_RGB, GL_UNSIGNED_BYTE, kEs3),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  const InternalFormatInfo& l8 = *find_internal_format(GL_LUMINANCE8);
  EXPECT_EQ(check_tex_sub_image_format(l8, GL_LUMINANCE, GL_UNSIGNED_BYTE, kEs3), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_tex_sub_image_format(l8, GL_RED, GL_UNSIGNED_BYTE, kEs3), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_tex_sub_image_format(l8, GL_RED, 0x1234, kEs3), static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST(PixelTexImageRules, DesktopAcceptsAnyNonIntegerConversion) {
  EXPECT_EQ(effective(GL_RGBA8, GL_RGBA, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_RGBA8));
  EXPECT_EQ(effective(GL_RGB16, GL_BGRA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_RGB16));
  EXPECT_EQ(effective(GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_RGBA8));
  EXPECT_EQ(effective(4, GL_RGBA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_RGBA8));
  EXPECT_EQ(effective(GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, kDesktop), static_cast<GLenum>(GL_RGB565));
  EXPECT_EQ(effective(GL_RED, GL_RED, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_R8));
  EXPECT_EQ(effective(GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_FLOAT, kDesktop),
            static_cast<GLenum>(GL_DEPTH_COMPONENT32F));
  EXPECT_EQ(effective(GL_RGBA32I, GL_RGBA_INTEGER, GL_BYTE, kDesktop), static_cast<GLenum>(GL_RGBA32I));
  EXPECT_EQ(effective(GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_LUMINANCE8));
  EXPECT_EQ(effective(GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, kDesktop),
            static_cast<GLenum>(GL_DEPTH24_STENCIL8));
}

TEST(PixelTexImageRules, DesktopErrors) {
  EXPECT_EQ(es_error(GL_RGBA8, GL_RGBA, 0x1234, kDesktop), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(es_error(0x1234, GL_RGBA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(es_error(GL_RGBA8, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA32I, GL_RGBA_INTEGER, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_DEPTH_COMPONENT24, GL_RGBA, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_DEPTH_COMPONENT24, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, kDesktop),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_STENCIL_INDEX8, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, kDesktop),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(es_error(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT, kDesktop),
            static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(es_error(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, kDesktop),
            static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelTexImageRules, TexStorageNeedsSizedFormats) {
  EXPECT_EQ(resolve_tex_storage_format(GL_RGBA, kEs3).error, static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(resolve_tex_storage_format(GL_RGBA8, kEs3).error, static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(resolve_tex_storage_format(GL_LUMINANCE8, kEs3).error, static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(resolve_tex_storage_format(GL_COMPRESSED_RGB8_ETC2, kEs3).error, static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(resolve_tex_storage_format(GL_RGB16, kEs3).error, static_cast<GLenum>(GL_INVALID_ENUM));
  // STENCIL_INDEX8 textures need OES_texture_stencil8 (ES 3.2, GL 4.4).
  EXPECT_EQ(resolve_tex_storage_format(GL_STENCIL_INDEX8, kEs3).error, static_cast<GLenum>(GL_INVALID_ENUM));
  FormatFeatures stencil8 = kEs3;
  stencil8.texture_stencil8 = true;
  EXPECT_EQ(resolve_tex_storage_format(GL_STENCIL_INDEX8, stencil8).error, static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(resolve_tex_storage_format(GL_STENCIL_INDEX8, kDesktop).error, static_cast<GLenum>(GL_NO_ERROR));
}

TEST(PixelTexImageRules, RenderbufferFormats) {
  for (GLenum f : {GL_RGBA8, GL_RGB565, GL_RGBA4, GL_RGB5_A1, GL_RGB8, GL_SRGB8_ALPHA8, GL_RGB10_A2, GL_RGBA32UI,
                   GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8,
                   GL_DEPTH32F_STENCIL8, GL_STENCIL_INDEX8})
    EXPECT_EQ(resolve_renderbuffer_format(f, kEs3).error, static_cast<GLenum>(GL_NO_ERROR)) << std::hex << f;
  for (GLenum f : {GL_RGBA, GL_RGBA8_SNORM, GL_RGB9_E5, GL_RGBA32F, GL_SRGB8, GL_RGB8UI, GL_LUMINANCE8,
                   GL_COMPRESSED_RGB8_ETC2, 0x1234})
    EXPECT_EQ(resolve_renderbuffer_format(f, kEs3).error, static_cast<GLenum>(GL_INVALID_ENUM)) << std::hex << f;
  FormatFeatures cbf = kEs3;
  cbf.color_buffer_float = true;
  EXPECT_EQ(resolve_renderbuffer_format(GL_RGBA32F, cbf).error, static_cast<GLenum>(GL_NO_ERROR));
  const FormatResolution desktop_rgba = resolve_renderbuffer_format(GL_RGBA, kDesktop);
  ASSERT_EQ(desktop_rgba.error, static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(desktop_rgba.info->internal_format, static_cast<GLenum>(GL_RGBA8));
}

TEST(PixelTexImageRules, CompressedImageSizes) {
  const InternalFormatInfo& etc2 = *resolve_compressed_format(GL_COMPRESSED_RGB8_ETC2, kEs3).info;
  EXPECT_EQ(compressed_image_size(etc2, 4, 4, 1), 8u);
  EXPECT_EQ(compressed_image_size(etc2, 5, 5, 1), 32u);  // 2x2 blocks
  EXPECT_EQ(compressed_image_size(etc2, 1, 1, 1), 8u);
  EXPECT_EQ(compressed_image_size(etc2, 16, 8, 3), 4u * 2u * 3u * 8u);
  EXPECT_EQ(compressed_image_size(etc2, 0, 4, 1), 0u);
  EXPECT_EQ(check_compressed_image_size(etc2, 5, 5, 1, 32), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_compressed_image_size(etc2, 5, 5, 1, 31), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(check_compressed_image_size(etc2, 5, 5, 1, -1), static_cast<GLenum>(GL_INVALID_VALUE));
  const InternalFormatInfo& rgba_etc2 = *resolve_compressed_format(GL_COMPRESSED_RGBA8_ETC2_EAC, kEs3).info;
  EXPECT_EQ(compressed_image_size(rgba_etc2, 8, 8, 1), 64u);
  const InternalFormatInfo& dxt5 = *resolve_compressed_format(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, kDesktop).info;
  EXPECT_EQ(compressed_image_size(dxt5, 10, 6, 1), 3u * 2u * 16u);
  EXPECT_EQ(resolve_compressed_format(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, kEs3).error,
            static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(resolve_compressed_format(GL_RGBA8, kEs3).error, static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST(PixelTexImageRules, AstcImageSizesUseTheFootprint) {
  FormatFeatures astc = kEs3;
  astc.astc_ldr = true;
  EXPECT_EQ(resolve_compressed_format(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, kEs3).error, static_cast<GLenum>(GL_INVALID_ENUM));
  const InternalFormatInfo& a5x4 = *resolve_compressed_format(GL_COMPRESSED_RGBA_ASTC_5x4_KHR, astc).info;
  EXPECT_EQ(compressed_image_size(a5x4, 10, 8, 1), 2u * 2u * 16u);
  EXPECT_EQ(compressed_image_size(a5x4, 11, 9, 1), 3u * 3u * 16u);
  EXPECT_EQ(compressed_image_size(a5x4, 4, 5, 2), 1u * 2u * 2u * 16u);
  const InternalFormatInfo& a10 = *resolve_compressed_format(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR, astc).info;
  EXPECT_EQ(compressed_image_size(a10, 20, 20, 1), 4u * 16u);
  EXPECT_EQ(compressed_image_size(a10, 21, 21, 1), 9u * 16u);
  EXPECT_EQ(compressed_image_size(a10, 1, 1, 6), 6u * 16u);
  const InternalFormatInfo& a12 = *resolve_compressed_format(GL_COMPRESSED_RGBA_ASTC_12x12_KHR, astc).info;
  EXPECT_EQ(compressed_image_size(a12, 13, 7, 1), 2u * 16u);
  EXPECT_EQ(compressed_image_size(a12, 12, 12, 1), 16u);
  EXPECT_EQ(compressed_image_size(a12, 25, 24, 1), 3u * 2u * 16u);
  EXPECT_EQ(check_compressed_image_size(a12, 13, 7, 1, 32), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_compressed_image_size(a12, 13, 7, 1, 16), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(check_compressed_image_size(a12, 13, 7, 1, 48), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(check_compressed_image_size(a5x4, 11, 9, 1, 144), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_compressed_image_size(a5x4, 11, 9, 1, 128), static_cast<GLenum>(GL_INVALID_VALUE));
  // Sub-images: offsets on the footprint's grid; sizes whole blocks or up to the edge.
  const InternalFormatInfo& a12x10 = *find_internal_format(GL_COMPRESSED_RGBA_ASTC_12x10_KHR);
  EXPECT_EQ(check_compressed_sub_image_region(a12x10, 12, 10, 12, 10, 40, 40), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_compressed_sub_image_region(a12x10, 4, 0, 12, 10, 40, 40), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_compressed_sub_image_region(a12x10, 0, 12, 12, 10, 40, 40), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_compressed_sub_image_region(a12x10, 36, 30, 4, 10, 40, 40), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_compressed_sub_image_region(a12x10, 24, 30, 4, 10, 40, 40), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST(PixelTexImageRules, CompressedSubImageRegion) {
  const InternalFormatInfo& etc2 = *find_internal_format(GL_COMPRESSED_RGB8_ETC2);
  EXPECT_EQ(check_compressed_sub_image_region(etc2, 4, 8, 4, 4, 16, 16), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_compressed_sub_image_region(etc2, 2, 0, 4, 4, 16, 16), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_compressed_sub_image_region(etc2, 0, 0, 3, 4, 16, 16), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_compressed_sub_image_region(etc2, 12, 12, 2, 2, 14, 14), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::gl::pixel

namespace brass::gl::pixel {
namespace {

TEST(PixelTexImageRules, FormatsWithoutThreeDimensionalTextures) {
  FormatFeatures features = FormatFeatures::es3();
  features.s3tc = features.astc_ldr = features.astc_sliced_3d = true;
  for (GLenum f : {GL_DEPTH_COMPONENT16, GL_DEPTH24_STENCIL8, GL_STENCIL_INDEX8, GL_COMPRESSED_RGB8_ETC2,
                   GL_COMPRESSED_RGBA_S3TC_DXT1_EXT}) {
    EXPECT_EQ(check_format_for_target(*find_internal_format(f), GL_TEXTURE_3D, features),
              static_cast<GLenum>(GL_INVALID_OPERATION)) << std::hex << f;
    EXPECT_EQ(check_format_for_target(*find_internal_format(f), GL_TEXTURE_2D_ARRAY, features),
              static_cast<GLenum>(GL_NO_ERROR));
  }
  EXPECT_EQ(check_format_for_target(*find_internal_format(GL_RGBA8), GL_TEXTURE_3D, features),
            static_cast<GLenum>(GL_NO_ERROR));
}

TEST(PixelTexImageRules, AstcThreeDimensionalTexturesNeedSliced3d) {
  FormatFeatures features = FormatFeatures::es3();
  features.astc_ldr = true;
  for (GLenum f : {GL_COMPRESSED_RGBA_ASTC_4x4_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR}) {
    features.astc_sliced_3d = false;
    EXPECT_EQ(check_format_for_target(*find_internal_format(f), GL_TEXTURE_3D, features),
              static_cast<GLenum>(GL_INVALID_OPERATION)) << std::hex << f;
    EXPECT_EQ(check_format_for_target(*find_internal_format(f), GL_TEXTURE_2D_ARRAY, features),
              static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(check_format_for_target(*find_internal_format(f), GL_TEXTURE_CUBE_MAP_ARRAY, features),
              static_cast<GLenum>(GL_NO_ERROR));
    features.astc_sliced_3d = true;
    EXPECT_EQ(check_format_for_target(*find_internal_format(f), GL_TEXTURE_3D, features),
              static_cast<GLenum>(GL_NO_ERROR)) << std::hex << f;
    // 3D sizes count every slice: 13x13x3 in 12x12 blocks is 2x2 blocks per slice.
    EXPECT_EQ(compressed_image_size(*find_internal_format(f), 13, 13, 3), f == GL_COMPRESSED_RGBA_ASTC_4x4_KHR
                                                                               ? uint64_t{4 * 4 * 3 * 16}
                                                                               : uint64_t{2 * 2 * 3 * 16});
  }
  // Sizes far past any GL limit saturate instead of wrapping to a small count.
  EXPECT_EQ(compressed_image_size(*find_internal_format(GL_COMPRESSED_RGBA_ASTC_4x4_KHR), 0xFFFFFFFFu, 0xFFFFFFFFu,
                                  0xFFFFFFFFu),
            UINT64_MAX);
}

}  // namespace
}  // namespace brass::gl::pixel
