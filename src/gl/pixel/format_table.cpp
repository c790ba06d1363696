#include "gl/pixel/format_table.h"

namespace brass::gl::pixel {
namespace {

using pipe::Format;
using CT = ComponentType;
using RR = RenderRule;
using FR = FilterRule;
using SS = StorageSwizzle;

constexpr uint16_t kCore = kAvailEs3 | kAvailDesktop;

constexpr ComponentSizes rgba(uint8_t r, uint8_t g = 0, uint8_t b = 0, uint8_t a = 0) {
  return ComponentSizes{r, g, b, a, 0, 0, 0, 0};
}
constexpr ComponentSizes lum(uint8_t l, uint8_t a) { return ComponentSizes{0, 0, 0, a, l, 0, 0, 0}; }
constexpr ComponentSizes intensity(uint8_t i) { return ComponentSizes{0, 0, 0, 0, 0, 0, 0, 0, i}; }
constexpr ComponentSizes ds(uint8_t d, uint8_t s) { return ComponentSizes{0, 0, 0, 0, 0, d, s, 0}; }

struct Row {
  GLenum sized, base;
  Format storage;
  CT type;
  ComponentSizes bits;
  bool srgb;
  uint16_t avail;
  RR render;
  FR filter;
  SS swizzle = SS::Identity;
};

constexpr InternalFormatInfo info(const Row& r) {
  return {r.sized, r.base, r.storage, r.type, r.bits, r.srgb, r.avail, r.render, r.filter, r.swizzle};
}

// clang-format off
constexpr InternalFormatInfo kFormats[] = {
  // ES 3.0 table 3.13: color formats.
  info({GL_R8, GL_RED, Format::R8_UNORM, CT::UnsignedNormalized, rgba(8), false, kCore, RR::Always, FR::Always}),
  info({GL_R8_SNORM, GL_RED, Format::R8_SNORM, CT::SignedNormalized, rgba(8), false, kCore, RR::SnormExt, FR::Always}),
  info({GL_RG8, GL_RG, Format::RG8_UNORM, CT::UnsignedNormalized, rgba(8, 8), false, kCore, RR::Always, FR::Always}),
  info({GL_RG8_SNORM, GL_RG, Format::RG8_SNORM, CT::SignedNormalized, rgba(8, 8), false, kCore, RR::SnormExt, FR::Always}),
  info({GL_RGB8, GL_RGB, Format::RGB8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8), false, kCore, RR::Always, FR::Always}),
  info({GL_RGB8_SNORM, GL_RGB, Format::RGB8_SNORM, CT::SignedNormalized, rgba(8, 8, 8), false, kCore, RR::DesktopOnly, FR::Always}),
  info({GL_RGB565, GL_RGB, Format::B5G6R5_UNORM, CT::UnsignedNormalized, rgba(5, 6, 5), false, kCore, RR::Always, FR::Always}),
  info({GL_RGBA4, GL_RGBA, Format::RGBA4_UNORM, CT::UnsignedNormalized, rgba(4, 4, 4, 4), false, kCore, RR::Always, FR::Always}),
  info({GL_RGB5_A1, GL_RGBA, Format::RGB5A1_UNORM, CT::UnsignedNormalized, rgba(5, 5, 5, 1), false, kCore, RR::Always, FR::Always}),
  info({GL_RGBA8, GL_RGBA, Format::RGBA8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kCore, RR::Always, FR::Always}),
  info({GL_RGBA8_SNORM, GL_RGBA, Format::RGBA8_SNORM, CT::SignedNormalized, rgba(8, 8, 8, 8), false, kCore, RR::SnormExt, FR::Always}),
  info({GL_RGB10_A2, GL_RGBA, Format::RGB10A2_UNORM, CT::UnsignedNormalized, rgba(10, 10, 10, 2), false, kCore, RR::Always, FR::Always}),
  info({GL_RGB10_A2UI, GL_RGBA, Format::RGB10A2_UINT, CT::UnsignedInt, rgba(10, 10, 10, 2), false, kCore, RR::Always, FR::Never}),
  info({GL_SRGB8, GL_RGB, Format::RGB8_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8), true, kCore, RR::DesktopOnly, FR::Always}),
  info({GL_SRGB8_ALPHA8, GL_RGBA, Format::RGBA8_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kCore, RR::Always, FR::Always}),
  // EXT_texture_sRGB_R8 / _RG8: sampled only (not color-renderable).
  info({GL_SR8_EXT, GL_RED, Format::R8_SRGB, CT::UnsignedNormalized, rgba(8), true, kAvailSrgbR8, RR::Never, FR::Always}),
  info({GL_SRG8_EXT, GL_RG, Format::RG8_SRGB, CT::UnsignedNormalized, rgba(8, 8), true, kAvailSrgbRg8, RR::Never, FR::Always}),
  info({GL_R16F, GL_RED, Format::R16_FLOAT, CT::Float, rgba(16), false, kCore, RR::HalfFloatExt, FR::Always}),
  info({GL_RG16F, GL_RG, Format::RG16_FLOAT, CT::Float, rgba(16, 16), false, kCore, RR::HalfFloatExt, FR::Always}),
  info({GL_RGB16F, GL_RGB, Format::RGB16_FLOAT, CT::Float, rgba(16, 16, 16), false, kCore, RR::HalfFloatRgbExt, FR::Always}),
  info({GL_RGBA16F, GL_RGBA, Format::RGBA16_FLOAT, CT::Float, rgba(16, 16, 16, 16), false, kCore, RR::HalfFloatExt, FR::Always}),
  info({GL_R32F, GL_RED, Format::R32_FLOAT, CT::Float, rgba(32), false, kCore, RR::FloatExt, FR::FloatLinearExt}),
  info({GL_RG32F, GL_RG, Format::RG32_FLOAT, CT::Float, rgba(32, 32), false, kCore, RR::FloatExt, FR::FloatLinearExt}),
  info({GL_RGB32F, GL_RGB, Format::RGB32_FLOAT, CT::Float, rgba(32, 32, 32), false, kCore, RR::DesktopOnly, FR::FloatLinearExt}),
  info({GL_RGBA32F, GL_RGBA, Format::RGBA32_FLOAT, CT::Float, rgba(32, 32, 32, 32), false, kCore, RR::FloatExt, FR::FloatLinearExt}),
  info({GL_R11F_G11F_B10F, GL_RGB, Format::R11G11B10_FLOAT, CT::Float, rgba(11, 11, 10), false, kCore, RR::FloatExt, FR::Always}),
  info({GL_RGB9_E5, GL_RGB, Format::RGB9E5_FLOAT, CT::Float, ComponentSizes{9, 9, 9, 0, 0, 0, 0, 5}, false, kCore, RR::Never, FR::Always}),
  info({GL_R8I, GL_RED, Format::R8_SINT, CT::Int, rgba(8), false, kCore, RR::Always, FR::Never}),
  info({GL_R8UI, GL_RED, Format::R8_UINT, CT::UnsignedInt, rgba(8), false, kCore, RR::Always, FR::Never}),
  info({GL_R16I, GL_RED, Format::R16_SINT, CT::Int, rgba(16), false, kCore, RR::Always, FR::Never}),
  info({GL_R16UI, GL_RED, Format::R16_UINT, CT::UnsignedInt, rgba(16), false, kCore, RR::Always, FR::Never}),
  info({GL_R32I, GL_RED, Format::R32_SINT, CT::Int, rgba(32), false, kCore, RR::Always, FR::Never}),
  info({GL_R32UI, GL_RED, Format::R32_UINT, CT::UnsignedInt, rgba(32), false, kCore, RR::Always, FR::Never}),
  info({GL_RG8I, GL_RG, Format::RG8_SINT, CT::Int, rgba(8, 8), false, kCore, RR::Always, FR::Never}),
  info({GL_RG8UI, GL_RG, Format::RG8_UINT, CT::UnsignedInt, rgba(8, 8), false, kCore, RR::Always, FR::Never}),
  info({GL_RG16I, GL_RG, Format::RG16_SINT, CT::Int, rgba(16, 16), false, kCore, RR::Always, FR::Never}),
  info({GL_RG16UI, GL_RG, Format::RG16_UINT, CT::UnsignedInt, rgba(16, 16), false, kCore, RR::Always, FR::Never}),
  info({GL_RG32I, GL_RG, Format::RG32_SINT, CT::Int, rgba(32, 32), false, kCore, RR::Always, FR::Never}),
  info({GL_RG32UI, GL_RG, Format::RG32_UINT, CT::UnsignedInt, rgba(32, 32), false, kCore, RR::Always, FR::Never}),
  info({GL_RGB8I, GL_RGB, Format::RGB8_SINT, CT::Int, rgba(8, 8, 8), false, kCore, RR::DesktopOnly, FR::Never}),
  info({GL_RGB8UI, GL_RGB, Format::RGB8_UINT, CT::UnsignedInt, rgba(8, 8, 8), false, kCore, RR::DesktopOnly, FR::Never}),
  info({GL_RGB16I, GL_RGB, Format::RGB16_SINT, CT::Int, rgba(16, 16, 16), false, kCore, RR::DesktopOnly, FR::Never}),
  info({GL_RGB16UI, GL_RGB, Format::RGB16_UINT, CT::UnsignedInt, rgba(16, 16, 16), false, kCore, RR::DesktopOnly, FR::Never}),
  info({GL_RGB32I, GL_RGB, Format::RGB32_SINT, CT::Int, rgba(32, 32, 32), false, kCore, RR::DesktopOnly, FR::Never}),
  info({GL_RGB32UI, GL_RGB, Format::RGB32_UINT, CT::UnsignedInt, rgba(32, 32, 32), false, kCore, RR::DesktopOnly, FR::Never}),
  info({GL_RGBA8I, GL_RGBA, Format::RGBA8_SINT, CT::Int, rgba(8, 8, 8, 8), false, kCore, RR::Always, FR::Never}),
  info({GL_RGBA8UI, GL_RGBA, Format::RGBA8_UINT, CT::UnsignedInt, rgba(8, 8, 8, 8), false, kCore, RR::Always, FR::Never}),
  info({GL_RGBA16I, GL_RGBA, Format::RGBA16_SINT, CT::Int, rgba(16, 16, 16, 16), false, kCore, RR::Always, FR::Never}),
  info({GL_RGBA16UI, GL_RGBA, Format::RGBA16_UINT, CT::UnsignedInt, rgba(16, 16, 16, 16), false, kCore, RR::Always, FR::Never}),
  info({GL_RGBA32I, GL_RGBA, Format::RGBA32_SINT, CT::Int, rgba(32, 32, 32, 32), false, kCore, RR::Always, FR::Never}),
  info({GL_RGBA32UI, GL_RGBA, Format::RGBA32_UINT, CT::UnsignedInt, rgba(32, 32, 32, 32), false, kCore, RR::Always, FR::Never}),

