// Renderbuffer objects (ES 3.0 §4.4.2): names, binding, storage and queries,
// and glGetInternalformativ's sample counts.
#include <algorithm>
#include <vector>

#include "gl/context.h"
#include "gl/internalformat_query2.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/pixel/format_table.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

// The sized format that backs a renderbuffer of `internal_format` (color-,
// depth- or stencil-renderable; desktop GL also takes the base formats
// RED, RG, RGB, RGBA, DEPTH_COMPONENT, DEPTH_STENCIL and STENCIL_INDEX,
// GL 4.6 §9.4), or null.
const pixel::InternalFormatInfo* renderbuffer_format(const Context& ctx, GLenum internal_format) {
  const pixel::FormatResolution res = pixel::resolve_renderbuffer_format(internal_format, ctx.format_features);
  return res.error == GL_NO_ERROR ? res.info : nullptr;
}

uint32_t usage_of(const pixel::InternalFormatInfo& info) {
  return info.is_color() ? pipe::kUsageColorAttachment : pipe::kUsageDepthStencil;
}

// Sample counts the device supports for a renderbuffer format, highest
// first, up to MAX_SAMPLES.
std::vector<GLint> sample_counts(Context& ctx, const pixel::InternalFormatInfo& info) {
  std::vector<GLint> counts;
  for (GLint n = 16; n >= 2; n /= 2) {
    if (n > ctx.limits.max_samples) continue;
    if (ctx.screen().is_format_supported(info.storage, pipe::Target::Texture2D, static_cast<uint32_t>(n),
                                         usage_of(info)))
      counts.push_back(n);
  }
  return counts;
}

// The attachment points of the bound framebuffers referencing `rb` lose it
// (§4.4.2.3); other framebuffers keep their reference.
void detach_renderbuffer(Context& ctx, Renderbuffer* rb) {
  for (Framebuffer* fb : {ctx.draw_framebuffer.get(), ctx.read_framebuffer.get()}) {
    if (!fb) continue;
    auto detach = [&](Attachment& a) {
      if (a.type == GL_RENDERBUFFER && a.renderbuffer.get() == rb) {
        a = Attachment{};
        ++fb->generation;
      }
    };
    for (Attachment& a : fb->color) detach(a);
    detach(fb->depth);
    detach(fb->stencil);
  }
  ctx.dirty(kDirtyFramebuffer);
}

}  // namespace

