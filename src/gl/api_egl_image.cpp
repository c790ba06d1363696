// EGLImage targets: GL_OES_EGL_image (glEGLImageTargetTexture2DOES,
// glEGLImageTargetRenderbufferStorageOES), GL_OES_EGL_image_external (the
// TEXTURE_EXTERNAL_OES target of both texture commands) and
// GL_EXT_EGL_image_storage (glEGLImageTargetTexStorageEXT). The texture or renderbuffer takes the
// image's storage itself, so it and every other sibling see one set of
// texels; its format and size are the image's. Respecifying it later gives
// it storage of its own again (texture_storage.cpp, api_renderbuffers.cpp).
#include "gl/context.h"
#include "gl/egl_image.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

// The image's storage, or null with the error recorded: INVALID_VALUE for a
// handle that names no live EGLImage, INVALID_OPERATION for one on another
// device (its memory cannot be used here).
Ref<ImageStorage> target_image(Context& ctx, GLeglImageOES image) {
  Ref<ImageStorage> s = resolve_image(image);
  if (!s) {
    ctx.set_error(GL_INVALID_VALUE);
    return {};
  }
  if (s->screen != &ctx.screen() || !s->resource) {
    ctx.set_error(GL_INVALID_OPERATION);
    return {};
  }
  return s;
}

// Whether a texture can sample the image: single-sampled storage made with
// sampling usage (a renderbuffer of a format the device cannot sample has none).
bool sampleable(const ImageStorage& s) {
  const pipe::ResourceTemplate& t = s.resource->templ();
  return t.samples <= 1 && (t.bind & pipe::kBindSamplerView) != 0;
}

// Makes `tex` (bound to TEXTURE_2D or TEXTURE_EXTERNAL_OES) a one-level
// texture over the image.
void make_texture_target(Context& ctx, Texture& tex, const Ref<ImageStorage>& s, bool immutable) {
  tex.images.assign(1, {});
  TextureImage& img = tex.images[0][0];
  img.internal_format = s->internal_format;
  img.info = s->info;
  img.width = s->width;
  img.height = s->height;
  img.depth = 1;
  img.resource = s->resource;
  img.resource_level = s->level;
  img.resource_layer = s->layer;
  img.egl_image = s;
  tex.resource = s->resource;
  // Level 0 of the texture is level `s->level` of the shared resource.
  tex.resource_base = -static_cast<GLint>(s->level);
  tex.main_shared = true;
  tex.immutable = immutable;
  tex.immutable_levels = immutable ? 1 : 0;
  // glEGLImageTargetTexStorageEXT's texture may be viewed (texture_view.h).
  tex.view_num_levels = tex.view_num_layers = immutable ? 1u : 0u;
  tex.changed();
  ctx.dirty(kDirtyTextures | kDirtyFramebuffer);
}

}  // namespace

namespace api {

void EGLImageTargetTexture2DOES(Context& ctx, GLenum target, GLeglImageOES image) {
  // TEXTURE_2D (OES_EGL_image) or, in OpenGL ES, TEXTURE_EXTERNAL_OES
  // (OES_EGL_image_external): either way one level over the image.
  if (target != GL_TEXTURE_2D && !(target == GL_TEXTURE_EXTERNAL_OES && !ctx.desktop()))
    return ctx.set_error(GL_INVALID_ENUM);
  Ref<ImageStorage> s = target_image(ctx, image);
  if (!s) return;
  Texture* tex = bound_texture(ctx, target);
  if (!tex) return ctx.set_error(GL_INVALID_ENUM);
  // Immutable storage cannot be replaced (ES 3.0 §3.8.4).
  if (tex->immutable || !sampleable(*s)) return ctx.set_error(GL_INVALID_OPERATION);
  make_texture_target(ctx, *tex, s, false);
}

void EGLImageTargetTexStorageEXT(Context& ctx, GLenum target, GLeglImageOES image, const GLint* attrib_list) {
  switch (target) {
    case GL_TEXTURE_2D:
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_3D:
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_CUBE_MAP_ARRAY:
    case GL_TEXTURE_EXTERNAL_OES: break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  // No attribute is defined: NULL or an empty list.
  if (attrib_list && attrib_list[0] != GL_NONE) return ctx.set_error(GL_INVALID_VALUE);
  if (!image) return ctx.set_error(GL_INVALID_VALUE);
  Ref<ImageStorage> s = target_image(ctx, image);
  if (!s) return;
  // Every image Brass makes is one 2D image: only TEXTURE_2D and, in
  // OpenGL ES, TEXTURE_EXTERNAL_OES (OES_EGL_image_external) can take it
  // (the other targets are valid names the image does not fit).
  if (target != GL_TEXTURE_2D && !(target == GL_TEXTURE_EXTERNAL_OES && !ctx.desktop()))
    return ctx.set_error(GL_INVALID_OPERATION);
  Texture* tex = bound_texture(ctx, target);
  if (!tex) return ctx.set_error(GL_INVALID_ENUM);
  if (tex->name() == 0 || tex->immutable || !sampleable(*s)) return ctx.set_error(GL_INVALID_OPERATION);
  make_texture_target(ctx, *tex, s, true);
}

void EGLImageTargetRenderbufferStorageOES(Context& ctx, GLenum target, GLeglImageOES image) {
  if (target != GL_RENDERBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  Ref<ImageStorage> s = target_image(ctx, image);
  if (!s) return;
  Renderbuffer* rb = ctx.renderbuffer.get();
  if (!rb) return ctx.set_error(GL_INVALID_OPERATION);
  // Renderbuffers are attachments: the format must be renderable and the
  // storage made for rendering (not, for example, a compressed texture).
  const pixel::InternalFormatInfo& info = *s->info;
  const pipe::ResourceTemplate& t = s->resource->templ();
  const bool color = info.is_color() && pixel::is_color_renderable(info, ctx.format_features) &&
                     (t.bind & pipe::kBindRenderTarget);
  const bool depth_stencil = !info.is_color() && (t.bind & pipe::kBindDepthStencil);
  if (info.is_compressed() || (!color && !depth_stencil)) return ctx.set_error(GL_INVALID_OPERATION);
  rb->resource = s->resource;
  rb->resource_level = s->level;
  rb->resource_layer = s->layer;
  rb->internal_format = info.internal_format;
  rb->width = s->width;
  rb->height = s->height;
  rb->samples = 0;
  rb->egl_image = s;
  rb->generation = next_object_generation();
  ctx.dirty(kDirtyFramebuffer);
}

}  // namespace api

}  // namespace brass::gl
