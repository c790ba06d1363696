// glDrawPixels, glCopyPixels and glBitmap (GL 4.6 compatibility profile
// §18.1, §18.3, §14.8; GL 2.1 §3.6.4, §3.7, §4.3.3): the argument rules,
// unpacking through the pixel store modes, the pixel transfer operations,
// and the rectangle's fragments at the current raster position (drawn by
// pixel_rect_draw.h).
//
// With a program current, GL runs its fragment shader on these fragments;
// Brass shades them with its own program (the colour, depth or bitmap
// value unchanged, no texturing or fog), documented in
// docs/compatibility.md.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "gl/compat/pixel_rect_draw.h"
#include "gl/compat/pixel_state.h"
#include "gl/compat/select_feedback.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl/framebuffer.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/read_pixels.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl::compat {

namespace {

// A pixel unpack buffer's mapping for reading, released when done.
struct UnpackMapping {
  Context* ctx = nullptr;
  pipe::Transfer* transfer = nullptr;
  ~UnpackMapping() {
    if (transfer) ctx->pipe().transfer_unmap(transfer);
  }
};

// The client data: the pointer, or the bound unpack buffer's contents at
// that offset (check_unpack_buffer vetted the range). Null with *ok true:
// nothing to read.
const void* map_unpack(Context& ctx, const void* pixels, UnpackMapping* m, bool* ok) {
  *ok = true;
  Buffer* pbo = ctx.buffers.pixel_unpack.get();
  if (!pbo) return pixels;
  if (!pbo->resource) return nullptr;
  pipe::Box box;
  box.width = static_cast<int32_t>(pbo->size);
  m->ctx = &ctx;
  void* p = ctx.pipe().transfer_map(pbo->resource.get(), 0, pipe::kMapRead, box, &m->transfer);
  if (!p) {
    *ok = false;
    ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : ctx.pipe().status());
    return nullptr;
  }
  return static_cast<const uint8_t*>(p) + reinterpret_cast<uintptr_t>(pixels);
}

// What the draw framebuffer has to receive a rectangle.
struct DrawTargets {
  bool depth = false, stencil = false;
  int stencil_bits = 0;
  bool integer_color = false;
};
DrawTargets draw_targets(Context& ctx) {
  DrawTargets t;
  if (Framebuffer* fb = ctx.draw_framebuffer.get()) {
    t.depth = attachment_image(fb->depth).info != nullptr;
    const AttachmentImage s = attachment_image(fb->stencil);
    t.stencil = s.info != nullptr;
    t.stencil_bits = s.info ? s.info->bits.stencil : 0;
    for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
      const GLenum b = fb->draw_buffers[i];
      if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + kMaxColorAttachments) continue;
      const AttachmentImage img = attachment_image(fb->color[b - GL_COLOR_ATTACHMENT0]);
      if (img.info && img.info->is_integer()) t.integer_color = true;
    }
  } else if (const Drawable* d = ctx.draw()) {
    t.depth = d->depth_bits > 0;
    t.stencil = d->stencil_bits > 0;
    t.stencil_bits = d->stencil_bits;
  }
  return t;
}

// What the read framebuffer has to copy from.
DrawTargets read_targets(Context& ctx) {
  DrawTargets t;
  if (Framebuffer* fb = ctx.read_framebuffer.get()) {
    t.depth = attachment_image(fb->depth).info != nullptr;
    t.stencil = attachment_image(fb->stencil).info != nullptr;
  } else if (const Drawable* d = ctx.read()) {
    t.depth = d->depth_bits > 0;
    t.stencil = d->stencil_bits > 0;
  }
  return t;
}

bool is_index_format(GLenum format) { return format == GL_COLOR_INDEX || format == GL_STENCIL_INDEX; }

// The format and type rules DrawPixels shares with ReadPixels' list
// (§18.1.1, §8.4.4): false after recording the error.
bool check_format_type(Context& ctx, GLenum format, GLenum type) {
  const bool format_ok = format == GL_COLOR_INDEX || pixel::is_client_format_enum(format, pixel::ApiKind::Desktop);
  const bool type_ok = type == GL_BITMAP || pixel::is_client_type_enum(type, pixel::ApiKind::Desktop);
  if (!format_ok || !type_ok) return ctx.set_error(GL_INVALID_ENUM), false;
  // BITMAP data are indices (§8.4.4.1).
  if (type == GL_BITMAP && !is_index_format(format)) return ctx.set_error(GL_INVALID_ENUM), false;
  if (!pixel::depth_stencil_type_ok(format, type)) return ctx.set_error(GL_INVALID_ENUM), false;
  if (!pixel::packed_type_matches_format(type, format)) return ctx.set_error(GL_INVALID_OPERATION), false;
  // Index formats take no packed or floating-point-only types.
  if (is_index_format(format) && pixel::is_packed_client_type(type)) return ctx.set_error(GL_INVALID_ENUM), false;
  return true;
}

