// S3TC (BC1-3) and RGTC (BC4-5) block decoders, written from the
// EXT_texture_compression_s3tc and ARB_texture_compression_rgtc
// specifications. Each decoder reads one block and writes its 4x4 texels
// row-major (texel (x, y) at index y * 4 + x).
//
// Interpolation: the specifications allow implementation-defined rounding of
// the 1/3, 2/3, 1/2 and 1/7..6/7 points; these decoders expand the endpoints
// to 8 bits first and truncate the weighted sums, which is what Mesa's
// software decoder produces (the vectors in tests/device/data check it).
#pragma once

#include <cstdint>

namespace brass::bc {

// BC1 (8 bytes) to RGBA8. With `has_alpha` (GL_COMPRESSED_RGBA_S3TC_DXT1)
// index 3 of a three-color block is (0, 0, 0, 0); without it, opaque black.
void decode_bc1(const uint8_t* block, bool has_alpha, uint8_t out_rgba[64]);
// BC2 (16 bytes: explicit 4-bit alpha, then a four-color BC1 block) to RGBA8.
void decode_bc2(const uint8_t* block, uint8_t out_rgba[64]);
// BC3 (16 bytes: interpolated alpha, then a four-color BC1 block) to RGBA8.
void decode_bc3(const uint8_t* block, uint8_t out_rgba[64]);
// BC4 (8 bytes) to R8 UNORM or R8 SNORM; `stride` is in bytes between texels.
void decode_bc4(const uint8_t* block, bool is_signed, uint8_t* out, uint32_t stride);
// BC5 (16 bytes: red BC4, then green BC4) to RG8 UNORM / SNORM.
void decode_bc5(const uint8_t* block, bool is_signed, uint8_t out_rg[32]);

}  // namespace brass::bc
