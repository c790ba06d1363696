// glClearTexImage / glClearTexSubImage (EXT_clear_texture on ES 3.1,
// ARB_clear_texture and GL 4.4 §8.21 on desktop): a region of one level of a
// texture filled with one value given as a client pixel (format, type,
// data; no data: zeros).
//
// The client pixel is converted once to the image's storage layout by the
// converter uploads use (so emulated and legacy formats get exactly what a
// TexSubImage of that pixel would store), then each image of the region is
// cleared through pipe::Context::clear_texture, which uses a clear command
// where it can and the upload path otherwise. Multisample textures cannot
// be uploaded to: they are always renderable, and are cleared as render
// targets one layer at a time.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "gl/context.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/texture.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

bool is_depth_or_stencil_format(GLenum format) {
  return format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
}

// The format/type rules of GL 4.6 §8.21 against the image's format.
GLenum check_clear_format(const Context& ctx, const pixel::InternalFormatInfo& info, GLenum format, GLenum type) {
  const pixel::ApiKind api = ctx.format_features.api;
  if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api)) return GL_INVALID_ENUM;
  pixel::ClientPixelSize size;
  if (const GLenum e = pixel::client_pixel_size(format, type, &size); e != GL_NO_ERROR) return e;
  if (!pixel::packed_type_matches_format(type, format)) return GL_INVALID_OPERATION;
  if (info.has_depth() && info.has_stencil()) return format == GL_DEPTH_STENCIL ? GL_NO_ERROR : GL_INVALID_OPERATION;
  if (info.has_depth()) return format == GL_DEPTH_COMPONENT ? GL_NO_ERROR : GL_INVALID_OPERATION;
  if (info.has_stencil()) return format == GL_STENCIL_INDEX ? GL_NO_ERROR : GL_INVALID_OPERATION;
  if (is_depth_or_stencil_format(format)) return GL_INVALID_OPERATION;
  if (pixel::is_integer_client_format(format) != info.is_integer()) return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

float srgb_to_linear(float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); }

