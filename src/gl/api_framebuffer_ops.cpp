// Handlers that act on the bound framebuffers: glClear, glClearBuffer*,
// glBlitFramebuffer, glReadPixels, glFlush, glFinish.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "gl/context.h"
#include "gl/framebuffer_srgb.h"
#include "gl/pixel/format_table.h"
#include "gl/read_pixels.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

// The scissor rectangle clears apply, clipped to the framebuffer; false when
// nothing is left. *rect stays null without the scissor test.
bool clear_scissor(Context& ctx, pipe::ScissorRect* storage, const pipe::ScissorRect** rect) {
  *rect = nullptr;
  if (!ctx.ff.scissor_test) return true;
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  const GLint* s = ctx.state.scissor;
  const int64_t x0 = std::max<int64_t>(0, s[0]), y0 = std::max<int64_t>(0, s[1]);
  const int64_t x1 = std::min<int64_t>(fb.width, int64_t{s[0]} + s[2]);
  const int64_t y1 = std::min<int64_t>(fb.height, int64_t{s[1]} + s[3]);
  if (x1 <= x0 || y1 <= y0) return false;
  *storage = {static_cast<int32_t>(x0), static_cast<int32_t>(y0), static_cast<uint32_t>(x1 - x0),
              static_cast<uint32_t>(y1 - y0)};
  *rect = storage;
  return true;
}

// Which draw buffers have an image bound (bit i: draw buffer i).
uint32_t bound_draw_buffers(Context& ctx) {
  const FramebufferInfo& info = ctx.validation.framebuffer;
  if (!ctx.draw_framebuffer) return info.color_buffers ? 1u : 0u;
  uint32_t bits = 0;
  const Framebuffer& fb = *ctx.draw_framebuffer;
  for (uint32_t i = 0; i < info.color_buffers; ++i) {
    const GLenum db = fb.draw_buffers[i];
    if (db != GL_NONE && fb.color[db - GL_COLOR_ATTACHMENT0].surface) bits |= 1u << i;
  }
  return bits;
}

// Clears honour the write masks (ES 3.0 §4.2.3): glColorMask for color
// buffers, glDepthMask, and the front stencil write mask.
void masked_clear(Context& ctx, uint32_t color_bits, bool depth, bool stencil, const pipe::ColorValue& color,
                  double depth_value, uint32_t stencil_value) {
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  pipe::ClearMasks masks;
  uint32_t buffers = 0;
  // Each draw buffer with its own mask (EXT_draw_buffers_indexed); bit i of
  // color_bits is draw buffer i.
  for (unsigned i = 0; i < pipe::kMaxColorBuffers; ++i) {
    if (!(color_bits & (pipe::kClearColor0 << i))) continue;
    const auto& m = ctx.ff.color_mask[i];
    if (!(m[0] || m[1] || m[2] || m[3])) continue;
    // An RGB buffer stored as RGBA keeps alpha 1: its alpha is always written.
    masks.color[i] = static_cast<uint8_t>((m[0] ? pipe::kMaskR : 0) | (m[1] ? pipe::kMaskG : 0) |
                                          (m[2] ? pipe::kMaskB : 0) | (m[3] || fb.alpha_is_one ? pipe::kMaskA : 0));
    buffers |= pipe::kClearColor0 << i;
  }
  if (depth && ctx.ff.depth_mask) buffers |= pipe::kClearDepth;
  if (stencil) {
    masks.stencil = static_cast<uint8_t>(ctx.ff.stencil_front.write_mask & 0xffu);
    if (masks.stencil) buffers |= pipe::kClearStencil;
  }
  if (!buffers) return;
  pipe::ScissorRect storage;
  const pipe::ScissorRect* scissor = nullptr;
  if (!clear_scissor(ctx, &storage, &scissor)) return;
  ctx.pipe().clear_masked(buffers, scissor, color, depth_value, stencil_value & 0xffu, masks);
}

// Validates the draw framebuffer for a clear; false when nothing may happen.
bool begin_clear(Context& ctx) {
  if (!validate_for_clear(ctx)) {
    ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    return false;
  }
  if (ctx.ff.rasterizer_discard) return false;  // RASTERIZER_DISCARD discards clears too (ES 3.0 §4.2.3)
  return render_condition_passes(ctx, false);          // and so does conditional rendering (GL 4.6 §10.9)
}