// Reads `w` x `h` indices (COLOR_INDEX, STENCIL_INDEX) with the unpack
// modes: one element per pixel of `type`, or one bit per pixel for BITMAP
// (§8.4.4.1: rows padded to the alignment, UNPACK_LSB_FIRST picks the bit
// order within a byte).
bool unpack_indices(const pixel::PixelStoreParams& unpack, bool lsb_first, GLenum type, const void* src, uint32_t w,
                    uint32_t h, std::vector<int64_t>* out) {
  const uint8_t* base = static_cast<const uint8_t*>(src);
  const uint64_t row_pixels = unpack.row_length > 0 ? static_cast<uint64_t>(unpack.row_length) : w;
  const uint64_t align = static_cast<uint64_t>(unpack.alignment);
  out->resize(uint64_t{w} * h);
  if (type == GL_BITMAP) {
    const uint64_t row_bytes = (row_pixels + 7) / 8;
    const uint64_t stride = (row_bytes + align - 1) / align * align;
    for (uint32_t j = 0; j < h; ++j) {
      const uint8_t* row = base + (uint64_t{j} + static_cast<uint64_t>(unpack.skip_rows)) * stride;
      for (uint32_t i = 0; i < w; ++i) {
        const uint64_t bit = uint64_t{i} + static_cast<uint64_t>(unpack.skip_pixels);
        const uint8_t byte = row[bit / 8];
        const unsigned shift = lsb_first ? static_cast<unsigned>(bit % 8) : 7u - static_cast<unsigned>(bit % 8);
        (*out)[uint64_t{j} * w + i] = (byte >> shift) & 1;
      }
    }
    return true;
  }
  pixel::ClientPixelSize size;
  if (pixel::client_pixel_size(GL_RED, type, &size) != GL_NO_ERROR) return false;
  const uint64_t elem = size.element_bytes;
  const uint64_t row_bytes = row_pixels * elem;
  const uint64_t stride = elem >= align ? row_bytes : (row_bytes + align - 1) / align * align;
  for (uint32_t j = 0; j < h; ++j) {
    const uint8_t* row = base + (uint64_t{j} + static_cast<uint64_t>(unpack.skip_rows)) * stride +
                         static_cast<uint64_t>(unpack.skip_pixels) * elem;
    for (uint32_t i = 0; i < w; ++i) {
      const uint8_t* p = row + uint64_t{i} * elem;
      int64_t v = 0;
      switch (type) {
        case GL_UNSIGNED_BYTE: v = p[0]; break;
        case GL_BYTE: v = static_cast<int8_t>(p[0]); break;
        case GL_UNSIGNED_SHORT: { uint16_t x; std::memcpy(&x, p, 2); v = x; break; }
        case GL_SHORT: { int16_t x; std::memcpy(&x, p, 2); v = x; break; }
        case GL_UNSIGNED_INT: { uint32_t x; std::memcpy(&x, p, 4); v = x; break; }
        case GL_INT: { int32_t x; std::memcpy(&x, p, 4); v = x; break; }
        // Float indices keep their integer part (§8.4.4.1: "converted to
        // fixed-point with an unspecified number of fraction bits"; the
        // fraction takes part in no operation Brass applies).
        case GL_FLOAT: { float x; std::memcpy(&x, p, 4); v = std::isfinite(x) ? static_cast<int64_t>(std::floor(x)) : 0; break; }
        default: return false;
      }
      (*out)[uint64_t{j} * w + i] = v;
    }
  }
  return true;
}

bool alloc(Context& ctx, std::vector<GLfloat>* v, uint64_t n) {
  try {
    v->resize(n);
  } catch (const std::bad_alloc&) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  return true;
}

