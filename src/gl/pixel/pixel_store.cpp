#include "gl/pixel/pixel_store.h"

#include "gl/pixel/client_format.h"

namespace brass::gl::pixel {
namespace {

// Pointer to the member `pname` names in `store`, and whether it exists on
// this API. ES 3.0 has no PACK_IMAGE_HEIGHT/PACK_SKIP_IMAGES and no
// SWAP_BYTES/LSB_FIRST.
struct Param {
  PixelStoreParams PixelStore::*direction;
  int32_t PixelStoreParams::*value;
  bool PixelStoreParams::*flag;
  bool desktop_only;
};

bool find_param(GLenum pname, Param* p) {
  using PS = PixelStoreParams;
  auto num = [&](PixelStoreParams PixelStore::*dir, int32_t PS::*v, bool desktop_only) {
    *p = {dir, v, nullptr, desktop_only};
    return true;
  };
  auto flag = [&](PixelStoreParams PixelStore::*dir, bool PS::*f) {
    *p = {dir, nullptr, f, true};
    return true;
  };
  switch (pname) {
    case GL_UNPACK_ALIGNMENT: return num(&PixelStore::unpack, &PS::alignment, false);
    case GL_UNPACK_ROW_LENGTH: return num(&PixelStore::unpack, &PS::row_length, false);
    case GL_UNPACK_IMAGE_HEIGHT: return num(&PixelStore::unpack, &PS::image_height, false);
    case GL_UNPACK_SKIP_PIXELS: return num(&PixelStore::unpack, &PS::skip_pixels, false);
    case GL_UNPACK_SKIP_ROWS: return num(&PixelStore::unpack, &PS::skip_rows, false);
    case GL_UNPACK_SKIP_IMAGES: return num(&PixelStore::unpack, &PS::skip_images, false);
    case GL_PACK_ALIGNMENT: return num(&PixelStore::pack, &PS::alignment, false);
    case GL_PACK_ROW_LENGTH: return num(&PixelStore::pack, &PS::row_length, false);
    case GL_PACK_SKIP_PIXELS: return num(&PixelStore::pack, &PS::skip_pixels, false);
    case GL_PACK_SKIP_ROWS: return num(&PixelStore::pack, &PS::skip_rows, false);
    case GL_PACK_IMAGE_HEIGHT: return num(&PixelStore::pack, &PS::image_height, true);
    case GL_PACK_SKIP_IMAGES: return num(&PixelStore::pack, &PS::skip_images, true);
    case GL_UNPACK_SWAP_BYTES: return flag(&PixelStore::unpack, &PS::swap_bytes);
    case GL_UNPACK_LSB_FIRST: return flag(&PixelStore::unpack, &PS::lsb_first);
    case GL_PACK_SWAP_BYTES: return flag(&PixelStore::pack, &PS::swap_bytes);
    case GL_PACK_LSB_FIRST: return flag(&PixelStore::pack, &PS::lsb_first);
    default: return false;
  }
}

bool checked_mul(uint64_t a, uint64_t b, uint64_t* out) { return !__builtin_mul_overflow(a, b, out); }
bool checked_add(uint64_t a, uint64_t b, uint64_t* out) { return !__builtin_add_overflow(a, b, out); }

}  // namespace

GLenum PixelStore::set(GLenum pname, int32_t value, ApiKind api) {
  Param p;
  if (!find_param(pname, &p) || (p.desktop_only && api != ApiKind::Desktop)) return GL_INVALID_ENUM;
  PixelStoreParams& params = this->*p.direction;
  if (p.flag) {  // booleans: any value, nonzero is true
    params.*p.flag = value != 0;
    return GL_NO_ERROR;
  }
  if (value < 0) return GL_INVALID_VALUE;
  if (p.value == &PixelStoreParams::alignment && value != 1 && value != 2 && value != 4 && value != 8)
    return GL_INVALID_VALUE;
  params.*p.value = value;
  return GL_NO_ERROR;
}

bool PixelStore::get(GLenum pname, int32_t* value) const {
  Param p;
  if (!find_param(pname, &p)) return false;
  const PixelStoreParams& params = this->*p.direction;
  *value = p.flag ? (params.*p.flag ? 1 : 0) : params.*p.value;
  return true;
}

GLenum compute_client_image_layout(const PixelStoreParams& params, GLenum format, GLenum type, uint32_t width,
                                   uint32_t height, uint32_t depth, bool three_d, ClientImageLayout* out) {
  ClientPixelSize size;
  if (const GLenum err = client_pixel_size(format, type, &size); err != GL_NO_ERROR) return err;
  *out = {};
  // s: bytes of one element (a component, or a whole packed pixel); n:
  // elements per pixel; l: pixels per row in memory.
  const uint64_t s = size.element_bytes;
  const uint64_t n = size.elements_per_pixel;
  const uint64_t l = params.row_length > 0 ? static_cast<uint64_t>(params.row_length) : width;
  const uint64_t a = static_cast<uint64_t>(params.alignment > 0 ? params.alignment : 1);
  uint64_t row_bytes;
  if (!checked_mul(s * n, l, &row_bytes)) return GL_OUT_OF_MEMORY;
  // k = n*l when s >= a, else (a/s) * ceil(s*n*l / a) elements: the row is
  // padded up to a multiple of the alignment.
  const uint64_t row_stride = s >= a ? row_bytes : (row_bytes / a + (row_bytes % a != 0)) * a;
  const uint64_t rows_per_image =
      three_d && params.image_height > 0 ? static_cast<uint64_t>(params.image_height) : height;
  uint64_t image_stride, skip_images_bytes = 0, skip_rows_bytes, skip_pixel_bytes, skip;
  if (!checked_mul(row_stride, rows_per_image, &image_stride)) return GL_OUT_OF_MEMORY;
  if (three_d && !checked_mul(image_stride, static_cast<uint64_t>(params.skip_images), &skip_images_bytes))
    return GL_OUT_OF_MEMORY;
  if (!checked_mul(row_stride, static_cast<uint64_t>(params.skip_rows), &skip_rows_bytes) ||
      !checked_mul(s * n, static_cast<uint64_t>(params.skip_pixels), &skip_pixel_bytes) ||
      !checked_add(skip_images_bytes, skip_rows_bytes, &skip) || !checked_add(skip, skip_pixel_bytes, &skip))
    return GL_OUT_OF_MEMORY;
  out->group_bytes = s * n;
  out->row_stride = row_stride;
  out->image_stride = image_stride;
  out->skip_bytes = skip;
  if (width == 0 || height == 0 || depth == 0) return GL_NO_ERROR;
  uint64_t images_part, rows_part, last_row, end;
  if (!checked_mul(image_stride, depth - 1, &images_part) || !checked_mul(row_stride, height - 1, &rows_part) ||
      !checked_mul(s * n, width, &last_row) || !checked_add(skip, images_part, &end) ||
      !checked_add(end, rows_part, &end) || !checked_add(end, last_row, &end))
    return GL_OUT_OF_MEMORY;
  out->required_bytes = end;
  return GL_NO_ERROR;
}

GLenum check_pixel_buffer_access(const ClientImageLayout& layout, GLenum type, uint64_t offset, uint64_t buffer_size) {
  const uint32_t type_bytes = client_type_alignment(type);
  if (type_bytes > 1 && offset % type_bytes != 0) return GL_INVALID_OPERATION;
  if (layout.required_bytes == 0) return GL_NO_ERROR;
  if (offset > buffer_size || layout.required_bytes > buffer_size - offset) return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

}  // namespace brass::gl::pixel