double clamp_depth(GLfloat d) { return std::clamp(static_cast<double>(d), 0.0, 1.0); }

// --- blits ---

// A depth/stencil image of a framebuffer, as blits see it.
struct DepthStencilImage {
  const pixel::InternalFormatInfo* info = nullptr;
  pipe::Resource* resource = nullptr;
  uint32_t level = 0, layer = 0;
};

// "The source and destination depth and stencil buffer formats" match when
// every aspect both buffers have is stored alike: a DEPTH_COMPONENT24
// buffer blits its depth into a DEPTH24_STENCIL8 one (the blit writes only
// depth), while DEPTH32F_STENCIL8 and DEPTH24_STENCIL8 match in neither
// direction: a stencil blit between them would still pair two different
// depth formats, which the rule forbids for the buffers as a whole.
bool depth_stencil_formats_match(const pixel::InternalFormatInfo& a, const pixel::InternalFormatInfo& b) {
  if (a.has_depth() && b.has_depth() && (a.bits.depth != b.bits.depth || a.component_type != b.component_type))
    return false;
  if (a.has_stencil() && b.has_stencil() && a.bits.stencil != b.bits.stencil) return false;
  return true;
}

DepthStencilImage depth_stencil_image(Context& ctx, Framebuffer* fb, bool read, bool depth) {
  DepthStencilImage out;
  if (fb) {
    const AttachmentImage img = attachment_image(depth ? fb->depth : fb->stencil);
    out.info = img.info;
    out.resource = img.resource;
    out.level = img.level;
    out.layer = img.layer;
    return out;
  }
  const Drawable* d = read ? ctx.read() : ctx.draw();
  if (!d || !d->depth_stencil || (depth ? d->depth_bits : d->stencil_bits) == 0) return out;
  out.resource = d->depth_stencil.get();
  for (const pixel::InternalFormatInfo& i : pixel::all_internal_formats()) {
    if (i.storage == out.resource->templ().format && !i.is_color() && (i.availability & pixel::kAvailEs3)) {
      out.info = &i;
      break;
    }
  }
  return out;
}

// The size of a framebuffer: a drawable's, or the intersection of the
// attachments of a complete object.
void framebuffer_size(Context& ctx, Framebuffer* fb, bool read, int64_t* w, int64_t* h) {
  if (!fb) {
    const Drawable* d = read ? ctx.read() : ctx.draw();
    *w = d ? d->width : 0;
    *h = d ? d->height : 0;
    return;
  }
  *w = *h = INT32_MAX;
  auto visit = [&](const Attachment& a) {
    if (a.type == GL_NONE) return;
    const AttachmentImage img = attachment_image(a);
    *w = std::min<int64_t>(*w, img.width);
    *h = std::min<int64_t>(*h, img.height);
  };
  for (const Attachment& a : fb->color) visit(a);
  visit(fb->depth);
  visit(fb->stencil);
}

GLsizei samples_of(Context& ctx, Framebuffer* fb, bool read) {
  if (fb) return framebuffer_samples(*fb);
  const Drawable* d = read ? ctx.read() : ctx.draw();
  return d && d->samples > 1 ? d->samples : 0;
}

// One axis of a blit: the destination range clipped to [lo, hi) and the
// source range to [0, src_size), each clip moving the other side by the
// scale. Flips survive as s0 > s1.
bool clip_axis(int64_t s0i, int64_t s1i, int64_t d0i, int64_t d1i, int64_t src_size, int64_t lo, int64_t hi,
               int32_t* s0o, int32_t* s1o, int32_t* d0o, int32_t* d1o) {
  if (s0i == s1i || d0i == d1i) return false;
  double s0 = static_cast<double>(s0i), s1 = static_cast<double>(s1i);
  double d0 = static_cast<double>(d0i), d1 = static_cast<double>(d1i);
  if (d0 > d1) {
    std::swap(d0, d1);
    std::swap(s0, s1);
  }
  const double scale = (s1 - s0) / (d1 - d0);
  if (d0 < static_cast<double>(lo)) {
    s0 += (static_cast<double>(lo) - d0) * scale;
    d0 = static_cast<double>(lo);
  }
  if (d1 > static_cast<double>(hi)) {
    s1 -= (d1 - static_cast<double>(hi)) * scale;
    d1 = static_cast<double>(hi);
  }
  if (d0 >= d1) return false;
  const double size = static_cast<double>(src_size);
  if (scale > 0) {
    if (s0 < 0) {
      d0 += -s0 / scale;
      s0 = 0;
    }
    if (s1 > size) {
      d1 -= (s1 - size) / scale;
      s1 = size;
    }
  } else {
    if (s0 > size) {
      d0 += (s0 - size) / -scale;
      s0 = size;
    }
    if (s1 < 0) {
      d1 -= -s1 / -scale;
      s1 = 0;
    }
  }
  *s0o = static_cast<int32_t>(std::lround(s0));
  *s1o = static_cast<int32_t>(std::lround(s1));
  *d0o = static_cast<int32_t>(std::lround(d0));
  *d1o = static_cast<int32_t>(std::lround(d1));
  return *d0o < *d1o && *s0o != *s1o;
}

