// glClearBufferData / glClearBufferSubData (ARB_clear_buffer_object, GL 4.6
// §6.2.1): a range of a buffer filled with one element given as a client
// pixel (format, type, data; no data: zeros), converted to one of the
// buffer-texture formats (table 8.18) by the converter texture uploads use.
//
// The element is replicated into a bounded block (at most kBlockBytes, a
// whole number of elements) that is written over the range with the
// buffer's ordinary update path (pipe buffer_subdata), block after block:
// the writes are ordered with the GPU's other uses of the buffer exactly
// as glBufferSubData's are, and the memory used does not grow with the range.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "gl/buffer.h"
#include "gl/context.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/texture_buffer.h"
#include "gl_functions.h"
#include "util/range.h"

namespace brass::gl {

namespace {

constexpr uint64_t kBlockBytes = 64 * 1024;

// Desktop GL's table 8.16 (the buffer texture formats, with the 16-bit
// normalized ones ES lacks).
const TexelBufferFormat* clear_format(GLenum internal_format) { return find_texel_buffer_format(internal_format, true); }

// The element's bytes in the buffer's layout: the client pixel converted to
// `f`'s format. GL_NO_ERROR, or the error of the client format and type.
GLenum make_element(const Context& ctx, const TexelBufferFormat& f, GLenum format, GLenum type, const void* data,
                    std::array<uint8_t, 16>* out) {
  const pixel::ApiKind api = ctx.format_features.api;
  // An invalid format or type is INVALID_VALUE here (ARB_clear_buffer_object
  // errors), not INVALID_ENUM as for texture uploads.
  if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api)) return GL_INVALID_VALUE;
  if (format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL)
    return GL_INVALID_VALUE;
  pixel::ClientPixelSize size;
  if (const GLenum e = pixel::client_pixel_size(format, type, &size); e != GL_NO_ERROR)
    return e == GL_INVALID_ENUM ? GL_INVALID_VALUE : e;
  if (!pixel::packed_type_matches_format(type, format)) return GL_INVALID_OPERATION;
  if (pixel::is_integer_client_format(format) != pipe::describe(f.format).is_integer()) return GL_INVALID_OPERATION;
  out->fill(0);
  if (!data) return GL_NO_ERROR;
  const pixel::ConstPixelImage src{{format, type}, data, size.pixel_bytes(), size.pixel_bytes()};
  const pixel::PixelImage dst{pixel::storage_layout(f.format), out->data(), f.texel_bytes, f.texel_bytes};
  return pixel::convert_pixels(src, dst, {1, 1, 1});
}

}  // namespace

void clear_buffer_range(Context& ctx, Buffer& b, GLenum internal_format, GLintptr offset, GLsizeiptr size, bool whole,
                        GLenum format, GLenum type, const void* data) {
  const TexelBufferFormat* f = clear_format(internal_format);
  if (!f) return ctx.set_error(GL_INVALID_ENUM);
  if (whole) {
    offset = 0;
    size = b.size;
  }
  if (offset < 0 || size < 0 || !range_fits<GLint64>(offset, size, b.size)) return ctx.set_error(GL_INVALID_VALUE);
  if (offset % f->texel_bytes != 0 || size % f->texel_bytes != 0) return ctx.set_error(GL_INVALID_VALUE);
  // Any map but a persistent one forbids the clear (GL 4.6 §6.2.1).
  if (b.mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
  std::array<uint8_t, 16> element{};
  if (const GLenum e = make_element(ctx, *f, format, type, data, &element); e != GL_NO_ERROR) return ctx.set_error(e);
  if (size == 0 || !b.resource) return;

  // One block of whole elements (the element size is 1 to 16 bytes and
  // need not divide the block size).
  const uint64_t total = static_cast<uint64_t>(size);
  const uint64_t per_block = std::min<uint64_t>(total, kBlockBytes - kBlockBytes % f->texel_bytes);
  std::vector<uint8_t>& block = ctx.vertex_input.scratch;
  block.resize(per_block);
  for (uint64_t at = 0; at < per_block; at += f->texel_bytes) std::memcpy(block.data() + at, element.data(), f->texel_bytes);
  for (uint64_t done = 0; done < total;) {
    const uint64_t n = std::min(per_block, total - done);
    ctx.pipe().buffer_subdata(b.resource.get(), 0, static_cast<uint64_t>(offset) + done, n, block.data());
    done += n;
  }
}

namespace {

void clear_bound_buffer(Context& ctx, GLenum target, GLenum internal_format, GLintptr offset, GLsizeiptr size,
                        bool whole, GLenum format, GLenum type, const void* data) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  // No buffer bound: INVALID_VALUE (ARB_clear_buffer_object; what piglit's
  // no-bound-buffer test and Mesa expect).
  if (!*point) return ctx.set_error(GL_INVALID_VALUE);
  clear_buffer_range(ctx, **point, internal_format, offset, size, whole, format, type, data);
}

}  // namespace

namespace api {

void ClearBufferData(Context& ctx, GLenum target, GLenum internalformat, GLenum format, GLenum type, const void* data) {
  clear_bound_buffer(ctx, target, internalformat, 0, 0, true, format, type, data);
}

void ClearBufferSubData(Context& ctx, GLenum target, GLenum internalformat, GLintptr offset, GLsizeiptr size,
                        GLenum format, GLenum type, const void* data) {
  clear_bound_buffer(ctx, target, internalformat, offset, size, false, format, type, data);
}

}  // namespace api

}  // namespace brass::gl