PixelRect rect_at_raster(const PixelState& s, RectKind kind, uint32_t w, uint32_t h, const void* texels) {
  PixelRect r;
  r.kind = kind;
  r.width = w;
  r.height = h;
  r.texels = texels;
  r.x = s.raster.window[0];
  r.y = s.raster.window[1];
  r.z = s.raster.window[2];
  r.zoom_x = s.zoom_x;
  r.zoom_y = s.zoom_y;
  std::copy(s.raster.color, s.raster.color + 4, r.color);
  return r;
}

// Client colour data to RGBA floats (§8.4.4: unpacking, conversion to
// float, conversion of LUMINANCE to RGB, then the transfer operations).
bool unpack_color(Context& ctx, const void* src, GLenum format, GLenum type, uint32_t w, uint32_t h,
                  std::vector<GLfloat>* rgba) {
  if (!alloc(ctx, rgba, uint64_t{w} * h * 4)) return false;
  const pixel::InternalFormatInfo* dst = pixel::find_internal_format(GL_RGBA32F);
  const GLenum err = pixel::unpack_pixels(unpack_params(ctx), format, type, src, false, *dst, rgba->data(),
                                          uint64_t{w} * 16, uint64_t{w} * h * 16, pixel::PixelExtent{w, h, 1});
  if (err != GL_NO_ERROR) return ctx.set_error(err), false;
  if (format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA)
    for (uint64_t p = 0; p < uint64_t{w} * h; ++p) (*rgba)[p * 4 + 1] = (*rgba)[p * 4 + 2] = (*rgba)[p * 4];
  apply_color_transfer(ctx.compat_pixels, rgba->data(), uint64_t{w} * h);
  return true;
}

bool unpack_depth(Context& ctx, const void* src, GLenum type, uint32_t w, uint32_t h, std::vector<GLfloat>* depth) {
  if (!alloc(ctx, depth, uint64_t{w} * h)) return false;
  const pixel::InternalFormatInfo* dst = pixel::find_internal_format(GL_DEPTH_COMPONENT32F);
  const GLenum err = pixel::unpack_pixels(unpack_params(ctx), GL_DEPTH_COMPONENT, type, src, false, *dst,
                                          depth->data(), uint64_t{w} * 4, uint64_t{w} * h * 4,
                                          pixel::PixelExtent{w, h, 1});
  if (err != GL_NO_ERROR) return ctx.set_error(err), false;
  apply_depth_transfer(ctx.compat_pixels, depth->data(), uint64_t{w} * h);
  // Final conversion: depth values are clamped to [0,1] (§18.1.5).
  for (GLfloat& d : *depth) d = std::clamp(std::isnan(d) ? 0.0f : d, 0.0f, 1.0f);
  return true;
}

// DEPTH_STENCIL client data (UNSIGNED_INT_24_8: depth in the high 24 bits,
// stencil in the low 8; FLOAT_32_UNSIGNED_INT_24_8_REV: a float depth, then
// a word with stencil in its low 8 bits), with the unpack modes.
bool unpack_depth_stencil(const pixel::PixelStoreParams& unpack, GLenum type, const void* src, uint32_t w, uint32_t h,
                          std::vector<GLfloat>* depth, std::vector<int64_t>* stencil) {
  const uint64_t pixel_bytes = type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV ? 8 : 4;
  const uint64_t row_pixels = unpack.row_length > 0 ? static_cast<uint64_t>(unpack.row_length) : w;
  const uint64_t align = static_cast<uint64_t>(unpack.alignment);
  const uint64_t stride = (row_pixels * pixel_bytes + align - 1) / align * align;
  depth->resize(uint64_t{w} * h);
  stencil->resize(uint64_t{w} * h);
  const uint8_t* base = static_cast<const uint8_t*>(src);
  for (uint32_t j = 0; j < h; ++j) {
    const uint8_t* row = base + (uint64_t{j} + static_cast<uint64_t>(unpack.skip_rows)) * stride +
                         static_cast<uint64_t>(unpack.skip_pixels) * pixel_bytes;
    for (uint32_t i = 0; i < w; ++i) {
      const uint8_t* p = row + uint64_t{i} * pixel_bytes;
      const uint64_t k = uint64_t{j} * w + i;
      if (type == GL_UNSIGNED_INT_24_8) {
        uint32_t v;
        std::memcpy(&v, p, 4);
        (*depth)[k] = static_cast<GLfloat>((v >> 8) / 16777215.0);
        (*stencil)[k] = v & 0xffu;
      } else {
        GLfloat d;
        uint32_t v;
        std::memcpy(&d, p, 4);
        std::memcpy(&v, p + 4, 4);
        (*depth)[k] = d;
        (*stencil)[k] = v & 0xffu;
      }
    }
  }
  return true;
}

