#include "gl/compat/display_list_capture.h"

#include <algorithm>
#include <limits>

#include "gl/compat/display_list_enums.h"
#include "gl/compat/display_lists.h"
#include "gl/context.h"

namespace brass::gl::compat::dlist::capture {

size_t pname_count(GLenum pname) {
  switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
    case GL_POSITION:
    case GL_EMISSION:
    case GL_AMBIENT_AND_DIFFUSE:
    case GL_LIGHT_MODEL_AMBIENT:
    case GL_FOG_COLOR:
    case GL_TEXTURE_ENV_COLOR:
    case GL_OBJECT_PLANE:
    case GL_EYE_PLANE:
    case GL_TEXTURE_BORDER_COLOR:
    case GL_TEXTURE_SWIZZLE_RGBA: return 4;
    case GL_SPOT_DIRECTION:
    case GL_COLOR_INDEXES:
    case GL_POINT_DISTANCE_ATTENUATION: return 3;
    default: return 1;
  }
}

size_t clear_buffer_count(GLenum buffer) { return buffer == GL_COLOR ? 4 : 1; }

size_t call_lists_bytes(GLsizei n, GLenum type) {
  if (n <= 0) return 0;
  size_t size = 0;
  switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE: size = 1; break;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_2_BYTES: size = 2; break;
    case GL_3_BYTES: size = 3; break;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
    case GL_4_BYTES: size = 4; break;
    default: return 0;
  }
  return static_cast<size_t>(n) * size;
}

namespace {

// Values per control point of an evaluator map target (0: not a target).
int map_point_size(GLenum target) {
  switch (target) {
    case GL_MAP1_INDEX:
    case GL_MAP2_INDEX:
    case GL_MAP1_TEXTURE_COORD_1:
    case GL_MAP2_TEXTURE_COORD_1: return 1;
    case GL_MAP1_TEXTURE_COORD_2:
    case GL_MAP2_TEXTURE_COORD_2: return 2;
    case GL_MAP1_VERTEX_3:
    case GL_MAP2_VERTEX_3:
    case GL_MAP1_NORMAL:
    case GL_MAP2_NORMAL:
    case GL_MAP1_TEXTURE_COORD_3:
    case GL_MAP2_TEXTURE_COORD_3: return 3;
    case GL_MAP1_VERTEX_4:
    case GL_MAP2_VERTEX_4:
    case GL_MAP1_COLOR_4:
    case GL_MAP2_COLOR_4:
    case GL_MAP1_TEXTURE_COORD_4:
    case GL_MAP2_TEXTURE_COORD_4: return 4;
    default: return 0;
  }
}

}  // namespace

int64_t map1_count(GLenum target, GLint stride, GLint order) {
  const int k = map_point_size(target);
  if (!k || order < 1 || stride < k) return 0;
  return int64_t(order - 1) * stride + k;
}

int64_t map2_count(GLenum target, GLint ustride, GLint uorder, GLint vstride, GLint vorder) {
  const int k = map_point_size(target);
  if (!k || uorder < 1 || vorder < 1 || ustride < k || vstride < k) return 0;
  return int64_t(uorder - 1) * ustride + int64_t(vorder - 1) * vstride + k;
}

bool is_proxy_texture_target(GLenum target) {
  switch (target) {
    case GL_PROXY_TEXTURE_1D:
    case GL_PROXY_TEXTURE_2D:
    case GL_PROXY_TEXTURE_3D:
    case GL_PROXY_TEXTURE_1D_ARRAY:
    case GL_PROXY_TEXTURE_2D_ARRAY:
    case GL_PROXY_TEXTURE_RECTANGLE:
    case GL_PROXY_TEXTURE_CUBE_MAP:
    case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY: return true;
    default: return false;
  }
}

