#include "gl/read_pixels.h"

#include <algorithm>
#include <cstring>

#include "gl/context.h"

namespace brass::gl {

namespace {

// The resource glReadPixels reads: the read framebuffer's read buffer.
// Null when there is none (GL_INVALID_OPERATION).
pipe::Resource* read_source(Context& ctx, GLint* width, GLint* height) {
  if (!ctx.read_framebuffer) {
    const Drawable* d = ctx.read();
    if (!d || !d->color || ctx.default_read_buffer == GL_NONE) return nullptr;
    *width = d->width;
    *height = d->height;
    return d->color.get();
  }
  Framebuffer& fb = *ctx.read_framebuffer;
  if (fb.read_buffer == GL_NONE) return nullptr;
  const unsigned i = fb.read_buffer - GL_COLOR_ATTACHMENT0;
  if (i >= kMaxColorAttachments || !fb.color[i].surface) return nullptr;
  pipe::Surface* s = fb.color[i].surface.get();
  *width = static_cast<GLint>(s->width());
  *height = static_cast<GLint>(s->height());
  return s->resource();
}

}  // namespace

void read_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 void* pixels) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (ctx.read_framebuffer && check_framebuffer_status(ctx, *ctx.read_framebuffer) != GL_FRAMEBUFFER_COMPLETE)
    return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
  GLint fb_width = 0, fb_height = 0;
  pipe::Resource* src = read_source(ctx, &fb_width, &fb_height);
  if (!src) {
    if (!ctx.read_framebuffer && !ctx.read()) return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    return ctx.set_error(GL_INVALID_OPERATION);
  }
  // Only the pair every implementation must support is handled here so far;
  // the full table of formats, types and conversions comes with pixel pack.
  if (format != GL_RGBA || type != GL_UNSIGNED_BYTE ||
      src->templ().format != pipe::Format::RGBA8_UNORM) {
    return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (src->templ().samples > 1) return ctx.set_error(GL_INVALID_OPERATION);  // needs a resolve first
  if (ctx.buffers.pixel_pack) return ctx.set_error(GL_INVALID_OPERATION);  // pack buffers: not yet
  if (width == 0 || height == 0 || !pixels) return;

  const GLint alignment = ctx.state.pack_alignment;
  const GLint row_length = ctx.state.pack_row_length ? ctx.state.pack_row_length : width;
  const size_t row_stride = (static_cast<size_t>(row_length) * 4 + alignment - 1) / alignment * alignment;
  char* dst_base = static_cast<char*>(pixels) + static_cast<size_t>(ctx.state.pack_skip_rows) * row_stride +
                   static_cast<size_t>(ctx.state.pack_skip_pixels) * 4;

  // Pixels outside the framebuffer are left untouched (ES 3.0 §4.3.2).
  const GLint x0 = std::max(0, x), y0 = std::max(0, y);
  const GLint x1 = std::min(fb_width, x + width), y1 = std::min(fb_height, y + height);
  if (x1 <= x0 || y1 <= y0) return;
  pipe::Box box;
  box.x = x0;
  box.y = y0;
  box.width = x1 - x0;
  box.height = y1 - y0;
  pipe::Transfer* transfer = nullptr;
  void* map = ctx.pipe().transfer_map(src, 0, pipe::kMapRead, box, &transfer);
  if (!map) return ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory
                                                                           : ctx.pipe().status());
  for (GLint row = 0; row < box.height; ++row) {
    const char* s = static_cast<const char*>(map) + static_cast<size_t>(row) * transfer->stride;
    char* d = dst_base + static_cast<size_t>(y0 - y + row) * row_stride + static_cast<size_t>(x0 - x) * 4;
    std::memcpy(d, s, static_cast<size_t>(box.width) * 4);
  }
  ctx.pipe().transfer_unmap(transfer);
}

}  // namespace brass::gl
