#include "gl/pixel/read_pixels_rules.h"

namespace brass::gl::pixel {
namespace {

bool is_depth_or_stencil_format(GLenum format) {
  return format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX;
}

}  // namespace

bool es_depth_stencil_read_type_ok(GLenum format, GLenum type) {
  switch (format) {
    case GL_DEPTH_COMPONENT: return type == GL_UNSIGNED_SHORT || type == GL_FLOAT || type == GL_UNSIGNED_INT_24_8;
    case GL_DEPTH_STENCIL: return type == GL_UNSIGNED_INT_24_8 || type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
    case GL_STENCIL_INDEX: return type == GL_UNSIGNED_BYTE;
    default: return false;
  }
}

PixelLayout read_pixels_class_layout(const InternalFormatInfo& buffer) {
  switch (buffer.component_type) {
    case ComponentType::Int: return {GL_RGBA_INTEGER, GL_INT};
    case ComponentType::UnsignedInt: return {GL_RGBA_INTEGER, GL_UNSIGNED_INT};
    case ComponentType::Float: return {GL_RGBA, GL_FLOAT};
    case ComponentType::SignedNormalized: return {GL_RGBA, GL_BYTE};
    case ComponentType::UnsignedNormalized: return {GL_RGBA, GL_UNSIGNED_BYTE};
    case ComponentType::None: break;
  }
  return {GL_RGBA, GL_UNSIGNED_BYTE};
}

PixelLayout implementation_color_read_layout(const InternalFormatInfo& buffer, const FormatFeatures& features) {
  const PixelLayout stored = storage_layout(buffer);
  // The storage layout is nameable when it uses client enums only (not the
  // private 24X8 type, not a depth/stencil format on ES) and, on ES, when
  // BGRA is exposed.
  const bool usable = stored.format != GL_NONE && is_client_format_enum(stored.format, features.api) &&
                      is_client_type_enum(stored.type, features.api) && !is_depth_or_stencil_format(stored.format) &&
                      !(features.api == ApiKind::Es && stored.format == GL_BGRA_EXT && !features.bgra8888);
  return usable ? stored : read_pixels_class_layout(buffer);
}

GLenum check_read_pixels_format(const InternalFormatInfo& buffer, GLenum format, GLenum type,
                                const FormatFeatures& features) {
  if (!is_client_format_enum(format, features.api) || !is_client_type_enum(type, features.api))
    return GL_INVALID_ENUM;
  if (features.api == ApiKind::Es) {
    // Depth and stencil reads: NV_read_depth, NV_read_stencil and
    // NV_read_depth_stencil. `buffer` is the attachment the format selects.
    if (is_depth_or_stencil_format(format)) {
      if (!es_depth_stencil_read_type_ok(format, type)) return GL_INVALID_ENUM;
      if (format == GL_STENCIL_INDEX) return buffer.has_stencil() ? GL_NO_ERROR : GL_INVALID_OPERATION;
      if (!buffer.has_depth() || (format == GL_DEPTH_STENCIL && !buffer.has_stencil())) return GL_INVALID_OPERATION;
      // Float types for float depth buffers, fixed-point ones for the others.
      const bool float_type = type == GL_FLOAT || type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
      return float_type == (buffer.component_type == ComponentType::Float) ? GL_NO_ERROR : GL_INVALID_OPERATION;
    }
    if (!buffer.is_color()) return GL_INVALID_OPERATION;
    const PixelLayout requested{format, type};
    if (requested == read_pixels_class_layout(buffer)) return GL_NO_ERROR;
    if (buffer.internal_format == GL_RGB10_A2 && requested == PixelLayout{GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV})
      return GL_NO_ERROR;
    if (requested == implementation_color_read_layout(buffer, features)) return GL_NO_ERROR;
    // 16-bit normalized buffers (EXT_texture_norm16, EXT_render_snorm) are
    // read in full precision too.
    if (buffer.bits.red == 16 && buffer.component_type == ComponentType::UnsignedNormalized &&
        requested == PixelLayout{GL_RGBA, GL_UNSIGNED_SHORT})
      return GL_NO_ERROR;
    if (buffer.bits.red == 16 && buffer.component_type == ComponentType::SignedNormalized &&
        requested == PixelLayout{GL_RGBA, GL_SHORT})
      return GL_NO_ERROR;
    return GL_INVALID_OPERATION;
  }
  // Desktop.
  if (!depth_stencil_type_ok(format, type)) return GL_INVALID_ENUM;
  if (!packed_type_matches_format(type, format)) return GL_INVALID_OPERATION;
  switch (format) {
    case GL_DEPTH_COMPONENT: return buffer.has_depth() ? GL_NO_ERROR : GL_INVALID_OPERATION;
    case GL_STENCIL_INDEX: return buffer.has_stencil() ? GL_NO_ERROR : GL_INVALID_OPERATION;
    case GL_DEPTH_STENCIL: return buffer.has_depth() && buffer.has_stencil() ? GL_NO_ERROR : GL_INVALID_OPERATION;
    default: break;
  }
  if (!buffer.is_color()) return GL_INVALID_OPERATION;
  const bool integer_format = is_integer_client_format(format);
  if (integer_format != buffer.is_integer()) return GL_INVALID_OPERATION;
  if (integer_format && (type == GL_FLOAT || type == GL_HALF_FLOAT || type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
                         type == GL_UNSIGNED_INT_5_9_9_9_REV))
    return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

}  // namespace brass::gl::pixel
