// Legacy state commands of compatibility contexts: the attribute stacks'
// entry points, glLineStipple, glPolygonStipple / glGetPolygonStipple,
// glPolygonMode's separate faces, glIndexMask and glClearIndex.
#include <algorithm>
#include <cstring>
#include <vector>

#include "gl/compat/attrib_stack.h"
#include "gl/compat/legacy_queries.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

// Where a 32x32 bitmap's bits lie in memory under the pixel store modes
// (§8.4.4.1 for BITMAP data): rows of `stride` bytes, the first row
// `first_row` rows and the first bit `first_bit` bits in.
struct BitmapLayout {
  size_t stride = 0, first_row = 0, first_bit = 0;
  bool lsb_first = false;
  size_t bytes() const { return (first_row + 31) * stride + (first_bit + 32 + 7) / 8; }
  size_t bit_offset(int x, int y) const { return (first_row + static_cast<size_t>(y)) * stride * 8 + first_bit + x; }
};

BitmapLayout bitmap_layout(GLint row_length, GLint alignment, GLint skip_rows, GLint skip_pixels, bool lsb_first) {
  BitmapLayout l;
  const size_t n = row_length > 0 ? static_cast<size_t>(row_length) : 32u;
  const size_t a = alignment > 0 ? static_cast<size_t>(alignment) : 1u;
  l.stride = a * ((n + 8 * a - 1) / (8 * a));
  l.first_row = static_cast<size_t>(std::max(skip_rows, 0));
  l.first_bit = static_cast<size_t>(std::max(skip_pixels, 0));
  l.lsb_first = lsb_first;
  return l;
}

bool read_bit(const uint8_t* mem, const BitmapLayout& l, int x, int y) {
  const size_t b = l.bit_offset(x, y);
  const unsigned shift = l.lsb_first ? static_cast<unsigned>(b % 8) : 7u - static_cast<unsigned>(b % 8);
  return (mem[b / 8] >> shift) & 1u;
}

void write_bit(uint8_t* mem, const BitmapLayout& l, int x, int y, bool on) {
  const size_t b = l.bit_offset(x, y);
  const unsigned shift = l.lsb_first ? static_cast<unsigned>(b % 8) : 7u - static_cast<unsigned>(b % 8);
  if (on) mem[b / 8] = static_cast<uint8_t>(mem[b / 8] | (1u << shift));
  else mem[b / 8] = static_cast<uint8_t>(mem[b / 8] & ~(1u << shift));
}

}  // namespace

bool inside_begin_end(const Context& ctx) { return ctx.vertex_spec.inside_begin_end(); }
bool bitmap_lsb_first(const Context& ctx, bool pack) {
  return pack ? ctx.compat_pixels.pack_lsb_first : ctx.compat_pixels.unpack_lsb_first;
}

void legacy_polygon_mode(Context& ctx, GLenum face, GLenum mode) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) return ctx.set_error(GL_INVALID_ENUM);
  if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) return ctx.set_error(GL_INVALID_ENUM);
  FixedFunctionState& f = ctx.ff;
  if (face != GL_BACK) f.polygon_mode = mode;
  if (face != GL_FRONT) f.polygon_mode_back = mode;
  ctx.dirty(kDirtyRasterizer);
}

namespace api {

void PushAttrib(Context& ctx, GLbitfield mask) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  push_attrib(ctx, mask);
}
void PopAttrib(Context& ctx) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  pop_attrib(ctx);
}

void LineStipple(Context& ctx, GLint factor, GLushort pattern) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  LegacyRasterState& r = ctx.legacy.raster;
  // §14.5.2.1: the factor is clamped to [1, 256].
  r.line_stipple_repeat = std::clamp(factor, 1, 256);
  r.line_stipple_pattern = pattern;
  ctx.dirty(kDirtyRasterizer);
}

void PolygonStipple(Context& ctx, const GLubyte* mask) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  const State& s = ctx.state;
  const BitmapLayout l = bitmap_layout(s.unpack_row_length, s.unpack_alignment, s.unpack_skip_rows,
                                       s.unpack_skip_pixels, bitmap_lsb_first(ctx, false));
  const size_t bytes = l.bytes();
  std::vector<uint8_t> staged;
  const uint8_t* mem = nullptr;
  if (ctx.buffers.pixel_unpack) {
    // An offset into the pixel unpack buffer (§8.4.4.1): the whole bitmap
    // must lie within it, and it may not be mapped.
    Buffer& b = *ctx.buffers.pixel_unpack;
    const uintptr_t offset = reinterpret_cast<uintptr_t>(mask);
    if (b.mapped) return ctx.set_error(GL_INVALID_OPERATION);
    if (offset > static_cast<uintptr_t>(b.size) || bytes > static_cast<uintptr_t>(b.size) - offset)
      return ctx.set_error(GL_INVALID_OPERATION);
    staged.resize(bytes);
    if (!read_buffer(ctx, b, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), staged.data()))
      return ctx.set_error(GL_OUT_OF_MEMORY);
    mem = staged.data();
  } else {
    if (!mask) return;
    mem = mask;
  }
  LegacyRasterState& r = ctx.legacy.raster;
  for (int y = 0; y < 32; ++y) {
    uint32_t row = 0;
    for (int x = 0; x < 32; ++x)
      if (read_bit(mem, l, x, y)) row |= 1u << x;
    r.polygon_stipple_mask[y] = row;
  }
  ctx.dirty(kDirtyUniforms);
}

void GetPolygonStipple(Context& ctx, GLubyte* mask) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  const State& s = ctx.state;
  const BitmapLayout l = bitmap_layout(s.pack_row_length, s.pack_alignment, s.pack_skip_rows, s.pack_skip_pixels,
                                       bitmap_lsb_first(ctx, true));
  const size_t bytes = l.bytes();
  const LegacyRasterState& r = ctx.legacy.raster;
  if (ctx.buffers.pixel_pack) {
    Buffer& b = *ctx.buffers.pixel_pack;
    const uintptr_t offset = reinterpret_cast<uintptr_t>(mask);
    if (b.mapped) return ctx.set_error(GL_INVALID_OPERATION);
    if (offset > static_cast<uintptr_t>(b.size) || bytes > static_cast<uintptr_t>(b.size) - offset)
      return ctx.set_error(GL_INVALID_OPERATION);
    // Bits of the bytes the bitmap shares with other data are kept: read
    // them first, write the bitmap's bits, store the bytes back.
    std::vector<uint8_t> mem(bytes);
    if (!read_buffer(ctx, b, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), mem.data()))
      return ctx.set_error(GL_OUT_OF_MEMORY);
    for (int y = 0; y < 32; ++y)
      for (int x = 0; x < 32; ++x) write_bit(mem.data(), l, x, y, (r.polygon_stipple_mask[y] >> x) & 1u);
    BufferSubData(ctx, GL_PIXEL_PACK_BUFFER, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes),
                  mem.data());
    return;
  }
  if (!mask) return;
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x) write_bit(mask, l, x, y, (r.polygon_stipple_mask[y] >> x) & 1u);
}

void IndexMask(Context& ctx, GLuint mask) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  ctx.legacy.raster.index_writemask = mask;
}

void ClearIndex(Context& ctx, GLfloat c) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  ctx.legacy.raster.clear_index = c;
}

}  // namespace api
}  // namespace brass::gl