// One axis of a scaled blit whose rectangles need clipping, kept exact: the
// source rectangle maps onto the destination rectangle as specified
// (ES 3.0 §4.3.3), so clipping may only choose which destination pixels are
// written -- those inside [lo, hi) whose centres map into [0, src_size) --
// and never move the mapping, which clip_axis's integer rounding does
// (a fraction of a source pixel, visible with LINEAR). [*a0, *a1) is that
// destination range; false when it is empty.
bool exact_axis(int64_t s0, int64_t s1, int64_t d0, int64_t d1, int64_t src_size, int64_t lo, int64_t hi,
                int32_t* a0, int32_t* a1) {
  if (s0 == s1 || d0 == d1) return false;
  const int64_t first = std::max(std::min(d0, d1), lo), last = std::min(std::max(d0, d1), hi) - 1;
  if (first > last) return false;
  const double k = static_cast<double>(s1 - s0) / static_cast<double>(d1 - d0);
  const double c = static_cast<double>(s0) + (0.5 - static_cast<double>(d0)) * k;  // source x of pixel d: c + d k
  const double size = static_cast<double>(src_size);
  auto inside = [&](int64_t d) {
    const double x = c + static_cast<double>(d) * k;
    return x >= 0 && x < size;
  };
  // The solved bounds, then nudged by the predicate itself (which is what
  // decides; the division may be off by one either way).
  const double lo_d = k > 0 ? std::ceil(-c / k) : std::floor((size - c) / k) + 1;
  const double hi_d = k > 0 ? std::ceil((size - c) / k) - 1 : std::floor(-c / k);
  int64_t b0 = static_cast<int64_t>(std::clamp(lo_d, static_cast<double>(first), static_cast<double>(last) + 1));
  int64_t b1 = static_cast<int64_t>(std::clamp(hi_d, static_cast<double>(first) - 1, static_cast<double>(last)));
  while (b0 > first && inside(b0 - 1)) --b0;
  while (b0 <= last && !inside(b0)) ++b0;
  while (b1 < last && inside(b1 + 1)) ++b1;
  while (b1 >= first && !inside(b1)) --b1;
  if (b0 > b1) return false;
  *a0 = static_cast<int32_t>(b0);
  *a1 = static_cast<int32_t>(b1 + 1);
  return true;
}

// The view a colour blit reads or writes `resource` through: an sRGB
// attachment is decoded when read and encoded when written only while
// FRAMEBUFFER_SRGB is enabled (GL 4.6 §18.3.1), else its values are copied
// as they are, through the linear counterpart (srgb_write_format; ES always
// converts).
pipe::Format blit_color_format(const Context& ctx, const pipe::Resource* resource) {
  return srgb_write_format(ctx, resource->templ().format);
}

