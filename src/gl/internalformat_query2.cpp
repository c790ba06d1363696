// ARB_internalformat_query2 (GL 4.6 §22.3): every answer starts from the
// "resource", an object of `target` made with `internalformat`. It is
// supported when the command that makes such an object would take the
// format (glTexImage*, glTexBuffer, glRenderbufferStorage,
// glTexImage2DMultisample); an unsupported resource answers each pname's
// "unsupported" value (0, FALSE or NONE; SAMPLES writes nothing). The values
// of a supported one come from the effective sized format the command would
// store (the format table's row) and the rules the other commands apply to
// it, so that the query and the commands never disagree.
#include "gl/internalformat_query2.h"

#include <algorithm>
#include <array>

#include "gl/context.h"
#include "gl/image.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/read_pixels_rules.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/texture_buffer.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl/texture_view_classes.h"

namespace brass::gl {

namespace {

bool is_query_target(GLenum target) {
  switch (target) {
    case GL_TEXTURE_1D: case GL_TEXTURE_1D_ARRAY: case GL_TEXTURE_2D: case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_3D: case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_CUBE_MAP_ARRAY: case GL_TEXTURE_RECTANGLE:
    case GL_TEXTURE_BUFFER: case GL_RENDERBUFFER: case GL_TEXTURE_2D_MULTISAMPLE:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return true;
    default: return false;
  }
}

bool is_multisample_target(GLenum target) {
  return target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

// Targets whose objects are textures with a mipmap chain.
bool has_mipmaps(GLenum target) {
  switch (target) {
    case GL_TEXTURE_1D: case GL_TEXTURE_1D_ARRAY: case GL_TEXTURE_2D: case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_3D: case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_CUBE_MAP_ARRAY: return true;
    default: return false;
  }
}

// Textures made by glTexImage* (or glTexStorage*): every texture target
// but buffers and multisample ones.
bool is_image_target(GLenum target) { return has_mipmaps(target) || target == GL_TEXTURE_RECTANGLE; }

bool is_layered_target(GLenum target) {
  switch (target) {
    case GL_TEXTURE_1D_ARRAY: case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_3D: case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_CUBE_MAP_ARRAY: case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return true;
    default: return false;
  }
}

// The client (format, type) glTexImage* would be given for an unsized
// internal format: the one whose data implies no other precision (8-bit
// color, the 24-bit depth the desktop rules choose for UNSIGNED_INT).
GLenum canonical_type(GLenum internalformat) {
  switch (internalformat) {
    case GL_DEPTH_COMPONENT: return GL_UNSIGNED_INT;
    case GL_DEPTH_STENCIL: return GL_UNSIGNED_INT_24_8;
    default: return GL_UNSIGNED_BYTE;
  }
}

// The row an object of `target` made with `internalformat` stores, or null
// when the command that makes it refuses the format.
const pixel::InternalFormatInfo* resource_format(Context& ctx, GLenum target, GLenum internalformat) {
  const pixel::FormatFeatures& features = ctx.format_features;
  switch (target) {
    case GL_RENDERBUFFER: {
      const pixel::FormatResolution res = pixel::resolve_renderbuffer_format(internalformat, features);
      return res.error == GL_NO_ERROR ? res.info : nullptr;
    }
    case GL_TEXTURE_BUFFER:
      if (!ctx.texture_buffers() || !find_texel_buffer_format(internalformat, true)) return nullptr;
      return pixel::find_internal_format(internalformat, features);
    case GL_TEXTURE_2D_MULTISAMPLE:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: {
      const pixel::FormatResolution res = pixel::resolve_renderbuffer_format(internalformat, features);
      if (res.error != GL_NO_ERROR || multisample_texture_counts(ctx, *res.info).count == 0) return nullptr;
      return res.info;
    }
    default: break;
  }
  // glTexImage*: a sized or compressed row the context has, else the
  // effective format of an unsized (or generic compressed) request.
  const pixel::InternalFormatInfo* info = pixel::find_internal_format(internalformat, features);
  if (!info) {
    const GLenum type = canonical_type(internalformat);
    const GLenum format = internalformat == GL_DEPTH_COMPONENT ? GL_DEPTH_COMPONENT
                          : internalformat == GL_DEPTH_STENCIL ? GL_DEPTH_STENCIL
                                                               : GL_RGBA;
    const pixel::FormatResolution res =
        pixel::resolve_tex_image_format(static_cast<int32_t>(internalformat), format, type, features);
    if (res.error != GL_NO_ERROR) return nullptr;
    info = res.info;
  }
  if (info->internal_format == GL_STENCIL_INDEX8 && !features.texture_stencil8) return nullptr;
  if (pixel::check_format_for_target(*info, target, features) != GL_NO_ERROR) return nullptr;
  if (api::spec::check_desktop_target_format(*info, target) != GL_NO_ERROR) return nullptr;
  return info;
}

bool color_renderable(const Context& ctx, const pixel::InternalFormatInfo& info) {
  return info.is_color() && !info.is_compressed() && pixel::is_color_renderable(info, ctx.format_features);
}
bool renderable(const Context& ctx, const pixel::InternalFormatInfo& info) {
  return color_renderable(ctx, info) || pixel::is_depth_renderable(info) || pixel::is_stencil_renderable(info);
}

// Whether objects of `target` can be framebuffer attachments.
bool attachable_target(GLenum target) { return target != GL_TEXTURE_BUFFER; }

GLint64 support(bool yes) { return yes ? GL_FULL_SUPPORT : GL_NONE; }

// A client layout GL names (the storage layout with Brass's internal
// 24-bit-in-32 depth type given as the UNSIGNED_INT data it reads from).
pixel::PixelLayout client_layout(const pixel::InternalFormatInfo& info) {
  if (info.is_compressed()) return {};
  pixel::PixelLayout l = pixel::storage_layout(info);
  if (info.has_depth() && !info.has_stencil() && l.type != GL_FLOAT && l.type != GL_UNSIGNED_SHORT)
    l.type = GL_UNSIGNED_INT;
  // Intensity has no client format of its own: its data is one red value.
  if (info.bits.intensity) l.format = GL_RED;
  return l;
}

// The pixel format and type of an image unit format (GL 4.6 table 8.33):
// its components as client data, integer formats as *_INTEGER.
pixel::PixelLayout image_layout(const pixel::InternalFormatInfo& info) {
  switch (info.internal_format) {
    case GL_R11F_G11F_B10F: return {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV};
    case GL_RGB10_A2: return {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV};
    case GL_RGB10_A2UI: return {GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV};
    default: break;
  }
  const bool integer = info.is_integer();
  const GLenum format = info.base_format == GL_RED ? (integer ? GL_RED_INTEGER : GL_RED)
                        : info.base_format == GL_RG ? (integer ? GL_RG_INTEGER : GL_RG)
                                                    : (integer ? GL_RGBA_INTEGER : GL_RGBA);
  const unsigned bits = info.bits.red;
  GLenum type = GL_NONE;
  switch (info.component_type) {
    case pixel::ComponentType::Float: type = bits == 16 ? GL_HALF_FLOAT : GL_FLOAT; break;
    case pixel::ComponentType::UnsignedNormalized:
    case pixel::ComponentType::UnsignedInt:
      type = bits == 8 ? GL_UNSIGNED_BYTE : bits == 16 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
      break;
    case pixel::ComponentType::SignedNormalized:
    case pixel::ComponentType::Int: type = bits == 8 ? GL_BYTE : bits == 16 ? GL_SHORT : GL_INT; break;
    case pixel::ComponentType::None: break;
  }
  return {format, type};
}

// IMAGE_COMPATIBILITY_CLASS (GL 4.6 table 8.33): components x bits.
GLenum image_class(const pixel::InternalFormatInfo& info) {
  if (info.internal_format == GL_R11F_G11F_B10F) return GL_IMAGE_CLASS_11_11_10;
  if (info.internal_format == GL_RGB10_A2 || info.internal_format == GL_RGB10_A2UI) return GL_IMAGE_CLASS_10_10_10_2;
  const unsigned n = info.base_format == GL_RED ? 1 : info.base_format == GL_RG ? 2 : 4;
  const unsigned bits = info.bits.red;
  if (bits == 32) return n == 4 ? GL_IMAGE_CLASS_4_X_32 : n == 2 ? GL_IMAGE_CLASS_2_X_32 : GL_IMAGE_CLASS_1_X_32;
  if (bits == 16) return n == 4 ? GL_IMAGE_CLASS_4_X_16 : n == 2 ? GL_IMAGE_CLASS_2_X_16 : GL_IMAGE_CLASS_1_X_16;
  return n == 4 ? GL_IMAGE_CLASS_4_X_8 : n == 2 ? GL_IMAGE_CLASS_2_X_8 : GL_IMAGE_CLASS_1_X_8;
}

// Whether an image unit can take a texture of `target` (every texture
// target has an image type in desktop GLSL).
bool image_target(GLenum target) { return target != GL_RENDERBUFFER; }

// Targets a shadow sampler exists for (GLSL 4.60 §4.1.7).
bool shadow_target(GLenum target) {
  switch (target) {
    case GL_TEXTURE_1D: case GL_TEXTURE_1D_ARRAY: case GL_TEXTURE_2D: case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_CUBE_MAP_ARRAY: case GL_TEXTURE_RECTANGLE: return true;
    default: return false;
  }
}

// Targets textureGather takes (GLSL 4.60 §8.9.4).
bool gather_target(GLenum target) {
  switch (target) {
    case GL_TEXTURE_2D: case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_CUBE_MAP_ARRAY:
    case GL_TEXTURE_RECTANGLE: return true;
    default: return false;
  }
}

bool has_color(const pixel::InternalFormatInfo& info) {
  const pixel::ComponentSizes& b = info.bits;
  return b.red || b.green || b.blue || b.alpha || b.luminance || b.intensity;
}

// The GL_VIEW_CLASS_* enum of a format's view class, NONE outside them.
GLenum view_class_enum(GLenum internalformat) {
  const unsigned c = texture_view_class(internalformat, true);
  if (c == 0) return GL_NONE;
  // Classes of one view-class table row share the class of a
  // representative format; name the row by it.
  struct Row {
    GLenum representative;
    GLenum name;
  };
  static constexpr Row kRows[] = {
      {GL_RGBA32F, GL_VIEW_CLASS_128_BITS},
      {GL_RGB32F, GL_VIEW_CLASS_96_BITS},
      {GL_RGBA16F, GL_VIEW_CLASS_64_BITS},
      {GL_RGB16F, GL_VIEW_CLASS_48_BITS},
      {GL_R32F, GL_VIEW_CLASS_32_BITS},
      {GL_RGB8, GL_VIEW_CLASS_24_BITS},
      {GL_R16F, GL_VIEW_CLASS_16_BITS},
      {GL_R8, GL_VIEW_CLASS_8_BITS},
      {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_VIEW_CLASS_S3TC_DXT1_RGB},
      {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_VIEW_CLASS_S3TC_DXT1_RGBA},
      {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_VIEW_CLASS_S3TC_DXT3_RGBA},
      {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_VIEW_CLASS_S3TC_DXT5_RGBA},
      {GL_COMPRESSED_RED_RGTC1, GL_VIEW_CLASS_RGTC1_RED},
      {GL_COMPRESSED_RG_RGTC2, GL_VIEW_CLASS_RGTC2_RG},
      {GL_COMPRESSED_RGBA_BPTC_UNORM, GL_VIEW_CLASS_BPTC_UNORM},
      {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_VIEW_CLASS_BPTC_FLOAT},
      {GL_COMPRESSED_R11_EAC, GL_VIEW_CLASS_EAC_R11},
      {GL_COMPRESSED_RG11_EAC, GL_VIEW_CLASS_EAC_RG11},
      {GL_COMPRESSED_RGB8_ETC2, GL_VIEW_CLASS_ETC2_RGB},
      {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_VIEW_CLASS_ETC2_RGBA},
      {GL_COMPRESSED_RGBA8_ETC2_EAC, GL_VIEW_CLASS_ETC2_EAC_RGBA},
  };
  for (const Row& r : kRows)
    if (texture_view_class(r.representative, true) == c) return r.name;
  // ASTC 2D block sizes, in enum order (0x93B0.. and the sRGB 0x93D0..).
  for (GLenum first : {GLenum{GL_COMPRESSED_RGBA_ASTC_4x4_KHR}, GLenum{GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR}})
    if (internalformat >= first && internalformat <= first + 13) return GL_VIEW_CLASS_ASTC_4x4_RGBA + (internalformat - first);
  return GL_NONE;
}

// The largest size of each dimension of an object of `target`, 0 for a
// dimension it does not have (MAX_WIDTH, MAX_HEIGHT, MAX_DEPTH); array
// layers count as the last dimension (MAX_LAYERS).
struct Dimensions {
  GLint64 width = 0, height = 0, depth = 0, layers = 0;
};
Dimensions max_dimensions(const Context& ctx, GLenum target) {
  const Limits& l = ctx.limits;
  switch (target) {
    case GL_TEXTURE_1D: return {l.max_texture_size, 0, 0, 0};
    case GL_TEXTURE_1D_ARRAY: return {l.max_texture_size, l.max_array_texture_layers, 0, l.max_array_texture_layers};
    case GL_TEXTURE_2D:
    case GL_TEXTURE_2D_MULTISAMPLE: return {l.max_texture_size, l.max_texture_size, 0, 0};
    case GL_TEXTURE_RECTANGLE: return {l.max_texture_size, l.max_texture_size, 0, 0};
    case GL_TEXTURE_CUBE_MAP: return {l.max_cube_map_texture_size, l.max_cube_map_texture_size, 0, 0};
    case GL_RENDERBUFFER: return {l.max_renderbuffer_size, l.max_renderbuffer_size, 0, 0};
    case GL_TEXTURE_3D: return {l.max_3d_texture_size, l.max_3d_texture_size, l.max_3d_texture_size, 0};
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return {l.max_texture_size, l.max_texture_size, l.max_array_texture_layers, l.max_array_texture_layers};
    case GL_TEXTURE_CUBE_MAP_ARRAY:
      return {l.max_cube_map_texture_size, l.max_cube_map_texture_size, l.max_array_texture_layers,
              l.max_array_texture_layers};
    case GL_TEXTURE_BUFFER: return {l.max_texture_buffer_size, 0, 0, 0};
    default: return {};
  }
}

// Sample counts of a renderable resource of a multisample target, highest
// first (what glRenderbufferStorageMultisample and
// glTexImage2DMultisample take).
struct Samples {
  std::array<GLint64, 4> values{};
  unsigned count = 0;
};
Samples sample_counts_of(Context& ctx, GLenum target, const pixel::InternalFormatInfo& info) {
  Samples s;
  if (target == GL_RENDERBUFFER) {
    const uint32_t usage = info.is_color() ? pipe::kUsageColorAttachment : pipe::kUsageDepthStencil;
    for (GLint n = 16; n >= 2; n /= 2)
      if (n <= ctx.limits.max_samples &&
          ctx.screen().is_format_supported(info.storage, pipe::Target::Texture2D, static_cast<uint32_t>(n), usage))
        s.values[s.count++] = n;
  } else if (is_multisample_target(target)) {
    const SampleCounts c = multisample_texture_counts(ctx, info);
    for (unsigned i = 0; i < c.count; ++i) s.values[s.count++] = c.values[i];
  }
  return s;
}

// The value every pname answers for an unsupported resource (§22.3.2):
// false for the boolean ones, NONE for the support levels and enums, 0 for
// sizes and counts.
GLint64 unsupported_value(GLenum pname) {
  switch (pname) {
    case GL_INTERNALFORMAT_SUPPORTED: case GL_COLOR_COMPONENTS: case GL_DEPTH_COMPONENTS:
    case GL_STENCIL_COMPONENTS: case GL_COLOR_RENDERABLE: case GL_DEPTH_RENDERABLE: case GL_STENCIL_RENDERABLE:
    case GL_MIPMAP: case GL_TEXTURE_COMPRESSED: return GL_FALSE;
    default: return 0;  // GL_NONE is 0 as well
  }
}

// Every pname of table 22.3 (and GL 4.4's CLEAR_TEXTURE).
bool is_query_pname(GLenum pname) {
  switch (pname) {
    case GL_SAMPLES: case GL_NUM_SAMPLE_COUNTS: case GL_INTERNALFORMAT_SUPPORTED: case GL_INTERNALFORMAT_PREFERRED:
    case GL_INTERNALFORMAT_RED_SIZE: case GL_INTERNALFORMAT_GREEN_SIZE: case GL_INTERNALFORMAT_BLUE_SIZE:
    case GL_INTERNALFORMAT_ALPHA_SIZE: case GL_INTERNALFORMAT_DEPTH_SIZE: case GL_INTERNALFORMAT_STENCIL_SIZE:
    case GL_INTERNALFORMAT_SHARED_SIZE: case GL_INTERNALFORMAT_RED_TYPE: case GL_INTERNALFORMAT_GREEN_TYPE:
    case GL_INTERNALFORMAT_BLUE_TYPE: case GL_INTERNALFORMAT_ALPHA_TYPE: case GL_INTERNALFORMAT_DEPTH_TYPE:
    case GL_INTERNALFORMAT_STENCIL_TYPE: case GL_MAX_WIDTH: case GL_MAX_HEIGHT: case GL_MAX_DEPTH:
    case GL_MAX_LAYERS: case GL_MAX_COMBINED_DIMENSIONS: case GL_COLOR_COMPONENTS: case GL_DEPTH_COMPONENTS:
    case GL_STENCIL_COMPONENTS: case GL_COLOR_RENDERABLE: case GL_DEPTH_RENDERABLE: case GL_STENCIL_RENDERABLE:
    case GL_FRAMEBUFFER_RENDERABLE: case GL_FRAMEBUFFER_RENDERABLE_LAYERED: case GL_FRAMEBUFFER_BLEND:
    case GL_READ_PIXELS: case GL_READ_PIXELS_FORMAT: case GL_READ_PIXELS_TYPE: case GL_TEXTURE_IMAGE_FORMAT:
    case GL_TEXTURE_IMAGE_TYPE: case GL_GET_TEXTURE_IMAGE_FORMAT: case GL_GET_TEXTURE_IMAGE_TYPE: case GL_MIPMAP:
    case GL_MANUAL_GENERATE_MIPMAP: case GL_AUTO_GENERATE_MIPMAP: case GL_COLOR_ENCODING: case GL_SRGB_READ:
    case GL_SRGB_WRITE: case GL_FILTER: case GL_VERTEX_TEXTURE: case GL_TESS_CONTROL_TEXTURE:
    case GL_TESS_EVALUATION_TEXTURE: case GL_GEOMETRY_TEXTURE: case GL_FRAGMENT_TEXTURE: case GL_COMPUTE_TEXTURE:
    case GL_TEXTURE_SHADOW: case GL_TEXTURE_GATHER: case GL_TEXTURE_GATHER_SHADOW: case GL_SHADER_IMAGE_LOAD:
    case GL_SHADER_IMAGE_STORE: case GL_SHADER_IMAGE_ATOMIC: case GL_IMAGE_TEXEL_SIZE:
    case GL_IMAGE_COMPATIBILITY_CLASS: case GL_IMAGE_PIXEL_FORMAT: case GL_IMAGE_PIXEL_TYPE:
    case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE: case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_TEST:
    case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_TEST: case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_WRITE:
    case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_WRITE: case GL_TEXTURE_COMPRESSED:
    case GL_TEXTURE_COMPRESSED_BLOCK_WIDTH: case GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT:
    case GL_TEXTURE_COMPRESSED_BLOCK_SIZE: case GL_CLEAR_BUFFER: case GL_CLEAR_TEXTURE: case GL_TEXTURE_VIEW:
    case GL_VIEW_COMPATIBILITY_CLASS: case GL_SRGB_DECODE_ARB: return true;
    default: return false;
  }
}

// One value of a supported resource (every pname but SAMPLES).
GLint64 resource_value(Context& ctx, GLenum target, GLenum internalformat, const pixel::InternalFormatInfo& info,
                       GLenum pname) {
  const pixel::ComponentSizes& b = info.bits;
  const auto type_of = [&info](uint8_t bits) -> GLint64 {
    return bits ? pixel::component_type_enum(info.component_type) : GL_NONE;
  };
  const bool texture = target != GL_RENDERBUFFER;
  const bool sampled = texture;  // every texture target has a sampler type
  const ImageFormatInfo* image = image_target(target) ? find_image_format(ctx, info.internal_format) : nullptr;
  // Image units take the sized formats of table 8.33 by name.
  if (image && internalformat != info.internal_format) image = nullptr;
  const Dimensions dims = max_dimensions(ctx, target);
  switch (pname) {
    case GL_INTERNALFORMAT_SUPPORTED: return GL_TRUE;
    case GL_INTERNALFORMAT_PREFERRED: return info.internal_format;
    // Luminance and intensity are stored in red (GL 4.6 compatibility
    // §8.11.3 reports them as their own sizes, not these).
    case GL_INTERNALFORMAT_RED_SIZE: return b.red;
    case GL_INTERNALFORMAT_GREEN_SIZE: return b.green;
    case GL_INTERNALFORMAT_BLUE_SIZE: return b.blue;
    case GL_INTERNALFORMAT_ALPHA_SIZE: return b.alpha;
    case GL_INTERNALFORMAT_DEPTH_SIZE: return b.depth;
    case GL_INTERNALFORMAT_STENCIL_SIZE: return b.stencil;
    case GL_INTERNALFORMAT_SHARED_SIZE: return b.shared_exponent;
    case GL_INTERNALFORMAT_RED_TYPE: return type_of(b.red);
    case GL_INTERNALFORMAT_GREEN_TYPE: return type_of(b.green);
    case GL_INTERNALFORMAT_BLUE_TYPE: return type_of(b.blue);
    case GL_INTERNALFORMAT_ALPHA_TYPE: return type_of(b.alpha);
    case GL_INTERNALFORMAT_DEPTH_TYPE: return type_of(b.depth);
    // Stencil indices are unsigned integers in every format.
    case GL_INTERNALFORMAT_STENCIL_TYPE: return b.stencil ? GL_UNSIGNED_INT : GL_NONE;
    case GL_MAX_WIDTH: return dims.width;
    case GL_MAX_HEIGHT: return dims.height;
    case GL_MAX_DEPTH: return dims.depth;
    case GL_MAX_LAYERS: return dims.layers;
    // The product of the dimensions (with samples, and six faces for cube
    // maps): what the largest object could hold.
    case GL_MAX_COMBINED_DIMENSIONS: {
      GLint64 product = 1;
      for (GLint64 d : {dims.width, dims.height, dims.depth})
        if (d) product *= d;
      if (is_multisample_target(target)) {
        const Samples s = sample_counts_of(ctx, target, info);
        if (s.count) product *= s.values[0];
      }
      if (target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY) product *= 6;
      return product;
    }
    case GL_NUM_SAMPLE_COUNTS:
      return target == GL_RENDERBUFFER || is_multisample_target(target) ? sample_counts_of(ctx, target, info).count
                                                                         : 0;
    case GL_COLOR_COMPONENTS: return has_color(info) ? GL_TRUE : GL_FALSE;
    case GL_DEPTH_COMPONENTS: return info.has_depth() ? GL_TRUE : GL_FALSE;
    case GL_STENCIL_COMPONENTS: return info.has_stencil() ? GL_TRUE : GL_FALSE;
    case GL_COLOR_RENDERABLE: return attachable_target(target) && color_renderable(ctx, info) ? GL_TRUE : GL_FALSE;
    case GL_DEPTH_RENDERABLE: return attachable_target(target) && pixel::is_depth_renderable(info) ? GL_TRUE : GL_FALSE;
    case GL_STENCIL_RENDERABLE:
      return attachable_target(target) && pixel::is_stencil_renderable(info) ? GL_TRUE : GL_FALSE;
    case GL_FRAMEBUFFER_RENDERABLE: return support(attachable_target(target) && renderable(ctx, info));
    case GL_FRAMEBUFFER_RENDERABLE_LAYERED:
      return support(is_layered_target(target) && renderable(ctx, info));
    // Blending applies to color buffers of fixed- and floating-point
    // formats, not integer ones (§17.3.6).
    case GL_FRAMEBUFFER_BLEND:
      return support(attachable_target(target) && color_renderable(ctx, info) && !info.is_integer());
    // ReadPixels reads what can be attached (color, depth or stencil).
    case GL_READ_PIXELS: return support(attachable_target(target) && renderable(ctx, info));
    case GL_READ_PIXELS_FORMAT:
    case GL_READ_PIXELS_TYPE: {
      if (!attachable_target(target) || !renderable(ctx, info)) return GL_NONE;
      const pixel::PixelLayout l =
          info.is_color() ? pixel::implementation_color_read_layout(info, ctx.format_features) : client_layout(info);
      return pname == GL_READ_PIXELS_FORMAT ? l.format : l.type;
    }
    // The client layout that matches the storage (uploads are copies);
    // none for compressed formats, which glTexImage* cannot fill from
    // uncompressed data here.
    case GL_TEXTURE_IMAGE_FORMAT:
    case GL_TEXTURE_IMAGE_TYPE:
    case GL_GET_TEXTURE_IMAGE_FORMAT:
    case GL_GET_TEXTURE_IMAGE_TYPE: {
      if (!is_image_target(target) && !is_multisample_target(target)) return GL_NONE;
      if (is_multisample_target(target) &&
          (pname == GL_TEXTURE_IMAGE_FORMAT || pname == GL_TEXTURE_IMAGE_TYPE))  // no TexImage of samples
        return GL_NONE;
      const pixel::PixelLayout l = client_layout(info);
      return pname == GL_TEXTURE_IMAGE_FORMAT || pname == GL_GET_TEXTURE_IMAGE_FORMAT ? l.format : l.type;
    }
    case GL_MIPMAP: return has_mipmaps(target) ? GL_TRUE : GL_FALSE;
    // glGenerateMipmap renders each level from the one above: color
    // formats that can be both filtered and rendered.
    case GL_MANUAL_GENERATE_MIPMAP:
      return support(has_mipmaps(target) && color_renderable(ctx, info) && !info.is_integer() &&
                     pixel::is_texture_filterable(info, ctx.format_features));
    // GENERATE_MIPMAP is a compatibility-profile texture parameter.
    case GL_AUTO_GENERATE_MIPMAP:
      return support(ctx.compatibility() && has_mipmaps(target) && color_renderable(ctx, info) &&
                     !info.is_integer() && pixel::is_texture_filterable(info, ctx.format_features));
    case GL_COLOR_ENCODING:
      if (!info.is_color()) return GL_NONE;
      return info.srgb ? GL_SRGB : GL_LINEAR;
    case GL_SRGB_READ: return support(texture && info.srgb);
    case GL_SRGB_WRITE: return support(attachable_target(target) && info.srgb && color_renderable(ctx, info));
    // Turning decoding off (TEXTURE_SRGB_DECODE_EXT) is not offered:
    // sRGB textures always decode.
    case GL_SRGB_DECODE_ARB: return GL_NONE;
    // Linear filtering (depth formats filter their comparison results).
    case GL_FILTER:
      return support(sampled && !is_multisample_target(target) &&
                     (pixel::is_texture_filterable(info, ctx.format_features) || info.has_depth()));
    case GL_VERTEX_TEXTURE:
    case GL_TESS_CONTROL_TEXTURE:
    case GL_TESS_EVALUATION_TEXTURE:
    case GL_GEOMETRY_TEXTURE:
    case GL_FRAGMENT_TEXTURE:
    case GL_COMPUTE_TEXTURE: return support(sampled);
    case GL_TEXTURE_SHADOW: return support(shadow_target(target) && info.has_depth());
    case GL_TEXTURE_GATHER: return support(gather_target(target));
    case GL_TEXTURE_GATHER_SHADOW: return support(gather_target(target) && info.has_depth());
    case GL_SHADER_IMAGE_LOAD:
    case GL_SHADER_IMAGE_STORE: return support(image != nullptr);
    // Image atomics take the 32-bit single-component integer formats.
    case GL_SHADER_IMAGE_ATOMIC:
      return support(image && (info.internal_format == GL_R32I || info.internal_format == GL_R32UI));
    case GL_IMAGE_TEXEL_SIZE: return image ? image->texel_bytes * 8 : 0;
    case GL_IMAGE_COMPATIBILITY_CLASS: return image ? image_class(info) : GL_NONE;
    case GL_IMAGE_PIXEL_FORMAT: return image ? image_layout(info).format : GL_NONE;
    case GL_IMAGE_PIXEL_TYPE: return image ? image_layout(info).type : GL_NONE;
    // What glGetTexParameter(IMAGE_FORMAT_COMPATIBILITY_TYPE) reports for
    // a texture of the resource (§22.3.2 makes them equivalent): image units
    // take any format of the texture's texel size (image.cpp). Buffer
    // textures have no texture parameters to query.
    case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
      return texture && target != GL_TEXTURE_BUFFER ? GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE : GL_NONE;
    // Sampling what the draw tests or writes is a feedback loop the GL
    // leaves undefined; Brass makes no promise for it.
    case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_TEST:
    case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_TEST:
    case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_WRITE:
    case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_WRITE: return GL_NONE;
    case GL_TEXTURE_COMPRESSED: return info.is_compressed() ? GL_TRUE : GL_FALSE;
    case GL_TEXTURE_COMPRESSED_BLOCK_WIDTH: return info.is_compressed() ? info.block_width() : 0;
    case GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT: return info.is_compressed() ? info.block_height() : 0;
    case GL_TEXTURE_COMPRESSED_BLOCK_SIZE: return info.is_compressed() ? info.block_bytes() : 0;
    // glClearBuffer(Sub)Data take the buffer texture formats (table 8.16).
    case GL_CLEAR_BUFFER: return support(find_texel_buffer_format(info.internal_format, true) != nullptr);
    // glClearTexImage clears textures of uncompressed formats (GL 4.6 §8.21).
    case GL_CLEAR_TEXTURE:
      return support((is_image_target(target) || is_multisample_target(target)) && !info.is_compressed());
    // Views are made of immutable textures of sized formats, buffers and
    // renderbuffers have none.
    case GL_TEXTURE_VIEW:
      return support((is_image_target(target) || is_multisample_target(target)) &&
                     internalformat == info.internal_format);
    case GL_VIEW_COMPATIBILITY_CLASS:
      if (!(is_image_target(target) || is_multisample_target(target)) || internalformat != info.internal_format)
        return GL_NONE;
      return view_class_enum(info.internal_format);
    default: return 0;
  }
}

}  // namespace

void internalformat_query2(Context& ctx, GLenum target, GLenum internalformat, GLenum pname, GLsizei buf_size,
                           GLint* out32, GLint64* out64) {
  if (!is_query_target(target) || !is_query_pname(pname)) return ctx.set_error(GL_INVALID_ENUM);
  if (buf_size < 0) return ctx.set_error(GL_INVALID_VALUE);
  const auto write = [&](const GLint64* values, unsigned count) {
    const unsigned n = std::min<unsigned>(count, static_cast<unsigned>(buf_size));
    for (unsigned i = 0; i < n; ++i) {
      if (out64) out64[i] = values[i];
      // A 32-bit query of a value past INT_MAX (MAX_COMBINED_DIMENSIONS)
      // answers the largest it can hold.
      else if (out32) out32[i] = static_cast<GLint>(std::min<GLint64>(values[i], INT32_MAX));
    }
  };
  const pixel::InternalFormatInfo* info = resource_format(ctx, target, internalformat);
  if (pname == GL_SAMPLES) {
    // Unsupported resources, and targets without samples, leave params
    // as they are (§22.3.2).
    if (!info) return;
    const Samples s = sample_counts_of(ctx, target, *info);
    return write(s.values.data(), s.count);
  }
  const GLint64 v = info ? resource_value(ctx, target, internalformat, *info, pname) : unsupported_value(pname);
  write(&v, 1);
}

namespace api {

void GetInternalformati64v(Context& ctx, GLenum target, GLenum internalformat, GLenum pname, GLsizei bufSize,
                           GLint64* params) {
  internalformat_query2(ctx, target, internalformat, pname, bufSize, nullptr, params);
}

}  // namespace api
}  // namespace brass::gl
