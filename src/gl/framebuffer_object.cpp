// Framebuffer objects at draw time: completeness (ES 3.0 §4.4.4), the pipe
// surfaces of their attachments and the pipe framebuffer state they bind.
#include <algorithm>

#include "gl/context.h"
#include "gl/framebuffer_srgb.h"
#include "gl/pixel/format_table.h"
#include "gl/texture_view.h"

namespace brass::gl {

namespace {


uint64_t object_generation(const Attachment& a) {
  if (a.type == GL_TEXTURE && a.texture) return a.texture->generation;
  if (a.type == GL_RENDERBUFFER && a.renderbuffer) return a.renderbuffer->generation;
  return 0;
}

bool same_image(const Attachment& a, const Attachment& b) {
  return a.type == b.type && a.texture.get() == b.texture.get() && a.renderbuffer.get() == b.renderbuffer.get() &&
         a.level == b.level && a.layer == b.layer && a.layered == b.layered;
}

// A layered cube attachment renders to the six faces of its level as
// consecutive layers of one resource: they must be specified alike (size and
// format) and stored together.
bool cube_faces_together(const Texture& t, GLint level) {
  const TextureImage* first = t.image(level, 0);
  if (!first || !first->defined()) return false;
  for (unsigned f = 1; f < 6; ++f) {
    const TextureImage* img = t.image(level, f);
    if (!img || img->info != first->info || img->width != first->width || img->height != first->height ||
        img->resource.get() != first->resource.get() || img->resource_layer != first->resource_layer + f)
      return false;
  }
  return true;
}

enum class Point { Color, Depth, Stencil };

// An ES image specified with an unsized internal format and type FLOAT
// (OES_texture_float; stored as its 32-bit float effective format) is a
// texture only: OES_texture_float makes nothing renderable, and
// EXT_color_buffer_float lists sized internal formats alone. (Unsized
// HALF_FLOAT_OES images differ: EXT_color_buffer_half_float names them.)
bool unsized_float_image(const pixel::FormatFeatures& features, const TextureImage& image) {
  const pixel::InternalFormatInfo& info = *image.info;
  if (features.api != pixel::ApiKind::Es || image.internal_format == info.internal_format) return false;
  const pixel::ComponentSizes& b = info.bits;
  return info.component_type == pixel::ComponentType::Float &&
         std::max({b.red, b.green, b.blue, b.alpha, b.luminance}) == 32;
}

// Attachment completeness (§4.4.4.1).
bool attachment_complete(const pixel::FormatFeatures& features, const Attachment& a, Point point) {
  const AttachmentImage img = attachment_image(a);
  if (!img.info || img.width <= 0 || img.height <= 0) return false;
  if (a.type == GL_TEXTURE) {
    const Texture& t = *a.texture;
    const TextureImage* image = t.image(a.level, a.cube_face ? static_cast<unsigned>(a.layer) : 0u);
    if ((t.target == GL_TEXTURE_3D || t.target == GL_TEXTURE_2D_ARRAY || t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES ||
         t.target == GL_TEXTURE_CUBE_MAP_ARRAY || t.target == GL_TEXTURE_1D_ARRAY) &&
        a.layer >= image->depth)
      return false;
    if (a.layered && t.target == GL_TEXTURE_CUBE_MAP && !cube_faces_together(t, a.level)) return false;
    if (img.info->is_compressed()) return false;
    if (point == Point::Color && unsized_float_image(features, *image)) return false;
  }
  switch (point) {
    case Point::Color: return pixel::is_color_renderable(*img.info, features);
    case Point::Depth: return pixel::is_depth_renderable(*img.info);
    case Point::Stencil: return pixel::is_stencil_renderable(*img.info);
  }
  return false;
}

}  // namespace

AttachmentImage attachment_image(const Attachment& a) {
  AttachmentImage img;
  if (a.type == GL_RENDERBUFFER && a.renderbuffer) {
    const Renderbuffer& rb = *a.renderbuffer;
    if (rb.width <= 0 || rb.height <= 0) return img;
    img.info = pixel::find_internal_format(rb.internal_format);
    img.width = rb.width;
    img.height = rb.height;
    img.samples = rb.samples;
    img.resource = rb.resource.get();
    img.level = rb.resource_level;
    img.layer = rb.resource_layer;
  } else if (a.type == GL_TEXTURE && a.texture) {
    const TextureImage* ti = a.texture->image(a.level, a.cube_face ? static_cast<unsigned>(a.layer) : 0u);
    if (!ti) return img;
    img.info = ti->info;
    img.width = ti->width;
    img.height = ti->height;
    img.samples = a.texture->samples;
    img.resource = ti->resource.get();
    img.level = ti->resource_level;
    // A cube face's resource_layer is the face; array layers and 3D slices add to it.
    img.layer = ti->resource_layer + (a.cube_face ? 0u : static_cast<uint32_t>(a.layer));
  }
  return img;
}

uint32_t attachment_layers(const Attachment& a) {
  if (!a.layered || a.type != GL_TEXTURE || !a.texture) return 1;
  if (a.texture->target == GL_TEXTURE_CUBE_MAP) return 6;
  const TextureImage* ti = a.texture->image(a.level, 0);
  return ti ? static_cast<uint32_t>(std::max<GLsizei>(ti->depth, 1)) : 1;
}

Attachment* framebuffer_attachment(Framebuffer& fb, GLenum attachment) {
  if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + kMaxColorAttachments)
    return &fb.color[attachment - GL_COLOR_ATTACHMENT0];
  if (attachment == GL_DEPTH_ATTACHMENT) return &fb.depth;
  if (attachment == GL_STENCIL_ATTACHMENT) return &fb.stencil;
  return nullptr;
}

