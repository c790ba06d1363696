// ES 3.1 multisample textures and sample state: glTexStorage2DMultisample
// (§8.8) and glTexStorage3DMultisample (OES_texture_storage_multisample_2d_array,
// ES 3.2 §8.8), glSampleMaski (§13.8.3) and glGetMultisamplefv (§14.3.1). The
// TEXTURE_2D_MULTISAMPLE binding point, its parameters and level queries are
// handled with the other targets (api_textures.cpp), its attachment with the
// framebuffer calls (api_framebuffers.cpp), its sampling by texture
// validation (texture_validation.cpp); SAMPLE_MASK is an enable
// (api_state.cpp) and SAMPLE_MASK_VALUE an indexed query (state_queries.cpp).
#include "gl/context.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/state_queries.h"
#include "gl/texture_proxy.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// glTexStorage2DMultisample, glTexStorage3DMultisample and
// glTexImage2DMultisample after their own checks of the target: the
// format, size and sample count rules they share (ES 3.1 §8.8,
// OES_texture_storage_multisample_2d_array, GL 4.6 §8.8), then `depth`
// layers of one level; every error checked before anything changes.
// `proxy`: the query is for a proxy target (texture_proxy.h), whose state
// this sets instead; a size past the limits is then no error.
void multisample_image(Context& ctx, GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                       GLsizei height, GLsizei depth, GLboolean fixedsamplelocations, bool immutable,
                       Texture* proxy = nullptr, Texture* named = nullptr) {
  // Sized color-, depth- or stencil-renderable formats only (unsized and
  // compressed ones are INVALID_ENUM), as for renderbuffers.
  const pixel::FormatResolution res = pixel::resolve_renderbuffer_format(internalformat, ctx.format_features);
  if (res.error != GL_NO_ERROR) return ctx.set_error(res.error);
  const bool too_large = width > ctx.limits.max_texture_size || height > ctx.limits.max_texture_size ||
                         (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES && depth > ctx.limits.max_array_texture_layers);
  if (samples < 1 || width < 1 || height < 1 || depth < 1 || (too_large && !proxy))
    return ctx.set_error(GL_INVALID_VALUE);
  // More samples than GetInternalformativ(SAMPLES) reports for the format.
  const SampleCounts counts = multisample_texture_counts(ctx, *res.info);
  if (counts.count == 0 || samples > counts.values[0]) return ctx.set_error(GL_INVALID_OPERATION);
  if (proxy) {
    GLsizei actual = counts.values[0];
    for (unsigned i = 0; i < counts.count; ++i)
      if (counts.values[i] >= samples) actual = counts.values[i];
    return set_proxy_images(ctx, *proxy, 0, 1, res.info->internal_format, res.info, uint32_t(width), uint32_t(height),
                            uint32_t(depth), !too_large, actual, fixedsamplelocations != GL_FALSE);
  }
  Texture* t = named ? named : bound_texture(ctx, target);
  // Texture 0 has no storage to change (ES); an immutable texture keeps its
  // image (both commands, GL 4.6 §8.8).
  if (!t || (immutable && t->name() == 0) || t->immutable) return ctx.set_error(GL_INVALID_OPERATION);
  // At least `samples`, and no more than the next count supported (§8.8):
  // the smallest listed count that is not below the request.
  GLsizei actual = counts.values[0];
  for (unsigned i = 0; i < counts.count; ++i)
    if (counts.values[i] >= samples) actual = counts.values[i];
  if (!allocate_multisample(ctx, *t, actual, res.info, static_cast<uint32_t>(width), static_cast<uint32_t>(height),
                            static_cast<uint32_t>(depth), fixedsamplelocations != GL_FALSE, immutable))
    return;
  ctx.dirty(kDirtyTextures | kDirtyFramebuffer);
}

GLenum sized_multisample_format(GLenum internalformat) {
  switch (internalformat) {
    case GL_RED: return GL_R8;
    case GL_RG: return GL_RG8;
    case GL_RGB: return GL_RGB8;
    case GL_RGBA: return GL_RGBA8;
    case GL_DEPTH_COMPONENT: return GL_DEPTH_COMPONENT24;
    case GL_DEPTH_STENCIL: return GL_DEPTH24_STENCIL8;
    default: return internalformat;
  }
}

// Immutable storage takes sized formats only (GL 4.6 §8.19), also where a
// desktop context's renderbuffer rules would take the unsized ones.
bool unsized_storage_format(GLenum internalformat) {
  switch (internalformat) {
    case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA: case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL:
    case GL_STENCIL_INDEX: return true;
    default: return false;
  }
}

}  // namespace

