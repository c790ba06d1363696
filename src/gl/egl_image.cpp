// EGLImage sources (EGL_KHR_gl_texture_2D_image,
// EGL_KHR_gl_texture_cubemap_image, EGL_KHR_gl_renderbuffer_image) and the
// handle resolver EGL installs. The checks are the EGL 1.5 §3.9.1 errors
// that concern the GL object; EGL checks its own arguments first.
#include "gl/egl_image.h"

#include <atomic>

#include "gl/context.h"
#include "gl/texture_storage.h"

namespace brass::gl {

namespace {

std::atomic<ImageResolver> g_resolver{nullptr};

}  // namespace

void set_image_resolver(ImageResolver resolver) { g_resolver.store(resolver, std::memory_order_release); }

Ref<ImageStorage> resolve_image(void* image) {
  const ImageResolver r = g_resolver.load(std::memory_order_acquire);
  if (!r || !image) return {};
  return r(image);
}

ImageSourceError image_from_texture(Context& ctx, GLuint name, GLenum target, GLint layer, GLint level,
                                    Ref<ImageStorage>* out) {
  // The default texture (0) is no source, nor a name of another kind.
  if (name == 0) return ImageSourceError::BadParameter;
  const Ref<Texture> tex = ctx.share_group().textures.lookup(name);
  if (!tex || tex->target != target) return ImageSourceError::BadParameter;
  const unsigned face = target == GL_TEXTURE_CUBE_MAP ? static_cast<unsigned>(layer) : 0u;
  if (level < 0 || level >= static_cast<GLint>(kMaxTextureLevels)) return ImageSourceError::BadMatch;
  if (!check_completeness(ctx, *tex, tex->sampler).complete) {
    // An incomplete texture is a source only at level 0, and only when it
    // has level 0 alone (every face of a cube map).
    if (level != 0) return ImageSourceError::BadParameter;
    for (size_t l = 1; l < tex->images.size(); ++l)
      for (unsigned f = 0; f < tex->faces(); ++f)
        if (tex->image(static_cast<GLint>(l), f)) return ImageSourceError::BadParameter;
    for (unsigned f = 0; f < tex->faces(); ++f)
      if (!tex->image(0, f)) return ImageSourceError::BadParameter;
  }
  // A complete texture whose chain does not include `level`.
  const TextureImage* img = tex->image(level, face);
  if (!img) return ImageSourceError::BadMatch;
  // A 3D level's slices are separate sources; the level remembers the last.
  const bool three_d = target == GL_TEXTURE_3D;
  if (img->egl_image && (!three_d || img->egl_image->layer == img->resource_layer + static_cast<uint32_t>(layer)))
    return ImageSourceError::BadAccess;
  if (!img->resource) return ImageSourceError::BadParameter;  // zero-sized: no texels to share
  // EGL_GL_TEXTURE_ZOFFSET past the level's depth.
  if (three_d && (layer < 0 || layer >= img->depth)) return ImageSourceError::BadParameter;
  // The level's home is the texture's main resource when its chain is
  // consistent, so that sampling the texture and the image read one copy.
  uint32_t rlevel = 0, rlayer = 0;
  const pipe::Resource* before = img->resource.get();
  pipe::Resource* r = texture_image_storage(ctx, *tex, level, layer, &rlevel, &rlayer);
  if (!r) return ImageSourceError::BadAlloc;
  // The move is a copy recorded in `ctx`: submitted now, so a context that
  // uses the image after the application synchronized with `ctx`'s earlier
  // work does not read the level before the copy (the application cannot
  // know about it to wait for it).
  if (r != before) ctx.pipe().flush(nullptr, 0);
  TextureImage& home = tex->images[static_cast<size_t>(level)][face];
  auto s = make_ref<ImageStorage>();
  s->screen = &ctx.screen();
  s->resource = Ref<pipe::Resource>::share(r);
  s->level = rlevel;
  s->layer = rlayer;
  s->internal_format = home.internal_format;
  s->info = home.info;
  s->width = home.width;
  s->height = home.height;
  home.egl_image = s;
  *out = std::move(s);
  return ImageSourceError::None;
}

ImageSourceError image_from_renderbuffer(Context& ctx, GLuint name, Ref<ImageStorage>* out) {
  if (name == 0) return ImageSourceError::BadParameter;
  const Ref<Renderbuffer> rb = ctx.share_group().renderbuffers.lookup(name);
  if (!rb || rb->samples > 0) return ImageSourceError::BadParameter;
  if (rb->egl_image) return ImageSourceError::BadAccess;
  const pixel::InternalFormatInfo* info = pixel::find_internal_format(rb->internal_format);
  // No storage yet (never given any, or zero-sized): nothing to share.
  if (!rb->resource || !info) return ImageSourceError::BadParameter;
  auto s = make_ref<ImageStorage>();
  s->screen = &ctx.screen();
  s->resource = rb->resource;
  s->level = rb->resource_level;
  s->layer = rb->resource_layer;
  s->internal_format = rb->internal_format;
  s->info = info;
  s->width = rb->width;
  s->height = rb->height;
  rb->egl_image = s;
  *out = std::move(s);
  return ImageSourceError::None;
}

}  // namespace brass::gl
