// Decoding of compressed images for the commands that see them as plain
// texels: glGetTexImage / glGetTextureSubImage with an uncompressed
// format and type (GL 4.6 §8.11.4 reads a compressed image "as if" it were
// its uncompressed equivalent). The blocks decode into an uncompressed
// internal format of the format table, whose row then drives the ordinary
// pack path (pack_unpack.h).
#pragma once

#include <cstdint>

#include "gl/pixel/format_table.h"

namespace brass::gl::pixel {

// The uncompressed row blocks of `compressed` decode into (RGBA8 or
// SRGB8_ALPHA8 for the colour S3TC and BPTC UNORM formats, R8 / RG8 and
// their SNORM forms for RGTC, RGBA16F for the BPTC float formats), or
// nullptr where Brass has no CPU decoder for it (ETC2/EAC, ASTC).
const InternalFormatInfo* decoded_format(const InternalFormatInfo& compressed);

// Decodes `width` x `height` texels starting at a block boundary:
// `blocks` holds rows of blocks `block_row_stride` bytes apart (the last
// row and column may be partial blocks at the image's edge), `dst` rows of
// decoded_format(compressed) texels `dst_row_stride` bytes apart. False,
// writing nothing, for a format without a decoder.
bool decode_compressed(const InternalFormatInfo& compressed, const uint8_t* blocks, uint64_t block_row_stride,
                       uint32_t width, uint32_t height, uint8_t* dst, uint64_t dst_row_stride);

}  // namespace brass::gl::pixel
