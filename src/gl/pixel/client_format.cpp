#include "gl/pixel/client_format.h"

namespace brass::gl::pixel {

bool is_client_format_enum(GLenum format, ApiKind api) {
  switch (format) {
    case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA:
    case GL_RED_INTEGER: case GL_RG_INTEGER: case GL_RGB_INTEGER: case GL_RGBA_INTEGER:
    case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL: case GL_STENCIL_INDEX:
    case GL_LUMINANCE: case GL_LUMINANCE_ALPHA: case GL_ALPHA:
    case GL_BGRA:  // == GL_BGRA_EXT
      return true;
    case GL_GREEN: case GL_BLUE: case GL_BGR: case GL_BGR_INTEGER: case GL_BGRA_INTEGER:
      return api == ApiKind::Desktop;
    default:
      return false;
  }
}

bool is_client_type_enum(GLenum type, ApiKind api) {
  switch (type) {
    case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT:
    case GL_UNSIGNED_INT: case GL_INT: case GL_HALF_FLOAT: case GL_FLOAT:
    case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1:
    case GL_UNSIGNED_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV:
    case GL_UNSIGNED_INT_24_8: case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      return true;
    case GL_HALF_FLOAT_OES:  // OES_texture_half_float's own enum
      return api == ApiKind::Es;
    case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV: case GL_UNSIGNED_SHORT_5_6_5_REV:
    case GL_UNSIGNED_SHORT_4_4_4_4_REV: case GL_UNSIGNED_SHORT_1_5_5_5_REV: case GL_UNSIGNED_INT_8_8_8_8:
    case GL_UNSIGNED_INT_8_8_8_8_REV: case GL_UNSIGNED_INT_10_10_10_2:
      return api == ApiKind::Desktop;
    default:
      return false;
  }
}

bool is_integer_client_format(GLenum format) {
  switch (format) {
    case GL_RED_INTEGER: case GL_RG_INTEGER: case GL_RGB_INTEGER: case GL_RGBA_INTEGER:
    case GL_BGR_INTEGER: case GL_BGRA_INTEGER:
      return true;
    default:
      return false;
  }
}

bool is_packed_client_type(GLenum type) {
  switch (type) {
    case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1:
    case GL_UNSIGNED_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV:
    case GL_UNSIGNED_INT_24_8: case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: case kTypeUnsignedInt24X8:
    case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV: case GL_UNSIGNED_SHORT_5_6_5_REV:
    case GL_UNSIGNED_SHORT_4_4_4_4_REV: case GL_UNSIGNED_SHORT_1_5_5_5_REV: case GL_UNSIGNED_INT_8_8_8_8:
    case GL_UNSIGNED_INT_8_8_8_8_REV: case GL_UNSIGNED_INT_10_10_10_2:
      return true;
    default:
      return false;
  }
}

bool packed_type_matches_format(GLenum type, GLenum format) {
  switch (type) {
    // Three-component packed types take RGB or BGR, four-component ones RGBA
    // or BGRA, each also in the *_INTEGER flavour (GL 4.6 table 8.5; ES only
    // has RGB/RGBA names and RGBA_INTEGER with 2_10_10_10_REV, which the ES
    // triple tables enforce).
    case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_5_6_5_REV:
    case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV:
      return format == GL_RGB || format == GL_BGR || format == GL_RGB_INTEGER || format == GL_BGR_INTEGER;
    case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_INT_2_10_10_10_REV:
    case GL_UNSIGNED_SHORT_4_4_4_4_REV: case GL_UNSIGNED_SHORT_1_5_5_5_REV:
    case GL_UNSIGNED_INT_8_8_8_8: case GL_UNSIGNED_INT_8_8_8_8_REV: case GL_UNSIGNED_INT_10_10_10_2:
      return format == GL_RGBA || format == GL_BGRA || format == GL_RGBA_INTEGER || format == GL_BGRA_INTEGER;
    case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV:
      return format == GL_RGB;
    case GL_UNSIGNED_INT_24_8: case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      return format == GL_DEPTH_STENCIL;
    case kTypeUnsignedInt24X8:
      return format == GL_DEPTH_COMPONENT;
    default:
      return true;
  }
}

bool depth_stencil_type_ok(GLenum format, GLenum type) {
  return format != GL_DEPTH_STENCIL || type == GL_UNSIGNED_INT_24_8 || type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
}

uint32_t client_format_components(GLenum format) {
  switch (format) {
    case GL_RED: case GL_GREEN: case GL_BLUE: case GL_ALPHA: case GL_LUMINANCE:
    case GL_RED_INTEGER: case GL_DEPTH_COMPONENT: case GL_STENCIL_INDEX:
      return 1;
    case GL_RG: case GL_RG_INTEGER: case GL_LUMINANCE_ALPHA: case GL_DEPTH_STENCIL:
      return 2;
    case GL_RGB: case GL_BGR: case GL_RGB_INTEGER: case GL_BGR_INTEGER:
      return 3;
    case GL_RGBA: case GL_BGRA: case GL_RGBA_INTEGER: case GL_BGRA_INTEGER:
      return 4;
    default:
      return 0;
  }
}

namespace {

// Bytes of one element of `type`; 0 if unknown.
uint32_t type_element_bytes(GLenum type) {
  switch (type) {
    case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV:
      return 1;
    case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES:
    case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1:
    case GL_UNSIGNED_SHORT_5_6_5_REV: case GL_UNSIGNED_SHORT_4_4_4_4_REV: case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      return 2;
    case GL_UNSIGNED_INT_8_8_8_8: case GL_UNSIGNED_INT_8_8_8_8_REV: case GL_UNSIGNED_INT_10_10_10_2:
    case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT:
    case GL_UNSIGNED_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV:
    case GL_UNSIGNED_INT_24_8: case kTypeUnsignedInt24X8:
      return 4;
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:  // a float and a 32-bit word
      return 8;
    default:
      return 0;
  }
}

}  // namespace

GLenum client_pixel_size(GLenum format, GLenum type, ClientPixelSize* out) {
  const uint32_t components = client_format_components(format);
  const uint32_t bytes = type_element_bytes(type);
  if (components == 0 || bytes == 0 || !depth_stencil_type_ok(format, type)) return GL_INVALID_ENUM;
  if (!packed_type_matches_format(type, format)) return GL_INVALID_OPERATION;
  out->element_bytes = bytes;
  out->elements_per_pixel = is_packed_client_type(type) ? 1 : components;
  return GL_NO_ERROR;
}

uint32_t client_type_alignment(GLenum type) {
  const uint32_t bytes = type_element_bytes(type);
  // FLOAT_32_UNSIGNED_INT_24_8_REV is made of 32-bit words.
  return bytes == 0 ? 1 : (bytes > 4 ? 4 : bytes);
}

PixelLayout storage_layout(pipe::Format format) {
  using F = pipe::Format;
  switch (format) {
    case F::BGRA8_UNORM: case F::BGRA8_SRGB: return {GL_BGRA, GL_UNSIGNED_BYTE};
    case F::B5G6R5_UNORM: return {GL_RGB, GL_UNSIGNED_SHORT_5_6_5};
    case F::RGBA4_UNORM: return {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4};
    case F::RGB5A1_UNORM: return {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1};
    case F::RGB10A2_UNORM: return {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV};
    case F::RGB10A2_UINT: return {GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV};
    case F::R11G11B10_FLOAT: return {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV};
    case F::RGB9E5_FLOAT: return {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV};
    case F::A8_UNORM: return {GL_ALPHA, GL_UNSIGNED_BYTE};
    case F::L8_UNORM: return {GL_LUMINANCE, GL_UNSIGNED_BYTE};
    case F::L8A8_UNORM: return {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE};
    case F::Z16_UNORM: return {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT};
    case F::Z24X8_UNORM: return {GL_DEPTH_COMPONENT, kTypeUnsignedInt24X8};
    case F::Z32_FLOAT: return {GL_DEPTH_COMPONENT, GL_FLOAT};
    case F::Z24_UNORM_S8_UINT: return {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8};
    case F::Z32_FLOAT_S8X24_UINT: return {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV};
    case F::S8_UINT: return {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE};
    default: break;
  }
  // The rest are plain arrays of 1-4 equal components, R first.
  const pipe::FormatDescription& d = pipe::describe(format);
  if (d.is_compressed() || d.channels == 0 || format == F::None) return {};
  const bool integer = d.is_integer();
  static constexpr GLenum kFormats[2][4] = {{GL_RED, GL_RG, GL_RGB, GL_RGBA},
                                            {GL_RED_INTEGER, GL_RG_INTEGER, GL_RGB_INTEGER, GL_RGBA_INTEGER}};
  const GLenum gl_format = kFormats[integer ? 1 : 0][d.channels - 1];
  const uint32_t component_bytes = d.block_bytes / d.channels;
  const bool is_signed = d.kind == pipe::FormatKind::Snorm || d.kind == pipe::FormatKind::Sint;
  GLenum type = GL_NONE;
  if (d.kind == pipe::FormatKind::Float) {
    type = component_bytes == 2 ? GL_HALF_FLOAT : GL_FLOAT;
  } else {
    switch (component_bytes) {
      case 1: type = is_signed ? GL_BYTE : GL_UNSIGNED_BYTE; break;
      case 2: type = is_signed ? GL_SHORT : GL_UNSIGNED_SHORT; break;
      case 4: type = is_signed ? GL_INT : GL_UNSIGNED_INT; break;
      default: return {};
    }
  }
  return {gl_format, type};
}

PixelLayout storage_layout(const InternalFormatInfo& info) {
  PixelLayout layout = storage_layout(info.storage);
  switch (info.swizzle) {
    case StorageSwizzle::Identity: break;
    case StorageSwizzle::Luminance: layout.format = GL_LUMINANCE; break;
    case StorageSwizzle::LuminanceAlpha: layout.format = GL_LUMINANCE_ALPHA; break;
    case StorageSwizzle::Alpha: layout.format = GL_ALPHA; break;
    // One intensity value per texel: GL moves it as the red component
    // (uploads take I from R; readbacks return (I, 0, 0, 1)).
    case StorageSwizzle::Intensity: layout.format = GL_RED; break;
  }
  return layout;
}

}  // namespace brass::gl::pixel
