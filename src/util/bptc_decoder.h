// BPTC block decoders (ARB_texture_compression_bptc): BC7 (the RGBA and
// sRGB-alpha UNORM formats) and BC6H (the signed and unsigned float
// formats), written from the extension's decoding description and its
// tables (Table.M, Table.MF, Table.F, the partition and anchor tables).
// Each decoder reads one 16-byte block and writes its 4x4 texels row-major
// (texel (x, y) at index y * 4 + x).
#pragma once

#include <cstdint>

namespace brass::bc {

// BC7 to RGBA8 (the stored values: an sRGB format's are sRGB-encoded). A
// reserved mode (a zero first byte) decodes to (0, 0, 0, 0).
void decode_bc7(const uint8_t* block, uint8_t out_rgba[64]);

// BC6H to RGBA half floats (IEEE binary16 bit patterns, alpha 1.0). A
// reserved mode decodes to (0, 0, 0, 1).
void decode_bc6h(const uint8_t* block, bool is_signed, uint16_t out_rgba[64]);

}  // namespace brass::bc
