#include "gl/pixel/tex_image_rules.h"

#include "gl/pixel/bc_encoder.h"
#include "gl/pixel/client_format.h"

namespace brass::gl::pixel {
namespace {

struct SizedCombination {
  GLenum internal_format, format, type;
};

// ES 3.0 table 3.2, plus EXT_texture_norm16, EXT_texture_format_BGRA8888 and
// OES_texture_stencil8 rows (those formats only resolve when available).
// clang-format off
constexpr SizedCombination kEsSizedCombinations[] = {
  // OES_required_internalformat's sized luminance/alpha names.
  {GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE}, {GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE},
  {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE},
  {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE}, {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE},
  {GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE}, {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE},
  {GL_SR8_EXT, GL_RED, GL_UNSIGNED_BYTE}, {GL_SRG8_EXT, GL_RG, GL_UNSIGNED_BYTE},  // EXT_texture_sRGB_R8/RG8
  {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE},
  {GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4},
  {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1},
  {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV}, {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV},
  {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT},
  {GL_RGBA32F, GL_RGBA, GL_FLOAT}, {GL_RGBA16F, GL_RGBA, GL_FLOAT},
  {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE}, {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE},
  {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT}, {GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT},
  {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT}, {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT},
  {GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV},
  {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE}, {GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE}, {GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE},
  {GL_RGB8_SNORM, GL_RGB, GL_BYTE},
  {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5},
  {GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV},
  {GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV},
  {GL_RGB16F, GL_RGB, GL_HALF_FLOAT}, {GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT}, {GL_RGB9_E5, GL_RGB, GL_HALF_FLOAT},
  {GL_RGB32F, GL_RGB, GL_FLOAT}, {GL_RGB16F, GL_RGB, GL_FLOAT}, {GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT},
  {GL_RGB9_E5, GL_RGB, GL_FLOAT},
  {GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE}, {GL_RGB8I, GL_RGB_INTEGER, GL_BYTE},
  {GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT}, {GL_RGB16I, GL_RGB_INTEGER, GL_SHORT},
  {GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT}, {GL_RGB32I, GL_RGB_INTEGER, GL_INT},
  {GL_RG8, GL_RG, GL_UNSIGNED_BYTE}, {GL_RG8_SNORM, GL_RG, GL_BYTE},
  {GL_RG16F, GL_RG, GL_HALF_FLOAT}, {GL_RG32F, GL_RG, GL_FLOAT}, {GL_RG16F, GL_RG, GL_FLOAT},
  {GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE}, {GL_RG8I, GL_RG_INTEGER, GL_BYTE},
  {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT}, {GL_RG16I, GL_RG_INTEGER, GL_SHORT},
  {GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT}, {GL_RG32I, GL_RG_INTEGER, GL_INT},
  {GL_R8, GL_RED, GL_UNSIGNED_BYTE}, {GL_R8_SNORM, GL_RED, GL_BYTE},
  {GL_R16F, GL_RED, GL_HALF_FLOAT}, {GL_R32F, GL_RED, GL_FLOAT}, {GL_R16F, GL_RED, GL_FLOAT},
  {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE}, {GL_R8I, GL_RED_INTEGER, GL_BYTE},
  {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT}, {GL_R16I, GL_RED_INTEGER, GL_SHORT},
  {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT}, {GL_R32I, GL_RED_INTEGER, GL_INT},
  {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT},
  {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT}, {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT},
  {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT},
  {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8},
  {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV},
  // Extensions.
  {GL_R16, GL_RED, GL_UNSIGNED_SHORT}, {GL_RG16, GL_RG, GL_UNSIGNED_SHORT},
  {GL_RGB16, GL_RGB, GL_UNSIGNED_SHORT}, {GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT},
  {GL_R16_SNORM, GL_RED, GL_SHORT}, {GL_RG16_SNORM, GL_RG, GL_SHORT},
  {GL_RGB16_SNORM, GL_RGB, GL_SHORT}, {GL_RGBA16_SNORM, GL_RGBA, GL_SHORT},
  {GL_BGRA8_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE},
  {GL_STENCIL_INDEX8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE},
};

struct UnsizedCombination {
  GLenum format, type, effective;
  enum Needs : uint8_t { kCore, kFloat, kDepth, kBgra } needs;
};

// ES 3.0 table 3.3 with table 3.12's effective formats, plus the unsized
// uploads of OES_texture_float/half_float, OES_depth_texture,
// OES_packed_depth_stencil and EXT_texture_format_BGRA8888. For unsized
// requests internalformat must equal format.
constexpr UnsizedCombination kEsUnsizedCombinations[] = {
  {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8, UnsizedCombination::kCore},
  {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4, UnsizedCombination::kCore},
  {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGB5_A1, UnsizedCombination::kCore},
  {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8, UnsizedCombination::kCore},
  {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565, UnsizedCombination::kCore},
  {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE8_ALPHA8, UnsizedCombination::kCore},
  {GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_LUMINANCE8, UnsizedCombination::kCore},
  {GL_ALPHA, GL_UNSIGNED_BYTE, GL_ALPHA8, UnsizedCombination::kCore},
  {GL_RGBA, GL_FLOAT, GL_RGBA32F, UnsizedCombination::kFloat},
  {GL_RGB, GL_FLOAT, GL_RGB32F, UnsizedCombination::kFloat},
  {GL_LUMINANCE_ALPHA, GL_FLOAT, GL_LUMINANCE_ALPHA32F_EXT, UnsizedCombination::kFloat},
  {GL_LUMINANCE, GL_FLOAT, GL_LUMINANCE32F_EXT, UnsizedCombination::kFloat},
  {GL_ALPHA, GL_FLOAT, GL_ALPHA32F_EXT, UnsizedCombination::kFloat},
  {GL_RGBA, GL_HALF_FLOAT_OES, GL_RGBA16F, UnsizedCombination::kFloat},
  {GL_RGB, GL_HALF_FLOAT_OES, GL_RGB16F, UnsizedCombination::kFloat},
  {GL_LUMINANCE_ALPHA, GL_HALF_FLOAT_OES, GL_LUMINANCE_ALPHA16F_EXT, UnsizedCombination::kFloat},
  {GL_LUMINANCE, GL_HALF_FLOAT_OES, GL_LUMINANCE16F_EXT, UnsizedCombination::kFloat},
  {GL_ALPHA, GL_HALF_FLOAT_OES, GL_ALPHA16F_EXT, UnsizedCombination::kFloat},
  {GL_RGBA, GL_HALF_FLOAT, GL_RGBA16F, UnsizedCombination::kFloat},
  {GL_RGB, GL_HALF_FLOAT, GL_RGB16F, UnsizedCombination::kFloat},
  {GL_LUMINANCE_ALPHA, GL_HALF_FLOAT, GL_LUMINANCE_ALPHA16F_EXT, UnsizedCombination::kFloat},
  {GL_LUMINANCE, GL_HALF_FLOAT, GL_LUMINANCE16F_EXT, UnsizedCombination::kFloat},
  {GL_ALPHA, GL_HALF_FLOAT, GL_ALPHA16F_EXT, UnsizedCombination::kFloat},
  {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT16, UnsizedCombination::kDepth},
  {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT24, UnsizedCombination::kDepth},
  {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8, UnsizedCombination::kDepth},
  {GL_BGRA_EXT, GL_UNSIGNED_BYTE, GL_BGRA8_EXT, UnsizedCombination::kBgra},
};
// clang-format on

bool unsized_enabled(const UnsizedCombination& u, const FormatFeatures& f) {
  switch (u.needs) {
    case UnsizedCombination::kCore: return true;
    case UnsizedCombination::kFloat: return f.texture_float_unsized;
    case UnsizedCombination::kDepth: return f.depth_texture_unsized;
    case UnsizedCombination::kBgra: return f.bgra8888;
  }
  return false;
}

// The effective format of an ES unsized upload, or nullptr.
const InternalFormatInfo* es_unsized_effective(GLenum format, GLenum type, const FormatFeatures& f) {
  for (const UnsizedCombination& u : kEsUnsizedCombinations)
    if (u.format == format && u.type == type && unsized_enabled(u, f)) return find_internal_format(u.effective);
  return nullptr;
}

bool is_es_unsized_internal_format(GLenum internal_format, const FormatFeatures& f) {
  switch (internal_format) {
    case GL_RGBA: case GL_RGB: case GL_LUMINANCE_ALPHA: case GL_LUMINANCE: case GL_ALPHA: return true;
    case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL: return f.depth_texture_unsized;
    case GL_BGRA_EXT: return f.bgra8888;
    default: return false;
  }
}

bool es_client_enums_ok(GLenum format, GLenum type, const FormatFeatures& f) {
  if (!is_client_format_enum(format, ApiKind::Es) || !is_client_type_enum(type, ApiKind::Es)) return false;
  if (format == GL_BGRA_EXT && !f.bgra8888) return false;
  if (format == GL_STENCIL_INDEX && !f.texture_stencil8) return false;
  if (type == GL_HALF_FLOAT_OES && !f.texture_float_unsized) return false;
  return true;
}

// A sized format ES's TexImage accepts as internalformat: available, not
// compressed, not only a legacy/effective one.
const InternalFormatInfo* es_tex_image_sized(GLenum internal_format, const FormatFeatures& f) {
  const InternalFormatInfo* info = find_internal_format(internal_format, f);
  if (!info || info->is_compressed()) return nullptr;
  // Of the legacy rows only OES_required_internalformat's three 8-bit names
  // are TexImage internalformats on ES.
  if (info->availability == kAvailLegacy && !(f.required_internalformat && (internal_format == GL_ALPHA8 ||
                                                                              internal_format == GL_LUMINANCE8 ||
                                                                              internal_format == GL_LUMINANCE8_ALPHA8)))
    return nullptr;
  if (info->internal_format == GL_STENCIL_INDEX8 && !f.texture_stencil8) return nullptr;
  return info;
}

bool es_sized_combination(GLenum internal_format, GLenum format, GLenum type) {
  for (const SizedCombination& c : kEsSizedCombinations)
    if (c.internal_format == internal_format && c.format == format && c.type == type) return true;
  return false;
}

// The uncompressed format whose layout client data for a compressed
// internal format is unpacked into before the GL compresses it
// (bc_encoder.h), or null where Brass does not compress that format.
const InternalFormatInfo* online_compression_source(const InternalFormatInfo& compressed) {
  BlockCodec codec;
  if (!online_block_codec(compressed.internal_format, &codec)) return nullptr;
  return find_internal_format(block_codec_source_format(codec));
}

GLenum desktop_combination_error(const InternalFormatInfo& info, GLenum format, GLenum type);

// Whether (format, type) may be compressed into `compressed` on ES. The
// S3TC/RGTC extensions name no table: any colour data that converts to the
// encoder's source format (as desktop GL's rules say), e.g. RGBA/FLOAT for
// DXT1. EXT_texture_compression_bptc adds one row per format to table 8.2.
GLenum es_online_compression_error(const InternalFormatInfo& compressed, const InternalFormatInfo& source,
                                   GLenum format, GLenum type) {
  if (compressed.availability & kAvailBptc) {
    const bool is_float = compressed.component_type == ComponentType::Float;
    const bool listed = is_float ? format == GL_RGB && type == GL_FLOAT : format == GL_RGBA && type == GL_UNSIGNED_BYTE;
    return listed ? GL_NO_ERROR : GL_INVALID_OPERATION;
  }
  return desktop_combination_error(source, format, type);
}

// The format a desktop unsized internalformat becomes; the spec lets the
// implementation choose, Brass keeps the precision the client data implies
// for the packed types and uses 8-bit storage otherwise.
const InternalFormatInfo* desktop_unsized_effective(GLenum internal_format, GLenum type, const FormatFeatures& f) {
  GLenum sized = GL_NONE;
  // The compatibility profile's unsized names (GL 4.6 compatibility table
  // 8.22) and generic compressed ones (table 8.24: the GL may keep them
  // uncompressed, and Brass has no CPU compressor, so it does).
  if (f.compatibility) {
    switch (internal_format) {
      case GL_INTENSITY: case GL_COMPRESSED_INTENSITY: sized = GL_INTENSITY8; break;
      case GL_COMPRESSED_ALPHA: sized = GL_ALPHA8; break;
      case GL_COMPRESSED_LUMINANCE: sized = GL_LUMINANCE8; break;
      case GL_COMPRESSED_LUMINANCE_ALPHA: sized = GL_LUMINANCE8_ALPHA8; break;
      case GL_SLUMINANCE: case GL_COMPRESSED_SLUMINANCE: sized = GL_SLUMINANCE8; break;
      case GL_SLUMINANCE_ALPHA: case GL_COMPRESSED_SLUMINANCE_ALPHA: sized = GL_SLUMINANCE8_ALPHA8; break;
      default: break;
    }
    if (sized != GL_NONE) return find_internal_format(sized);
  }
  switch (internal_format) {
    // GL 4.6 core table 8.14's generic compressed formats, stored
    // uncompressed (TEXTURE_COMPRESSED reports FALSE for them).
    case GL_COMPRESSED_RED: return desktop_unsized_effective(GL_RED, type, f);
    case GL_COMPRESSED_RG: return desktop_unsized_effective(GL_RG, type, f);
    case GL_COMPRESSED_RGB: return desktop_unsized_effective(GL_RGB, type, f);
    case GL_COMPRESSED_RGBA: return desktop_unsized_effective(GL_RGBA, type, f);
    case GL_SRGB: case GL_COMPRESSED_SRGB: sized = GL_SRGB8; break;
    case GL_SRGB_ALPHA: case GL_COMPRESSED_SRGB_ALPHA: sized = GL_SRGB8_ALPHA8; break;
    case 4: case GL_RGBA: sized = type == GL_UNSIGNED_INT_2_10_10_10_REV ? GL_RGB10_A2 : GL_RGBA8; break;
    case 3: case GL_RGB:
      sized = type == GL_UNSIGNED_SHORT_5_6_5           ? GL_RGB565
              : type == GL_UNSIGNED_INT_10F_11F_11F_REV ? GL_R11F_G11F_B10F
              : type == GL_UNSIGNED_INT_5_9_9_9_REV     ? GL_RGB9_E5
                                                        : GL_RGB8;
      break;
    case GL_RG: sized = GL_RG8; break;
    case GL_RED: sized = GL_R8; break;
    case 2: case GL_LUMINANCE_ALPHA: sized = GL_LUMINANCE8_ALPHA8; break;
    case 1: case GL_LUMINANCE: sized = GL_LUMINANCE8; break;
    case GL_ALPHA: sized = GL_ALPHA8; break;
    case GL_DEPTH_COMPONENT:
      sized = type == GL_FLOAT ? GL_DEPTH_COMPONENT32F : type == GL_UNSIGNED_SHORT ? GL_DEPTH_COMPONENT16 : GL_DEPTH_COMPONENT24;
      break;
    case GL_DEPTH_STENCIL:
      sized = type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV ? GL_DEPTH32F_STENCIL8 : GL_DEPTH24_STENCIL8;
      break;
    case GL_STENCIL_INDEX: sized = GL_STENCIL_INDEX8; break;
    default: return nullptr;
  }
  return find_internal_format(sized);
}

// Desktop GL's format/type vs internal format compatibility rules.
GLenum desktop_combination_error(const InternalFormatInfo& info, GLenum format, GLenum type) {
  if (!packed_type_matches_format(type, format)) return GL_INVALID_OPERATION;
  const bool integer_format = is_integer_client_format(format);
  if (integer_format && (type == GL_FLOAT || type == GL_HALF_FLOAT || type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
                         type == GL_UNSIGNED_INT_5_9_9_9_REV))
    return GL_INVALID_OPERATION;
  const bool depth_format = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
  if (info.base_format == GL_STENCIL_INDEX || format == GL_STENCIL_INDEX)
    return info.base_format == GL_STENCIL_INDEX && format == GL_STENCIL_INDEX ? GL_NO_ERROR : GL_INVALID_OPERATION;
  if (info.has_depth() != depth_format) return GL_INVALID_OPERATION;
  if (format == GL_DEPTH_STENCIL && info.base_format != GL_DEPTH_STENCIL) return GL_INVALID_OPERATION;
  if (info.is_color() && info.is_integer() != integer_format) return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

}  // namespace

FormatResolution resolve_tex_image_format(int32_t internal_format_value, GLenum format, GLenum type,
                                          const FormatFeatures& features, bool has_data) {
  const GLenum internal_format = static_cast<GLenum>(internal_format_value);
  if (features.api == ApiKind::Desktop) {
    if (!is_client_format_enum(format, ApiKind::Desktop) || !is_client_type_enum(type, ApiKind::Desktop) ||
        !depth_stencil_type_ok(format, type))
      return {GL_INVALID_ENUM, nullptr};
    const InternalFormatInfo* info = find_internal_format(internal_format, features);
    if (!info && internal_format_value > 0) info = desktop_unsized_effective(internal_format, type, features);
    if (!info) return {GL_INVALID_VALUE, nullptr};
    // Uncompressed data for a specific compressed format: the GL compresses
    // it (GL 4.6 §8.5) where Brass has an encoder (S3TC, RGTC); the data
    // must suit the format the encoder reads. Other compressed formats
    // take an image without data only.
    const InternalFormatInfo* checked = info;
    if (info->is_compressed() && has_data) {
      checked = online_compression_source(*info);
      if (!checked) return {GL_INVALID_OPERATION, nullptr};
    }
    if (const GLenum err = desktop_combination_error(*checked, format, type); err != GL_NO_ERROR) return {err, nullptr};
    return {GL_NO_ERROR, info};
  }

  if (!es_client_enums_ok(format, type, features)) return {GL_INVALID_ENUM, nullptr};
  if (is_es_unsized_internal_format(internal_format, features)) {
    const InternalFormatInfo* info = internal_format == format ? es_unsized_effective(format, type, features) : nullptr;
    return info ? FormatResolution{GL_NO_ERROR, info} : FormatResolution{GL_INVALID_OPERATION, nullptr};
  }
  // EXT_texture_compression_s3tc and _rgtc take their formats as TexImage
  // internalformats on ES too: the GL compresses the data (bc_encoder.h)
  // and the image is compressed, as if CompressedTexImage had given it.
  if (const InternalFormatInfo* compressed = find_internal_format(internal_format);
      compressed && compressed->is_compressed()) {
    const InternalFormatInfo* source = online_compression_source(*compressed);
    if (source) {
      if (!is_available(*compressed, features)) return {GL_INVALID_VALUE, nullptr};  // not exposed
      if (const GLenum err = es_online_compression_error(*compressed, *source, format, type); err != GL_NO_ERROR)
        return {err, nullptr};
      return {GL_NO_ERROR, compressed};
    }
  }
  const InternalFormatInfo* info = es_tex_image_sized(internal_format, features);
  if (!info) return {GL_INVALID_VALUE, nullptr};
  if (!es_sized_combination(internal_format, format, type)) return {GL_INVALID_OPERATION, nullptr};
  return {GL_NO_ERROR, info};
}

GLenum check_tex_sub_image_format(const InternalFormatInfo& existing, GLenum format, GLenum type,
                                  const FormatFeatures& features) {
  if (features.api == ApiKind::Desktop) {
    if (!is_client_format_enum(format, ApiKind::Desktop) || !is_client_type_enum(type, ApiKind::Desktop) ||
        !depth_stencil_type_ok(format, type))
      return GL_INVALID_ENUM;
    if (existing.is_compressed()) {
      const InternalFormatInfo* source = online_compression_source(existing);
      return source ? desktop_combination_error(*source, format, type) : GL_INVALID_OPERATION;
    }
    return desktop_combination_error(existing, format, type);
  }
  if (!es_client_enums_ok(format, type, features)) return GL_INVALID_ENUM;
  if (existing.is_compressed()) {
    const InternalFormatInfo* source = online_compression_source(existing);
    return source ? es_online_compression_error(existing, *source, format, type) : GL_INVALID_OPERATION;
  }
  if (es_sized_combination(existing.internal_format, format, type)) return GL_NO_ERROR;
  // Textures specified unsized accept the unsized uploads of the same
  // effective format (e.g. LUMINANCE/UNSIGNED_BYTE into LUMINANCE8).
  if (es_unsized_effective(format, type, features) == &existing) return GL_NO_ERROR;
  return GL_INVALID_OPERATION;
}

FormatResolution resolve_tex_storage_format(GLenum internal_format, const FormatFeatures& features) {
  const InternalFormatInfo* info = find_internal_format(internal_format, features);
  if (!info) return {GL_INVALID_ENUM, nullptr};
  // STENCIL_INDEX8 is a renderbuffer format only (ES 3.0 §3.8.4 takes
  // TexStorage formats from tables 3.13/3.14, which lack it) until
  // OES_texture_stencil8 / ES 3.2 / GL 4.4.
  if (info->internal_format == GL_STENCIL_INDEX8 && !features.texture_stencil8) return {GL_INVALID_ENUM, nullptr};
  return {GL_NO_ERROR, info};
}

FormatResolution resolve_renderbuffer_format(GLenum internal_format, const FormatFeatures& features) {
  const InternalFormatInfo* info = find_internal_format(internal_format, features);
  if (!info && features.api == ApiKind::Desktop) {
    switch (internal_format) {
      case GL_RGBA: case GL_RGB: case GL_RG: case GL_RED:
      case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL: case GL_STENCIL_INDEX:
        info = desktop_unsized_effective(internal_format, GL_UNSIGNED_BYTE, features);
        break;
      default: break;
    }
  }
  if (!info || info->is_compressed()) return {GL_INVALID_ENUM, nullptr};
  if (!is_color_renderable(*info, features) && !is_depth_renderable(*info) && !is_stencil_renderable(*info))
    return {GL_INVALID_ENUM, nullptr};
  return {GL_NO_ERROR, info};
}

FormatResolution resolve_compressed_format(GLenum internal_format, const FormatFeatures& features) {
  const InternalFormatInfo* info = find_internal_format(internal_format, features);
  if (!info || !info->is_compressed()) return {GL_INVALID_ENUM, nullptr};
  return {GL_NO_ERROR, info};
}

uint64_t compressed_image_size(const InternalFormatInfo& info, uint32_t width, uint32_t height, uint32_t depth) {
  const uint64_t bw = info.block_width(), bh = info.block_height();
  // At most 2^32 blocks each way: the per-slice count fits; the total
  // saturates (no imageSize equals it) rather than wrapping.
  const uint64_t per_slice = (uint64_t{width} + bw - 1) / bw * ((uint64_t{height} + bh - 1) / bh);
  const uint64_t block_column_bytes = uint64_t{depth} * info.block_bytes();
  if (block_column_bytes != 0 && per_slice > UINT64_MAX / block_column_bytes) return UINT64_MAX;
  return per_slice * block_column_bytes;
}

GLenum check_compressed_image_size(const InternalFormatInfo& info, uint32_t width, uint32_t height, uint32_t depth,
                                   int64_t image_size) {
  if (image_size < 0 || static_cast<uint64_t>(image_size) != compressed_image_size(info, width, height, depth))
    return GL_INVALID_VALUE;
  return GL_NO_ERROR;
}

GLenum check_compressed_sub_image_region(const InternalFormatInfo& info, int32_t xoffset, int32_t yoffset,
                                         uint32_t width, uint32_t height, uint32_t level_width,
                                         uint32_t level_height) {
  const int32_t bw = info.block_width(), bh = info.block_height();
  if (xoffset % bw != 0 || yoffset % bh != 0) return GL_INVALID_OPERATION;
  const bool width_ok = width % static_cast<uint32_t>(bw) == 0 || static_cast<uint64_t>(xoffset) + width == level_width;
  const bool height_ok =
      height % static_cast<uint32_t>(bh) == 0 || static_cast<uint64_t>(yoffset) + height == level_height;
  return width_ok && height_ok ? GL_NO_ERROR : GL_INVALID_OPERATION;
}

GLenum check_format_for_target(const InternalFormatInfo& info, GLenum target, const FormatFeatures& features) {
  if (target != GL_TEXTURE_3D) return GL_NO_ERROR;
  if (!info.is_color()) return GL_INVALID_OPERATION;
  if (info.is_compressed()) {
    const bool sliced_astc = (info.availability & kAvailAstc) != 0 && features.astc_ldr && features.astc_sliced_3d;
    // BPTC images may be 3D, as slices of 2D blocks (EXT_texture_compression_bptc's
    // table 8.17 row; GL 4.6 §8.7 leaves BPTC out of the 2D-only formats).
    const bool bptc = (info.availability & kAvailBptc) != 0;
    if (!sliced_astc && !bptc) return GL_INVALID_OPERATION;
  }
  return GL_NO_ERROR;
}

}  // namespace brass::gl::pixel
