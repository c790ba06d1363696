// Texture objects (ES 3.0 §3.8): names and bindings, image specification
// (TexImage, TexSubImage, TexStorage, CompressedTex*; CopyTex* in
// api_texture_copies.cpp) and mipmap generation (the parameters: api_texture_parameters.cpp; the level
// queries: api_texture_level_queries.cpp). Every call checks all of its errors before it
// changes any state; storage lives in texture_storage.cpp.
#include <algorithm>
#include <bit>

#include "gl/compressed_mipmap.h"
#include "gl/context.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/texture_buffer.h"
#include "gl/texture_proxy.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl/texture_view.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace spec {

bool fail(Context& ctx, GLenum error) {
  ctx.set_error(error);
  return false;
}

Binding<Texture>& binding_point(TextureUnit& u, GLenum target) {
  switch (target) {
    case GL_TEXTURE_3D: return u.texture_3d;
    case GL_TEXTURE_2D_ARRAY: return u.texture_2d_array;
    case GL_TEXTURE_CUBE_MAP: return u.texture_cube;
    case GL_TEXTURE_2D_MULTISAMPLE: return u.texture_2d_multisample;
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES: return u.texture_2d_multisample_array;
    case GL_TEXTURE_BUFFER: return u.texture_buffer;
    case GL_TEXTURE_CUBE_MAP_ARRAY: return u.texture_cube_array;
    case GL_TEXTURE_1D: return u.texture_1d;
    case GL_TEXTURE_1D_ARRAY: return u.texture_1d_array;
    case GL_TEXTURE_RECTANGLE: return u.texture_rect;
    case GL_TEXTURE_EXTERNAL_OES: return u.texture_external;
    default: return u.texture_2d;
  }
}