namespace {

// Components of a client pixel format (GL 4.6 compatibility table 8.3), 0
// when unknown.
int format_components(GLenum format) {
  switch (format) {
    case GL_COLOR_INDEX:
    case GL_STENCIL_INDEX:
    case GL_DEPTH_COMPONENT:
    case GL_RED:
    case GL_GREEN:
    case GL_BLUE:
    case GL_ALPHA:
    case GL_LUMINANCE:
    case GL_RED_INTEGER:
    case GL_GREEN_INTEGER:
    case GL_BLUE_INTEGER: return 1;
    case GL_LUMINANCE_ALPHA:
    case GL_RG:
    case GL_RG_INTEGER:
    case GL_DEPTH_STENCIL: return 2;
    case GL_RGB:
    case GL_BGR:
    case GL_RGB_INTEGER:
    case GL_BGR_INTEGER: return 3;
    case GL_RGBA:
    case GL_BGRA:
    case GL_RGBA_INTEGER:
    case GL_BGRA_INTEGER: return 4;
    default: return 0;
  }
}

// Bytes of one element of `type`, and whether the type packs a whole group
// into one element (UNSIGNED_SHORT_5_6_5, ...). 0: unknown.
int type_element_bytes(GLenum type, bool* packed) {
  *packed = false;
  switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE: return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_HALF_FLOAT: return 2;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT: return 4;
    case GL_UNSIGNED_BYTE_3_3_2:
    case GL_UNSIGNED_BYTE_2_3_3_REV: *packed = true; return 1;
    case GL_UNSIGNED_SHORT_5_6_5:
    case GL_UNSIGNED_SHORT_5_6_5_REV:
    case GL_UNSIGNED_SHORT_4_4_4_4:
    case GL_UNSIGNED_SHORT_4_4_4_4_REV:
    case GL_UNSIGNED_SHORT_5_5_5_1:
    case GL_UNSIGNED_SHORT_1_5_5_5_REV: *packed = true; return 2;
    case GL_UNSIGNED_INT_8_8_8_8:
    case GL_UNSIGNED_INT_8_8_8_8_REV:
    case GL_UNSIGNED_INT_10_10_10_2:
    case GL_UNSIGNED_INT_2_10_10_10_REV:
    case GL_UNSIGNED_INT_24_8:
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
    case GL_UNSIGNED_INT_5_9_9_9_REV: *packed = true; return 4;
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: *packed = true; return 8;
    default: return 0;
  }
}

// The bytes [offset, offset + size) of the bound PIXEL_UNPACK_BUFFER into
// `out`; false with the error set when the range is outside the buffer.
bool read_unpack_buffer(Context& ctx, Buffer& pbo, uint64_t offset, uint64_t size, std::vector<uint8_t>* out) {
  if (pbo.mapped_exclusively() || offset > static_cast<uint64_t>(pbo.size) ||
      size > static_cast<uint64_t>(pbo.size) - offset) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  out->resize(size);
  if (size && !read_buffer(ctx, pbo, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(size), out->data())) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  return true;
}

}  // namespace

ImageCapture::ImageCapture(Context& ctx, GLenum format, GLenum type, GLsizei width, GLsizei height, GLsizei depth,
                           int dims, const void* pixels) {
  if (width <= 0 || height <= 0 || depth <= 0) return;
  Buffer* pbo = ctx.buffers.pixel_unpack.get();
  if (!pbo && !pixels) return;
  const State& s = ctx.state;
  width_ = uint64_t(width);
  height_ = uint64_t(height);
  depth_ = uint64_t(depth);
  const uint64_t alignment = uint64_t(std::max(s.unpack_alignment, 1));
  const uint64_t row_length = s.unpack_row_length > 0 ? uint64_t(s.unpack_row_length) : width_;
  const uint64_t skip_pixels = uint64_t(std::max(s.unpack_skip_pixels, 0));
  const uint64_t skip_rows = uint64_t(std::max(s.unpack_skip_rows, 0));
  // Overflow-proof arithmetic: an absurd size is an allocation that fails.
  bool overflow = false;
  auto mul = [&](uint64_t a, uint64_t b) {
    uint64_t r = 0;
    overflow |= __builtin_mul_overflow(a, b, &r);
    return r;
  };
  auto add = [&](uint64_t a, uint64_t b) {
    uint64_t r = 0;
    overflow |= __builtin_add_overflow(a, b, &r);
    return r;
  };
  uint64_t required = 0;  // bytes of source memory read, from the pointer
  if (type == GL_BITMAP) {
    // One bit per pixel, rows of whole bytes padded to the alignment
    // (GL 4.6 compatibility §8.4.4.1, "Unpacking of bitmaps").
    bitmap_ = true;
    // UNPACK_LSB_FIRST is not part of Brass's pixel store state yet: bits
    // are read most significant first, its initial value.
    lsb_first_ = false;
    row_stride_ = (row_length + 7) / 8;
    row_stride_ = (row_stride_ + alignment - 1) / alignment * alignment;
    skip_bytes_ = mul(skip_rows, row_stride_);
    skip_bits_ = skip_pixels;
    row_bytes_ = (width_ + 7) / 8;
    depth_ = 1;
    required = add(add(skip_bytes_, mul(height_ - 1, row_stride_)), add(skip_bits_, width_ + 7) / 8);
    bytes_ = mul(row_bytes_, height_);
  } else {
    const int components = format_components(format);
    bool packed = false;
    const int element = type_element_bytes(type, &packed);
    if (!components || !element) return;  // the command fails on the enum
    const uint64_t group = packed ? uint64_t(element) : uint64_t(element) * uint64_t(components);
    const uint64_t row = mul(group, row_length);
    // Rows start at multiples of the alignment unless elements are at least
    // that large (§8.4.4.1).
    row_stride_ = uint64_t(element) >= alignment ? row : add(row, alignment - 1) / alignment * alignment;
    const bool three_d = dims == 3;
    const uint64_t image_height =
        three_d && s.unpack_image_height > 0 ? uint64_t(s.unpack_image_height) : height_;
    image_stride_ = mul(row_stride_, image_height);
    const uint64_t skip_images = three_d ? uint64_t(std::max(s.unpack_skip_images, 0)) : 0;
    skip_bytes_ = add(add(mul(skip_pixels, group), mul(skip_rows, row_stride_)), mul(skip_images, image_stride_));
    row_bytes_ = mul(group, width_);
    required = add(add(skip_bytes_, mul(depth_ - 1, image_stride_)), add(mul(height_ - 1, row_stride_), row_bytes_));
    bytes_ = mul(mul(row_bytes_, height_), depth_);
  }
  // Beyond what a record holds (display_lists.h): out of memory, as an
  // allocation of that size would be.
  if (overflow || bytes_ > kMaxRecordBytes) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    ok_ = false;
    bytes_ = 0;
    return;
  }
  if (pbo) {
    if (!read_unpack_buffer(ctx, *pbo, reinterpret_cast<uintptr_t>(pixels), required, &staging_)) {
      ok_ = false;
      bytes_ = 0;
      return;
    }
    src_ = staging_.data();
  } else {
    src_ = static_cast<const uint8_t*>(pixels);
  }
}