// `rb` null: none bound (INVALID_OPERATION after the argument checks).
void renderbuffer_storage(Context& ctx, Renderbuffer* rb, GLsizei samples, GLenum internalformat, GLsizei width,
                          GLsizei height) {
  // With EXT_texture_format_BGRA8888 the unsized BGRA_EXT names the same
  // color-renderable format as BGRA8_EXT (ES 2.0 applications pass it).
  if (internalformat == GL_BGRA_EXT && ctx.format_features.bgra8888) internalformat = GL_BGRA8_EXT;
  // Desktop GL's other sized stencil formats (GL 4.6 table 8.22, and
  // EXT_framebuffer_object's STENCIL_INDEX*_EXT, the same enums) are stored
  // with 8 stencil bits, the only stencil resolution devices have; the
  // renderbuffer reports them as STENCIL_INDEX8 with RENDERBUFFER_STENCIL_SIZE 8
  // (an implementation may pick another resolution than the one asked for).
  if (ctx.desktop() && (internalformat == GL_STENCIL_INDEX1 || internalformat == GL_STENCIL_INDEX4 ||
                        internalformat == GL_STENCIL_INDEX16))
    internalformat = GL_STENCIL_INDEX8;
  const pixel::InternalFormatInfo* info = renderbuffer_format(ctx, internalformat);
  if (!info) return ctx.set_error(GL_INVALID_ENUM);
  if (samples < 0 || width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (width > ctx.limits.max_renderbuffer_size || height > ctx.limits.max_renderbuffer_size)
    return ctx.set_error(GL_INVALID_VALUE);
  if (!rb) return ctx.set_error(GL_INVALID_OPERATION);
  GLsizei actual = 0;
  if (samples > 0) {
    if (samples > ctx.limits.max_samples) return ctx.set_error(GL_INVALID_OPERATION);
    // ES 3.0 §4.4.2.1: no multisampled integer renderbuffers. ES 3.1
    // §9.2.4 allows them, up to what GetInternalformativ reports.
    if (info->is_integer() && !ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
    // Rounded up to the lowest supported count that is at least `samples`.
    const std::vector<GLint> counts = sample_counts(ctx, *info);
    for (GLint n : counts)
      if (n >= samples) actual = n;
    if (!actual) return ctx.set_error(GL_INVALID_OPERATION);  // more than this format supports
  }
  Ref<pipe::Resource> resource;
  if (width > 0 && height > 0) {
    pipe::ResourceTemplate t;
    t.target = pipe::Target::Texture2D;
    t.format = info->storage;
    t.width = static_cast<uint32_t>(width);
    t.height = static_cast<uint32_t>(height);
    t.samples = static_cast<uint32_t>(std::max<GLsizei>(1, actual));
    t.bind = info->is_color() ? pipe::kBindRenderTarget : pipe::kBindDepthStencil;
    // Single-sampled renderbuffers are also sampleable where the device
    // can: an EGLImage made from one may become a texture (OES_EGL_image).
    if (t.samples == 1 &&
        ctx.screen().is_format_supported(t.format, pipe::Target::Texture2D, 1, usage_of(*info) | pipe::kUsageSampled))
      t.bind |= pipe::kBindSamplerView;
    pipe::Status status = pipe::Status::Ok;
    resource = ctx.screen().resource_create(t, &status);
    if (!resource) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  rb->resource = std::move(resource);
  rb->resource_level = rb->resource_layer = 0;
  rb->egl_image.reset();  // new storage orphans it from an EGLImage
  // As the application named it, but for a desktop base format, which is
  // kept as the sized format chosen for it (what every reader of the
  // renderbuffer's format looks up).
  rb->internal_format = pixel::find_internal_format(internalformat) ? internalformat : info->internal_format;
  rb->width = width;
  rb->height = height;
  rb->samples = actual;
  rb->generation = next_object_generation();
  ctx.dirty(kDirtyFramebuffer);
}

namespace api {

void GenRenderbuffers(Context& ctx, GLsizei n, GLuint* renderbuffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !renderbuffers) return;
  ctx.share_group().renderbuffers.generate(n, renderbuffers);
}

void DeleteRenderbuffers(Context& ctx, GLsizei n, const GLuint* renderbuffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!renderbuffers) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (renderbuffers[i] == 0) continue;
    Ref<Renderbuffer> rb = ctx.share_group().renderbuffers.remove(renderbuffers[i]);
    if (!rb) continue;
    if (ctx.renderbuffer.get() == rb.get()) ctx.renderbuffer.reset();
    detach_renderbuffer(ctx, rb.get());
  }
}

GLboolean IsRenderbuffer(Context& ctx, GLuint renderbuffer) {
  return renderbuffer != 0 && ctx.share_group().renderbuffers.lookup(renderbuffer) ? GL_TRUE : GL_FALSE;
}

}  // namespace api