bool framebuffer_attachments_changed(const Framebuffer& fb) {
  auto changed = [](const Attachment& a) { return a.type != GL_NONE && a.seen_generation != object_generation(a); };
  for (const Attachment& a : fb.color)
    if (changed(a)) return true;
  return changed(fb.depth) || changed(fb.stencil);
}

bool update_attachment_surface(Context& ctx, Attachment& a) {
  if (a.type == GL_TEXTURE && a.texture) {
    // Moves the image into renderable storage first when it needs to.
    uint32_t level = 0, layer = 0;
    texture_image_storage(ctx, *a.texture, a.level, a.layer, &level, &layer);
  }
  const uint64_t gen = object_generation(a);
  const AttachmentImage img = attachment_image(a);
  if (!img.resource) {
    a.surface.reset();
    a.seen_generation = gen;
    return true;
  }
  a.seen_generation = gen;
  // A layered attachment's surface holds all its layers.
  const uint32_t last_layer = img.layer + attachment_layers(a) - 1;
  // A texture view renders in its own format (texture_view.h).
  pipe::Format format = a.type == GL_TEXTURE && a.texture ? view_storage_format(*a.texture) : pipe::Format::None;
  // An sRGB attachment renders linear while the context does not encode
  // (framebuffer_srgb.h).
  const pipe::Format base = format != pipe::Format::None ? format : img.resource->templ().format;
  if (const pipe::Format written = srgb_write_format(ctx, base); written != base) format = written;
  // Parameter changes bump the generation too: keep a surface that still fits.
  if (a.surface && a.surface->resource() == img.resource && a.surface->templ().level == img.level &&
      a.surface->templ().first_layer == img.layer && a.surface->templ().last_layer == last_layer &&
      a.surface->templ().format == format)
    return true;
  pipe::SurfaceTemplate t;
  t.format = format;
  t.level = img.level;
  t.first_layer = img.layer;
  t.last_layer = last_layer;
  a.surface = ctx.pipe().create_surface(img.resource, t);
  return a.surface != nullptr;
}

GLsizei framebuffer_samples(const Framebuffer& fb) {
  GLsizei samples = 0;
  auto visit = [&](const Attachment& a) {
    if (a.type == GL_RENDERBUFFER && a.renderbuffer) samples = std::max(samples, a.renderbuffer->samples);
    if (a.type == GL_TEXTURE && a.texture) samples = std::max(samples, a.texture->samples);
  };
  for (const Attachment& a : fb.color) visit(a);
  visit(fb.depth);
  visit(fb.stencil);
  return samples;
}

uint32_t no_attachment_samples(const Context& ctx, const Framebuffer& fb) {
  for (unsigned i = 0; i < kMaxColorAttachments && i < static_cast<unsigned>(ctx.limits.max_color_attachments); ++i)
    if (fb.color[i].type != GL_NONE) return 0;
  if (fb.depth.type != GL_NONE || fb.stencil.type != GL_NONE) return 0;
  uint32_t samples = 1;
  while (samples < static_cast<uint32_t>(fb.default_samples) &&
         samples < static_cast<uint32_t>(ctx.limits.max_framebuffer_samples))
    samples *= 2;
  return samples;
}