  // ES 3.0 table 3.14: depth and stencil formats.
  info({GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, Format::Z16_UNORM, CT::UnsignedNormalized, ds(16, 0), false, kCore, RR::Never, FR::DepthDesktop}),
  info({GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, Format::Z24X8_UNORM, CT::UnsignedNormalized, ds(24, 0), false, kCore, RR::Never, FR::DepthDesktop}),
  info({GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, Format::Z32_FLOAT, CT::Float, ds(32, 0), false, kCore, RR::Never, FR::DepthDesktop}),
  info({GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, Format::Z24_UNORM_S8_UINT, CT::UnsignedNormalized, ds(24, 8), false, kCore, RR::Never, FR::DepthDesktop}),
  info({GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, Format::Z32_FLOAT_S8X24_UINT, CT::Float, ds(32, 8), false, kCore, RR::Never, FR::DepthDesktop}),
  // Renderbuffer-only in ES 3.0; a texture format with OES_texture_stencil8.
  info({GL_STENCIL_INDEX8, GL_STENCIL_INDEX, Format::S8_UINT, CT::UnsignedInt, ds(0, 8), false, kCore, RR::Never, FR::Never}),
  // Desktop GL's other sized stencil formats (GL 4.6 table 8.13), stored
  // with 8 bits, the resolution queries report (§9.2.5: the GL may store
  // more than it was asked for).
  info({GL_STENCIL_INDEX1, GL_STENCIL_INDEX, Format::S8_UINT, CT::UnsignedInt, ds(0, 8), false, kAvailDesktop, RR::Never, FR::Never}),
  info({GL_STENCIL_INDEX4, GL_STENCIL_INDEX, Format::S8_UINT, CT::UnsignedInt, ds(0, 8), false, kAvailDesktop, RR::Never, FR::Never}),
  info({GL_STENCIL_INDEX16, GL_STENCIL_INDEX, Format::S8_UINT, CT::UnsignedInt, ds(0, 8), false, kAvailDesktop, RR::Never, FR::Never}),
  // Desktop 32-bit normalized depth: no pipe format holds 32 unorm bits, so
  // it is stored as 32-bit float depth (values are clamped to [0,1] on upload).
  info({GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, Format::Z32_FLOAT, CT::UnsignedNormalized, ds(32, 0), false, kAvailDesktop, RR::Never, FR::DepthDesktop}),

