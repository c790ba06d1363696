// Where compressed texture data lies in client memory (or a pixel buffer)
// under the pixel storage modes: GL 4.6 §8.7 (ARB_compressed_texture_pixel_storage).
// By default the blocks are packed tightly and ROW_LENGTH, SKIP_* and
// IMAGE_HEIGHT are ignored; an application that sets the
// {UN,}PACK_COMPRESSED_BLOCK_{WIDTH,HEIGHT,DEPTH,SIZE} modes selects a
// sub-rectangle of a larger compressed image with them, as for
// uncompressed images. Pure arithmetic: the commands apply the result.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"
#include "gl/pixel/format_table.h"

namespace brass::gl {

// One direction's modes (the UNPACK_* or the PACK_* ones).
struct CompressedPixelStore {
  int32_t row_length = 0, image_height = 0;
  int32_t skip_pixels = 0, skip_rows = 0, skip_images = 0;
  int32_t block_width = 0, block_height = 0, block_depth = 0, block_size = 0;
};

struct CompressedClientLayout {
  uint64_t offset = 0;        // from the application's pointer to the first block used
  uint64_t row_stride = 0;    // bytes from one row of blocks to the next
  uint64_t image_stride = 0;  // bytes from one image (slice or layer) to the next
  uint64_t end = 0;           // from the pointer to just past the last byte used
};

// The layout of a w x h x d region of `info` blocks for a command of
// `dimensions` (1, 2 or 3: which modes apply), or the error the command
// records: INVALID_OPERATION where a skip is not a whole number of blocks,
// INVALID_VALUE where `image_size` (negative: none to check, as for
// GetCompressedTexImage) differs from the size the block modes give.
GLenum compressed_client_layout(const CompressedPixelStore& store, const pixel::InternalFormatInfo& info,
                                uint32_t w, uint32_t h, uint32_t d, int dimensions, int64_t image_size,
                                CompressedClientLayout* out);

}  // namespace brass::gl