GLenum check_framebuffer_status(Context& ctx, Framebuffer& fb) {
  bool any = false;
  // ES 3.1 §9.4.2: one sample count for every attachment, texture or
  // renderbuffer (0: single-sampled), and one TEXTURE_FIXED_SAMPLE_LOCATIONS
  // for the textures, TRUE when renderbuffers are attached too (theirs are
  // fixed).
  bool has_renderbuffer = false, has_variable_locations = false, has_fixed_locations = false;
  GLsizei samples_seen = -1;
  bool samples_mismatch = false;
  auto note = [&](const Attachment& a) {
    any = true;
    GLsizei s = 0;
    if (a.type == GL_TEXTURE) {
      s = a.texture->samples;
      (a.texture->fixed_sample_locations ? has_fixed_locations : has_variable_locations) = true;
    } else {
      has_renderbuffer = true;
      s = a.renderbuffer->samples;
    }
    if (samples_seen >= 0 && samples_seen != s) samples_mismatch = true;
    samples_seen = s;
  };
  // A layered cube attachment needs its faces in the texture's main
  // storage, where texture_image_storage moves a consistent texture.
  for (Attachment* a : {&fb.color[0], &fb.color[1], &fb.color[2], &fb.color[3], &fb.color[4], &fb.color[5],
                        &fb.color[6], &fb.color[7], &fb.depth, &fb.stencil}) {
    if (!a->layered || a->type != GL_TEXTURE || a->texture->target != GL_TEXTURE_CUBE_MAP) continue;
    uint32_t level = 0, layer = 0;
    texture_image_storage(ctx, *a->texture, a->level, 0, &level, &layer);
  }
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    const Attachment& a = fb.color[i];
    if (a.type == GL_NONE) continue;
    if (i >= static_cast<unsigned>(ctx.limits.max_color_attachments)) continue;
    if (!attachment_complete(ctx.format_features, a, Point::Color)) return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
    note(a);
  }
  if (fb.depth.type != GL_NONE) {
    if (!attachment_complete(ctx.format_features, fb.depth, Point::Depth)) return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
    note(fb.depth);
  }
  if (fb.stencil.type != GL_NONE) {
    if (!attachment_complete(ctx.format_features, fb.stencil, Point::Stencil)) return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
    note(fb.stencil);
  }
  // ES 3.1 §9.4.2: without attachments the defaults give its size.
  if (!any)
    return ctx.es31() && fb.default_width > 0 && fb.default_height > 0 ? GL_FRAMEBUFFER_COMPLETE
                                                                       : GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
  if (samples_mismatch || (has_variable_locations && (has_fixed_locations || has_renderbuffer)))
    return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
  // EXT_geometry_shader §9.4.2: layered attachments all or none, and the
  // color ones of one texture target.
  {
    bool layered = false, unlayered = false;
    GLenum color_target = GL_NONE;
    bool mixed_targets = false;
    auto layering = [&](const Attachment& a, bool color) {
      if (a.type == GL_NONE) return;
      (a.layered ? layered : unlayered) = true;
      if (!color || !a.layered) return;
      if (color_target != GL_NONE && color_target != a.texture->target) mixed_targets = true;
      color_target = a.texture->target;
    };
    for (unsigned i = 0; i < kMaxColorAttachments && i < static_cast<unsigned>(ctx.limits.max_color_attachments); ++i)
      layering(fb.color[i], true);
    layering(fb.depth, false);
    layering(fb.stencil, false);
    if (layered && (unlayered || mixed_targets)) return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT;
  }
  // Vulkan has one depth/stencil attachment: separate images are unsupported
  // (ES 3.0 §4.4.4.2 lets an implementation say so).
  if (fb.depth.type != GL_NONE && fb.stencil.type != GL_NONE && !same_image(fb.depth, fb.stencil))
    return GL_FRAMEBUFFER_UNSUPPORTED;
  // Storage the device cannot render to.
  const uint32_t samples = static_cast<uint32_t>(std::max<GLsizei>(1, samples_seen));
  auto supported = [&](const Attachment& a, uint32_t usage) {
    const AttachmentImage img = attachment_image(a);
    pipe::Format f = img.resource ? img.resource->templ().format : img.info->storage;
    if (a.type == GL_TEXTURE && a.texture && view_storage_format(*a.texture) != pipe::Format::None)
      f = view_storage_format(*a.texture);
    return ctx.screen().is_format_supported(f, pipe::Target::Texture2D, img.resource ? img.resource->templ().samples : samples,
                                            usage);
  };
  for (unsigned i = 0; i < kMaxColorAttachments; ++i)
    if (fb.color[i].type != GL_NONE && !supported(fb.color[i], pipe::kUsageColorAttachment))
      return GL_FRAMEBUFFER_UNSUPPORTED;
  for (const Attachment* a : {&fb.depth, &fb.stencil})
    if (a->type != GL_NONE && !supported(*a, pipe::kUsageDepthStencil)) return GL_FRAMEBUFFER_UNSUPPORTED;
  // A complete framebuffer has its surfaces (Attachment::surface), also when
  // it is only read from (CopyTexImage reads them).
  for (Attachment& a : fb.color)
    if (a.type != GL_NONE) update_attachment_surface(ctx, a);
  for (Attachment* a : {&fb.depth, &fb.stencil})
    if (a->type != GL_NONE) update_attachment_surface(ctx, *a);
  return GL_FRAMEBUFFER_COMPLETE;
}