void texture_storage_multisample(Context& ctx, Texture& t, GLsizei samples, GLenum internalformat, GLsizei width,
                                 GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  if (unsized_storage_format(internalformat)) return ctx.set_error(GL_INVALID_ENUM);
  multisample_image(ctx, t.target, samples, internalformat, width, height, depth, fixedsamplelocations, true, nullptr,
                    &t);
}

void TexStorage2DMultisample(Context& ctx, GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                             GLsizei height, GLboolean fixedsamplelocations) {
  // An ES 3.1 command: not there in ES 3.0 contexts.
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  Texture* proxy = target == GL_PROXY_TEXTURE_2D_MULTISAMPLE ? proxy_texture(ctx, target) : nullptr;
  if (target != GL_TEXTURE_2D_MULTISAMPLE && !proxy) return ctx.set_error(GL_INVALID_ENUM);
  if (unsized_storage_format(internalformat)) return ctx.set_error(GL_INVALID_ENUM);
  multisample_image(ctx, GL_TEXTURE_2D_MULTISAMPLE, samples, internalformat, width, height, 1, fixedsamplelocations,
                    true, proxy);
}

void TexStorage3DMultisample(Context& ctx, GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                             GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  if (!ctx.multisample_2d_array()) return ctx.set_error(GL_INVALID_OPERATION);
  Texture* proxy = target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY ? proxy_texture(ctx, target) : nullptr;
  if (target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES && !proxy) return ctx.set_error(GL_INVALID_ENUM);
  if (unsized_storage_format(internalformat)) return ctx.set_error(GL_INVALID_ENUM);
  multisample_image(ctx, GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, samples, internalformat, width, height, depth,
                    fixedsamplelocations, true, proxy);
}

// GL 3.2 (ARB_texture_multisample): the mutable form, and its proxy query
// (texture_proxy.h).
void TexImage2DMultisample(Context& ctx, GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                           GLsizei height, GLboolean fixedsamplelocations) {
  if (target == GL_PROXY_TEXTURE_2D_MULTISAMPLE && ctx.desktop())
    return multisample_image(ctx, GL_TEXTURE_2D_MULTISAMPLE, samples, sized_multisample_format(internalformat), width,
                             height, 1, fixedsamplelocations, false, proxy_texture(ctx, target));
  if (target != GL_TEXTURE_2D_MULTISAMPLE) return ctx.set_error(GL_INVALID_ENUM);
  // GL 4.6 §9.4: the unsized RED, RG, RGB and RGBA are color-renderable,
  // DEPTH_COMPONENT and DEPTH_STENCIL depth-renderable, and this command
  // (unlike glTexStorage2DMultisample) takes them: the image gets the sized
  // format of 8 bits a channel (depth: 24 bits).
  multisample_image(ctx, target, samples, sized_multisample_format(internalformat), width, height, 1,
                    fixedsamplelocations, false);
}

// GL 3.2 (ARB_texture_multisample): TEXTURE_2D_MULTISAMPLE_ARRAY's mutable
// form, with the unsized formats glTexImage2DMultisample takes.
void TexImage3DMultisample(Context& ctx, GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                           GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  if (target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY && ctx.desktop())
    return multisample_image(ctx, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, samples, sized_multisample_format(internalformat),
                             width, height, depth, fixedsamplelocations, false, proxy_texture(ctx, target));
  if (target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY || !ctx.multisample_2d_array()) return ctx.set_error(GL_INVALID_ENUM);
  multisample_image(ctx, target, samples, sized_multisample_format(internalformat), width, height, depth,
                    fixedsamplelocations, false);
}

void SampleMaski(Context& ctx, GLuint maskNumber, GLbitfield mask) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  if (maskNumber >= static_cast<GLuint>(ctx.limits.max_sample_mask_words) || maskNumber >= kMaxSampleMaskWords)
    return ctx.set_error(GL_INVALID_VALUE);
  ctx.ff.sample_mask_value[maskNumber] = mask;
  ctx.dirty(kDirtySampleMask);
}

void GetMultisamplefv(Context& ctx, GLenum pname, GLuint index, GLfloat* val) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  if (pname != GL_SAMPLE_POSITION) return ctx.set_error(GL_INVALID_ENUM);
  // Positions of the draw framebuffer's samples; a single-sampled one has
  // none (SAMPLES is 0).
  const GLsizei samples = draw_framebuffer_samples(ctx);
  if (index >= static_cast<GLuint>(samples)) return ctx.set_error(GL_INVALID_VALUE);
  // A device with other than the standard locations does not say where its
  // samples are: the pixel's centre is what GL calls the location of a
  // pixel's fragment, and lies in [0, 1) like every answer must.
  float x = 0.5f, y = 0.5f;
  ctx.screen().sample_position(static_cast<uint32_t>(samples), index, &x, &y);
  if (!val) return;
  val[0] = x;
  val[1] = y;
}

}  // namespace brass::gl::api
