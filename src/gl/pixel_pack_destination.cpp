#include "gl/pixel_pack_destination.h"

#include <algorithm>

#include "gl/buffer.h"
#include "gl/context.h"

namespace brass::gl {

pixel::PixelStoreParams pack_params(const Context& ctx, bool three_d) {
  const State& s = ctx.state;
  pixel::PixelStoreParams pack;
  pack.alignment = s.pack_alignment;
  pack.row_length = s.pack_row_length;
  pack.skip_pixels = s.pack_skip_pixels;
  pack.skip_rows = s.pack_skip_rows;
  if (three_d) {
    pack.image_height = s.pack_image_height;
    pack.skip_images = s.pack_skip_images;
  }
  return pack;
}

GLenum check_pack_destination(const Context& ctx, const pixel::PixelStoreParams& pack, GLenum format, GLenum type,
                              uint32_t width, uint32_t height, uint32_t depth, bool three_d, const void* pixels,
                              uint64_t buf_size, PackDestination* out) {
  if (const GLenum e = pixel::compute_client_image_layout(pack, format, type, width, height, depth, three_d,
                                                          &out->layout))
    return e;
  out->pbo = ctx.buffers.pixel_pack.get();
  out->pbo_offset = reinterpret_cast<uintptr_t>(pixels);
  if (out->pbo) {
    if (out->pbo->mapped_exclusively()) return GL_INVALID_OPERATION;
    return pixel::check_pixel_buffer_access(out->layout, type, out->pbo_offset,
                                            static_cast<uint64_t>(out->pbo->size));
  }
  // Client memory of buf_size bytes (KHR_robustness); a pack buffer has its
  // own bound, checked above.
  if (out->layout.required_bytes > buf_size) return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

void* map_pack_buffer(pipe::Context& p, const PackDestination& dst, pipe::Transfer** transfer) {
  pipe::Box box;
  box.x = static_cast<int32_t>(dst.pbo_offset);
  box.width = static_cast<int32_t>(dst.layout.required_bytes);
  return p.transfer_map(dst.pbo->resource.get(), 0, pipe::kMapWrite, box, transfer);
}

bool clip_read_region(GLint x, GLint y, GLsizei width, GLsizei height, GLsizei src_width, GLsizei src_height,
                      const pixel::PixelStoreParams& pack, ReadRegion* out) {
  const GLint x0 = std::max(0, x), y0 = std::max(0, y);
  const GLint x1 = static_cast<GLint>(std::min<int64_t>(src_width, int64_t{x} + width));
  const GLint y1 = static_cast<GLint>(std::min<int64_t>(src_height, int64_t{y} + height));
  if (x1 <= x0 || y1 <= y0) return false;
  out->pack = pack;
  if (!out->pack.row_length) out->pack.row_length = width;
  out->pack.skip_pixels += x0 - x;
  out->pack.skip_rows += y0 - y;
  out->extent = pixel::PixelExtent{static_cast<uint32_t>(x1 - x0), static_cast<uint32_t>(y1 - y0), 1};
  out->box = pipe::Box{};
  out->box.x = x0;
  out->box.y = y0;
  out->box.width = x1 - x0;
  out->box.height = y1 - y0;
  return true;
}

}  // namespace brass::gl