bool target_2d(GLenum target, Target2D* out) {
  if (target == GL_TEXTURE_2D) {
    *out = {GL_TEXTURE_2D, 0};
    return true;
  }
  if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
    *out = {GL_TEXTURE_CUBE_MAP, target - GL_TEXTURE_CUBE_MAP_POSITIVE_X};
    return true;
  }
  return false;
}
// Desktop GL's other TexImage2D targets: TEXTURE_1D_ARRAY and TEXTURE_RECTANGLE.
bool desktop_2d_target(const Context& ctx, GLenum target) {
  return ctx.desktop() && (target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE);
}
bool is_target_3d(GLenum target) {
  return target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

GLint max_size(const Context& ctx, GLenum target) {
  switch (target) {
    case GL_TEXTURE_3D: return ctx.limits.max_3d_texture_size;
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_CUBE_MAP_ARRAY: return ctx.limits.max_cube_map_texture_size;
    default: return ctx.limits.max_texture_size;
  }
}

uint32_t log2_floor(uint32_t v) { return v ? 31u - static_cast<uint32_t>(std::countl_zero(v)) : 0u; }

bool check_level(Context& ctx, GLenum target, GLint level) {
  // A rectangle has level 0 only (GL 4.6 §8.5).
  if (target == GL_TEXTURE_RECTANGLE && level != 0) return fail(ctx, GL_INVALID_VALUE);
  if (level < 0 || static_cast<uint32_t>(level) > log2_floor(static_cast<uint32_t>(max_size(ctx, target))))
    return fail(ctx, GL_INVALID_VALUE);
  return true;
}

bool size_fits(const Context& ctx, GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d) {
  const GLint m = max_size(ctx, target) >> level;
  if (w > m || h > m) return false;
  if (target == GL_TEXTURE_3D && d > m) return false;
  if ((target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY) &&
      d > ctx.limits.max_array_texture_layers)
    return false;
  return true;
}

// Image sizes for a level of a target (ES 3.0 §3.8.3): the shape rules,
// then the limits.
bool check_size(Context& ctx, GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d) {
  if (!check_shape(ctx, target, w, h, d)) return false;
  if (!size_fits(ctx, target, level, w, h, d)) return fail(ctx, GL_INVALID_VALUE);
  return true;
}

bool check_shape(Context& ctx, GLenum target, GLsizei w, GLsizei h, GLsizei d) {
  if (w < 0 || h < 0 || d < 0) return fail(ctx, GL_INVALID_VALUE);
  if (target == GL_TEXTURE_CUBE_MAP && w != h) return fail(ctx, GL_INVALID_VALUE);
  // Square layer-faces, whole cubes of them (EXT_texture_cube_map_array).
  if (target == GL_TEXTURE_CUBE_MAP_ARRAY && (w != h || d % 6 != 0)) return fail(ctx, GL_INVALID_VALUE);
  return true;
}

void proxy_tex_image(Context& ctx, GLenum proxy_target, GLint level, GLint internal_format, GLsizei w, GLsizei h,
                     GLsizei d, GLint border, GLenum format, GLenum type) {
  const GLenum base = proxy_base_target(ctx, proxy_target);
  if (!check_level(ctx, base, level) || !check_shape(ctx, base, w, h, d)) return;
  if (border != 0) return ctx.set_error(GL_INVALID_VALUE);
  const pixel::FormatFeatures features = texture_format_features(ctx);
  const pixel::FormatResolution res =
      pixel::resolve_tex_image_format(internal_format, format, type, features, /*has_data=*/false);
  if (res.error != GL_NO_ERROR) return ctx.set_error(res.error);
  if (const GLenum e = pixel::check_format_for_target(*res.info, base, features); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (const GLenum e = check_desktop_target_format(*res.info, base); e != GL_NO_ERROR) return ctx.set_error(e);
  set_proxy_images(ctx, *proxy_texture(ctx, proxy_target), level, 1, static_cast<GLenum>(internal_format), res.info,
                   uint32_t(w), uint32_t(h), uint32_t(d), size_fits(ctx, base, level, w, h, d));
}

GLenum check_desktop_target_format(const pixel::InternalFormatInfo& info, GLenum target) {
  if (!info.is_compressed()) return GL_NO_ERROR;
  // No compressed format has 1D blocks (GL 4.6 §8.7), and rectangles are
  // never compressed (§8.5).
  if (target == GL_TEXTURE_1D || target == GL_TEXTURE_RECTANGLE) return GL_INVALID_ENUM;
  if (target == GL_TEXTURE_1D_ARRAY) return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

// The bound texture an image call works on; records the error when it may
// not be (re)specified.
Texture* texture_for_spec(Context& ctx, GLenum texture_target) {
  Texture* t = bound_texture(ctx, texture_target);
  if (!t) return fail(ctx, GL_INVALID_ENUM), nullptr;
  if (t->immutable) return fail(ctx, GL_INVALID_OPERATION), nullptr;
  return t;
}

void tex_image(Context& ctx, GLenum texture_target, unsigned face, GLint level, GLint internal_format, GLsizei w,
               GLsizei h, GLsizei d, GLint border, GLenum format, GLenum type, const void* pixels) {
  const bool three_d = is_target_3d(texture_target);
  const bool rows_are_layers = texture_target == GL_TEXTURE_1D_ARRAY;
  if (!check_level(ctx, texture_target, level) || !check_size(ctx, texture_target, level, w, h, d)) return;
  if (border != 0) return ctx.set_error(GL_INVALID_VALUE);
  const pixel::FormatFeatures features = texture_format_features(ctx);
  const pixel::FormatResolution res = pixel::resolve_tex_image_format(internal_format, format, type, features,
                                                                      pixels || ctx.buffers.pixel_unpack);
  if (res.error != GL_NO_ERROR) return ctx.set_error(res.error);
  if (const GLenum e = pixel::check_format_for_target(*res.info, texture_target, features); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (const GLenum e = check_desktop_target_format(*res.info, texture_target); e != GL_NO_ERROR)
    return ctx.set_error(e);
  Texture* t = texture_for_spec(ctx, texture_target);
  if (!t) return;
  if (!check_unpack_buffer(ctx, format, type, uint32_t(w), uint32_t(rows_are_layers ? d : h),
                           uint32_t(rows_are_layers ? 1 : d), three_d, pixels))
    return;
  if (!define_image(ctx, *t, level, face, static_cast<GLenum>(internal_format), res.info, uint32_t(w), uint32_t(h),
                    uint32_t(d)))
    return;
  ctx.dirty(kDirtyTextures);
  if (upload_pixels(ctx, t->images[level][face], 0, 0, 0, uint32_t(w), uint32_t(h), uint32_t(d), format, type, pixels,
                    three_d, rows_are_layers))
    compat::image_changed(ctx, *t, level);
}

// The specified image a Sub call updates, with the region checks.
const TextureImage* sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint x,
                              GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d) {
  if (!check_level(ctx, texture_target, level)) return nullptr;
  if (w < 0 || h < 0 || d < 0) return fail(ctx, GL_INVALID_VALUE), nullptr;
  const TextureImage* img = t ? t->image(level, face) : nullptr;
  if (!img) return fail(ctx, GL_INVALID_OPERATION), nullptr;
  if (x < 0 || y < 0 || z < 0 || int64_t(x) + w > img->width || int64_t(y) + h > img->height ||
      int64_t(z) + d > img->depth)
    return fail(ctx, GL_INVALID_VALUE), nullptr;
  return img;
}

void tex_sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint x, GLint y,
                   GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const void* pixels) {
  // The context's API's enums: desktop GL has more types (UNSIGNED_INT_8_8_8_8, ...).
  const pixel::ApiKind api = texture_format_features(ctx).api;
  if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api))
    return ctx.set_error(GL_INVALID_ENUM);
  const TextureImage* img = sub_image(ctx, t, texture_target, face, level, x, y, z, w, h, d);
  if (!img) return;
  if (const GLenum e = pixel::check_tex_sub_image_format(*img->info, format, type, texture_format_features(ctx));
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  // The GL compresses the texels into an S3TC/RGTC image (the format check
  // refused other compressed ones): whole blocks only, as for
  // CompressedTexSubImage (GL 4.6 §8.7).
  if (img->info->is_compressed()) {
    if (const GLenum e = pixel::check_compressed_sub_image_region(*img->info, x, y, uint32_t(w), uint32_t(h),
                                                                  uint32_t(img->width), uint32_t(img->height));
        e != GL_NO_ERROR)
      return ctx.set_error(e);
  }
  const bool three_d = is_target_3d(texture_target);
  const bool rows_are_layers = texture_target == GL_TEXTURE_1D_ARRAY;
  if (!check_unpack_buffer(ctx, format, type, uint32_t(w), uint32_t(rows_are_layers ? d : h),
                           uint32_t(rows_are_layers ? 1 : d), three_d, pixels))
    return;
  if (!upload_pixels(ctx, *img, x, y, z, uint32_t(w), uint32_t(h), uint32_t(d), format, type, pixels, three_d,
                     rows_are_layers))
    return;
  t->changed();
  ctx.dirty(kDirtyTextures);
  compat::image_changed(ctx, *t, level);
}

void compressed_tex_image(Context& ctx, GLenum texture_target, unsigned face, GLint level, GLenum internal_format,
                          GLsizei w, GLsizei h, GLsizei d, GLint border, GLsizei image_size, const void* data) {
  if (!check_level(ctx, texture_target, level) || !check_size(ctx, texture_target, level, w, h, d)) return;
  if (border != 0) return ctx.set_error(GL_INVALID_VALUE);
  const pixel::FormatFeatures features = texture_format_features(ctx);
  const pixel::FormatResolution res = pixel::resolve_compressed_format(internal_format, features);
  if (res.error != GL_NO_ERROR) return ctx.set_error(res.error);
  if (const GLenum e = pixel::check_format_for_target(*res.info, texture_target, features); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (const GLenum e = pixel::check_compressed_image_size(*res.info, uint32_t(w), uint32_t(h), uint32_t(d), image_size);
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  CompressedClientLayout layout;
  if (const GLenum e = compressed_client_layout(compressed_unpack_store(ctx), *res.info, uint32_t(w), uint32_t(h),
                                                uint32_t(d), is_target_3d(texture_target) ? 3 : 2, image_size,
                                                &layout);
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  Texture* t = texture_for_spec(ctx, texture_target);
  if (!t) return;
  if (!check_compressed_unpack_buffer(ctx, layout.end, data)) return;
  if (!define_image(ctx, *t, level, face, internal_format, res.info, uint32_t(w), uint32_t(h), uint32_t(d))) return;
  ctx.dirty(kDirtyTextures);
  if (data || ctx.buffers.pixel_unpack)
    upload_compressed(ctx, t->images[level][face], 0, 0, 0, uint32_t(w), uint32_t(h), uint32_t(d), layout, data);
}

void compressed_tex_sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint x,
                              GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLsizei image_size,
                              const void* data) {
  const pixel::FormatFeatures features = texture_format_features(ctx);
  const pixel::FormatResolution res = pixel::resolve_compressed_format(format, features);
  if (res.error != GL_NO_ERROR) return ctx.set_error(res.error);
  if (const GLenum e = pixel::check_format_for_target(*res.info, texture_target, features); e != GL_NO_ERROR)
    return ctx.set_error(e);
  // OES_compressed_ETC1_RGB8_texture: whole images only.
  if (format == GL_ETC1_RGB8_OES) return ctx.set_error(GL_INVALID_OPERATION);
  const TextureImage* img = sub_image(ctx, t, texture_target, face, level, x, y, z, w, h, d);
  if (!img) return;
  if (img->info != res.info) return ctx.set_error(GL_INVALID_OPERATION);
  if (const GLenum e = pixel::check_compressed_sub_image_region(*img->info, x, y, uint32_t(w), uint32_t(h),
                                                                uint32_t(img->width), uint32_t(img->height));
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (const GLenum e = pixel::check_compressed_image_size(*img->info, uint32_t(w), uint32_t(h), uint32_t(d), image_size);
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  CompressedClientLayout layout;
  if (const GLenum e = compressed_client_layout(compressed_unpack_store(ctx), *img->info, uint32_t(w), uint32_t(h),
                                                uint32_t(d), is_target_3d(texture_target) ? 3 : 2, image_size,
                                                &layout);
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (!check_compressed_unpack_buffer(ctx, layout.end, data)) return;
  if (data || ctx.buffers.pixel_unpack)
    upload_compressed(ctx, *img, x, y, z, uint32_t(w), uint32_t(h), uint32_t(d), layout, data);
  t->changed();
  ctx.dirty(kDirtyTextures);
}

void tex_storage(Context& ctx, GLenum target, GLsizei levels, GLenum internal_format, GLsizei w, GLsizei h,
                 GLsizei d, bool three_d, Texture* named) {
  const GLenum proxy_target = target;
  const GLenum proxied = named ? GL_NONE : proxy_base_target(ctx, target);
  if (proxied != GL_NONE) target = proxied;
  const bool ok_target =
      three_d ? is_target_3d(target) && target_available(ctx, target_index(target))
              : (target == GL_TEXTURE_2D || target == GL_TEXTURE_CUBE_MAP ||
                 ((target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE) &&
                  ctx.desktop()));
  if (!ok_target) return ctx.set_error(GL_INVALID_ENUM);
  const pixel::FormatFeatures features = texture_format_features(ctx);
  const pixel::FormatResolution res = pixel::resolve_tex_storage_format(internal_format, features);
  if (res.error != GL_NO_ERROR) return ctx.set_error(res.error);
  if (levels < 1 || w < 1 || h < 1 || d < 1) return ctx.set_error(GL_INVALID_VALUE);
  if (proxied != GL_NONE ? !check_shape(ctx, target, w, h, d) : !check_size(ctx, target, 0, w, h, d)) return;
  if (static_cast<uint32_t>(levels) > full_chain_levels(target, uint32_t(w), uint32_t(h), uint32_t(d)))
    return ctx.set_error(GL_INVALID_OPERATION);
  if (const GLenum e = pixel::check_format_for_target(*res.info, target, features); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (const GLenum e = check_desktop_target_format(*res.info, target); e != GL_NO_ERROR) return ctx.set_error(e);
  if (proxied != GL_NONE) {
    Texture& proxy = *proxy_texture(ctx, proxy_target);
    set_proxy_images(ctx, proxy, 0, levels, res.info->internal_format, res.info, uint32_t(w), uint32_t(h),
                     uint32_t(d), size_fits(ctx, target, 0, w, h, d));
    return;
  }
  Texture* t = named ? named : bound_texture(ctx, target);
  if (!t || t->name() == 0 || t->immutable) return ctx.set_error(GL_INVALID_OPERATION);
  if (!allocate_immutable(ctx, *t, levels, res.info, uint32_t(w), uint32_t(h), uint32_t(d))) return;
  ctx.dirty(kDirtyTextures);
}

// GL_INVALID_OPERATION unless GenerateMipmap may run on this base level
// (ES 3.0 §3.8.10).
bool mipmap_format_ok(Context& ctx, const TextureImage& base, GLenum target) {
  const pixel::InternalFormatInfo& info = *base.info;
  // Desktop GL filters compressed images too (compressed_mipmap.h); ES
  // refuses them.
  if (info.is_compressed())
    return ctx.desktop() && target != GL_TEXTURE_3D && compressed_mipmaps_supported(info);
  if (info.is_integer() || !info.is_color()) return false;
  const bool unsized = base.internal_format == GL_RGBA || base.internal_format == GL_RGB ||
                       base.internal_format == GL_LUMINANCE_ALPHA || base.internal_format == GL_LUMINANCE ||
                       base.internal_format == GL_ALPHA;
  if (unsized || compat::legacy_mipmap_format_ok(ctx, info)) return true;
  const pixel::FormatFeatures f = texture_format_features(ctx);
  return pixel::is_color_renderable(info, f) && pixel::is_texture_filterable(info, f);
}

// Fallback when the pipe cannot generate mipmaps of a format in one call:
// a linear blit per level.
void blit_mipmaps(Context& ctx, pipe::Resource* r, uint32_t first, uint32_t last, uint32_t first_layer, uint32_t layers,
                  bool is3d, pipe::Format format) {
  const pipe::ResourceTemplate& rt = r->templ();
  for (uint32_t l = first + 1; l <= last; ++l) {
    pipe::BlitInfo b;
    b.src.resource = b.dst.resource = r;
    b.src.format = b.dst.format = format;
    b.src.level = l - 1;
    b.dst.level = l;
    b.src.box.width = static_cast<int32_t>(std::max(1u, rt.width >> (l - 1)));
    b.src.box.height = static_cast<int32_t>(std::max(1u, rt.height >> (l - 1)));
    b.src.box.depth = static_cast<int32_t>(is3d ? std::max(1u, rt.depth >> (l - 1)) : layers);
    b.dst.box.width = static_cast<int32_t>(std::max(1u, rt.width >> l));
    b.dst.box.height = static_cast<int32_t>(std::max(1u, rt.height >> l));
    b.dst.box.depth = static_cast<int32_t>(is3d ? std::max(1u, rt.depth >> l) : layers);
    b.src.box.z = b.dst.box.z = static_cast<int32_t>(first_layer);
    b.filter = pipe::Filter::Linear;
    ctx.pipe().blit(b);
  }
}

template <typename T>
void unbind_if(Binding<T>& point, T* obj) {
  if (point.get() == obj) point.reset();
}

}  // namespace spec

using namespace spec;

// --- names and bindings ---

void GenTextures(Context& ctx, GLsizei n, GLuint* textures) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !textures) return;
  ctx.share_group().textures.generate(n, textures);
}

void DeleteTextures(Context& ctx, GLsizei n, const GLuint* textures) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!textures) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (textures[i] == 0) continue;
    Ref<Texture> t = ctx.share_group().textures.remove(textures[i]);
    if (!t) continue;
    for (TextureUnit& u : ctx.textures.units)
      for (auto* p : {&u.texture_2d, &u.texture_3d, &u.texture_2d_array, &u.texture_cube, &u.texture_2d_multisample,
                      &u.texture_2d_multisample_array, &u.texture_buffer, &u.texture_cube_array, &u.texture_1d,
                      &u.texture_1d_array, &u.texture_rect, &u.texture_external})
        unbind_if(*p, t.get());
    unbind_image_texture(ctx, t.get());
    // Attached to a bound framebuffer: detached from it (ES 3.0 §4.4.2.3).
    for (Framebuffer* fb : {ctx.draw_framebuffer.get(), ctx.read_framebuffer.get()}) {
      if (!fb) continue;
      bool detached = false;
      for (Attachment* a : {&fb->depth, &fb->stencil})
        if (a->type == GL_TEXTURE && a->texture.get() == t.get()) {
          *a = Attachment{};
          detached = true;
        }
      for (Attachment& a : fb->color)
        if (a.type == GL_TEXTURE && a.texture.get() == t.get()) {
          a = Attachment{};
          detached = true;
        }
      if (detached) {
        ++fb->generation;
        ctx.dirty(kDirtyFramebuffer);
      }
    }
    ctx.dirty(kDirtyTextures);
  }
}

GLboolean IsTexture(Context& ctx, GLuint texture) {
  if (texture == 0) return GL_FALSE;
  const Ref<Texture> t = ctx.share_group().textures.lookup(texture);
  return t && t->target != GL_NONE ? GL_TRUE : GL_FALSE;
}

void BindTexture(Context& ctx, GLenum target, GLuint texture) {
  const TextureTargetIndex index = target_index(target);
  if (!target_available(ctx, index)) return ctx.set_error(GL_INVALID_ENUM);
  Binding<Texture>& point = binding_point(ctx.textures.units[ctx.textures.active], target);
  if (texture == 0) {
    point.reset();
    ctx.dirty(kDirtyTextures);
    return;
  }
  Ref<Texture> t = ctx.share_group().textures.get_or_create(texture, true, [](GLuint name) { return make_ref<Texture>(name); });
  if (!t) return ctx.set_error(GL_OUT_OF_MEMORY);
  if (t->target != GL_NONE && t->target != target) return ctx.set_error(GL_INVALID_OPERATION);
  // Written only by the first bind: other contexts bind a shared texture
  // concurrently, and those binds only read it.
  if (t->target == GL_NONE) set_texture_target(*t, target);
  bind(point, std::move(t));
  ctx.dirty(kDirtyTextures);
}

void ActiveTexture(Context& ctx, GLenum texture) {
  const GLuint unit = texture - GL_TEXTURE0;
  if (texture < GL_TEXTURE0 || unit >= static_cast<GLuint>(ctx.limits.max_combined_texture_image_units) ||
      unit >= kMaxTextureUnits)
    return ctx.set_error(GL_INVALID_ENUM);
  ctx.textures.active = unit;
}

// --- image specification ---

void TexImage2D(Context& ctx, GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
                GLint border, GLenum format, GLenum type, const void* pixels) {
  if (const GLenum proxied = proxy_base_target(ctx, target);
      proxied == GL_TEXTURE_2D || proxied == GL_TEXTURE_CUBE_MAP || proxied == GL_TEXTURE_RECTANGLE ||
      proxied == GL_TEXTURE_1D_ARRAY) {
    const bool layers = proxied == GL_TEXTURE_1D_ARRAY;
    return proxy_tex_image(ctx, target, level, internalformat, width, layers ? 1 : height, layers ? height : 1,
                           border, format, type);
  }
  if (desktop_2d_target(ctx, target)) {
    const bool layers = target == GL_TEXTURE_1D_ARRAY;
    return tex_image(ctx, target, 0, level, internalformat, width, layers ? 1 : height, layers ? height : 1, border,
                     format, type, pixels);
  }
  Target2D t;
  if (!target_2d(target, &t)) return ctx.set_error(GL_INVALID_ENUM);
  tex_image(ctx, t.texture_target, t.face, level, internalformat, width, height, 1, border, format, type, pixels);
}

void TexImage3D(Context& ctx, GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
                GLsizei depth, GLint border, GLenum format, GLenum type, const void* pixels) {
  if (const GLenum proxied = proxy_base_target(ctx, target); proxied != GL_NONE && is_target_3d(proxied))
    return proxy_tex_image(ctx, target, level, internalformat, width, height, depth, border, format, type);
  if (!is_target_3d(target) || !target_available(ctx, target_index(target))) return ctx.set_error(GL_INVALID_ENUM);
  tex_image(ctx, target, 0, level, internalformat, width, height, depth, border, format, type, pixels);
}

void TexSubImage2D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                   GLsizei height, GLenum format, GLenum type, const void* pixels) {
  if (target == GL_TEXTURE_1D_ARRAY && ctx.desktop())
    return tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, 0, yoffset, width, 1, height,
                         format, type, pixels);
  if (target == GL_TEXTURE_RECTANGLE && ctx.desktop())
    return tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, yoffset, 0, width, height, 1,
                         format, type, pixels);
  Target2D t;
  if (!target_2d(target, &t)) return ctx.set_error(GL_INVALID_ENUM);
  tex_sub_image(ctx, bound_texture(ctx, t.texture_target), t.texture_target, t.face, level, xoffset, yoffset, 0, width, height, 1, format, type, pixels);
}

