// ETC2 / EAC block decoders (OpenGL ES 3.0 spec, Annex C; Khronos Data
// Format Specification, "ETC2 compressed texture image formats"). Used when
// the device has no ETC2/EAC formats (lavapipe, desktop NVIDIA): the driver
// decodes on upload to the stored format the format table picked (RGBA8 for
// the color formats, R16/RG16 UNORM/SNORM for EAC R11/RG11).
//
// Every decoder reads one block and writes the 4x4 texels row-major
// (texel (x, y) at index y * 4 + x) into `out`.
#pragma once

#include <cstdint>

namespace brass::vk::etc2 {

inline constexpr uint32_t kBlockDim = 4;

// ETC2 RGB8 / SRGB8 (8-byte block; also ETC1, which is a subset): RGBA8,
// alpha 255. The sRGB variant has the same bits; only the stored VkFormat differs.
void decode_rgb8(const uint8_t* block, uint8_t out_rgba[64]);
// ETC2 RGB8 punch-through alpha (8-byte block): RGBA8, alpha 0 or 255;
// transparent texels are (0, 0, 0, 0).
void decode_rgb8a1(const uint8_t* block, uint8_t out_rgba[64]);
// ETC2 RGBA8 / SRGB8_ALPHA8 (16-byte block: EAC alpha, then ETC2 color).
void decode_rgba8(const uint8_t* block, uint8_t out_rgba[64]);

// One EAC 11-bit channel (8-byte block) to 11-bit values: 0..2047 unsigned,
// -1023..1023 signed (before the 16-bit extension).
void decode_eac11_raw(const uint8_t* block, bool is_signed, int32_t out[16]);
// The spec's extension of an 11-bit value to 16 bits (bit replication):
// unsigned v -> (v << 5) | (v >> 6); signed magnitude m -> (m << 5) | (m >> 5)
// with the sign reapplied, so 2047 -> 65535 and +-1023 -> +-32767.
uint16_t extend_unsigned11(int32_t v);
int16_t extend_signed11(int32_t v);
// EAC R11 (8-byte block) to R16 UNORM / SNORM; `stride` is in 16-bit
// elements between texels (1 for R16, 2 to fill one channel of RG16).
void decode_r11(const uint8_t* block, bool is_signed, uint16_t* out, uint32_t stride);
// EAC RG11 (16-byte block: red, then green) to RG16 UNORM / SNORM.
void decode_rg11(const uint8_t* block, bool is_signed, uint16_t out_rg[32]);

}  // namespace brass::vk::etc2
