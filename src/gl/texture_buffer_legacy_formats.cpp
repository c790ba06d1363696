// The compatibility profile's legacy buffer-texture formats
// (ARB_texture_buffer_object's table, kept in GL 4.6 compatibility table
// 8.16): ALPHA, LUMINANCE, LUMINANCE_ALPHA and INTENSITY in 8- and 16-bit
// normalized, 16- and 32-bit float and 8-, 16- and 32-bit integer sizes.
// The buffer holds one component per texel (two for LUMINANCE_ALPHA), read
// through the R (RG) texel format of the same size; the shader places the
// components (texel_buffer_swizzle.h).
#include "gl/texture_buffer.h"

#include "gl/pixel/gl_enums.h"

namespace brass::gl {

// EXT_texture_integer's legacy integer formats (no header Brass includes
// defines them).
namespace {
constexpr GLenum GL_ALPHA32UI_EXT = 0x8D72;
constexpr GLenum GL_INTENSITY32UI_EXT = 0x8D73;
constexpr GLenum GL_LUMINANCE32UI_EXT = 0x8D74;
constexpr GLenum GL_LUMINANCE_ALPHA32UI_EXT = 0x8D75;
constexpr GLenum GL_ALPHA16UI_EXT = 0x8D78;
constexpr GLenum GL_INTENSITY16UI_EXT = 0x8D79;
constexpr GLenum GL_LUMINANCE16UI_EXT = 0x8D7A;
constexpr GLenum GL_LUMINANCE_ALPHA16UI_EXT = 0x8D7B;
constexpr GLenum GL_ALPHA8UI_EXT = 0x8D7E;
constexpr GLenum GL_INTENSITY8UI_EXT = 0x8D7F;
constexpr GLenum GL_LUMINANCE8UI_EXT = 0x8D80;
constexpr GLenum GL_LUMINANCE_ALPHA8UI_EXT = 0x8D81;
constexpr GLenum GL_ALPHA32I_EXT = 0x8D84;
constexpr GLenum GL_INTENSITY32I_EXT = 0x8D85;
constexpr GLenum GL_LUMINANCE32I_EXT = 0x8D86;
constexpr GLenum GL_LUMINANCE_ALPHA32I_EXT = 0x8D87;
constexpr GLenum GL_ALPHA16I_EXT = 0x8D8A;
constexpr GLenum GL_INTENSITY16I_EXT = 0x8D8B;
constexpr GLenum GL_LUMINANCE16I_EXT = 0x8D8C;
constexpr GLenum GL_LUMINANCE_ALPHA16I_EXT = 0x8D8D;
constexpr GLenum GL_ALPHA8I_EXT = 0x8D90;
constexpr GLenum GL_INTENSITY8I_EXT = 0x8D91;
constexpr GLenum GL_LUMINANCE8I_EXT = 0x8D92;
constexpr GLenum GL_LUMINANCE_ALPHA8I_EXT = 0x8D93;
}  // namespace

namespace {

using F = pipe::Format;

constexpr TexelBufferFormat kLegacyFormats[] = {
    {GL_ALPHA8, F::R8_UNORM, 1},          {GL_ALPHA16, F::R16_UNORM, 2},       {GL_ALPHA16F_EXT, F::R16_FLOAT, 2},
    {GL_ALPHA32F_EXT, F::R32_FLOAT, 4},   {GL_ALPHA8I_EXT, F::R8_SINT, 1},     {GL_ALPHA16I_EXT, F::R16_SINT, 2},
    {GL_ALPHA32I_EXT, F::R32_SINT, 4},    {GL_ALPHA8UI_EXT, F::R8_UINT, 1},    {GL_ALPHA16UI_EXT, F::R16_UINT, 2},
    {GL_ALPHA32UI_EXT, F::R32_UINT, 4},

    {GL_LUMINANCE8, F::R8_UNORM, 1},        {GL_LUMINANCE16, F::R16_UNORM, 2},     {GL_LUMINANCE16F_EXT, F::R16_FLOAT, 2},
    {GL_LUMINANCE32F_EXT, F::R32_FLOAT, 4}, {GL_LUMINANCE8I_EXT, F::R8_SINT, 1},   {GL_LUMINANCE16I_EXT, F::R16_SINT, 2},
    {GL_LUMINANCE32I_EXT, F::R32_SINT, 4},  {GL_LUMINANCE8UI_EXT, F::R8_UINT, 1},  {GL_LUMINANCE16UI_EXT, F::R16_UINT, 2},
    {GL_LUMINANCE32UI_EXT, F::R32_UINT, 4},

    {GL_LUMINANCE8_ALPHA8, F::RG8_UNORM, 2},         {GL_LUMINANCE16_ALPHA16, F::RG16_UNORM, 4},
    {GL_LUMINANCE_ALPHA16F_EXT, F::RG16_FLOAT, 4},   {GL_LUMINANCE_ALPHA32F_EXT, F::RG32_FLOAT, 8},
    {GL_LUMINANCE_ALPHA8I_EXT, F::RG8_SINT, 2},      {GL_LUMINANCE_ALPHA16I_EXT, F::RG16_SINT, 4},
    {GL_LUMINANCE_ALPHA32I_EXT, F::RG32_SINT, 8},    {GL_LUMINANCE_ALPHA8UI_EXT, F::RG8_UINT, 2},
    {GL_LUMINANCE_ALPHA16UI_EXT, F::RG16_UINT, 4},   {GL_LUMINANCE_ALPHA32UI_EXT, F::RG32_UINT, 8},

    {GL_INTENSITY8, F::R8_UNORM, 1},        {GL_INTENSITY16, F::R16_UNORM, 2},     {GL_INTENSITY16F_ARB, F::R16_FLOAT, 2},
    {GL_INTENSITY32F_ARB, F::R32_FLOAT, 4}, {GL_INTENSITY8I_EXT, F::R8_SINT, 1},   {GL_INTENSITY16I_EXT, F::R16_SINT, 2},
    {GL_INTENSITY32I_EXT, F::R32_SINT, 4},  {GL_INTENSITY8UI_EXT, F::R8_UINT, 1},  {GL_INTENSITY16UI_EXT, F::R16_UINT, 2},
    {GL_INTENSITY32UI_EXT, F::R32_UINT, 4},
};

// EXT_texture_integer's integer alpha/luminance/intensity formats have no
// row in the pixel format table (Brass takes them for no texture image);
// buffer textures describe them here, available nowhere else.
constexpr pixel::ComponentSizes alpha(uint8_t a) { return {0, 0, 0, a, 0, 0, 0, 0, 0}; }
constexpr pixel::ComponentSizes luminance(uint8_t l, uint8_t a) { return {0, 0, 0, a, l, 0, 0, 0, 0}; }
constexpr pixel::ComponentSizes intensity(uint8_t i) { return {0, 0, 0, 0, 0, 0, 0, 0, i}; }

constexpr pixel::InternalFormatInfo integer_row(GLenum sized, GLenum base, F storage, bool is_signed,
                                                pixel::ComponentSizes bits) {
  const pixel::StorageSwizzle swizzle = base == GL_ALPHA       ? pixel::StorageSwizzle::Alpha
                                        : base == GL_LUMINANCE ? pixel::StorageSwizzle::Luminance
                                        : base == GL_INTENSITY ? pixel::StorageSwizzle::Intensity
                                                               : pixel::StorageSwizzle::LuminanceAlpha;
  return {sized,     base,  storage, is_signed ? pixel::ComponentType::Int : pixel::ComponentType::UnsignedInt,
          bits,      false, 0,       pixel::RenderRule::Never,
          pixel::FilterRule::Never, swizzle};
}

constexpr pixel::InternalFormatInfo kIntegerInfo[] = {
    integer_row(GL_ALPHA8I_EXT, GL_ALPHA, F::R8_SINT, true, alpha(8)),
    integer_row(GL_ALPHA16I_EXT, GL_ALPHA, F::R16_SINT, true, alpha(16)),
    integer_row(GL_ALPHA32I_EXT, GL_ALPHA, F::R32_SINT, true, alpha(32)),
    integer_row(GL_ALPHA8UI_EXT, GL_ALPHA, F::R8_UINT, false, alpha(8)),
    integer_row(GL_ALPHA16UI_EXT, GL_ALPHA, F::R16_UINT, false, alpha(16)),
    integer_row(GL_ALPHA32UI_EXT, GL_ALPHA, F::R32_UINT, false, alpha(32)),
    integer_row(GL_LUMINANCE8I_EXT, GL_LUMINANCE, F::R8_SINT, true, luminance(8, 0)),
    integer_row(GL_LUMINANCE16I_EXT, GL_LUMINANCE, F::R16_SINT, true, luminance(16, 0)),
    integer_row(GL_LUMINANCE32I_EXT, GL_LUMINANCE, F::R32_SINT, true, luminance(32, 0)),
    integer_row(GL_LUMINANCE8UI_EXT, GL_LUMINANCE, F::R8_UINT, false, luminance(8, 0)),
    integer_row(GL_LUMINANCE16UI_EXT, GL_LUMINANCE, F::R16_UINT, false, luminance(16, 0)),
    integer_row(GL_LUMINANCE32UI_EXT, GL_LUMINANCE, F::R32_UINT, false, luminance(32, 0)),
    integer_row(GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA, F::RG8_SINT, true, luminance(8, 8)),
    integer_row(GL_LUMINANCE_ALPHA16I_EXT, GL_LUMINANCE_ALPHA, F::RG16_SINT, true, luminance(16, 16)),
    integer_row(GL_LUMINANCE_ALPHA32I_EXT, GL_LUMINANCE_ALPHA, F::RG32_SINT, true, luminance(32, 32)),
    integer_row(GL_LUMINANCE_ALPHA8UI_EXT, GL_LUMINANCE_ALPHA, F::RG8_UINT, false, luminance(8, 8)),
    integer_row(GL_LUMINANCE_ALPHA16UI_EXT, GL_LUMINANCE_ALPHA, F::RG16_UINT, false, luminance(16, 16)),
    integer_row(GL_LUMINANCE_ALPHA32UI_EXT, GL_LUMINANCE_ALPHA, F::RG32_UINT, false, luminance(32, 32)),
    integer_row(GL_INTENSITY8I_EXT, GL_INTENSITY, F::R8_SINT, true, intensity(8)),
    integer_row(GL_INTENSITY16I_EXT, GL_INTENSITY, F::R16_SINT, true, intensity(16)),
    integer_row(GL_INTENSITY32I_EXT, GL_INTENSITY, F::R32_SINT, true, intensity(32)),
    integer_row(GL_INTENSITY8UI_EXT, GL_INTENSITY, F::R8_UINT, false, intensity(8)),
    integer_row(GL_INTENSITY16UI_EXT, GL_INTENSITY, F::R16_UINT, false, intensity(16)),
    integer_row(GL_INTENSITY32UI_EXT, GL_INTENSITY, F::R32_UINT, false, intensity(32)),
};

}  // namespace

const TexelBufferFormat* find_legacy_texel_buffer_format(GLenum internal_format) {
  for (const TexelBufferFormat& f : kLegacyFormats)
    if (f.internal_format == internal_format) return &f;
  return nullptr;
}

const pixel::InternalFormatInfo* texel_buffer_format_info(GLenum internal_format) {
  if (const pixel::InternalFormatInfo* info = pixel::find_internal_format(internal_format)) return info;
  for (const pixel::InternalFormatInfo& info : kIntegerInfo)
    if (info.internal_format == internal_format) return &info;
  return nullptr;
}

compiler::TexelBufferSwizzle texel_buffer_swizzle(const pixel::InternalFormatInfo& info) {
  switch (info.base_format) {
    case GL_ALPHA: return compiler::TexelBufferSwizzle::Alpha;
    case GL_LUMINANCE: return compiler::TexelBufferSwizzle::Luminance;
    case GL_LUMINANCE_ALPHA: return compiler::TexelBufferSwizzle::LuminanceAlpha;
    case GL_INTENSITY: return compiler::TexelBufferSwizzle::Intensity;
    default: return compiler::TexelBufferSwizzle::Identity;
  }
}

}  // namespace brass::gl
