#include "gl/pixel/compressed_decode.h"

#include <algorithm>
#include <cstring>

#include "util/bc_decoder.h"
#include "util/bptc_decoder.h"

namespace brass::gl::pixel {

namespace {

using pipe::Format;

// The internal format a block format decodes into (0: none).
GLenum decoded_internal_format(const InternalFormatInfo& info) {
  switch (info.storage) {
    case Format::BC1_RGB_UNORM:
    case Format::BC1_RGBA_UNORM:
    case Format::BC2_UNORM:
    case Format::BC3_UNORM:
    case Format::BC1_RGB_SRGB:
    case Format::BC1_RGBA_SRGB:
    case Format::BC2_SRGB:
    case Format::BC3_SRGB: return info.srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8;
    case Format::BC4_UNORM: return GL_R8;
    case Format::BC4_SNORM: return GL_R8_SNORM;
    case Format::BC5_UNORM: return GL_RG8;
    case Format::BC5_SNORM: return GL_RG8_SNORM;
    case Format::BC7_UNORM: return GL_RGBA8;
    case Format::BC7_SRGB: return GL_SRGB8_ALPHA8;
    case Format::BC6H_UFLOAT:
    case Format::BC6H_SFLOAT: return GL_RGBA16F;  // alpha 1.0
    default: return 0;
  }
}

// One block into a 4x4 tile of decoded texels (row-major, tight).
void decode_block(Format f, const uint8_t* block, uint8_t* tile) {
  switch (f) {
    case Format::BC1_RGB_UNORM:
    case Format::BC1_RGB_SRGB: bc::decode_bc1(block, false, tile); break;
    case Format::BC1_RGBA_UNORM:
    case Format::BC1_RGBA_SRGB: bc::decode_bc1(block, true, tile); break;
    case Format::BC2_UNORM:
    case Format::BC2_SRGB: bc::decode_bc2(block, tile); break;
    case Format::BC3_UNORM:
    case Format::BC3_SRGB: bc::decode_bc3(block, tile); break;
    case Format::BC4_UNORM:
    case Format::BC4_SNORM: bc::decode_bc4(block, f == Format::BC4_SNORM, tile, 1); break;
    case Format::BC5_UNORM:
    case Format::BC5_SNORM: bc::decode_bc5(block, f == Format::BC5_SNORM, tile); break;
    case Format::BC7_UNORM:
    case Format::BC7_SRGB: bc::decode_bc7(block, tile); break;
    case Format::BC6H_UFLOAT:
    case Format::BC6H_SFLOAT: {
      uint16_t halves[64];
      bc::decode_bc6h(block, f == Format::BC6H_SFLOAT, halves);
      std::memcpy(tile, halves, sizeof(halves));
      break;
    }
    default: break;
  }
}

}  // namespace

const InternalFormatInfo* decoded_format(const InternalFormatInfo& compressed) {
  const GLenum e = decoded_internal_format(compressed);
  return e ? find_internal_format(e) : nullptr;
}

bool decode_compressed(const InternalFormatInfo& compressed, const uint8_t* blocks, uint64_t block_row_stride,
                       uint32_t width, uint32_t height, uint8_t* dst, uint64_t dst_row_stride) {
  const InternalFormatInfo* out = decoded_format(compressed);
  if (!out) return false;
  const uint32_t texel = pipe::describe(out->storage).block_bytes;
  const uint32_t bw = compressed.block_width(), bh = compressed.block_height(), bytes = compressed.block_bytes();
  uint8_t tile[16 * 16];  // 4x4 texels of at most 16 bytes
  for (uint32_t by = 0; by * bh < height; ++by) {
    for (uint32_t bx = 0; bx * bw < width; ++bx) {
      decode_block(compressed.storage, blocks + by * block_row_stride + uint64_t{bx} * bytes, tile);
      const uint32_t w = std::min(bw, width - bx * bw), h = std::min(bh, height - by * bh);
      for (uint32_t y = 0; y < h; ++y)
        std::memcpy(dst + (uint64_t{by} * bh + y) * dst_row_stride + uint64_t{bx} * bw * texel, tile + y * bw * texel,
                    uint64_t{w} * texel);
    }
  }
  return true;
}

}  // namespace brass::gl::pixel
