// Sized internal formats: what each one is stored as (a pipe::Format) and the
// properties the rest of the GL state tracker asks about it (glGet*Size and
// *Type queries, framebuffer completeness, texture completeness). The rows
// follow ES 3.0 tables 3.13/3.14 plus the desktop GL 4.6 additions, the
// legacy luminance/alpha formats and the compressed ETC2/EAC, S3TC, RGTC and
// ASTC LDR formats.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "gl/pixel/gl_enums.h"
#include "pipe/format.h"

namespace brass::gl::pixel {

enum class ApiKind : uint8_t { Es, Desktop };

// Which API and which format extensions the context exposes; every rule that
// depends on them takes one of these.
struct FormatFeatures {
  ApiKind api = ApiKind::Es;
  bool color_buffer_float = false;       // EXT_color_buffer_float: 32F/16F/11_11_10 renderable
  bool color_buffer_half_float = false;  // EXT_color_buffer_half_float: 16F renderable
  bool texture_float_linear = false;     // OES_texture_float_linear: 32F filterable
  bool texture_norm16 = false;           // EXT_texture_norm16
  bool render_snorm = false;             // EXT_render_snorm: 8-bit (and with norm16 16-bit) SNORM renderable
  bool texture_float_unsized = true;     // OES_texture_float/half_float: unsized FLOAT uploads
  bool depth_texture_unsized = true;     // OES_depth_texture/packed_depth_stencil unsized uploads
  bool bgra8888 = true;                  // EXT_texture_format_BGRA8888
  bool texture_stencil8 = false;         // OES_texture_stencil8 (ES 3.2, GL 4.4): STENCIL_INDEX8 textures
  bool s3tc = false;                     // EXT_texture_compression_s3tc
  bool rgtc = false;                     // EXT_texture_compression_rgtc
  bool required_internalformat = true;   // OES_required_internalformat: sized L/A names in TexImage
  bool etc1 = true;                      // OES_compressed_ETC1_RGB8_texture (stored as ETC2 RGB8)
  bool astc_ldr = false;                 // KHR_texture_compression_astc_ldr (2D and 2D-array blocks)
  bool astc_sliced_3d = false;           // KHR_texture_compression_astc_sliced_3d: 3D textures of 2D ASTC blocks
  bool texture_srgb_r8 = false;          // EXT_texture_sRGB_R8: GL_SR8_EXT textures
  bool texture_srgb_rg8 = false;         // EXT_texture_sRGB_RG8: GL_SRG8_EXT textures
  bool bptc = false;                     // BPTC formats (sampled natively; desktop and ES)
  // Desktop compatibility profile: the legacy intensity / luminance / alpha
  // sizes and the other internal formats only it has (kAvailCompat).
  bool compatibility = false;

