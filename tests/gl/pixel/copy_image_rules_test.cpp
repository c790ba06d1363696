#include "gl/pixel/copy_image_rules.h"

#include <gtest/gtest.h>

namespace brass::gl::pixel {
namespace {

bool compatible(GLenum src, GLenum dst) {
  const InternalFormatInfo* s = find_internal_format(src);
  const InternalFormatInfo* d = find_internal_format(dst);
  EXPECT_NE(s, nullptr);
  EXPECT_NE(d, nullptr);
  return s && d && copy_image_compatible(*s, *d);
}

TEST(PixelCopyImageRules, IdenticalFormatsAlwaysCopy) {
  for (const InternalFormatInfo& f : all_internal_formats())
    EXPECT_TRUE(copy_image_compatible(f, f)) << std::hex << f.internal_format;
}

TEST(PixelCopyImageRules, ViewClassesOfUncompressedFormats) {
  EXPECT_TRUE(compatible(GL_RGBA8, GL_RGBA8UI));
  EXPECT_TRUE(compatible(GL_R11F_G11F_B10F, GL_RGB9_E5));
  EXPECT_TRUE(compatible(GL_SRGB8_ALPHA8, GL_R32F));
  EXPECT_TRUE(compatible(GL_RGB8, GL_RGB8UI));
  EXPECT_TRUE(compatible(GL_RG8, GL_R16F));
  EXPECT_TRUE(compatible(GL_R8, GL_R8_SNORM));
  EXPECT_TRUE(compatible(GL_RGBA16F, GL_RG32UI));
  EXPECT_TRUE(compatible(GL_RGB16F, GL_RGB16I));
  EXPECT_TRUE(compatible(GL_RGB32F, GL_RGB32UI));
  EXPECT_TRUE(compatible(GL_RGBA32F, GL_RGBA32I));
  // Different sizes, or formats in no class.
  EXPECT_FALSE(compatible(GL_RGBA8, GL_RGBA32F));
  EXPECT_FALSE(compatible(GL_RGB8, GL_RGBA8));
  EXPECT_FALSE(compatible(GL_RGB565, GL_RG8));
  EXPECT_FALSE(compatible(GL_RGBA4, GL_R16F));
  EXPECT_FALSE(compatible(GL_RGB5_A1, GL_RGB565));
}

TEST(PixelCopyImageRules, EverySizedEs3ColorFormatHasAClass) {
  // ES 3.2 table 8.22 lists every ES 3.0 sized color format but these.
  for (const InternalFormatInfo& f : all_internal_formats()) {
    if (!(f.availability & kAvailEs3) || !f.is_color() || f.is_compressed()) continue;
    if (f.internal_format == GL_RGB565 || f.internal_format == GL_RGBA4 || f.internal_format == GL_RGB5_A1) continue;
    EXPECT_NE(copy_image_class(f.internal_format), 0u) << std::hex << f.internal_format;
  }
  EXPECT_TRUE(compatible(GL_RG16UI, GL_R32F));
}

TEST(PixelCopyImageRules, DepthAndStencilOnlyToThemselves) {
  EXPECT_TRUE(compatible(GL_DEPTH24_STENCIL8, GL_DEPTH24_STENCIL8));
  EXPECT_FALSE(compatible(GL_DEPTH_COMPONENT24, GL_DEPTH24_STENCIL8));
  EXPECT_FALSE(compatible(GL_DEPTH_COMPONENT32F, GL_R32F));
  EXPECT_FALSE(compatible(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24));
}

TEST(PixelCopyImageRules, CompressedClassesAndBlockSizedTexels) {
  EXPECT_TRUE(compatible(GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2));
  EXPECT_TRUE(compatible(GL_COMPRESSED_R11_EAC, GL_COMPRESSED_SIGNED_R11_EAC));
  EXPECT_TRUE(compatible(GL_COMPRESSED_RGBA_ASTC_6x5_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x5_KHR));
  EXPECT_FALSE(compatible(GL_COMPRESSED_RGBA_ASTC_6x5_KHR, GL_COMPRESSED_RGBA_ASTC_6x6_KHR));
  EXPECT_FALSE(compatible(GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_R11_EAC));  // same size, other classes
  EXPECT_FALSE(compatible(GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_RG11_EAC));
  // Compressed <-> uncompressed: block bytes = texel bytes.
  EXPECT_TRUE(compatible(GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA32UI));
  EXPECT_TRUE(compatible(GL_RGBA32F, GL_COMPRESSED_RGBA_ASTC_12x12_KHR));
  EXPECT_TRUE(compatible(GL_COMPRESSED_R11_EAC, GL_RG32F));
  EXPECT_TRUE(compatible(GL_RGBA16UI, GL_COMPRESSED_RGB8_ETC2));
  EXPECT_FALSE(compatible(GL_COMPRESSED_R11_EAC, GL_RGBA32UI));
  EXPECT_FALSE(compatible(GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA8));
  EXPECT_FALSE(compatible(GL_COMPRESSED_RGB8_ETC2, GL_DEPTH32F_STENCIL8));
}

TEST(PixelCopyImageRules, ClassIdsAreSharedOnlyWithinAClass) {
  EXPECT_EQ(copy_image_class(GL_RGB565), 0u);
  EXPECT_EQ(copy_image_class(GL_DEPTH_COMPONENT16), 0u);
  EXPECT_NE(copy_image_class(GL_RGBA8), 0u);
  EXPECT_EQ(copy_image_class(GL_RGBA8), copy_image_class(GL_RG16F));
  EXPECT_NE(copy_image_class(GL_RGBA8), copy_image_class(GL_RGBA16F));
  EXPECT_EQ(copy_image_class(GL_COMPRESSED_RGBA_ASTC_12x12_KHR),
            copy_image_class(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR));
  EXPECT_NE(copy_image_class(GL_COMPRESSED_RGBA_ASTC_4x4_KHR), copy_image_class(GL_COMPRESSED_RGBA_ASTC_5x4_KHR));
}

}  // namespace
}  // namespace brass::gl::pixel