bool validate_framebuffer_object(Context& ctx, Framebuffer& fb) {
  FramebufferInfo info;
  info.complete = false;
  if (check_framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
    ctx.validation.framebuffer = info;
    return true;
  }
  bool ok = true;
  for (Attachment& a : fb.color)
    if (a.type != GL_NONE) ok &= update_attachment_surface(ctx, a);
  if (fb.depth.type != GL_NONE) ok &= update_attachment_surface(ctx, fb.depth);
  if (fb.stencil.type != GL_NONE) ok &= update_attachment_surface(ctx, fb.stencil);
  if (!ok) {
    ctx.validation.framebuffer = info;
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  // The framebuffer is the intersection of its attachments (ES 3.0 §4.4.4.2),
  // layers included: gl_Layer beyond an attachment's layers is undefined in
  // GL, and Vulkan renders only the layers every attachment has.
  uint32_t w = UINT32_MAX, h = UINT32_MAX, layers = UINT32_MAX;
  auto extent = [&](const Attachment& a) {
    if (a.type == GL_NONE) return;
    const AttachmentImage img = attachment_image(a);
    w = std::min(w, static_cast<uint32_t>(img.width));
    h = std::min(h, static_cast<uint32_t>(img.height));
    layers = std::min(layers, attachment_layers(a));
  };
  for (unsigned i = 0; i < static_cast<unsigned>(ctx.limits.max_color_attachments); ++i) extent(fb.color[i]);
  extent(fb.depth);
  extent(fb.stencil);

  pipe::FramebufferState state;
  state.samples = static_cast<uint32_t>(std::max<GLsizei>(1, framebuffer_samples(fb)));
  if (w == UINT32_MAX) {
    // No attachments: the defaults (complete only when both are set). The
    // sample count is the smallest the device has at least as large.
    w = static_cast<uint32_t>(fb.default_width);
    h = static_cast<uint32_t>(fb.default_height);
    layers = static_cast<uint32_t>(std::max(fb.default_layers, 1));
    state.samples = std::max(1u, no_attachment_samples(ctx, fb));
  }
  state.width = w;
  state.height = h;
  // Array textures may have more layers than a framebuffer can; gl_Layer
  // past MAX_FRAMEBUFFER_LAYERS renders nowhere defined.
  state.layers = std::min(layers, static_cast<uint32_t>(ctx.limits.max_framebuffer_layers));
  for (unsigned i = 0; i < static_cast<unsigned>(ctx.limits.max_draw_buffers); ++i) {
    const GLenum db = fb.draw_buffers[i];
    if (db == GL_NONE) continue;
    const Attachment& a = fb.color[db - GL_COLOR_ATTACHMENT0];
    if (!a.surface) continue;
    state.cbufs[i] = a.surface.get();
    state.nr_cbufs = i + 1;
    info.draw_surfaces[i] = a.surface.get();
    if (!device_blends(*a.surface)) info.unblendable |= static_cast<uint8_t>(1u << i);
  }
  const Attachment& zs = fb.depth.type != GL_NONE ? fb.depth : fb.stencil;
  state.zsbuf = zs.surface.get();
  ctx.pipe().set_framebuffer_state(state);

  info.complete = true;
  info.width = w;
  info.height = h;
  info.samples = state.samples;
  info.color_buffers = state.nr_cbufs;
  info.has_depth = fb.depth.type != GL_NONE;
  info.has_stencil = fb.stencil.type != GL_NONE;
  if (info.has_stencil) {
    const AttachmentImage img = attachment_image(fb.stencil);
    info.stencil_bits = img.info ? img.info->bits.stencil : 8;
  }
  ctx.validation.framebuffer = info;
  return true;
}

}  // namespace brass::gl