  // 16-bit normalized: desktop core, EXT_texture_norm16 on ES.
  info({GL_R16, GL_RED, Format::R16_UNORM, CT::UnsignedNormalized, rgba(16), false, kAvailDesktop | kAvailNorm16, RR::Norm16Ext, FR::Always}),
  info({GL_RG16, GL_RG, Format::RG16_UNORM, CT::UnsignedNormalized, rgba(16, 16), false, kAvailDesktop | kAvailNorm16, RR::Norm16Ext, FR::Always}),
  info({GL_RGB16, GL_RGB, Format::RGB16_UNORM, CT::UnsignedNormalized, rgba(16, 16, 16), false, kAvailDesktop | kAvailNorm16, RR::DesktopOnly, FR::Always}),
  info({GL_RGBA16, GL_RGBA, Format::RGBA16_UNORM, CT::UnsignedNormalized, rgba(16, 16, 16, 16), false, kAvailDesktop | kAvailNorm16, RR::Norm16Ext, FR::Always}),
  info({GL_R16_SNORM, GL_RED, Format::R16_SNORM, CT::SignedNormalized, rgba(16), false, kAvailDesktop | kAvailNorm16, RR::Snorm16Ext, FR::Always}),
  info({GL_RG16_SNORM, GL_RG, Format::RG16_SNORM, CT::SignedNormalized, rgba(16, 16), false, kAvailDesktop | kAvailNorm16, RR::Snorm16Ext, FR::Always}),
  info({GL_RGB16_SNORM, GL_RGB, Format::RGB16_SNORM, CT::SignedNormalized, rgba(16, 16, 16), false, kAvailDesktop | kAvailNorm16, RR::DesktopOnly, FR::Always}),
  info({GL_RGBA16_SNORM, GL_RGBA, Format::RGBA16_SNORM, CT::SignedNormalized, rgba(16, 16, 16, 16), false, kAvailDesktop | kAvailNorm16, RR::Snorm16Ext, FR::Always}),