// One texel of the clear: the storage layout's bytes, and the same value as
// clear commands take it. False (with the error set) when the converter
// refuses the client pixel.
struct ClearTexel {
  alignas(8) uint8_t bytes[16] = {};
  pipe::TextureClearValue value;
};
bool make_clear_texel(Context& ctx, const pixel::InternalFormatInfo& info, GLenum format, GLenum type,
                      const void* data, ClearTexel* out) {
  const pipe::FormatDescription& d = pipe::describe(info.storage);
  if (d.block_bytes == 0 || d.block_bytes > sizeof(out->bytes)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  if (data) {
    pixel::ClientPixelSize size;
    static_cast<void>(pixel::client_pixel_size(format, type, &size));
    const pixel::ConstPixelImage src{{format, type}, data, size.pixel_bytes(), size.pixel_bytes()};
    const pixel::PixelImage dst{pixel::storage_layout(info), out->bytes, d.block_bytes, d.block_bytes};
    if (const GLenum e = pixel::convert_pixels(src, dst, {1, 1, 1}); e != GL_NO_ERROR) {
      ctx.set_error(e);
      return false;
    }
  }
  // The value by the resource format's own components (a format kept in
  // another's memory, ALPHA32F in R32F, clears that format's channels).
  const pixel::PixelLayout raw = pixel::storage_layout(info.storage);
  const pixel::ConstPixelImage stored{raw, out->bytes, d.block_bytes, d.block_bytes};
  pipe::TextureClearValue& v = out->value;
  if (info.is_color()) {
    const GLenum rgba_type = d.kind == pipe::FormatKind::Uint   ? GL_UNSIGNED_INT
                             : d.kind == pipe::FormatKind::Sint ? GL_INT
                                                                : GL_FLOAT;
    const GLenum rgba_format = d.is_integer() ? GLenum(GL_RGBA_INTEGER) : GLenum(GL_RGBA);
    const pixel::PixelImage color{{rgba_format, rgba_type}, &v.color, 16, 16};
    static_cast<void>(pixel::convert_pixels(stored, color, {1, 1, 1}));
    if (info.srgb)
      for (int c = 0; c < 3; ++c) v.color.f[c] = srgb_to_linear(v.color.f[c]);
  }
  if (info.has_depth()) {
    float depth = 0.0f;
    static_cast<void>(pixel::convert_pixels(stored, {{GL_DEPTH_COMPONENT, GL_FLOAT}, &depth, 4, 4}, {1, 1, 1}));
    v.depth = depth;
  }
  if (info.has_stencil()) {
    uint32_t stencil = 0;
    static_cast<void>(
        pixel::convert_pixels(stored, {{GL_STENCIL_INDEX, GL_UNSIGNED_INT}, &stencil, 4, 4}, {1, 1, 1}));
    v.stencil = stencil;
  }
  return true;
}

// Multisample images: render-target clears of each layer in [z, z + d).
void clear_multisample(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                       uint32_t d, const pipe::TextureClearValue& value) {
  for (uint32_t i = 0; i < d; ++i) {
    pipe::SurfaceTemplate st;
    st.level = img.resource_level;
    st.first_layer = st.last_layer = img.resource_layer + static_cast<uint32_t>(z) + i;
    Ref<pipe::Surface> s = ctx.pipe().create_surface(img.resource.get(), st);
    if (!s) return ctx.set_error(GL_OUT_OF_MEMORY);
    if (img.info->is_color()) {
      ctx.pipe().clear_render_target(s.get(), value.color, uint32_t(x), uint32_t(y), w, h);
    } else {
      const uint32_t flags =
          (img.info->has_depth() ? pipe::kClearDepth : 0u) | (img.info->has_stencil() ? pipe::kClearStencil : 0u);
      ctx.pipe().clear_depth_stencil(s.get(), flags, value.depth, value.stencil, uint32_t(x), uint32_t(y), w, h);
    }
  }
}

// Layers (or slices) an image of `tex` has: 3D depth, array layers, 1 for
// 2D images and each cube face.
uint32_t image_layers(const Texture& tex, const TextureImage& img) {
  switch (tex.target) {
    case GL_TEXTURE_3D:
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_CUBE_MAP_ARRAY:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES:
    case GL_TEXTURE_1D_ARRAY: return static_cast<uint32_t>(img.depth);
    default: return 1;
  }
}

void clear_tex_sub_image(Context& ctx, GLuint texture, GLint level, GLint x, GLint y, GLint z, GLsizei width,
                         GLsizei height, GLsizei depth, GLenum format, GLenum type, const void* data, bool whole) {
  if (!ctx.has_feature("GL_EXT_clear_texture")) return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Texture> tex = texture ? ctx.share_group().textures.lookup(texture) : Ref<Texture>{};
  if (!tex || tex->target == GL_TEXTURE_BUFFER) return ctx.set_error(GL_INVALID_OPERATION);
  if (level < 0) return ctx.set_error(GL_INVALID_VALUE);
  // The level's image; of a cube map, the first face the region names
  // (every face it names must be there, alike).
  const unsigned faces = tex->faces();
  const unsigned first_face = faces > 1 && !whole && z > 0 && z < 6 ? static_cast<unsigned>(z) : 0u;
  const TextureImage* first = tex->image(level, first_face);
  if (!first) return ctx.set_error(GL_INVALID_OPERATION);
  const pixel::InternalFormatInfo& info = *first->info;
  if (info.is_compressed()) return ctx.set_error(GL_INVALID_OPERATION);
  if (const GLenum e = check_clear_format(ctx, info, format, type); e != GL_NO_ERROR) return ctx.set_error(e);
  // The region: cube faces are the layers of a cube map (z selects them).
  const int64_t layers = faces > 1 ? int64_t(faces) : int64_t(image_layers(*tex, *first));
  if (whole) {
    x = y = z = 0;
    width = first->width;
    height = first->height;
    depth = static_cast<GLsizei>(layers);
  }
  if (width < 0 || height < 0 || depth < 0) return ctx.set_error(GL_INVALID_VALUE);
  // A 1D array's yoffset and height name layers (texture.h keeps them as
  // depth); its zoffset and depth are 0 and 1.
  if (tex->target == GL_TEXTURE_1D_ARRAY && !whole) {
    if (z != 0 || depth != 1) return ctx.set_error(GL_INVALID_OPERATION);
    z = y;
    depth = height;
    y = 0;
    height = 1;
  }
  if (x < 0 || y < 0 || z < 0 || int64_t(x) + width > first->width || int64_t(y) + height > first->height ||
      int64_t(z) + depth > layers)
    return ctx.set_error(GL_INVALID_OPERATION);
  for (int64_t f = z; faces > 1 && f < int64_t(z) + depth; ++f) {
    const TextureImage* img = tex->image(level, static_cast<unsigned>(f));
    if (!img || img->info != first->info || img->width != first->width || img->height != first->height)
      return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (width == 0 || height == 0 || depth == 0) return;
  ClearTexel texel;
  if (!make_clear_texel(ctx, info, format, type, data, &texel)) return;
  // One image per cube face, one image holding every layer otherwise.
  const int32_t z_end = z + depth;
  for (int32_t layer = z; layer < z_end;) {
    const unsigned face = faces > 1 ? static_cast<unsigned>(layer) : 0u;
    const TextureImage& img = *tex->image(level, face);
    const int32_t first_layer = faces > 1 ? 0 : layer;
    const int32_t count = faces > 1 ? 1 : z_end - layer;
    layer += count;
    if (!img.resource) continue;
    if (img.resource->templ().samples > 1) {
      clear_multisample(ctx, img, x, y, first_layer, uint32_t(width), uint32_t(height), uint32_t(count), texel.value);
      continue;
    }
    const pipe::Box box{x, y, first_layer + static_cast<int32_t>(img.resource_layer), width, height, count};
    ctx.pipe().clear_texture(img.resource.get(), img.resource_level, box, texel.bytes, texel.value);
  }
  tex->changed();
  ctx.dirty(kDirtyTextures);
}

}  // namespace

void ClearTexImage(Context& ctx, GLuint texture, GLint level, GLenum format, GLenum type, const void* data) {
  clear_tex_sub_image(ctx, texture, level, 0, 0, 0, 0, 0, 0, format, type, data, true);
}

void ClearTexSubImage(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                      GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type, const void* data) {
  clear_tex_sub_image(ctx, texture, level, xoffset, yoffset, zoffset, width, height, depth, format, type, data,
                      false);
}

}  // namespace brass::gl::api
