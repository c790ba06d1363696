// S3TC (BC1-3) and RGTC (BC4-5) block encoders: the GL's own compression of
// uncompressed texels given to glTexImage*/glTexSubImage* for a specific
// compressed internal format (GL 4.6 §8.5; EXT_texture_compression_s3tc and
// ARB/EXT_texture_compression_rgtc accept those formats as TexImage
// internalformats, on ES too). Written from the block layouts of those
// specifications.
//
// Colour blocks (BC1, and the colour half of BC2/BC3): endpoints along the
// principal axis of the texels' colours (their covariance's dominant
// eigenvector), then least-squares refits of the endpoints to the chosen
// indices, keeping the fit with the smallest squared error; a block of one
// colour uses the endpoint pair whose 2/3 point is nearest that colour per
// channel. Single-channel blocks (BC3 alpha, BC4, BC5's two halves): the
// block's minimum and maximum as the endpoints of the eight-value ramp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gl/pixel/gl_enums.h"

namespace brass::gl::pixel {

enum class BlockCodec : uint8_t {
  Bc1Rgb,   // COMPRESSED_RGB_S3TC_DXT1: opaque
  Bc1Rgba,  // COMPRESSED_RGBA_S3TC_DXT1: alpha < 128 becomes transparent black
  Bc2,      // DXT3: explicit 4-bit alpha
  Bc3,      // DXT5: interpolated alpha
  Bc4Unorm, Bc4Snorm,  // RGTC1
  Bc5Unorm, Bc5Snorm,  // RGTC2
  Bc7,                 // BPTC_UNORM and SRGB_ALPHA_BPTC_UNORM (bptc_encoder.h)
  Bc6hUfloat, Bc6hSfloat,  // BPTC unsigned / signed float
};

// The codec of a compressed internal format Brass can compress itself;
// false for every other format (ETC2/EAC, ASTC: their TexImage with data
// stays an error).
bool online_block_codec(GLenum internal_format, BlockCodec* codec);
// The uncompressed internal format whose storage layout the encoder reads
// (RGBA8 for S3TC and BPTC_UNORM, R8/R8_SNORM for RGTC1, RG8/RG8_SNORM for
// RGTC2, RGBA16F for the BPTC float formats).
GLenum block_codec_source_format(BlockCodec codec);
// Bytes per source texel (4, 1, 2 or 8) and per encoded block (8 or 16).
uint32_t block_codec_texel_bytes(BlockCodec codec);
uint32_t block_codec_block_bytes(BlockCodec codec);

// One 4x4 block, texels row-major (texel (x, y) at index y * 4 + x).
// RGBA8 input for the S3TC codecs.
void encode_bc1(const uint8_t rgba[64], bool punch_through_alpha, uint8_t out[8]);
void encode_bc2(const uint8_t rgba[64], uint8_t out[16]);
void encode_bc3(const uint8_t rgba[64], uint8_t out[16]);
// One channel, `stride` bytes between texels: unsigned bytes, or with
// `is_signed` two's-complement bytes (-128 is treated as -127).
void encode_bc4(const uint8_t* values, uint32_t stride, bool is_signed, uint8_t out[8]);
// Two channels (R then G, 2 bytes per texel).
void encode_bc5(const uint8_t rg[32], bool is_signed, uint8_t out[16]);

// A width x height image in the source layout (block_codec_source_format,
// `src_row_stride` bytes between rows) to ceil(w/4) x ceil(h/4) blocks,
// `dst_row_stride` bytes between block rows. Blocks that reach past the
// image repeat its last column/row (those texels are never sampled).
void encode_image(BlockCodec codec, const uint8_t* src, size_t src_row_stride, uint32_t width, uint32_t height,
                  uint8_t* dst, size_t dst_row_stride);

}  // namespace brass::gl::pixel