void TexSubImage3D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                   GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type, const void* pixels) {
  if (!is_target_3d(target) || !target_available(ctx, target_index(target))) return ctx.set_error(GL_INVALID_ENUM);
  tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, yoffset, zoffset, width, height, depth,
                format, type, pixels);
}

void TexStorage2D(Context& ctx, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                  GLsizei height) {
  // TEXTURE_1D is TexStorage1D's; a 1D array's height is its layers.
  const GLenum proxied = proxy_base_target(ctx, target);
  if (target == GL_TEXTURE_1D || proxied == GL_TEXTURE_1D || proxied == GL_TEXTURE_3D ||
      proxied == GL_TEXTURE_2D_ARRAY || proxied == GL_TEXTURE_CUBE_MAP_ARRAY || proxied == GL_TEXTURE_2D_MULTISAMPLE ||
      proxied == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
    return ctx.set_error(GL_INVALID_ENUM);
  if (target == GL_TEXTURE_1D_ARRAY || proxied == GL_TEXTURE_1D_ARRAY)
    return tex_storage(ctx, target, levels, internalformat, width, 1, height, false, nullptr);
  tex_storage(ctx, target, levels, internalformat, width, height, 1, false, nullptr);
}

void TexStorage3D(Context& ctx, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height,
                  GLsizei depth) {
  if (const GLenum proxied = proxy_base_target(ctx, target); proxied != GL_NONE && !is_target_3d(proxied))
    return ctx.set_error(GL_INVALID_ENUM);
  tex_storage(ctx, target, levels, internalformat, width, height, depth, true, nullptr);
}

void CompressedTexImage2D(Context& ctx, GLenum target, GLint level, GLenum internalformat, GLsizei width,
                          GLsizei height, GLint border, GLsizei imageSize, const void* data) {
  Target2D t;
  if (!target_2d(target, &t)) return ctx.set_error(GL_INVALID_ENUM);
  compressed_tex_image(ctx, t.texture_target, t.face, level, internalformat, width, height, 1, border, imageSize,
                       data);
}

void CompressedTexImage3D(Context& ctx, GLenum target, GLint level, GLenum internalformat, GLsizei width,
                          GLsizei height, GLsizei depth, GLint border, GLsizei imageSize, const void* data) {
  if (!is_target_3d(target) || !target_available(ctx, target_index(target))) return ctx.set_error(GL_INVALID_ENUM);
  compressed_tex_image(ctx, target, 0, level, internalformat, width, height, depth, border, imageSize, data);
}

void CompressedTexSubImage2D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                             GLsizei height, GLenum format, GLsizei imageSize, const void* data) {
  Target2D t;
  if (!target_2d(target, &t)) return ctx.set_error(GL_INVALID_ENUM);
  compressed_tex_sub_image(ctx, bound_texture(ctx, t.texture_target), t.texture_target, t.face, level, xoffset, yoffset, 0, width, height, 1, format,
                           imageSize, data);
}

