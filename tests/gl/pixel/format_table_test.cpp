#include "gl/pixel/format_table.h"

#include <gtest/gtest.h>

#include "gl/pixel/client_format.h"

namespace brass::gl::pixel {
namespace {

TEST(PixelFormatTable, EverySizedFormatIsUnique) {
  auto all = all_internal_formats();
  for (size_t i = 0; i < all.size(); ++i)
    for (size_t j = i + 1; j < all.size(); ++j)
      EXPECT_NE(all[i].internal_format, all[j].internal_format) << i << " " << j;
}

TEST(PixelFormatTable, EveryUncompressedFormatHasANameableStorageLayout) {
  for (const InternalFormatInfo& f : all_internal_formats()) {
    const PixelLayout layout = storage_layout(f);
    if (f.is_compressed()) {
      EXPECT_EQ(layout.format, GL_NONE);
      continue;
    }
    ClientPixelSize size;
    ASSERT_EQ(client_pixel_size(layout.format, layout.type, &size), GL_NO_ERROR) << std::hex << f.internal_format;
    // The storage layout's pixel size is the pipe format's texel size.
    EXPECT_EQ(size.pixel_bytes(), pipe::describe(f.storage).block_bytes) << std::hex << f.internal_format;
  }
}

// ES 3.0 table 3.13: color-renderable and texture-filterable for every sized
// color format, with no extensions.
struct Es3ColorExpectation {
  GLenum format;
  bool renderable, filterable;
};
constexpr Es3ColorExpectation kEs3Table313[] = {
    {GL_R8, true, true}, {GL_R8_SNORM, false, true}, {GL_RG8, true, true}, {GL_RG8_SNORM, false, true},
    {GL_RGB8, true, true}, {GL_RGB8_SNORM, false, true}, {GL_RGB565, true, true}, {GL_RGBA4, true, true},
    {GL_RGB5_A1, true, true}, {GL_RGBA8, true, true}, {GL_RGBA8_SNORM, false, true}, {GL_RGB10_A2, true, true},
    {GL_RGB10_A2UI, true, false}, {GL_SRGB8, false, true}, {GL_SRGB8_ALPHA8, true, true},
    {GL_R16F, false, true}, {GL_RG16F, false, true}, {GL_RGB16F, false, true}, {GL_RGBA16F, false, true},
    {GL_R32F, false, false}, {GL_RG32F, false, false}, {GL_RGB32F, false, false}, {GL_RGBA32F, false, false},
    {GL_R11F_G11F_B10F, false, true}, {GL_RGB9_E5, false, true},
    {GL_R8I, true, false}, {GL_R8UI, true, false}, {GL_R16I, true, false}, {GL_R16UI, true, false},
    {GL_R32I, true, false}, {GL_R32UI, true, false}, {GL_RG8I, true, false}, {GL_RG8UI, true, false},
    {GL_RG16I, true, false}, {GL_RG16UI, true, false}, {GL_RG32I, true, false}, {GL_RG32UI, true, false},
    {GL_RGB8I, false, false}, {GL_RGB8UI, false, false}, {GL_RGB16I, false, false}, {GL_RGB16UI, false, false},
    {GL_RGB32I, false, false}, {GL_RGB32UI, false, false}, {GL_RGBA8I, true, false}, {GL_RGBA8UI, true, false},
    {GL_RGBA16I, true, false}, {GL_RGBA16UI, true, false}, {GL_RGBA32I, true, false}, {GL_RGBA32UI, true, false},
};

TEST(PixelFormatTable, Es3ColorRenderableAndFilterableMatchTable313) {
  const FormatFeatures es3 = FormatFeatures::es3();
  for (const auto& e : kEs3Table313) {
    const InternalFormatInfo* f = find_internal_format(e.format, es3);
    ASSERT_NE(f, nullptr) << std::hex << e.format;
    EXPECT_EQ(is_color_renderable(*f, es3), e.renderable) << std::hex << e.format;
    EXPECT_EQ(is_texture_filterable(*f, es3), e.filterable) << std::hex << e.format;
    EXPECT_FALSE(is_depth_renderable(*f));
    EXPECT_FALSE(is_stencil_renderable(*f));
  }
}

TEST(PixelFormatTable, ExtensionsMakeFloatRenderableAndFilterable) {
  FormatFeatures es = FormatFeatures::es3();
  es.color_buffer_float = true;
  es.texture_float_linear = true;
  for (GLenum f : {GL_R16F, GL_RG16F, GL_RGBA16F, GL_R32F, GL_RG32F, GL_RGBA32F, GL_R11F_G11F_B10F})
    EXPECT_TRUE(is_color_renderable(*find_internal_format(f), es)) << std::hex << f;
  for (GLenum f : {GL_RGB16F, GL_RGB32F, GL_RGB9_E5})
    EXPECT_FALSE(is_color_renderable(*find_internal_format(f), es)) << std::hex << f;
  EXPECT_TRUE(is_texture_filterable(*find_internal_format(GL_RGBA32F), es));

  FormatFeatures half = FormatFeatures::es3();
  half.color_buffer_half_float = true;
  EXPECT_TRUE(is_color_renderable(*find_internal_format(GL_RGBA16F), half));
  EXPECT_FALSE(is_color_renderable(*find_internal_format(GL_RGBA32F), half));
  // EXT_color_buffer_half_float names RGB16F, EXT_color_buffer_float does not.
  EXPECT_TRUE(is_color_renderable(*find_internal_format(GL_RGB16F), half));

  const FormatFeatures desktop = FormatFeatures::desktop();
  EXPECT_TRUE(is_color_renderable(*find_internal_format(GL_RGB32F), desktop));
  EXPECT_TRUE(is_color_renderable(*find_internal_format(GL_RGBA8_SNORM), desktop));
  EXPECT_FALSE(is_color_renderable(*find_internal_format(GL_RGB9_E5), desktop));
  EXPECT_TRUE(is_texture_filterable(*find_internal_format(GL_R32F), desktop));
}

TEST(PixelFormatTable, DepthStencilFormats) {
  struct E {
    GLenum format;
    uint8_t depth, stencil;
    pipe::Format storage;
  };
  for (const E& e : {E{GL_DEPTH_COMPONENT16, 16, 0, pipe::Format::Z16_UNORM},
                     E{GL_DEPTH_COMPONENT24, 24, 0, pipe::Format::Z24X8_UNORM},
                     E{GL_DEPTH_COMPONENT32F, 32, 0, pipe::Format::Z32_FLOAT},
                     E{GL_DEPTH24_STENCIL8, 24, 8, pipe::Format::Z24_UNORM_S8_UINT},
                     E{GL_DEPTH32F_STENCIL8, 32, 8, pipe::Format::Z32_FLOAT_S8X24_UINT},
                     E{GL_STENCIL_INDEX8, 0, 8, pipe::Format::S8_UINT}}) {
    const InternalFormatInfo* f = find_internal_format(e.format, FormatFeatures::es3());
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->bits.depth, e.depth);
    EXPECT_EQ(f->bits.stencil, e.stencil);
    EXPECT_EQ(f->storage, e.storage);
    EXPECT_EQ(is_depth_renderable(*f), e.depth != 0);
    EXPECT_EQ(is_stencil_renderable(*f), e.stencil != 0);
    EXPECT_FALSE(is_color_renderable(*f, FormatFeatures::es3()));
    EXPECT_FALSE(is_texture_filterable(*f, FormatFeatures::es3()));
  }
}

TEST(PixelFormatTable, ComponentSizesAndTypes) {
  const InternalFormatInfo* rgb565 = find_internal_format(GL_RGB565);
  EXPECT_EQ(rgb565->bits.red, 5);
  EXPECT_EQ(rgb565->bits.green, 6);
  EXPECT_EQ(rgb565->bits.blue, 5);
  EXPECT_EQ(rgb565->bits.alpha, 0);
  EXPECT_EQ(rgb565->storage, pipe::Format::B5G6R5_UNORM);
  const InternalFormatInfo* e5 = find_internal_format(GL_RGB9_E5);
  EXPECT_EQ(e5->bits.shared_exponent, 5);
  EXPECT_EQ(e5->bits.red, 9);
  EXPECT_EQ(component_type_enum(find_internal_format(GL_RGBA8I)->component_type), static_cast<GLenum>(GL_INT));
  EXPECT_EQ(component_type_enum(find_internal_format(GL_RG16UI)->component_type), static_cast<GLenum>(GL_UNSIGNED_INT));
  EXPECT_EQ(component_type_enum(find_internal_format(GL_R8_SNORM)->component_type),
            static_cast<GLenum>(GL_SIGNED_NORMALIZED));
  EXPECT_EQ(component_type_enum(find_internal_format(GL_SRGB8_ALPHA8)->component_type),
            static_cast<GLenum>(GL_UNSIGNED_NORMALIZED));
  EXPECT_TRUE(find_internal_format(GL_SRGB8_ALPHA8)->srgb);
  EXPECT_TRUE(find_internal_format(GL_RGBA8I)->is_signed_integer());
  EXPECT_FALSE(find_internal_format(GL_RGBA8UI)->is_signed_integer());
  EXPECT_TRUE(find_internal_format(GL_RGBA8UI)->is_integer());
  const InternalFormatInfo* l8 = find_internal_format(GL_LUMINANCE8);
  EXPECT_EQ(l8->bits.luminance, 8);
  EXPECT_EQ(l8->bits.red, 0);
}

TEST(PixelFormatTable, AvailabilityFollowsApiAndExtensions) {
  const FormatFeatures es3 = FormatFeatures::es3();
  EXPECT_EQ(find_internal_format(GL_RGB16, es3), nullptr);
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, es3), nullptr);
  EXPECT_EQ(find_internal_format(GL_DEPTH_COMPONENT32, es3), nullptr);
  EXPECT_NE(find_internal_format(GL_COMPRESSED_RGB8_ETC2, es3), nullptr);
  EXPECT_NE(find_internal_format(GL_BGRA8_EXT, es3), nullptr);
  FormatFeatures norm16 = es3;
  norm16.texture_norm16 = true;
  EXPECT_NE(find_internal_format(GL_RGB16, norm16), nullptr);
  const FormatFeatures desktop = FormatFeatures::desktop();
  EXPECT_NE(find_internal_format(GL_RGB16, desktop), nullptr);
  EXPECT_NE(find_internal_format(GL_COMPRESSED_RED_RGTC1, desktop), nullptr);
  EXPECT_NE(find_internal_format(GL_DEPTH_COMPONENT32, desktop), nullptr);
  EXPECT_EQ(find_internal_format(GL_BGRA8_EXT, desktop), nullptr);
  // ASTC LDR: only where the context exposes KHR_texture_compression_astc_ldr.
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, es3), nullptr);
  FormatFeatures astc = es3;
  astc.astc_ldr = true;
  EXPECT_NE(find_internal_format(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, astc), nullptr);
  EXPECT_NE(find_internal_format(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, astc), nullptr);
  EXPECT_NE(find_internal_format(GL_COMPRESSED_RGBA_ASTC_8x8_KHR, desktop), nullptr);
}