void draw_stencil_indices(Context& ctx, const PixelState& s, const std::vector<int64_t>& indices, uint32_t w,
                          uint32_t h, int stencil_bits) {
  std::vector<uint32_t> values(indices.size());
  for (size_t i = 0; i < indices.size(); ++i) values[i] = transfer_stencil_index(s, indices[i]);
  draw_stencil_rect(ctx, rect_at_raster(s, RectKind::Bitmap, w, h, nullptr), values.data(), stencil_bits);
}

}  // namespace

void draw_pixels(Context& ctx, GLsizei width, GLsizei height, GLenum format, GLenum type, const void* pixels) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!check_format_type(ctx, format, type)) return;
  const DrawTargets targets = draw_targets(ctx);
  const bool integer_format = pixel::is_integer_client_format(format);
  const bool color_format = !is_index_format(format) && format != GL_DEPTH_COMPONENT && format != GL_DEPTH_STENCIL;
  if (format == GL_STENCIL_INDEX && !targets.stencil) return ctx.set_error(GL_INVALID_OPERATION);
  if (format == GL_DEPTH_COMPONENT && !targets.depth) return ctx.set_error(GL_INVALID_OPERATION);
  if (format == GL_DEPTH_STENCIL && (!targets.depth || !targets.stencil)) return ctx.set_error(GL_INVALID_OPERATION);
  // Integer data go to integer colour buffers only, and the reverse
  // (§18.1.1).
  if ((color_format || format == GL_COLOR_INDEX) && integer_format != targets.integer_color)
    return ctx.set_error(GL_INVALID_OPERATION);
  if (type != GL_BITMAP &&
      !check_unpack_buffer(ctx, format, type, uint32_t(width), uint32_t(height), 1, false, pixels))
    return;
  const PixelState& s = ctx.compat_pixels;
  // SELECT / FEEDBACK: no pixels, a hit or a DRAW_PIXEL_TOKEN (§20).
  if (select_feedback_active(ctx)) return pixel_rect_feedback(ctx, GL_DRAW_PIXEL_TOKEN);
  if (!s.raster.valid || width == 0 || height == 0) return;
  UnpackMapping mapping;
  bool ok = true;
  const void* src = map_unpack(ctx, pixels, &mapping, &ok);
  if (!src) return;
  const uint32_t w = uint32_t(width), h = uint32_t(height);
  std::vector<GLfloat> values;
  if (format == GL_COLOR_INDEX) {
    std::vector<int64_t> indices;
    if (!unpack_indices(unpack_params(ctx), s.unpack_lsb_first, type, src, w, h, &indices))
      return ctx.set_error(GL_INVALID_ENUM);
    if (!alloc(ctx, &values, uint64_t{w} * h * 4)) return;
    // RGBA framebuffers take colour indices through the I_TO_* maps
    // (§8.4.3.2, "index to RGBA"), then the colour transfer (none applies
    // after the lookup).
    for (uint64_t p = 0; p < indices.size(); ++p) index_to_rgba(s, indices[p], values.data() + p * 4);
    return draw_pixel_rect(ctx, rect_at_raster(s, RectKind::Color, w, h, values.data()));
  }
  if (color_format) {
    if (integer_format) {
      BRASS_WARN_ONCE("glDrawPixels of integer data is not supported; nothing is drawn");
      return;
    }
    if (!unpack_color(ctx, src, format, type, w, h, &values)) return;
    return draw_pixel_rect(ctx, rect_at_raster(s, RectKind::Color, w, h, values.data()));
  }
  if (format == GL_DEPTH_COMPONENT) {
    if (!unpack_depth(ctx, src, type, w, h, &values)) return;
    return draw_pixel_rect(ctx, rect_at_raster(s, RectKind::Depth, w, h, values.data()));
  }
  std::vector<int64_t> indices;
  if (format == GL_STENCIL_INDEX) {
    if (!unpack_indices(unpack_params(ctx), s.unpack_lsb_first, type, src, w, h, &indices))
      return ctx.set_error(GL_INVALID_ENUM);
    return draw_stencil_indices(ctx, s, indices, w, h, targets.stencil_bits);
  }
  // DEPTH_STENCIL: the depth values as DEPTH_COMPONENT's, then the stencil
  // indices as STENCIL_INDEX's (§18.1.5).
  if (!unpack_depth_stencil(unpack_params(ctx), type, src, w, h, &values, &indices)) return;
  apply_depth_transfer(s, values.data(), values.size());
  for (GLfloat& d : values) d = std::clamp(std::isnan(d) ? 0.0f : d, 0.0f, 1.0f);
  draw_pixel_rect(ctx, rect_at_raster(s, RectKind::Depth, w, h, values.data()));
  draw_stencil_indices(ctx, s, indices, w, h, targets.stencil_bits);
}

