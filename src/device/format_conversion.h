// CPU conversions between the layout GL sees for a pipe::Format and the
// layout the format table chose to store it in (FormatChoice::conversion):
// run on upload (to_stored) and readback (from_stored) when the device lacks
// the native format.
//
// Regions are in texels. A buffer's row pitch is the bytes between rows (of
// texels, or of blocks for block-compressed data) and its slice pitch the
// bytes between depth slices; a pitch of 0 means tight. Block-compressed
// sources start at a block boundary; a width or height that is not a
// multiple of the block size (4x4, or an ASTC footprint up to 12x12) is the
// partial block at the image's right / bottom edge, decoded and clipped. Every buffer carries its size in bytes, and a region
// that would read or write past it is rejected, never performed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "device/format_table.h"
#include "pipe/format.h"

namespace brass::vk {

enum class ConversionStatus : uint8_t {
  Ok,
  Unsupported,          // no such conversion for this format / direction
  BadPitch,             // a pitch smaller than one row / slice of the region
  SourceTooSmall,       // the region reaches past the source's size
  DestinationTooSmall,  // the region reaches past the destination's size
  MissingPlane,         // DepthStencilRepack without its stencil plane
  DecoderFailed,        // the block decoder could not run (DecodeAstc: libastcenc setup, no memory)
};
const char* to_string(ConversionStatus status);

struct ConversionExtent {
  uint32_t width = 0, height = 0, depth = 1;
  bool empty() const { return width == 0 || height == 0 || depth == 0; }
};

struct ConstImageData {
  const void* data = nullptr;
  size_t size = 0;  // bytes readable from data
  size_t row_pitch = 0;
  size_t slice_pitch = 0;
};

struct ImageData {
  void* data = nullptr;
  size_t size = 0;  // bytes writable at data
  size_t row_pitch = 0;
  size_t slice_pitch = 0;
};

// Bytes per texel (per block, for compressed formats) of `format` as GL
// lays it out, and as stored after `conversion`. For DepthStencilRepack the
// stored size is the depth plane's (4, a float); the stencil plane has 1.
size_t source_element_size(pipe::Format format);
size_t stored_texel_size(pipe::Format format, FormatConversion conversion);
// Tight byte sizes of a region: GL-visible (whole blocks for compressed
// formats) and stored (the depth plane for DepthStencilRepack; the stencil
// plane is width * height * depth bytes, stencil_plane_size()). SIZE_MAX
// when the size does not fit in size_t.
size_t source_size(pipe::Format format, ConversionExtent extent);
size_t converted_size(pipe::Format format, FormatConversion conversion, ConversionExtent extent);
inline size_t converted_size(pipe::Format format, const FormatChoice& choice, ConversionExtent extent) {
  return converted_size(format, choice.conversion, extent);
}
size_t stencil_plane_size(ConversionExtent extent);

// Whether a direction exists: every conversion the table uses can upload;
// readback exists for all but the decoders (DecodeEtc2, DecodeBc,
// DecodeAstc): None (a repitching copy), SwapRedBlue, DepthStencilRepack,
// DepthToFloat (clamped and rounded back to the normalized word) and
// ExpandToFourChannels (drops the fourth channel; re-packs 565/4444/5551
// with rounding, and R11G11B10F / RGB9E5 from half floats with the GL
// spec's encodings).
bool can_convert_to_stored(pipe::Format format, FormatConversion conversion);
bool can_convert_from_stored(pipe::Format format, FormatConversion conversion);

// GL layout -> stored layout. For DepthStencilRepack `dst` is the depth
// plane (D32_SFLOAT) and `stencil` the stencil plane (S8_UINT), as Vulkan
// copies the two aspects of D32_SFLOAT_S8_UINT separately.
ConversionStatus convert_to_stored(pipe::Format format, FormatConversion conversion, ConversionExtent extent,
                                   const ConstImageData& src, const ImageData& dst, const ImageData* stencil = nullptr);
// Stored layout -> GL layout (readback). For DepthStencilRepack `src` is the
// depth plane and `stencil` the stencil plane.
ConversionStatus convert_from_stored(pipe::Format format, FormatConversion conversion, ConversionExtent extent,
                                     const ConstImageData& src, const ImageData& dst,
                                     const ConstImageData* stencil = nullptr);

// Building blocks, exposed for tests: IEEE half <-> float (round to nearest
// even), and the packed small-float formats to float.
uint16_t float_to_half(float value);
float half_to_float(uint16_t half);
float unpack_uf11(uint32_t bits);
float unpack_uf10(uint32_t bits);
void unpack_rgb9e5(uint32_t packed, float rgb[3]);

}  // namespace brass::vk
