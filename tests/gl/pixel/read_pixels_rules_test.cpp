#include "gl/pixel/read_pixels_rules.h"

#include <gtest/gtest.h>

namespace brass::gl::pixel {
namespace {

const FormatFeatures kEs3 = FormatFeatures::es3();
const FormatFeatures kDesktop = FormatFeatures::desktop();

GLenum check(GLenum buffer, GLenum format, GLenum type, const FormatFeatures& f = kEs3) {
  return check_read_pixels_format(*find_internal_format(buffer), format, type, f);
}

TEST(PixelReadPixelsRules, Es3ClassPairs) {
  EXPECT_EQ(check(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGB565, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGBA32F, GL_RGBA, GL_FLOAT), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_R11F_G11F_B10F, GL_RGBA, GL_FLOAT), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGBA8I, GL_RGBA_INTEGER, GL_INT), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_R16UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(PixelReadPixelsRules, Es3RejectsOtherPairs) {
  EXPECT_EQ(check(GL_RGBA8, GL_RGBA, GL_FLOAT), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_INT), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8UI, GL_RGBA_INTEGER, GL_INT), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8, GL_RGB, GL_UNSIGNED_SHORT_5_6_5), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8, GL_RGBA, 0x1234), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(check(GL_RGBA8, 0x1234, GL_UNSIGNED_BYTE), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT), static_cast<GLenum>(GL_INVALID_ENUM));
}

// NV_read_depth / NV_read_stencil / NV_read_depth_stencil on ES.
TEST(PixelReadPixelsRules, EsDepthStencilReads) {
  const GLenum ok = GL_NO_ERROR, op = GL_INVALID_OPERATION, bad_enum = GL_INVALID_ENUM;
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT), ok);
  EXPECT_EQ(check(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8), ok);
  EXPECT_EQ(check(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT), ok);
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_FLOAT), op);       // not a float buffer
  EXPECT_EQ(check(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT), op);
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE), bad_enum);
  EXPECT_EQ(check(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), ok);
  EXPECT_EQ(check(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV), ok);
  EXPECT_EQ(check(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), op);
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), op);  // no stencil
  EXPECT_EQ(check(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT), bad_enum);
  EXPECT_EQ(check(GL_STENCIL_INDEX8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE), ok);
  EXPECT_EQ(check(GL_DEPTH24_STENCIL8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE), ok);
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE), op);
  EXPECT_EQ(check(GL_STENCIL_INDEX8, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT), bad_enum);
  EXPECT_EQ(check(GL_RGBA8, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT), op);  // no depth
}

TEST(PixelReadPixelsRules, ImplementationReadFormatIsTheStorageLayout) {
  auto impl = [](GLenum f) { return implementation_color_read_layout(*find_internal_format(f), kEs3); };
  EXPECT_EQ(impl(GL_RGB565), (PixelLayout{GL_RGB, GL_UNSIGNED_SHORT_5_6_5}));
  EXPECT_EQ(impl(GL_R8), (PixelLayout{GL_RED, GL_UNSIGNED_BYTE}));
  EXPECT_EQ(impl(GL_RGBA16F), (PixelLayout{GL_RGBA, GL_HALF_FLOAT}));
  EXPECT_EQ(impl(GL_RG32I), (PixelLayout{GL_RG_INTEGER, GL_INT}));
  EXPECT_EQ(impl(GL_BGRA8_EXT), (PixelLayout{GL_BGRA_EXT, GL_UNSIGNED_BYTE}));
  EXPECT_EQ(impl(GL_RGBA4), (PixelLayout{GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4}));
  // And it is accepted.
  EXPECT_EQ(check(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RG32I, GL_RG_INTEGER, GL_INT), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(PixelReadPixelsRules, Desktop) {
  EXPECT_EQ(check(GL_RGBA8, GL_RGBA, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGBA8, GL_LUMINANCE, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, kDesktop),
            static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check(GL_DEPTH_COMPONENT24, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, kDesktop),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check(GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT, kDesktop), static_cast<GLenum>(GL_INVALID_OPERATION));
  // GL 3.3 §4.3.1: DEPTH_STENCIL with a non-depth/stencil type is INVALID_ENUM.
  EXPECT_EQ(check(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT, kDesktop), static_cast<GLenum>(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace brass::gl::pixel