void bitmap(Context& ctx, GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig, GLfloat xmove, GLfloat ymove,
            const GLubyte* bits) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  PixelState& s = ctx.compat_pixels;
  // An invalid raster position ignores the command, the move included
  // (§14.8).
  if (!s.raster.valid) return;
  if (select_feedback_active(ctx)) {
    pixel_rect_feedback(ctx, GL_BITMAP_TOKEN);
    s.raster.window[0] += xmove;
    s.raster.window[1] += ymove;
    return;
  }
  if (width > 0 && height > 0) {
    const uint32_t w = uint32_t(width), h = uint32_t(height);
    pixel::PixelStoreParams unpack = unpack_params(ctx);
    // Bitmaps are one bit per pixel: the PBO must hold that many rows.
    if (Buffer* pbo = ctx.buffers.pixel_unpack.get()) {
      const uint64_t row_pixels = unpack.row_length > 0 ? static_cast<uint64_t>(unpack.row_length) : w;
      const uint64_t stride = ((row_pixels + 7) / 8 + unpack.alignment - 1) / unpack.alignment * unpack.alignment;
      const uint64_t end = (uint64_t{h} + static_cast<uint64_t>(unpack.skip_rows) - 1) * stride +
                           (static_cast<uint64_t>(unpack.skip_pixels) + w + 7) / 8;
      const uint64_t offset = reinterpret_cast<uintptr_t>(bits);
      if (pbo->mapped_exclusively() || offset > static_cast<uint64_t>(pbo->size) ||
          end > static_cast<uint64_t>(pbo->size) - offset)
        return ctx.set_error(GL_INVALID_OPERATION);
    }
    UnpackMapping mapping;
    bool ok = true;
    const void* src = map_unpack(ctx, bits, &mapping, &ok);
    if (!ok) return;
    if (src) {
      std::vector<int64_t> set;
      if (!unpack_indices(unpack, s.unpack_lsb_first, GL_BITMAP, src, w, h, &set)) return;
      std::vector<uint8_t> texels(set.size());
      for (size_t i = 0; i < set.size(); ++i) texels[i] = set[i] ? 255 : 0;
      // The lower-left corner is at the raster position less the origin,
      // rounded down (§14.8); bitmaps are not zoomed.
      PixelRect r = rect_at_raster(s, RectKind::Bitmap, w, h, texels.data());
      r.x = std::floor(s.raster.window[0] - xorig);
      r.y = std::floor(s.raster.window[1] - yorig);
      r.zoom_x = r.zoom_y = 1.0f;
      draw_pixel_rect(ctx, r);
    }
  }
  s.raster.window[0] += xmove;
  s.raster.window[1] += ymove;
}