  // EXT_texture_format_BGRA8888 (ES): BGRA byte order in memory.
  info({GL_BGRA8_EXT, GL_RGBA, Format::BGRA8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailBgra, RR::Always, FR::Always}),

  // Legacy luminance/alpha.
  info({GL_ALPHA8, GL_ALPHA, Format::A8_UNORM, CT::UnsignedNormalized, rgba(0, 0, 0, 8), false, kAvailLegacy, RR::Never, FR::Always}),
  info({GL_LUMINANCE8, GL_LUMINANCE, Format::L8_UNORM, CT::UnsignedNormalized, lum(8, 0), false, kAvailLegacy, RR::Never, FR::Always}),
  info({GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, Format::L8A8_UNORM, CT::UnsignedNormalized, lum(8, 8), false, kAvailLegacy, RR::Never, FR::Always}),
  info({GL_ALPHA16F_EXT, GL_ALPHA, Format::R16_FLOAT, CT::Float, rgba(0, 0, 0, 16), false, kAvailLegacy, RR::Never, FR::Always, SS::Alpha}),
  info({GL_LUMINANCE16F_EXT, GL_LUMINANCE, Format::R16_FLOAT, CT::Float, lum(16, 0), false, kAvailLegacy, RR::Never, FR::Always, SS::Luminance}),
  info({GL_LUMINANCE_ALPHA16F_EXT, GL_LUMINANCE_ALPHA, Format::RG16_FLOAT, CT::Float, lum(16, 16), false, kAvailLegacy, RR::Never, FR::Always, SS::LuminanceAlpha}),
  info({GL_ALPHA32F_EXT, GL_ALPHA, Format::R32_FLOAT, CT::Float, rgba(0, 0, 0, 32), false, kAvailLegacy, RR::Never, FR::FloatLinearExt, SS::Alpha}),
  info({GL_LUMINANCE32F_EXT, GL_LUMINANCE, Format::R32_FLOAT, CT::Float, lum(32, 0), false, kAvailLegacy, RR::Never, FR::FloatLinearExt, SS::Luminance}),
  info({GL_LUMINANCE_ALPHA32F_EXT, GL_LUMINANCE_ALPHA, Format::RG32_FLOAT, CT::Float, lum(32, 32), false, kAvailLegacy, RR::Never, FR::FloatLinearExt, SS::LuminanceAlpha}),

