// The texture view class table (OES_texture_view table 8.X.2, GL's table
// 8.22): which internal formats may view each other's storage.
#include <gtest/gtest.h>

#include "gl/texture_view_classes.h"

namespace brass::gl {
namespace {

TEST(TextureViewClasses, SameClassViewsEachOther) {
  EXPECT_TRUE(texture_view_formats_compatible(GL_RGBA8, GL_R32UI, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_RGBA8, GL_SRGB8_ALPHA8, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_R11F_G11F_B10F, GL_RGB9_E5, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_RGBA32F, GL_RGBA32I, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_RGB8, GL_RGB8UI, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_COMPRESSED_RGBA_ASTC_8x6_KHR,
                                              GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x6_KHR, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_COMPRESSED_RGBA_ASTC_4x4x4_OES,
                                              GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4x4_OES, false));
}

TEST(TextureViewClasses, OtherClassesAndFormatsOutsideTheTable) {
  EXPECT_FALSE(texture_view_formats_compatible(GL_RGBA8, GL_RGBA16F, false));
  EXPECT_FALSE(texture_view_formats_compatible(GL_R8, GL_R16F, false));
  EXPECT_FALSE(texture_view_formats_compatible(GL_COMPRESSED_RGBA_ASTC_8x6_KHR,
                                               GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR, false));
  EXPECT_FALSE(texture_view_formats_compatible(GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_RGBA8_ETC2_EAC, false));
  // Outside every class: only the format itself.
  EXPECT_TRUE(texture_view_formats_compatible(GL_DEPTH24_STENCIL8, GL_DEPTH24_STENCIL8, false));
  EXPECT_FALSE(texture_view_formats_compatible(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24, false));
  EXPECT_FALSE(texture_view_formats_compatible(GL_DEPTH_COMPONENT32F, GL_R32F, false));
  EXPECT_EQ(texture_view_class(GL_RGBA4, false), 0u);
}

TEST(TextureViewClasses, DesktopAddsSixteenBitNormalized) {
  EXPECT_FALSE(texture_view_formats_compatible(GL_R16, GL_RG8, false));
  EXPECT_TRUE(texture_view_formats_compatible(GL_R16, GL_RG8, true));
  EXPECT_TRUE(texture_view_formats_compatible(GL_RGBA16_SNORM, GL_RG32F, true));
  EXPECT_TRUE(texture_view_formats_compatible(GL_RGB16, GL_RGB16F, true));
}

}  // namespace
}  // namespace brass::gl
