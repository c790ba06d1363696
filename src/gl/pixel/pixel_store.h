// glPixelStorei state and the client-memory address arithmetic of ES 3.0
// §3.7.4 (unpack) and §4.3.2 (pack), GL 4.6 §8.4.4.1/§18.2.
#pragma once

#include <cstdint>

#include "gl/pixel/format_table.h"
#include "gl/pixel/gl_enums.h"

namespace brass::gl::pixel {

// One direction's parameters (unpack: client -> GL, pack: GL -> client).
struct PixelStoreParams {
  int32_t alignment = 4;
  int32_t row_length = 0;    // in pixels; 0 means "the width"
  int32_t image_height = 0;  // in rows; 0 means "the height" (3D only)
  int32_t skip_pixels = 0;
  int32_t skip_rows = 0;
  int32_t skip_images = 0;   // 3D only
  // Desktop only; stored for glGet, not applied (Brass does not byte-swap).
  bool swap_bytes = false;
  bool lsb_first = false;
};

struct PixelStore {
  PixelStoreParams unpack;
  PixelStoreParams pack;

  // glPixelStorei. GL_INVALID_ENUM for a pname the API lacks, GL_INVALID_VALUE
  // for a negative value or an alignment other than 1, 2, 4, 8.
  GLenum set(GLenum pname, int32_t value, ApiKind api);
  // glGetIntegerv for the same names; false if `pname` is not one of them.
  bool get(GLenum pname, int32_t* value) const;
};

// Where an image of w x h x d pixels lies in client memory, in bytes from the
// client pointer (or PBO offset).
struct ClientImageLayout {
  uint64_t group_bytes = 0;   // one pixel
  uint64_t row_stride = 0;    // start of a row to the next, with alignment padding
  uint64_t image_stride = 0;  // start of an image (3D slice) to the next
  uint64_t skip_bytes = 0;    // where the first pixel is (SKIP_* applied)
  // One past the last byte read or written; 0 for an empty image. The last
  // row is not padded to the alignment, as the spec counts only its pixels.
  uint64_t required_bytes = 0;
};

// GL_INVALID_ENUM for an unknown format/type, GL_INVALID_OPERATION for a
// packed type with a format of the wrong component count, GL_OUT_OF_MEMORY if
// the extent does not fit 64 bits. `three_d` selects whether IMAGE_HEIGHT and
// SKIP_IMAGES apply (TexImage3D and friends) or are ignored.
GLenum compute_client_image_layout(const PixelStoreParams& params, GLenum format, GLenum type, uint32_t width,
                                   uint32_t height, uint32_t depth, bool three_d, ClientImageLayout* out);

// The pixel-buffer-object checks of a transfer that reads or writes `layout`
// at byte `offset` in a buffer of `buffer_size` bytes: GL_INVALID_OPERATION if
// the offset is not a multiple of the type's size (ES 3.0 §3.7.1) or the
// access would run past the end of the buffer.
GLenum check_pixel_buffer_access(const ClientImageLayout& layout, GLenum type, uint64_t offset, uint64_t buffer_size);

}  // namespace brass::gl::pixel
