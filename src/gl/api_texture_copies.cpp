// CopyTexImage* / CopyTexSubImage* (ES 3.0 §3.8.5, GL 4.6 §8.6): texels
// from the read framebuffer's read buffer into a texture image, with the
// format rules between the two (the conversions a copy may do, the ones it
// may not) checked before anything changes.
#include <algorithm>

#include "gl/compressed_copy.h"
#include "gl/context.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace spec {

struct CopySource {
  pipe::Resource* resource = nullptr;
  uint32_t level = 0, layer = 0;
  GLint width = 0, height = 0;
  const pixel::InternalFormatInfo* info = nullptr;
};

const pixel::InternalFormatInfo* info_for_pipe_format(pipe::Format f) {
  switch (f) {
    case pipe::Format::RGBA8_UNORM:
    case pipe::Format::BGRA8_UNORM: return pixel::find_internal_format(GL_RGBA8);
    case pipe::Format::RGBA8_SRGB:
    case pipe::Format::BGRA8_SRGB: return pixel::find_internal_format(GL_SRGB8_ALPHA8);
    case pipe::Format::RGB8_UNORM: return pixel::find_internal_format(GL_RGB8);
    case pipe::Format::B5G6R5_UNORM: return pixel::find_internal_format(GL_RGB565);
    case pipe::Format::RGBA4_UNORM: return pixel::find_internal_format(GL_RGBA4);
    case pipe::Format::RGB5A1_UNORM: return pixel::find_internal_format(GL_RGB5_A1);
    case pipe::Format::RGB10A2_UNORM: return pixel::find_internal_format(GL_RGB10_A2);
    default: return nullptr;
  }
}