// A blit whose source and destination are one resource goes through a
// temporary copy of the source region, so overlapping rectangles read the
// original pixels (and the driver never sees one image in two layouts).
void blit_resource(Context& ctx, pipe::BlitInfo blit) {
  if (blit.src.resource != blit.dst.resource) return ctx.pipe().blit(blit);
  const pipe::ResourceTemplate& st = blit.src.resource->templ();
  pipe::Box& sb = blit.src.box;
  const int32_t x = std::min(sb.x, sb.x + sb.width), y = std::min(sb.y, sb.y + sb.height);
  const int32_t w = std::abs(sb.width), h = std::abs(sb.height);
  pipe::ResourceTemplate t;
  t.format = st.format;
  t.width = static_cast<uint32_t>(w);
  t.height = static_cast<uint32_t>(h);
  t.bind = (blit.mask & pipe::kBlitColor) ? pipe::kBindRenderTarget : pipe::kBindDepthStencil;
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> temp = ctx.screen().resource_create(t, &status);
  if (!temp) return ctx.set_error(GL_OUT_OF_MEMORY);
  pipe::BlitInfo copy = blit;
  copy.filter = pipe::Filter::Nearest;
  copy.src.box = {x, y, sb.z, w, h, 1};
  copy.dst.resource = temp.get();
  copy.dst.format = blit.src.format;  // the same view of the same storage: a raw copy
  copy.dst.level = 0;
  copy.dst.box = {0, 0, 0, w, h, 1};
  ctx.pipe().blit(copy);
  blit.src.resource = temp.get();
  blit.src.level = 0;
  sb = {sb.width < 0 ? w : 0, sb.height < 0 ? h : 0, 0, sb.width, sb.height, 1};
  ctx.pipe().blit(blit);
}

}  // namespace

namespace api {

void Clear(Context& ctx, GLbitfield mask) {
  // Compatibility contexts name the accumulation buffer too; no config has
  // one, so it has nothing to clear (compat/accumulation.cpp).
  const GLbitfield accum = ctx.compatibility() ? GL_ACCUM_BUFFER_BIT : 0;
  if (mask & ~(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | accum))
    return ctx.set_error(GL_INVALID_VALUE);
  if (!begin_clear(ctx)) return;
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  uint32_t colors = 0;
  if (mask & GL_COLOR_BUFFER_BIT) colors = bound_draw_buffers(ctx) & pipe::kClearColorAll;
  pipe::ColorValue color{};
  for (int i = 0; i < 4; ++i) color.f[i] = ctx.state.clear_color[i];
  if (fb.alpha_is_one) color.f[3] = 1.0f;
  masked_clear(ctx, colors, (mask & GL_DEPTH_BUFFER_BIT) && fb.has_depth,
               (mask & GL_STENCIL_BUFFER_BIT) && fb.has_stencil, color, ctx.state.clear_depth,
               static_cast<uint32_t>(ctx.state.clear_stencil));
}

void ClearBufferiv(Context& ctx, GLenum buffer, GLint drawbuffer, const GLint* value) {
  if (buffer == GL_COLOR) {
    if (drawbuffer < 0 || drawbuffer >= ctx.limits.max_draw_buffers) return ctx.set_error(GL_INVALID_VALUE);
  } else if (buffer == GL_STENCIL) {
    if (drawbuffer != 0) return ctx.set_error(GL_INVALID_VALUE);
  } else {
    return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!value || !begin_clear(ctx)) return;
  pipe::ColorValue color{};
  if (buffer == GL_COLOR) {
    for (int i = 0; i < 4; ++i) color.i[i] = value[i];
    const uint32_t bit = bound_draw_buffers(ctx) & (1u << drawbuffer);
    return masked_clear(ctx, bit, false, false, color, 0, 0);
  }
  if (ctx.validation.framebuffer.has_stencil)
    masked_clear(ctx, 0, false, true, color, 0, static_cast<uint32_t>(value[0]));
}

void ClearBufferuiv(Context& ctx, GLenum buffer, GLint drawbuffer, const GLuint* value) {
  if (buffer != GL_COLOR) return ctx.set_error(GL_INVALID_ENUM);
  if (drawbuffer < 0 || drawbuffer >= ctx.limits.max_draw_buffers) return ctx.set_error(GL_INVALID_VALUE);
  if (!value || !begin_clear(ctx)) return;
  pipe::ColorValue color{};
  for (int i = 0; i < 4; ++i) color.ui[i] = value[i];
  masked_clear(ctx, bound_draw_buffers(ctx) & (1u << drawbuffer), false, false, color, 0, 0);
}

void ClearBufferfv(Context& ctx, GLenum buffer, GLint drawbuffer, const GLfloat* value) {
  if (buffer == GL_COLOR) {
    if (drawbuffer < 0 || drawbuffer >= ctx.limits.max_draw_buffers) return ctx.set_error(GL_INVALID_VALUE);
  } else if (buffer == GL_DEPTH) {
    if (drawbuffer != 0) return ctx.set_error(GL_INVALID_VALUE);
  } else {
    return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!value || !begin_clear(ctx)) return;
  pipe::ColorValue color{};
  if (buffer == GL_COLOR) {
    for (int i = 0; i < 4; ++i) color.f[i] = value[i];
    if (ctx.validation.framebuffer.alpha_is_one) color.f[3] = 1.0f;
    return masked_clear(ctx, bound_draw_buffers(ctx) & (1u << drawbuffer), false, false, color, 0, 0);
  }
  if (ctx.validation.framebuffer.has_depth) masked_clear(ctx, 0, true, false, color, clamp_depth(value[0]), 0);
}

void ClearBufferfi(Context& ctx, GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil) {
  if (buffer != GL_DEPTH_STENCIL) return ctx.set_error(GL_INVALID_ENUM);
  if (drawbuffer != 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!begin_clear(ctx)) return;
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  masked_clear(ctx, 0, fb.has_depth, fb.has_stencil, pipe::ColorValue{}, clamp_depth(depth),
               static_cast<uint32_t>(stencil));
}

void BlitFramebuffer(Context& ctx, GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0,
                     GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter) {
  if (mask & ~(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    return ctx.set_error(GL_INVALID_VALUE);
  if (filter != GL_NEAREST && filter != GL_LINEAR) return ctx.set_error(GL_INVALID_ENUM);
  if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)))
    return ctx.set_error(GL_INVALID_OPERATION);
  Framebuffer* read_fb = ctx.read_framebuffer.get();
  Framebuffer* draw_fb = ctx.draw_framebuffer.get();
  if (read_fb ? check_framebuffer_status(ctx, *read_fb) != GL_FRAMEBUFFER_COMPLETE : !ctx.read() || !ctx.read()->color)
    return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
  if (!validate_for_clear(ctx)) return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
  const GLsizei read_samples = samples_of(ctx, read_fb, true);
  const GLsizei draw_samples = samples_of(ctx, draw_fb, false);
  if (!ctx.desktop()) {
    // ES 3.2 §16.2.1: no multisampled destination; a multisampled source
    // only with identical rectangles.
    if (draw_samples > 0) return ctx.set_error(GL_INVALID_OPERATION);
    if (read_samples > 0 && (srcX0 != dstX0 || srcY0 != dstY0 || srcX1 != dstX1 || srcY1 != dstY1))
      return ctx.set_error(GL_INVALID_OPERATION);
  } else if (read_samples > 0 || draw_samples > 0) {
    // GL 4.6 §18.3.1: a multisampled source is resolved, a single-sampled
    // one replicated into every destination sample, and between two
    // multisampled buffers of as many samples the samples are copied; other
    // sample counts, and rectangles of different sizes, are errors.
    if (read_samples > 0 && draw_samples > 0 && read_samples != draw_samples)
      return ctx.set_error(GL_INVALID_OPERATION);
    if (std::abs(int64_t{srcX1} - srcX0) != std::abs(int64_t{dstX1} - dstX0) ||
        std::abs(int64_t{srcY1} - srcY0) != std::abs(int64_t{dstY1} - dstY0))
      return ctx.set_error(GL_INVALID_OPERATION);
  }
  const bool multisampled = read_samples > 0 || draw_samples > 0;