void copy_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum type) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL && type != GL_DEPTH_STENCIL)
    return ctx.set_error(GL_INVALID_ENUM);
  const DrawTargets draw = draw_targets(ctx);
  if ((type == GL_DEPTH || type == GL_DEPTH_STENCIL) && !draw.depth) return ctx.set_error(GL_INVALID_OPERATION);
  if ((type == GL_STENCIL || type == GL_DEPTH_STENCIL) && !draw.stencil) return ctx.set_error(GL_INVALID_OPERATION);
  // The read framebuffer's errors first (§18.3 with §18.2.1), so that the
  // read below cannot fail.
  if (ctx.read_framebuffer) {
    if (check_framebuffer_status(ctx, *ctx.read_framebuffer) != GL_FRAMEBUFFER_COMPLETE)
      return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    if (framebuffer_samples(*ctx.read_framebuffer) > 0) return ctx.set_error(GL_INVALID_OPERATION);
  } else if (!ctx.read() || !ctx.read()->color) {
    return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
  }
  if (ColorBuffer cb; type == GL_COLOR && !read_color_buffer(ctx, &cb)) return ctx.set_error(GL_INVALID_OPERATION);
  // Depth and stencil copies need those buffers in the read framebuffer too.
  const DrawTargets read = read_targets(ctx);
  if ((type == GL_DEPTH || type == GL_DEPTH_STENCIL) && !read.depth) return ctx.set_error(GL_INVALID_OPERATION);
  if ((type == GL_STENCIL || type == GL_DEPTH_STENCIL) && !read.stencil) return ctx.set_error(GL_INVALID_OPERATION);
  PixelState& s = ctx.compat_pixels;
  if (select_feedback_active(ctx)) return pixel_rect_feedback(ctx, GL_COPY_PIXEL_TOKEN);
  if (!s.raster.valid || width == 0 || height == 0) return;
  const uint32_t w = uint32_t(width), h = uint32_t(height);
  // The source rectangle is read as glReadPixels would, with the default
  // pack modes, no pack buffer and no read clamp; the transfer operations
  // then apply once, as for DrawPixels. Pixels outside the read buffer
  // are undefined (§18.3); they are read as zero.
  const State saved = ctx.state;
  Binding<Buffer> pack = std::move(ctx.buffers.pixel_pack);
  ctx.state.pack_alignment = 4;
  ctx.state.pack_row_length = ctx.state.pack_skip_rows = ctx.state.pack_skip_pixels = 0;
  ctx.state.clamp_read_color = GL_FALSE;
  std::vector<GLfloat> values;
  std::vector<uint32_t> stencil;
  const bool color = type == GL_COLOR;
  const bool depth = type == GL_DEPTH || type == GL_DEPTH_STENCIL;
  const bool has_stencil = type == GL_STENCIL || type == GL_DEPTH_STENCIL;
  bool ok = true;
  try {
    if (color || depth) values.resize(uint64_t{w} * h * (color ? 4 : 1));
    if (has_stencil) stencil.resize(uint64_t{w} * h);
  } catch (const std::bad_alloc&) {
    ok = false;
  }
  if (ok) {
    s.reading_for_copy = true;
    if (color) read_pixels(ctx, x, y, width, height, GL_RGBA, GL_FLOAT, values.data());
    if (depth) read_pixels(ctx, x, y, width, height, GL_DEPTH_COMPONENT, GL_FLOAT, values.data());
    if (has_stencil) read_pixels(ctx, x, y, width, height, GL_STENCIL_INDEX, GL_UNSIGNED_INT, stencil.data());
    s.reading_for_copy = false;
  }
  ctx.buffers.pixel_pack = std::move(pack);
  ctx.state = saved;
  if (!ok) return ctx.set_error(GL_OUT_OF_MEMORY);
  if (color) {
    apply_color_transfer(s, values.data(), uint64_t{w} * h);
    return draw_pixel_rect(ctx, rect_at_raster(s, RectKind::Color, w, h, values.data()));
  }
  if (depth) {
    apply_depth_transfer(s, values.data(), values.size());
    for (GLfloat& d : values) d = std::clamp(std::isnan(d) ? 0.0f : d, 0.0f, 1.0f);
    draw_pixel_rect(ctx, rect_at_raster(s, RectKind::Depth, w, h, values.data()));
  }
  if (has_stencil) {
    for (uint32_t& v : stencil) v = transfer_stencil_index(s, v);
    draw_stencil_rect(ctx, rect_at_raster(s, RectKind::Bitmap, w, h, nullptr), stencil.data(), draw.stencil_bits);
  }
}

}  // namespace brass::gl::compat

namespace brass::gl::api {

void DrawPixels(Context& ctx, GLsizei width, GLsizei height, GLenum format, GLenum type, const void* pixels) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::draw_pixels(ctx, width, height, format, type, pixels);
}
void Bitmap(Context& ctx, GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig, GLfloat xmove, GLfloat ymove,
            const GLubyte* bitmap) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::bitmap(ctx, width, height, xorig, yorig, xmove, ymove, bitmap);
}
void CopyPixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum type) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::copy_pixels(ctx, x, y, width, height, type);
}

}  // namespace brass::gl::api