// The read framebuffer's read buffer (ES 3.0 §3.8.5), or the error.
bool copy_source(Context& ctx, CopySource* out) {
  if (!ctx.read_framebuffer) {
    const Drawable* dr = ctx.read();
    if (!dr) return fail(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
    if (!dr->color || ctx.default_read_buffer == GL_NONE) return fail(ctx, GL_INVALID_OPERATION);
    if (dr->color->templ().samples > 1) return fail(ctx, GL_INVALID_OPERATION);
    out->resource = dr->color.get();
    out->width = dr->width;
    out->height = dr->height;
    out->info = info_for_pipe_format(dr->color->templ().format);
  } else {
    Framebuffer& fb = *ctx.read_framebuffer;
    if (check_framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE)
      return fail(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
    if (fb.read_buffer == GL_NONE) return fail(ctx, GL_INVALID_OPERATION);
    const unsigned i = fb.read_buffer - GL_COLOR_ATTACHMENT0;
    if (i >= kMaxColorAttachments) return fail(ctx, GL_INVALID_OPERATION);
    Attachment& a = fb.color[i];
    if (a.type == GL_TEXTURE && a.texture) {
      const unsigned face = a.texture->target == GL_TEXTURE_CUBE_MAP ? static_cast<unsigned>(a.layer) : 0u;
      const TextureImage* img = a.texture->image(a.level, face);
      out->info = img ? img->info : nullptr;
    } else if (a.type == GL_RENDERBUFFER && a.renderbuffer) {
      out->info = pixel::find_internal_format(a.renderbuffer->internal_format);
    }
    if (!a.surface) return fail(ctx, GL_INVALID_OPERATION);
    pipe::Surface* s = a.surface.get();
    if (s->resource()->templ().samples > 1) return fail(ctx, GL_INVALID_OPERATION);
    out->resource = s->resource();
    out->level = s->templ().level;
    out->layer = s->templ().first_layer;
    out->width = static_cast<GLint>(s->width());
    out->height = static_cast<GLint>(s->height());
  }
  if (!out->info) out->info = info_for_pipe_format(out->resource->templ().format);
  if (!out->info) return fail(ctx, GL_INVALID_OPERATION);
  return true;
}

CompressedCopySource compressed_source(const CopySource& s) {
  return CompressedCopySource{s.resource, s.level, s.layer, s.width, s.height, s.info};
}

// ES 3.0 §3.8.5 / table 3.15: the destination's components must be a subset
// of the source's, and both of the same kind (normalized, float, signed or
// unsigned integer, linear or sRGB).
// SNORM destinations only from SNORM buffers, which exist with
// EXT_render_snorm (and on desktop).
bool copy_compatible(const pixel::InternalFormatInfo& src, const pixel::InternalFormatInfo& dst) {
  if (!dst.is_color() || dst.is_compressed() || !src.is_color()) return false;
  if (src.component_type != dst.component_type) return false;
  if (src.srgb != dst.srgb) return false;
  const bool need_r = dst.bits.red || dst.bits.luminance, need_g = dst.bits.green, need_b = dst.bits.blue;
  const bool need_a = dst.bits.alpha;
  if ((need_r && !src.bits.red) || (need_g && !src.bits.green) || (need_b && !src.bits.blue) ||
      (need_a && !src.bits.alpha))
    return false;
  return true;
}

// The effective format of CopyTexImage2D's internalformat for this source.
GLenum copy_dest_format(Context& ctx, GLenum internal_format, const pixel::InternalFormatInfo& src,
                        const pixel::InternalFormatInfo** out) {
  const pixel::FormatFeatures features = texture_format_features(ctx);
  switch (internal_format) {
    case GL_RGB:
      *out = pixel::find_internal_format(src.internal_format == GL_RGB565 ? GL_RGB565 : GL_RGB8);
      return GL_NO_ERROR;
    case GL_RGBA:
      *out = pixel::find_internal_format(src.internal_format == GL_RGBA4     ? GL_RGBA4
                                         : src.internal_format == GL_RGB5_A1 ? GL_RGB5_A1
                                                                             : GL_RGBA8);
      return GL_NO_ERROR;
    case GL_ALPHA:
    case GL_LUMINANCE:
    case GL_LUMINANCE_ALPHA: {
      const pixel::FormatResolution r =
          pixel::resolve_tex_image_format(static_cast<int32_t>(internal_format), internal_format, GL_UNSIGNED_BYTE,
                                          features);
      *out = r.info;
      return r.info ? GL_NO_ERROR : GL_INVALID_ENUM;
    }
    default: break;
  }
  const pixel::InternalFormatInfo* info = pixel::find_internal_format(internal_format, features);
  if (!info || info->is_compressed() || (info->availability & pixel::kAvailLegacy && !(info->availability & pixel::kAvailEs3)))
    return GL_INVALID_ENUM;
  if (!info->is_color()) return GL_INVALID_OPERATION;
  *out = info;
  return GL_NO_ERROR;
}

// Blits the part of the source rectangle inside the read buffer.
// `rows_are_layers`: the destination is a 1D array, whose layers dz.. take
// the source's rows (dy is then 0).
void copy_region(Context& ctx, const CopySource& src, GLint x, GLint y, GLsizei w, GLsizei h, const TextureImage& img,
                 GLint dx, GLint dy, GLint dz, bool rows_are_layers) {
  // In 64 bits: x + w and x0 - x overflow an int at the ends of its range
  // (a source rectangle at INT_MAX or INT_MIN is legal and copies nothing).
  const int64_t x0 = std::max<int64_t>(0, x), y0 = std::max<int64_t>(0, y);
  const int64_t x1 = std::min<int64_t>(src.width, int64_t{x} + w);
  const int64_t y1 = std::min<int64_t>(src.height, int64_t{y} + h);
  if (x1 <= x0 || y1 <= y0 || !img.resource) return;
  pipe::BlitInfo b;
  b.src.resource = src.resource;
  b.src.level = src.level;
  // Inside the source now: every value below fits an int32.
  b.src.box.x = static_cast<int32_t>(x0);
  b.src.box.y = static_cast<int32_t>(y0);
  b.src.box.z = static_cast<int32_t>(src.layer);
  b.src.box.width = static_cast<int32_t>(x1 - x0);
  b.src.box.height = static_cast<int32_t>(y1 - y0);
  b.src.box.depth = 1;
  b.dst.resource = img.resource.get();
  b.dst.level = img.resource_level;
  b.dst.box.x = dx + static_cast<int32_t>(x0 - x);
  b.dst.box.y = dy + static_cast<int32_t>(y0 - y);
  b.dst.box.z = dz + static_cast<int32_t>(img.resource_layer);
  b.dst.box.width = static_cast<int32_t>(x1 - x0);
  b.dst.box.height = static_cast<int32_t>(y1 - y0);
  b.dst.box.depth = 1;
  b.mask = pipe::kBlitColor;
  b.filter = pipe::Filter::Nearest;
  if (!rows_are_layers) return ctx.pipe().blit(b);
  // One blit per row, each into its layer.
  const int32_t rows = b.src.box.height, first_layer = dz + static_cast<int32_t>(img.resource_layer) +
                                                       static_cast<int32_t>(y0 - y);
  b.src.box.height = b.dst.box.height = 1;
  b.dst.box.y = 0;
  for (int32_t r = 0; r < rows; ++r) {
    b.src.box.y = static_cast<int32_t>(y0) + r;
    b.dst.box.z = first_layer + r;
    ctx.pipe().blit(b);
  }
}

void copy_tex_image(Context& ctx, GLenum texture_target, unsigned face, GLint level, GLenum internalformat, GLint x,
                    GLint y, GLsizei width, GLsizei height, GLint border) {
  // A 1D array's rows become its layers.
  const bool rows_are_layers = texture_target == GL_TEXTURE_1D_ARRAY;
  const GLsizei h = rows_are_layers ? 1 : height, d = rows_are_layers ? height : 1;
  if (!check_level(ctx, texture_target, level) || !check_size(ctx, texture_target, level, width, h, d)) return;
  if (border != 0) return ctx.set_error(GL_INVALID_VALUE);
  CopySource src;
  if (!copy_source(ctx, &src)) return;
  // A format the GL compresses (compressed_copy.h): from colour buffers
  // that are not integer, into targets that take the format.
  const pixel::FormatFeatures features = texture_format_features(ctx);
  const pixel::InternalFormatInfo* compressed = pixel::find_internal_format(internalformat, features);
  if (compressed && copy_can_compress(ctx, *compressed)) {
    if (!src.info->is_color() || src.info->is_integer()) return ctx.set_error(GL_INVALID_OPERATION);
    if (const GLenum e = pixel::check_format_for_target(*compressed, texture_target, features); e != GL_NO_ERROR)
      return ctx.set_error(e);
    if (const GLenum e = check_desktop_target_format(*compressed, texture_target); e != GL_NO_ERROR)
      return ctx.set_error(e);
    Texture* tex = texture_for_spec(ctx, texture_target);
    if (!tex) return;
    if (!define_image(ctx, *tex, level, face, internalformat, compressed, uint32_t(width), uint32_t(h), uint32_t(d)))
      return;
    ctx.dirty(kDirtyTextures);
    if (copy_compressing(ctx, compressed_source(src), x, y, width, height, tex->images[level][face], 0, 0, 0))
      compat::image_changed(ctx, *tex, level);
    return;
  }
  const pixel::InternalFormatInfo* info = nullptr;
  if (const GLenum e = copy_dest_format(ctx, internalformat, *src.info, &info); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (!copy_compatible(*src.info, *info)) return ctx.set_error(GL_INVALID_OPERATION);
  Texture* tex = texture_for_spec(ctx, texture_target);
  if (!tex) return;
  if (!define_image(ctx, *tex, level, face, internalformat, info, uint32_t(width), uint32_t(h), uint32_t(d))) return;
  copy_region(ctx, src, x, y, width, height, tex->images[level][face], 0, 0, 0, rows_are_layers);
  ctx.dirty(kDirtyTextures);
  compat::image_changed(ctx, *tex, level);
}

void copy_tex_sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint xoffset,
                        GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei w, GLsizei h) {
  // A 1D array's rows are layers (zoffset is 0 then: CopyTexSubImage2D).
  const bool rows_are_layers = texture_target == GL_TEXTURE_1D_ARRAY;
  const TextureImage* img =
      rows_are_layers ? sub_image(ctx, t, texture_target, face, level, xoffset, 0, yoffset, w, 1, h)
                      : sub_image(ctx, t, texture_target, face, level, xoffset, yoffset, zoffset, w, h, 1);
  if (!img) return;
  CopySource src;
  if (!copy_source(ctx, &src)) return;
  if (img->info->is_compressed()) {
    // Only into images the GL compresses, whole blocks (as TexSubImage).
    if (!copy_can_compress(ctx, *img->info) || !src.info->is_color() || src.info->is_integer())
      return ctx.set_error(GL_INVALID_OPERATION);
    if (const GLenum e = pixel::check_compressed_sub_image_region(*img->info, xoffset, yoffset, uint32_t(w),
                                                                  uint32_t(h), uint32_t(img->width),
                                                                  uint32_t(img->height));
        e != GL_NO_ERROR)
      return ctx.set_error(e);
    if (!copy_compressing(ctx, compressed_source(src), x, y, w, h, *img, xoffset, yoffset, zoffset)) return;
    t->changed();
    ctx.dirty(kDirtyTextures);
    compat::image_changed(ctx, *t, level);
    return;
  }
  if (!copy_compatible(*src.info, *img->info)) return ctx.set_error(GL_INVALID_OPERATION);
  if (rows_are_layers) copy_region(ctx, src, x, y, w, h, *img, xoffset, 0, yoffset, true);
  else copy_region(ctx, src, x, y, w, h, *img, xoffset, yoffset, zoffset, false);
  t->changed();
  ctx.dirty(kDirtyTextures);
  compat::image_changed(ctx, *t, level);
}

}  // namespace spec

using namespace spec;

void CopyTexImage2D(Context& ctx, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y, GLsizei width,
                    GLsizei height, GLint border) {
  Target2D t;
  if (target_2d(target, &t))
    return copy_tex_image(ctx, t.texture_target, t.face, level, internalformat, x, y, width, height, border);
  if ((target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE) && ctx.desktop())
    return copy_tex_image(ctx, target, 0, level, internalformat, x, y, width, height, border);
  ctx.set_error(GL_INVALID_ENUM);
}

void CopyTexSubImage2D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y,
                       GLsizei width, GLsizei height) {
  if (desktop_2d_target(ctx, target))
    return copy_tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, yoffset, 0, x, y, width,
                              height);
  Target2D t;
  if (!target_2d(target, &t)) return ctx.set_error(GL_INVALID_ENUM);
  copy_tex_sub_image(ctx, bound_texture(ctx, t.texture_target), t.texture_target, t.face, level, xoffset, yoffset, 0, x, y, width, height);
}

void CopyTexSubImage3D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x,
                       GLint y, GLsizei width, GLsizei height) {
  if (!is_target_3d(target) || !target_available(ctx, target_index(target))) return ctx.set_error(GL_INVALID_ENUM);
  copy_tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, yoffset, zoffset, x, y, width,
                     height);
}

}  // namespace brass::gl::api