TEST(PixelFormatTable, LegacyFloatFormatsSwizzleTheirStorage) {
  using S = pipe::Swizzle;
  const InternalFormatInfo* l32f = find_internal_format(GL_LUMINANCE32F_EXT);
  EXPECT_EQ(l32f->storage, pipe::Format::R32_FLOAT);
  EXPECT_EQ(l32f->sampler_swizzle(), (std::array<S, 4>{S::R, S::R, S::R, S::One}));
  const InternalFormatInfo* la16f = find_internal_format(GL_LUMINANCE_ALPHA16F_EXT);
  EXPECT_EQ(la16f->storage, pipe::Format::RG16_FLOAT);
  EXPECT_EQ(la16f->sampler_swizzle(), (std::array<S, 4>{S::R, S::R, S::R, S::G}));
  EXPECT_EQ(find_internal_format(GL_ALPHA32F_EXT)->sampler_swizzle(), (std::array<S, 4>{S::Zero, S::Zero, S::Zero, S::R}));
  EXPECT_EQ(find_internal_format(GL_RGBA8)->sampler_swizzle(), (std::array<S, 4>{S::R, S::G, S::B, S::A}));
}

TEST(PixelFormatTable, CompressedBlockInfo) {
  const InternalFormatInfo* etc2 = find_internal_format(GL_COMPRESSED_RGB8_ETC2);
  EXPECT_TRUE(etc2->is_compressed());
  EXPECT_EQ(etc2->block_width(), 4);
  EXPECT_EQ(etc2->block_height(), 4);
  EXPECT_EQ(etc2->block_bytes(), 8);
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_RGBA8_ETC2_EAC)->block_bytes(), 16);
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT)->block_bytes(), 8);
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT)->block_bytes(), 16);
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_SIGNED_RG_RGTC2)->block_bytes(), 16);
}