  // Compatibility profile (GL 4.6 compatibility table 8.23). GL lets the
  // implementation choose the storage of a requested size, and the size
  // queries report what was chosen: each is stored at the next precision
  // Vulkan samples natively (4-bit and 12-bit sizes in 8 and 16 bits),
  // intensity as one red channel read back as RRRR.
  info({GL_ALPHA4, GL_ALPHA, Format::A8_UNORM, CT::UnsignedNormalized, rgba(0, 0, 0, 8), false, kAvailCompat, RR::Never, FR::Always}),
  info({GL_ALPHA12, GL_ALPHA, Format::R16_UNORM, CT::UnsignedNormalized, rgba(0, 0, 0, 16), false, kAvailCompat, RR::Never, FR::Always, SS::Alpha}),
  info({GL_ALPHA16, GL_ALPHA, Format::R16_UNORM, CT::UnsignedNormalized, rgba(0, 0, 0, 16), false, kAvailCompat, RR::Never, FR::Always, SS::Alpha}),
  info({GL_LUMINANCE4, GL_LUMINANCE, Format::L8_UNORM, CT::UnsignedNormalized, lum(8, 0), false, kAvailCompat, RR::Never, FR::Always}),
  info({GL_LUMINANCE12, GL_LUMINANCE, Format::R16_UNORM, CT::UnsignedNormalized, lum(16, 0), false, kAvailCompat, RR::Never, FR::Always, SS::Luminance}),
  info({GL_LUMINANCE16, GL_LUMINANCE, Format::R16_UNORM, CT::UnsignedNormalized, lum(16, 0), false, kAvailCompat, RR::Never, FR::Always, SS::Luminance}),
  info({GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, Format::L8A8_UNORM, CT::UnsignedNormalized, lum(8, 8), false, kAvailCompat, RR::Never, FR::Always}),
  info({GL_LUMINANCE6_ALPHA2, GL_LUMINANCE_ALPHA, Format::L8A8_UNORM, CT::UnsignedNormalized, lum(8, 8), false, kAvailCompat, RR::Never, FR::Always}),
  info({GL_LUMINANCE12_ALPHA4, GL_LUMINANCE_ALPHA, Format::RG16_UNORM, CT::UnsignedNormalized, lum(16, 16), false, kAvailCompat, RR::Never, FR::Always, SS::LuminanceAlpha}),
  info({GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA, Format::RG16_UNORM, CT::UnsignedNormalized, lum(16, 16), false, kAvailCompat, RR::Never, FR::Always, SS::LuminanceAlpha}),
  info({GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, Format::RG16_UNORM, CT::UnsignedNormalized, lum(16, 16), false, kAvailCompat, RR::Never, FR::Always, SS::LuminanceAlpha}),
  info({GL_INTENSITY4, GL_INTENSITY, Format::R8_UNORM, CT::UnsignedNormalized, intensity(8), false, kAvailCompat, RR::Never, FR::Always, SS::Intensity}),
  info({GL_INTENSITY8, GL_INTENSITY, Format::R8_UNORM, CT::UnsignedNormalized, intensity(8), false, kAvailCompat, RR::Never, FR::Always, SS::Intensity}),
  info({GL_INTENSITY12, GL_INTENSITY, Format::R16_UNORM, CT::UnsignedNormalized, intensity(16), false, kAvailCompat, RR::Never, FR::Always, SS::Intensity}),
  info({GL_INTENSITY16, GL_INTENSITY, Format::R16_UNORM, CT::UnsignedNormalized, intensity(16), false, kAvailCompat, RR::Never, FR::Always, SS::Intensity}),
  info({GL_INTENSITY16F_ARB, GL_INTENSITY, Format::R16_FLOAT, CT::Float, intensity(16), false, kAvailCompat, RR::Never, FR::Always, SS::Intensity}),
  info({GL_INTENSITY32F_ARB, GL_INTENSITY, Format::R32_FLOAT, CT::Float, intensity(32), false, kAvailCompat, RR::Never, FR::FloatLinearExt, SS::Intensity}),
  info({GL_SLUMINANCE8, GL_LUMINANCE, Format::R8_SRGB, CT::UnsignedNormalized, lum(8, 0), true, kAvailCompat, RR::Never, FR::Always, SS::Luminance}),
  info({GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, Format::RG8_SRGB, CT::UnsignedNormalized, lum(8, 8), true, kAvailCompat, RR::Never, FR::Always, SS::LuminanceAlpha}),
  // The small and 12-bit RGB(A) sizes GL 4.6 core still names (table
  // 8.12), stored at 8 or 16 bits for the same reason.
  info({GL_R3_G3_B2, GL_RGB, Format::RGB8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),
  info({GL_RGB4, GL_RGB, Format::RGB8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),
  info({GL_RGB5, GL_RGB, Format::RGB8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),
  info({GL_RGB10, GL_RGB, Format::RGB16_UNORM, CT::UnsignedNormalized, rgba(16, 16, 16), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),
  info({GL_RGB12, GL_RGB, Format::RGB16_UNORM, CT::UnsignedNormalized, rgba(16, 16, 16), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),
  info({GL_RGBA2, GL_RGBA, Format::RGBA8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),
  info({GL_RGBA12, GL_RGBA, Format::RGBA16_UNORM, CT::UnsignedNormalized, rgba(16, 16, 16, 16), false, kAvailDesktop, RR::DesktopOnly, FR::Always}),

  // ETC2/EAC: ES 3.0 core and GL 4.3 core. Sizes are the nominal precision.
  info({GL_COMPRESSED_R11_EAC, GL_RED, Format::EAC_R11_UNORM, CT::UnsignedNormalized, rgba(11), false, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SIGNED_R11_EAC, GL_RED, Format::EAC_R11_SNORM, CT::SignedNormalized, rgba(11), false, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RG11_EAC, GL_RG, Format::EAC_RG11_UNORM, CT::UnsignedNormalized, rgba(11, 11), false, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SIGNED_RG11_EAC, GL_RG, Format::EAC_RG11_SNORM, CT::SignedNormalized, rgba(11, 11), false, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGB8_ETC2, GL_RGB, Format::ETC2_RGB8, CT::UnsignedNormalized, rgba(8, 8, 8), false, kCore, RR::Never, FR::Always}),
  // ETC1 is the subset of ETC2 RGB8 without the T, H and planar modes, so
  // ETC2 storage (or its decoder) reads it unchanged.
  info({GL_ETC1_RGB8_OES, GL_RGB, Format::ETC2_RGB8, CT::UnsignedNormalized, rgba(8, 8, 8), false, kAvailEtc1, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ETC2, GL_RGB, Format::ETC2_SRGB8, CT::UnsignedNormalized, rgba(8, 8, 8), true, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, Format::ETC2_RGB8A1, CT::UnsignedNormalized, rgba(8, 8, 8, 1), false, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, Format::ETC2_SRGB8A1, CT::UnsignedNormalized, rgba(8, 8, 8, 1), true, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA, Format::ETC2_RGBA8, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kCore, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_RGBA, Format::ETC2_SRGB8_A8, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kCore, RR::Never, FR::Always}),
  // BPTC (desktop GL 4.2): BC7 unorm / sRGB and BC6H float blocks.
  info({GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, GL_RGBA, Format::BC7_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailBptc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT, GL_RGBA, Format::BC7_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailBptc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, GL_RGB, Format::BC6H_SFLOAT, CT::Float, rgba(16, 16, 16), false, kAvailBptc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, GL_RGB, Format::BC6H_UFLOAT, CT::Float, rgba(16, 16, 16), false, kAvailBptc, RR::Never, FR::Always}),
  // S3TC (EXT_texture_compression_s3tc) and RGTC (desktop core, EXT on ES).
  info({GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, Format::BC1_RGB_UNORM, CT::UnsignedNormalized, rgba(5, 6, 5), false, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, Format::BC1_RGBA_UNORM, CT::UnsignedNormalized, rgba(5, 6, 5, 1), false, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_RGBA, Format::BC2_UNORM, CT::UnsignedNormalized, rgba(5, 6, 5, 4), false, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, Format::BC3_UNORM, CT::UnsignedNormalized, rgba(5, 6, 5, 8), false, kAvailS3tc, RR::Never, FR::Always}),
  // sRGB S3TC: EXT_texture_sRGB's compressed formats on desktop,
  // EXT_texture_compression_s3tc_srgb on ES; always with the S3TC ones
  // (natively, or decoded to RGBA8 sRGB on upload like them).
  info({GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_RGB, Format::BC1_RGB_SRGB, CT::UnsignedNormalized, rgba(5, 6, 5), true, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, GL_RGBA, Format::BC1_RGBA_SRGB, CT::UnsignedNormalized, rgba(5, 6, 5, 1), true, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, GL_RGBA, Format::BC2_SRGB, CT::UnsignedNormalized, rgba(5, 6, 5, 4), true, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, GL_RGBA, Format::BC3_SRGB, CT::UnsignedNormalized, rgba(5, 6, 5, 8), true, kAvailS3tc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RED_RGTC1, GL_RED, Format::BC4_UNORM, CT::UnsignedNormalized, rgba(8), false, kAvailRgtc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, Format::BC4_SNORM, CT::SignedNormalized, rgba(8), false, kAvailRgtc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RG_RGTC2, GL_RG, Format::BC5_UNORM, CT::UnsignedNormalized, rgba(8, 8), false, kAvailRgtc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, Format::BC5_SNORM, CT::SignedNormalized, rgba(8, 8), false, kAvailRgtc, RR::Never, FR::Always}),
  // ASTC LDR (KHR_texture_compression_astc_ldr; ES 3.2 core): 2D footprints of
  // 16-byte blocks. Sizes are those of the decoded RGBA8 values.
  info({GL_COMPRESSED_RGBA_ASTC_4x4_KHR, GL_RGBA, Format::ASTC_4x4_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_5x4_KHR, GL_RGBA, Format::ASTC_5x4_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_5x5_KHR, GL_RGBA, Format::ASTC_5x5_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_6x5_KHR, GL_RGBA, Format::ASTC_6x5_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_6x6_KHR, GL_RGBA, Format::ASTC_6x6_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_8x5_KHR, GL_RGBA, Format::ASTC_8x5_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_8x6_KHR, GL_RGBA, Format::ASTC_8x6_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_8x8_KHR, GL_RGBA, Format::ASTC_8x8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_10x5_KHR, GL_RGBA, Format::ASTC_10x5_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_10x6_KHR, GL_RGBA, Format::ASTC_10x6_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_10x8_KHR, GL_RGBA, Format::ASTC_10x8_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_10x10_KHR, GL_RGBA, Format::ASTC_10x10_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_12x10_KHR, GL_RGBA, Format::ASTC_12x10_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_RGBA_ASTC_12x12_KHR, GL_RGBA, Format::ASTC_12x12_UNORM, CT::UnsignedNormalized, rgba(8, 8, 8, 8), false, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR, GL_RGBA, Format::ASTC_4x4_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR, GL_RGBA, Format::ASTC_5x4_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x5_KHR, GL_RGBA, Format::ASTC_5x5_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x5_KHR, GL_RGBA, Format::ASTC_6x5_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, GL_RGBA, Format::ASTC_6x6_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x5_KHR, GL_RGBA, Format::ASTC_8x5_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x6_KHR, GL_RGBA, Format::ASTC_8x6_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR, GL_RGBA, Format::ASTC_8x8_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x5_KHR, GL_RGBA, Format::ASTC_10x5_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR, GL_RGBA, Format::ASTC_10x6_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x8_KHR, GL_RGBA, Format::ASTC_10x8_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR, GL_RGBA, Format::ASTC_10x10_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x10_KHR, GL_RGBA, Format::ASTC_12x10_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
  info({GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, GL_RGBA, Format::ASTC_12x12_SRGB, CT::UnsignedNormalized, rgba(8, 8, 8, 8), true, kAvailAstc, RR::Never, FR::Always}),
};
// clang-format on

}  // namespace

FormatFeatures FormatFeatures::desktop() {
  FormatFeatures f;
  f.api = ApiKind::Desktop;
  f.color_buffer_float = true;
  f.color_buffer_half_float = true;
  f.texture_float_linear = true;
  f.texture_norm16 = true;
  f.render_snorm = true;
  f.bgra8888 = false;  // BGRA is a client format on desktop, not an internal format
  f.s3tc = true;
  f.rgtc = true;
  f.astc_ldr = true;
  f.astc_sliced_3d = true;
  f.texture_stencil8 = true;  // GL 4.4 core (ARB_texture_stencil8)
  return f;
}

GLenum component_type_enum(ComponentType type) {
  switch (type) {
    case ComponentType::None: return GL_NONE;
    case ComponentType::UnsignedNormalized: return GL_UNSIGNED_NORMALIZED;
    case ComponentType::SignedNormalized: return GL_SIGNED_NORMALIZED;
    case ComponentType::Float: return GL_FLOAT;
    case ComponentType::Int: return GL_INT;
    case ComponentType::UnsignedInt: return GL_UNSIGNED_INT;
  }
  return GL_NONE;
}

std::array<pipe::Swizzle, 4> InternalFormatInfo::sampler_swizzle() const {
  using S = pipe::Swizzle;
  switch (swizzle) {
    case StorageSwizzle::Identity: return {S::R, S::G, S::B, S::A};
    case StorageSwizzle::Luminance: return {S::R, S::R, S::R, S::One};
    case StorageSwizzle::LuminanceAlpha: return {S::R, S::R, S::R, S::G};
    case StorageSwizzle::Alpha: return {S::Zero, S::Zero, S::Zero, S::R};
    case StorageSwizzle::Intensity: return {S::R, S::R, S::R, S::R};
  }
  return {S::R, S::G, S::B, S::A};
}

std::span<const InternalFormatInfo> all_internal_formats() { return kFormats; }

const InternalFormatInfo* find_internal_format(GLenum sized_internal_format) {
  for (const InternalFormatInfo& f : kFormats)
    if (f.internal_format == sized_internal_format) return &f;
  return nullptr;
}

bool is_available(const InternalFormatInfo& info, const FormatFeatures& features) {
  const bool es = features.api == ApiKind::Es;
  uint16_t enabled = es ? kAvailEs3 : kAvailDesktop;
  // Legacy formats exist on both (desktop compatibility; ES effective formats).
  enabled |= kAvailLegacy;
  if (es && features.texture_norm16) enabled |= kAvailNorm16;
  if (es && features.bgra8888) enabled |= kAvailBgra;
  if (features.s3tc) enabled |= kAvailS3tc;
  if (features.rgtc) enabled |= kAvailRgtc;
  if (features.astc_ldr) enabled |= kAvailAstc;
  if (es && features.etc1) enabled |= kAvailEtc1;
  if (es && features.texture_srgb_r8) enabled |= kAvailSrgbR8;
  if (es && features.texture_srgb_rg8) enabled |= kAvailSrgbRg8;
  if (!es && features.bgra8888) enabled |= kAvailBgra;
  if (features.bptc) enabled |= kAvailBptc;  // ARB (desktop) / EXT (ES 3.0+) _texture_compression_bptc
  if (!es && features.compatibility) enabled |= kAvailCompat;
  return (info.availability & enabled) != 0;
}

const InternalFormatInfo* find_internal_format(GLenum sized_internal_format, const FormatFeatures& features) {
  const InternalFormatInfo* f = find_internal_format(sized_internal_format);
  return f && is_available(*f, features) ? f : nullptr;
}

bool is_color_renderable(const InternalFormatInfo& info, const FormatFeatures& features) {
  const bool desktop = features.api == ApiKind::Desktop;
  switch (info.render) {
    case RenderRule::Never: return false;
    case RenderRule::Always: return true;
    case RenderRule::FloatExt: return desktop || features.color_buffer_float;
    case RenderRule::HalfFloatExt: return desktop || features.color_buffer_float || features.color_buffer_half_float;
    case RenderRule::HalfFloatRgbExt: return desktop || features.color_buffer_half_float;
    case RenderRule::Norm16Ext: return desktop || features.texture_norm16;
    case RenderRule::SnormExt: return desktop || features.render_snorm;
    case RenderRule::Snorm16Ext: return desktop || (features.render_snorm && features.texture_norm16);
    case RenderRule::DesktopOnly: return desktop;
  }
  return false;
}

bool is_depth_renderable(const InternalFormatInfo& info) { return info.has_depth(); }
bool is_stencil_renderable(const InternalFormatInfo& info) { return info.has_stencil(); }

bool is_texture_filterable(const InternalFormatInfo& info, const FormatFeatures& features) {
  switch (info.filter) {
    case FilterRule::Never: return false;
    case FilterRule::Always: return true;
    case FilterRule::FloatLinearExt: return features.api == ApiKind::Desktop || features.texture_float_linear;
    case FilterRule::DepthDesktop: return features.api == ApiKind::Desktop;
  }
  return false;
}

}  // namespace brass::gl::pixel