  // Color: the read buffer into every draw buffer.
  ColorBuffer src_color;
  std::array<ColorBuffer, kMaxColorAttachments> dst_colors;
  uint32_t dst_bits = 0;
  if ((mask & GL_COLOR_BUFFER_BIT) && read_color_buffer(ctx, &src_color)) {
    for (unsigned i = 0; i < static_cast<unsigned>(ctx.limits.max_draw_buffers); ++i) {
      if (!draw_color_buffer(ctx, i, &dst_colors[i])) continue;
      const pixel::InternalFormatInfo& s = *src_color.info;
      const pixel::InternalFormatInfo& d = *dst_colors[i].info;
      if (s.is_integer() != d.is_integer() || s.is_signed_integer() != d.is_signed_integer())
        return ctx.set_error(GL_INVALID_OPERATION);
      if (s.is_integer() && filter == GL_LINEAR) return ctx.set_error(GL_INVALID_OPERATION);
      if (multisampled && s.internal_format != d.internal_format) return ctx.set_error(GL_INVALID_OPERATION);
      dst_bits |= 1u << i;
    }
  }
  // Depth and stencil: formats that match on both sides (ES 3.0 §4.3.3,
  // GL 4.6 §18.3.1; see depth_stencil_formats_match).
  DepthStencilImage src_ds[2], dst_ds[2];
  bool do_ds[2] = {false, false};
  for (int k = 0; k < 2; ++k) {
    const GLbitfield bit = k == 0 ? GL_DEPTH_BUFFER_BIT : GL_STENCIL_BUFFER_BIT;
    if (!(mask & bit)) continue;
    src_ds[k] = depth_stencil_image(ctx, read_fb, true, k == 0);
    dst_ds[k] = depth_stencil_image(ctx, draw_fb, false, k == 0);
    if (!src_ds[k].info || !dst_ds[k].info) continue;
    if (!depth_stencil_formats_match(*src_ds[k].info, *dst_ds[k].info)) return ctx.set_error(GL_INVALID_OPERATION);
    do_ds[k] = src_ds[k].resource && dst_ds[k].resource;
  }
  if (!dst_bits && !do_ds[0] && !do_ds[1]) return;
  if (!render_condition_passes(ctx, false)) return;  // GL 4.6 §10.9