// `allow_unreserved`: whether a name glGenRenderbuffers did not return gets
// an object (ES, the compatibility profile, as Mesa and the pre-profile
// GL 3.0 rules do, and EXT_framebuffer_object) or INVALID_OPERATION (the
// core profile, GL 4.6 core §9.2.4).
void bind_renderbuffer(Context& ctx, GLenum target, GLuint renderbuffer, bool allow_unreserved) {
  if (target != GL_RENDERBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  if (renderbuffer == 0) {
    ctx.renderbuffer.reset();
    return;
  }
  Ref<Renderbuffer> rb = ctx.share_group().renderbuffers.get_or_create(
      renderbuffer, allow_unreserved, [](GLuint name) { return make_ref<Renderbuffer>(name); });
  if (!rb) return ctx.set_error(allow_unreserved ? GL_OUT_OF_MEMORY : GL_INVALID_OPERATION);
  bind(ctx.renderbuffer, rb);
}

namespace api {

void BindRenderbuffer(Context& ctx, GLenum target, GLuint renderbuffer) {
  bind_renderbuffer(ctx, target, renderbuffer, !ctx.desktop() || ctx.compatibility());
}

void RenderbufferStorage(Context& ctx, GLenum target, GLenum internalformat, GLsizei width, GLsizei height) {
  if (target != GL_RENDERBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  renderbuffer_storage(ctx, ctx.renderbuffer.get(), 0, internalformat, width, height);
}

void RenderbufferStorageMultisample(Context& ctx, GLenum target, GLsizei samples, GLenum internalformat,
                                    GLsizei width, GLsizei height) {
  if (target != GL_RENDERBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  renderbuffer_storage(ctx, ctx.renderbuffer.get(), samples, internalformat, width, height);
}

void GetRenderbufferParameteriv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  if (target != GL_RENDERBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  renderbuffer_parameter(ctx, ctx.renderbuffer.get(), pname, params);
}

}  // namespace api

void renderbuffer_parameter(Context& ctx, const Renderbuffer* rb, GLenum pname, GLint* params) {
  const pixel::InternalFormatInfo* info = rb ? pixel::find_internal_format(rb->internal_format) : nullptr;
  const bool has_storage = rb && rb->width > 0 && rb->height > 0 && info;
  GLint v = 0;
  auto bits = [&](uint8_t b) { return has_storage ? static_cast<GLint>(b) : 0; };
  switch (pname) {
    case GL_RENDERBUFFER_WIDTH:
    case GL_RENDERBUFFER_HEIGHT:
    case GL_RENDERBUFFER_INTERNAL_FORMAT:
    case GL_RENDERBUFFER_SAMPLES:
    case GL_RENDERBUFFER_RED_SIZE:
    case GL_RENDERBUFFER_GREEN_SIZE:
    case GL_RENDERBUFFER_BLUE_SIZE:
    case GL_RENDERBUFFER_ALPHA_SIZE:
    case GL_RENDERBUFFER_DEPTH_SIZE:
    case GL_RENDERBUFFER_STENCIL_SIZE: break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!rb) return ctx.set_error(GL_INVALID_OPERATION);
  switch (pname) {
    case GL_RENDERBUFFER_WIDTH: v = rb->width; break;
    case GL_RENDERBUFFER_HEIGHT: v = rb->height; break;
    // Before any storage: table 23.27's initial value (ES: RGBA4).
    case GL_RENDERBUFFER_INTERNAL_FORMAT:
      v = static_cast<GLint>(rb->internal_format != GL_NONE ? rb->internal_format : ctx.desktop() ? GL_RGBA : GL_RGBA4);
      break;
    case GL_RENDERBUFFER_SAMPLES: v = rb->samples; break;
    case GL_RENDERBUFFER_RED_SIZE: v = bits(info ? info->bits.red : 0); break;
    case GL_RENDERBUFFER_GREEN_SIZE: v = bits(info ? info->bits.green : 0); break;
    case GL_RENDERBUFFER_BLUE_SIZE: v = bits(info ? info->bits.blue : 0); break;
    case GL_RENDERBUFFER_ALPHA_SIZE: v = bits(info ? info->bits.alpha : 0); break;
    case GL_RENDERBUFFER_DEPTH_SIZE: v = bits(info ? info->bits.depth : 0); break;
    case GL_RENDERBUFFER_STENCIL_SIZE: v = bits(info ? info->bits.stencil : 0); break;
    default: break;
  }
  if (params) *params = v;
}

namespace api {

void GetInternalformativ(Context& ctx, GLenum target, GLenum internalformat, GLenum pname, GLsizei bufSize,
                         GLint* params) {
  // Desktop contexts answer every pname of ARB_internalformat_query2.
  if (ctx.desktop()) return internalformat_query2(ctx, target, internalformat, pname, bufSize, params, nullptr);
  // ES 3.1 adds multisample textures, whose counts must also be sampled.
  const bool texture = (target == GL_TEXTURE_2D_MULTISAMPLE && ctx.es31()) ||
                       (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES && ctx.multisample_2d_array());
  if (target != GL_RENDERBUFFER && !texture) return ctx.set_error(GL_INVALID_ENUM);
  const pixel::InternalFormatInfo* info = renderbuffer_format(ctx, internalformat);
  if (!info) return ctx.set_error(GL_INVALID_ENUM);
  if (pname != GL_SAMPLES && pname != GL_NUM_SAMPLE_COUNTS) return ctx.set_error(GL_INVALID_ENUM);
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  std::vector<GLint> counts;
  if (texture) {
    const SampleCounts c = multisample_texture_counts(ctx, *info);
    counts.assign(c.values.begin(), c.values.begin() + c.count);
  } else if (!info->is_integer() || ctx.es31()) {
    // ES 3.0 §6.1.15: integer formats may report no multisample support
    // (ES 3.0 has no multisampled integer renderbuffers).
    counts = sample_counts(ctx, *info);
  }
  if (!params || bufSize == 0) return;
  if (pname == GL_NUM_SAMPLE_COUNTS) {
    params[0] = static_cast<GLint>(counts.size());
    return;
  }
  for (size_t i = 0; i < counts.size() && i < static_cast<size_t>(bufSize); ++i) params[i] = counts[i];
}

}  // namespace api
}  // namespace brass::gl