  static FormatFeatures es3() { return {}; }
  static FormatFeatures desktop();
};

enum class ComponentType : uint8_t { None, UnsignedNormalized, SignedNormalized, Float, Int, UnsignedInt };
// GL_UNSIGNED_NORMALIZED, GL_FLOAT, ... or GL_NONE, for GL_TEXTURE_RED_TYPE and
// GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE.
GLenum component_type_enum(ComponentType type);

// Bits per component as GL reports them (GL_TEXTURE_RED_SIZE, GL_RED_BITS...).
struct ComponentSizes {
  uint8_t red = 0, green = 0, blue = 0, alpha = 0;
  uint8_t luminance = 0, depth = 0, stencil = 0, shared_exponent = 0;
  uint8_t intensity = 0;  // compatibility profile: TEXTURE_INTENSITY_SIZE
};

// Where a format exists. A row is available when any of its bits is enabled
// by the FormatFeatures (see is_available()).
enum FormatAvailability : uint16_t {
  kAvailEs3 = 1u << 0,      // ES 3.0 core
  kAvailDesktop = 1u << 1,  // GL 4.6 core
  kAvailNorm16 = 1u << 2,   // EXT_texture_norm16 on ES
  kAvailBgra = 1u << 3,     // EXT_texture_format_BGRA8888 on ES
  kAvailS3tc = 1u << 4,
  kAvailRgtc = 1u << 5,
  // Sized luminance/alpha formats: GL compatibility profile, and on ES the
  // effective formats of unsized uploads and EXT_texture_storage's sized
  // names. Never accepted as an ES glTexImage internalformat.
  kAvailLegacy = 1u << 6,
  kAvailEtc1 = 1u << 7,     // OES_compressed_ETC1_RGB8_texture on ES
  kAvailAstc = 1u << 8,     // KHR_texture_compression_astc_ldr
  kAvailSrgbR8 = 1u << 9,   // EXT_texture_sRGB_R8 on ES
  kAvailSrgbRg8 = 1u << 10, // EXT_texture_sRGB_RG8 on ES
  kAvailBptc = 1u << 11,    // BPTC (ARB/EXT_texture_compression_bptc) where the device has it
  // Desktop compatibility profile only (GL 4.6 compatibility table 8.23's
  // legacy sizes: ALPHA4..16, LUMINANCE4..16, INTENSITY*, R3_G3_B2, ...).
  kAvailCompat = 1u << 12,
};

// How a format may be rendered to, before the features say yes or no.
enum class RenderRule : uint8_t {
  Never,
  Always,        // ES 3.0 core and desktop
  FloatExt,      // ES: EXT_color_buffer_float; desktop: yes
  HalfFloatExt,  // ES: EXT_color_buffer_float or _half_float; desktop: yes
  HalfFloatRgbExt,  // RGB16F, ES: EXT_color_buffer_half_float only (EXT_color_buffer_float leaves it out); desktop: yes
  Norm16Ext,     // ES: EXT_texture_norm16; desktop: yes
  SnormExt,      // R8/RG8/RGBA8_SNORM, ES: EXT_render_snorm; desktop: yes
  Snorm16Ext,    // R16/RG16/RGBA16_SNORM, ES: EXT_render_snorm with EXT_texture_norm16; desktop: yes
  DesktopOnly,   // snorm, RGB float/int, sRGB8 ...: renderable on desktop only
};

enum class FilterRule : uint8_t {
  Never,            // integer formats
  Always,
  FloatLinearExt,   // 32-bit float: ES needs OES_texture_float_linear
  DepthDesktop,     // depth: filtered in desktop GL; ES 3.0 §3.8.13 needs NEAREST
                    // unless TEXTURE_COMPARE_MODE compares
};

// The sampler swizzle a format needs on top of its storage, for the legacy
// float luminance/alpha formats that are stored in R/RG float formats.
enum class StorageSwizzle : uint8_t {
  Identity,
  Luminance /*RRR1*/,
  LuminanceAlpha /*RRRG*/,
  Alpha /*000R*/,
  Intensity /*RRRR*/,
};

struct InternalFormatInfo {
  GLenum internal_format;  // the sized enum
  GLenum base_format;      // GL_RGBA, GL_RED, GL_LUMINANCE, GL_DEPTH_STENCIL, ...
  pipe::Format storage;
  ComponentType component_type;
  ComponentSizes bits;
  bool srgb;
  uint16_t availability;  // FormatAvailability bits
  RenderRule render;
  FilterRule filter;
  StorageSwizzle swizzle;

  bool is_compressed() const { return pipe::describe(storage).is_compressed(); }
  bool is_integer() const { return component_type == ComponentType::Int || component_type == ComponentType::UnsignedInt; }
  bool is_signed_integer() const { return component_type == ComponentType::Int; }
  bool has_depth() const { return bits.depth != 0; }
  bool has_stencil() const { return bits.stencil != 0; }
  bool is_color() const { return !has_depth() && !has_stencil(); }
  uint8_t block_width() const { return pipe::describe(storage).block_width; }
  uint8_t block_height() const { return pipe::describe(storage).block_height; }
  uint8_t block_bytes() const { return pipe::describe(storage).block_bytes; }
  std::array<pipe::Swizzle, 4> sampler_swizzle() const;
};

// Every row, for tests and glGetInternalformativ enumeration.
std::span<const InternalFormatInfo> all_internal_formats();

// The row for a sized internal format, regardless of availability; nullptr
// for unsized/unknown enums.
const InternalFormatInfo* find_internal_format(GLenum sized_internal_format);
// Same, but nullptr unless the context exposes it.
const InternalFormatInfo* find_internal_format(GLenum sized_internal_format, const FormatFeatures& features);
bool is_available(const InternalFormatInfo& info, const FormatFeatures& features);

// Framebuffer-attachment and texture-completeness properties. Depth formats
// are reported as not filterable: ES 3.0 §3.8.13 makes a depth texture with
// TEXTURE_COMPARE_MODE NONE and a LINEAR filter incomplete; with comparison on,
// the caller treats them as filterable.
bool is_color_renderable(const InternalFormatInfo& info, const FormatFeatures& features);
bool is_depth_renderable(const InternalFormatInfo& info);
bool is_stencil_renderable(const InternalFormatInfo& info);
bool is_texture_filterable(const InternalFormatInfo& info, const FormatFeatures& features);

}  // namespace brass::gl::pixel