  // Clip to the source and destination framebuffers and the scissor.
  int64_t sw, sh;
  framebuffer_size(ctx, read_fb, true, &sw, &sh);
  const FramebufferInfo& dinfo = ctx.validation.framebuffer;
  int64_t lx = 0, ly = 0, hx = dinfo.width, hy = dinfo.height;
  if (ctx.ff.scissor_test) {
    const GLint* s = ctx.state.scissor;
    lx = std::max<int64_t>(lx, s[0]);
    ly = std::max<int64_t>(ly, s[1]);
    hx = std::min<int64_t>(hx, int64_t{s[0]} + s[2]);
    hy = std::min<int64_t>(hy, int64_t{s[1]} + s[3]);
  }
  // A scaled LINEAR colour blit that needs clipping keeps its rectangles as
  // given and limits the written pixels with the blit's scissor
  // (exact_axis); the driver samples the source with CLAMP_TO_EDGE, as
  // §4.3.3 asks of LINEAR reads past the buffer. Unscaled axes clip exactly
  // in whole pixels. NEAREST keeps clip_axis and the transfer path, which
  // maps each axis on its own: the shader path interpolates the source
  // coordinate across two triangles, so at an exact texel edge its
  // rounding would depend on the other coordinate (dEQP's
  // nearest_consistency cases). Depth/stencil (NEAREST, and stencil has
  // only the transfer path, which needs rectangles inside the images) clip
  // with clip_axis too.
  const bool scaled = std::abs(int64_t{srcX1} - srcX0) != std::abs(int64_t{dstX1} - dstX0) ||
                      std::abs(int64_t{srcY1} - srcY0) != std::abs(int64_t{dstY1} - dstY0);
  auto within = [](int64_t a, int64_t b, int64_t lo, int64_t hi) { return std::min(a, b) >= lo && std::max(a, b) <= hi; };
  const bool needs_clip = !within(srcX0, srcX1, 0, sw) || !within(srcY0, srcY1, 0, sh) ||
                          !within(dstX0, dstX1, lx, hx) || !within(dstY0, dstY1, ly, hy);
  // pipe::Box holds int32 extents: rectangles wider than that keep clip_axis.
  const int64_t kMax = INT32_MAX;
  const bool fits = std::abs(int64_t{srcX1} - srcX0) <= kMax && std::abs(int64_t{srcY1} - srcY0) <= kMax &&
                    std::abs(int64_t{dstX1} - dstX0) <= kMax && std::abs(int64_t{dstY1} - dstY0) <= kMax;
  if (dst_bits && filter == GL_LINEAR && scaled && needs_clip && fits) {
    int32_t x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    const bool any = exact_axis(srcX0, srcX1, dstX0, dstX1, sw, lx, hx, &x0, &x1) &&
                     exact_axis(srcY0, srcY1, dstY0, dstY1, sh, ly, hy, &y0, &y1);
    // Destination left to right, bottom to top; flips move to the source.
    const bool fx = dstX1 < dstX0, fy = dstY1 < dstY0;
    pipe::BlitInfo e;
    e.mask = pipe::kBlitColor;
    e.filter = pipe::Filter::Linear;
    e.scissor_enable = true;
    e.scissor = {x0, y0, static_cast<uint32_t>(x1 - x0), static_cast<uint32_t>(y1 - y0)};
    e.src.resource = src_color.resource;
    e.src.format = blit_color_format(ctx, src_color.resource);
    e.src.level = src_color.level;
    e.src.box = {fx ? srcX1 : srcX0, fy ? srcY1 : srcY0, static_cast<int32_t>(src_color.layer),
                 fx ? srcX0 - srcX1 : srcX1 - srcX0, fy ? srcY0 - srcY1 : srcY1 - srcY0, 1};
    for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
      // One image read and written goes through blit_resource's copy of
      // the (clipped) source below instead.
      if (!(dst_bits & (1u << i)) || dst_colors[i].resource == src_color.resource) continue;
      dst_bits &= ~(1u << i);
      if (!any) continue;  // no destination pixel has a source pixel
      e.dst.resource = dst_colors[i].resource;
      e.dst.format = blit_color_format(ctx, dst_colors[i].resource);
      e.dst.level = dst_colors[i].level;
      e.dst.box = {std::min(dstX0, dstX1), std::min(dstY0, dstY1), static_cast<int32_t>(dst_colors[i].layer),
                   std::abs(dstX1 - dstX0), std::abs(dstY1 - dstY0), 1};
      ctx.pipe().blit(e);
    }
  }

  pipe::Box sbox, dbox;
  int32_t s0, s1, d0, d1;
  if (!clip_axis(srcX0, srcX1, dstX0, dstX1, sw, lx, hx, &s0, &s1, &d0, &d1)) return;
  sbox.x = s0;
  sbox.width = s1 - s0;
  dbox.x = d0;
  dbox.width = d1 - d0;
  if (!clip_axis(srcY0, srcY1, dstY0, dstY1, sh, ly, hy, &s0, &s1, &d0, &d1)) return;
  sbox.y = s0;
  sbox.height = s1 - s0;
  dbox.y = d0;
  dbox.height = d1 - d0;

  pipe::BlitInfo blit;
  blit.filter = filter == GL_LINEAR ? pipe::Filter::Linear : pipe::Filter::Nearest;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    if (!(dst_bits & (1u << i))) continue;
    blit.mask = pipe::kBlitColor;
    blit.src.resource = src_color.resource;
    blit.src.format = blit_color_format(ctx, src_color.resource);
    blit.src.level = src_color.level;
    blit.src.box = sbox;
    blit.src.box.z = static_cast<int32_t>(src_color.layer);
    blit.dst.resource = dst_colors[i].resource;
    blit.dst.format = blit_color_format(ctx, dst_colors[i].resource);
    blit.dst.level = dst_colors[i].level;
    blit.dst.box = dbox;
    blit.dst.box.z = static_cast<int32_t>(dst_colors[i].layer);
    blit_resource(ctx, blit);
  }
  blit.filter = pipe::Filter::Nearest;
  const bool same_ds = do_ds[0] && do_ds[1] && src_ds[0].resource == src_ds[1].resource &&
                       dst_ds[0].resource == dst_ds[1].resource;
  for (int k = 0; k < 2; ++k) {
    if (!do_ds[k] || (k == 1 && same_ds)) continue;
    blit.mask = static_cast<uint8_t>(same_ds ? pipe::kBlitDepth | pipe::kBlitStencil
                                             : (k == 0 ? pipe::kBlitDepth : pipe::kBlitStencil));
    blit.src.resource = src_ds[k].resource;
    blit.src.format = blit.dst.format = pipe::Format::None;
    blit.src.level = src_ds[k].level;
    blit.src.box = sbox;
    blit.src.box.z = static_cast<int32_t>(src_ds[k].layer);
    blit.dst.resource = dst_ds[k].resource;
    blit.dst.level = dst_ds[k].level;
    blit.dst.box = dbox;
    blit.dst.box.z = static_cast<int32_t>(dst_ds[k].layer);
    blit_resource(ctx, blit);
  }
}

void ReadPixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                void* pixels) {
  read_pixels(ctx, x, y, width, height, format, type, pixels);
}

void Flush(Context& ctx) { ctx.pipe().flush(nullptr, 0); }

void Finish(Context& ctx) {
  Ref<pipe::Fence> fence;
  ctx.pipe().flush(&fence, 0);
  if (fence) ctx.screen().fence_finish(fence.get(), UINT64_MAX);
}

}  // namespace api
}  // namespace brass::gl
