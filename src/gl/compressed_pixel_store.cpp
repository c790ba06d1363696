#include "gl/compressed_pixel_store.h"

namespace brass::gl {

namespace {

uint64_t blocks(uint64_t texels, uint64_t block) { return (texels + block - 1) / block; }

}  // namespace

GLenum compressed_client_layout(const CompressedPixelStore& s, const pixel::InternalFormatInfo& info, uint32_t w,
                                uint32_t h, uint32_t d, int dimensions, int64_t image_size,
                                CompressedClientLayout* out) {
  // Strides of INT_MAX texels of INT_MAX-byte blocks overflow 64 bits:
  // every product and sum is checked, and a layout that does not fit is
  // INVALID_VALUE (no memory could hold it).
  bool overflow = false;
  auto mul = [&overflow](uint64_t a, uint64_t b) {
    uint64_t r = 0;
    overflow = overflow || __builtin_mul_overflow(a, b, &r);
    return r;
  };
  auto add = [&overflow](uint64_t a, uint64_t b) {
    uint64_t r = 0;
    overflow = overflow || __builtin_add_overflow(a, b, &r);
    return r;
  };
  // The format's own blocks: what one row of the region holds, and the
  // tight layout used where the modes are not enabled.
  const uint64_t format_row = blocks(w, info.block_width()) * info.block_bytes();
  const uint64_t format_rows = blocks(h, info.block_height());
  CompressedClientLayout l;
  l.row_stride = format_row;
  l.image_stride = mul(format_row, format_rows);
  // ROW_LENGTH and SKIP_PIXELS need the block size and width; SKIP_ROWS and
  // IMAGE_HEIGHT the height too; SKIP_IMAGES the depth too (GL 4.6 §8.7).
  const bool columns = s.block_size > 0 && s.block_width > 0;
  const bool rows = columns && dimensions >= 2 && s.block_height > 0;
  const bool images = rows && dimensions >= 3 && s.block_depth > 0;
  const uint64_t size = static_cast<uint64_t>(s.block_size);
  if (columns) {
    const uint64_t bw = static_cast<uint64_t>(s.block_width);
    if (static_cast<uint64_t>(s.skip_pixels) % bw != 0) return GL_INVALID_OPERATION;
    const uint64_t row_length = s.row_length > 0 ? static_cast<uint64_t>(s.row_length) : w;
    l.row_stride = mul(blocks(row_length, bw), size);
    l.offset = mul(static_cast<uint64_t>(s.skip_pixels) / bw, size);
    l.image_stride = mul(l.row_stride, format_rows);
  }
  if (rows) {
    const uint64_t bh = static_cast<uint64_t>(s.block_height);
    if (static_cast<uint64_t>(s.skip_rows) % bh != 0) return GL_INVALID_OPERATION;
    const uint64_t image_height = s.image_height > 0 ? static_cast<uint64_t>(s.image_height) : h;
    l.image_stride = mul(blocks(image_height, bh), l.row_stride);
    l.offset = add(l.offset, mul(static_cast<uint64_t>(s.skip_rows) / bh, l.row_stride));
  }
  if (images) {
    const uint64_t bd = static_cast<uint64_t>(s.block_depth);
    if (static_cast<uint64_t>(s.skip_images) % bd != 0) return GL_INVALID_OPERATION;
    l.offset = add(l.offset, mul(static_cast<uint64_t>(s.skip_images) / bd, l.image_stride));
  }
  // With the modes of every dimension of the command enabled, imageSize is
  // the blocks they describe (GL 4.6 §8.7).
  const bool all = dimensions == 1 ? columns : dimensions == 2 ? rows : images;
  if (all && image_size >= 0) {
    uint64_t expected = mul(size, blocks(w, static_cast<uint64_t>(s.block_width)));
    if (dimensions >= 2) expected = mul(expected, blocks(h, static_cast<uint64_t>(s.block_height)));
    if (dimensions >= 3) expected = mul(expected, blocks(d, static_cast<uint64_t>(s.block_depth)));
    if (overflow || static_cast<uint64_t>(image_size) != expected) return GL_INVALID_VALUE;
  }
  l.end = l.offset;
  if (w && h && d)
    l.end = add(add(l.offset, mul(uint64_t{d} - 1, l.image_stride)),
                add(mul(format_rows - 1, l.row_stride), format_row));
  if (overflow) return GL_INVALID_VALUE;
  *out = l;
  return GL_NO_ERROR;
}

}  // namespace brass::gl