void CompressedTexSubImage3D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                             GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLsizei imageSize,
                             const void* data) {
  if (!is_target_3d(target) || !target_available(ctx, target_index(target))) return ctx.set_error(GL_INVALID_ENUM);
  compressed_tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, yoffset, zoffset, width, height, depth, format, imageSize,
                           data);
}

void GenerateMipmap(Context& ctx, GLenum target) {
  Texture* t = mipmap_target(target) ? bound_texture(ctx, target) : nullptr;
  if (!t) return ctx.set_error(GL_INVALID_ENUM);
  generate_mipmap(ctx, *t);
}

}  // namespace brass::gl::api

namespace brass::gl::api::spec {

// A multisample texture has one level and nothing to filter (ES 3.1 §8.14.4);
// buffer, rectangle and external textures have one level (an external one:
// INVALID_ENUM, OES_EGL_image_external §3.7.11).
bool mipmap_target(GLenum target) {
  return target != GL_TEXTURE_2D_MULTISAMPLE && target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES &&
         target != GL_TEXTURE_BUFFER && target != GL_TEXTURE_RECTANGLE && target != GL_TEXTURE_EXTERNAL_OES;
}

void generate_mipmap(Context& ctx, Texture& texture) {
  Texture* t = &texture;
  const GLenum target = t->target;
  GLint base = t->base_level, max_level = t->max_level;
  if (t->immutable) {
    base = std::clamp(base, 0, t->immutable_level_count() - 1);
    max_level = std::clamp(max_level, base, t->immutable_level_count() - 1);
  }
  const TextureImage* b = t->image(base, 0);
  if (!b) return;  // nothing specified: nothing to generate
  if (target == GL_TEXTURE_CUBE_MAP && !base_level_consistent(*t, base)) return ctx.set_error(GL_INVALID_OPERATION);
  if (!mipmap_format_ok(ctx, *b, target)) return ctx.set_error(GL_INVALID_OPERATION);
  if (b->width == 0 || b->height == 0 || b->depth == 0 || base > max_level) return;
  const uint32_t w = uint32_t(b->width), h = uint32_t(b->height), d = uint32_t(b->depth);
  const GLint last = std::min<GLint>(base + GLint(full_chain_levels(target, w, h, d)) - 1, max_level);
  if (last <= base) return;
  if (!unshare_levels(ctx, *t, base, last) || !ensure_main_storage(ctx, *t, base, base)) return;
  // Derived levels are (re)specified with the base level's format, in place.
  const TextureImage base_copy = *t->image(base, 0);
  for (GLint l = base + 1; l <= last; ++l) {
    uint32_t lw, lh, ld;
    minified_size(target, w, h, d, uint32_t(l - base), &lw, &lh, &ld);
    for (unsigned f = 0; f < t->faces(); ++f)
      if (!t->immutable &&
          !define_image(ctx, *t, l, f, base_copy.internal_format, base_copy.info, lw, lh, ld))
        return;
  }
  if (base_copy.info->is_compressed()) {
    if (generate_compressed_mipmaps(ctx, *t, base, last)) t->changed();
    ctx.dirty(kDirtyTextures);
    return;
  }
  pipe::Resource* r = t->resource.get();
  const uint32_t first = uint32_t(base - t->resource_base), final_level = uint32_t(last - t->resource_base);
  uint32_t first_layer = 0, layers = target == GL_TEXTURE_3D ? 1u : r->templ().array_size;
  if (t->is_view && target != GL_TEXTURE_3D) {
    // A texture view filters its own layers of the shared storage.
    first_layer = t->view_resource_layer;
    layers = t->view_num_layers;
  }
  // A view in another format than its storage's filters its own texels
  // (a SNORM view of UNORM storage averages signed values): a blit through
  // views of that format, not the device's mipmap generation of the storage.
  const pipe::Format view_format = view_storage_format(*t);
  if (view_format != pipe::Format::None ||
      !ctx.pipe().generate_mipmap(r, first, final_level, first_layer, first_layer + layers - 1))
    blit_mipmaps(ctx, r, first, final_level, first_layer, layers, target == GL_TEXTURE_3D, view_format);
  t->changed();
  ctx.dirty(kDirtyTextures);
}

}  // namespace brass::gl::api::spec