void ImageCapture::copy_tight(uint8_t* dst, const uint8_t* src) const {
  for (uint64_t z = 0; z < depth_; ++z) {
    for (uint64_t y = 0; y < height_; ++y) {
      std::memcpy(dst, src + skip_bytes_ + z * image_stride_ + y * row_stride_, row_bytes_);
      dst += row_bytes_;
    }
  }
}

void ImageCapture::copy_bitmap(uint8_t* dst, const uint8_t* src) const {
  // Bit x of a row is byte x / 8 of it, counted from the most significant
  // bit unless UNPACK_LSB_FIRST; the copy is always MSB first.
  std::memset(dst, 0, bytes_);
  for (uint64_t y = 0; y < height_; ++y) {
    const uint8_t* row = src + skip_bytes_ + y * row_stride_;
    uint8_t* out = dst + y * row_bytes_;
    for (uint64_t x = 0; x < width_; ++x) {
      const uint64_t bit = skip_bits_ + x;
      const uint8_t byte = row[bit / 8];
      const unsigned shift = lsb_first_ ? unsigned(bit % 8) : 7u - unsigned(bit % 8);
      if ((byte >> shift) & 1u) out[x / 8] |= uint8_t(0x80u >> (x % 8));
    }
  }
}

uint32_t ImageCapture::copy_into(void* record, size_t* at) const {
  if (!src_ || !bytes_) return 0;
  const size_t offset = *at;
  uint8_t* dst = static_cast<uint8_t*>(record) + offset;
  if (bitmap_)
    copy_bitmap(dst, src_);
  else
    copy_tight(dst, src_);
  *at += padded(bytes_);
  return static_cast<uint32_t>(offset);
}

BytesCapture::BytesCapture(Context& ctx, GLsizei size, const void* data) {
  if (size <= 0) return;
  if (Buffer* pbo = ctx.buffers.pixel_unpack.get()) {
    if (!read_unpack_buffer(ctx, *pbo, reinterpret_cast<uintptr_t>(data), uint64_t(size), &staging_)) {
      ok_ = false;
      return;
    }
    src_ = staging_.data();
  } else {
    src_ = data;
  }
  if (src_) bytes_ = size_t(size);
}

DefaultUnpack::DefaultUnpack(Context& ctx) : ctx_(ctx) {
  State& s = ctx.state;
  GLint* fields[] = {&s.unpack_alignment,  &s.unpack_row_length,          &s.unpack_image_height,
                     &s.unpack_skip_rows,  &s.unpack_skip_pixels,         &s.unpack_skip_images,
                     &s.unpack_compressed_block[0], &s.unpack_compressed_block[1], &s.unpack_compressed_block[2],
                     &s.unpack_compressed_block[3]};
  for (size_t i = 0; i < 10; ++i) {
    saved_[i] = *fields[i];
    *fields[i] = 0;
  }
  s.unpack_alignment = 1;
  saved_buffer_ = std::move(ctx.buffers.pixel_unpack);
  ctx.buffers.pixel_unpack = nullptr;
}

DefaultUnpack::~DefaultUnpack() {
  State& s = ctx_.state;
  GLint* fields[] = {&s.unpack_alignment,  &s.unpack_row_length,          &s.unpack_image_height,
                     &s.unpack_skip_rows,  &s.unpack_skip_pixels,         &s.unpack_skip_images,
                     &s.unpack_compressed_block[0], &s.unpack_compressed_block[1], &s.unpack_compressed_block[2],
                     &s.unpack_compressed_block[3]};
  for (size_t i = 0; i < 10; ++i) *fields[i] = saved_[i];
  ctx_.buffers.pixel_unpack = std::move(saved_buffer_);
}

}  // namespace brass::gl::compat::dlist::capture