TEST(PixelFormatTable, AstcLdrFormats) {
  // GL_COMPRESSED_RGBA_ASTC_{W}x{H}_KHR is 0x93B0 + i and the sRGB form
  // 0x93D0 + i, in this footprint order.
  const uint8_t footprints[14][2] = {{4, 4}, {5, 4}, {5, 5},   {6, 5},   {6, 6},   {8, 5},   {8, 6},
                                     {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}};
  for (GLenum i = 0; i < 14; ++i) {
    for (const bool srgb : {false, true}) {
      const GLenum e = (srgb ? 0x93D0 : 0x93B0) + i;
      const InternalFormatInfo* f = find_internal_format(e);
      ASSERT_NE(f, nullptr) << std::hex << e;
      EXPECT_TRUE(f->is_compressed());
      EXPECT_EQ(f->block_width(), footprints[i][0]) << std::hex << e;
      EXPECT_EQ(f->block_height(), footprints[i][1]) << std::hex << e;
      EXPECT_EQ(f->block_bytes(), 16);
      EXPECT_EQ(f->srgb, srgb);
      EXPECT_EQ(f->base_format, static_cast<GLenum>(GL_RGBA));
      EXPECT_EQ(pipe::describe(f->storage).kind,
                srgb ? pipe::FormatKind::CompressedSrgb : pipe::FormatKind::Compressed);
      EXPECT_EQ(f->availability, static_cast<uint16_t>(kAvailAstc));
      EXPECT_FALSE(is_color_renderable(*f, FormatFeatures::es3()));
      EXPECT_TRUE(is_texture_filterable(*f, FormatFeatures::es3()));
    }
  }
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_RGBA_ASTC_10x6_KHR)->storage, pipe::Format::ASTC_10x6_UNORM);
  EXPECT_EQ(find_internal_format(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR)->storage, pipe::Format::ASTC_5x4_SRGB);
}

}  // namespace
}  // namespace brass::gl::pixel
