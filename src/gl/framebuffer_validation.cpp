// kDirtyFramebuffer: binds the draw framebuffer's surfaces to the pipe
// context. Recording state only: the driver begins a render pass at the first
// draw or clear, so switching framebuffers costs nothing until then.
#include "gl/context.h"
#include "gl/framebuffer_srgb.h"

namespace brass::gl {

namespace {

// The default framebuffer: the drawable's buffers (or none: surfaceless).
bool bind_default_framebuffer(Context& ctx) {
  DrawValidationState& v = ctx.validation;
  FramebufferInfo info;
  pipe::FramebufferState fb;
  const Drawable* d = ctx.draw();
  if (!d || !d->color) {
    // GL_FRAMEBUFFER_UNDEFINED: draws and clears are GL_INVALID_FRAMEBUFFER_OPERATION.
    info.complete = false;
    v.framebuffer = info;
    return true;
  }
  // An sRGB drawable renders linear while the context does not encode
  // (framebuffer_srgb.h).
  pipe::SurfaceTemplate color_view;
  const pipe::Format stored = d->color->templ().format;
  if (const pipe::Format written = srgb_write_format(ctx, stored); written != stored) color_view.format = written;
  if (!v.default_color || v.default_color->resource() != d->color.get() ||
      v.default_color->templ().format != color_view.format) {
    v.default_color = ctx.pipe().create_surface(d->color.get(), color_view);
  }
  if (d->depth_stencil) {
    if (!v.default_depth_stencil || v.default_depth_stencil->resource() != d->depth_stencil.get())
      v.default_depth_stencil = ctx.pipe().create_surface(d->depth_stencil.get(), pipe::SurfaceTemplate{});
  } else {
    v.default_depth_stencil.reset();
  }
  if (!v.default_color) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  fb.width = static_cast<uint32_t>(d->width);
  fb.height = static_cast<uint32_t>(d->height);
  fb.samples = static_cast<uint32_t>(std::max(1, d->samples));
  // glDrawBuffers(GL_NONE) on the default framebuffer leaves no color output.
  if (ctx.default_draw_buffer != GL_NONE) {
    fb.nr_cbufs = 1;
    fb.cbufs[0] = v.default_color.get();
    info.draw_surfaces[0] = v.default_color.get();
    if (!device_blends(*v.default_color)) info.unblendable = 1;
  }
  fb.zsbuf = v.default_depth_stencil.get();
  ctx.pipe().set_framebuffer_state(fb);
  info.width = fb.width;
  info.height = fb.height;
  info.samples = fb.samples;
  info.color_buffers = fb.nr_cbufs;
  info.has_depth = d->depth_bits > 0;
  info.has_stencil = d->stencil_bits > 0;
  info.stencil_bits = d->stencil_bits;
  info.alpha_is_one = d->alpha_bits == 0 && d->color->templ().format == pipe::Format::RGBA8_UNORM;
  v.framebuffer = info;
  return true;
}

}  // namespace

bool validate_framebuffer(Context& ctx) {
  if (!ctx.draw_framebuffer) return bind_default_framebuffer(ctx);
  return validate_framebuffer_object(ctx, *ctx.draw_framebuffer);
}

}  // namespace brass::gl
