// Pixel conversion between client memory and Brass's storage layouts.
//
// Every layout is a GL (format, type) pair (see client_format.h), so one
// converter serves glTexImage (client -> storage), glReadPixels and
// GetTexImage-style readbacks (storage -> client). Conversion follows ES 3.0
// §2.1.6 and §3.7.6/§4.3.2: normalized fixed-point <-> float (unsigned
// c / (2^b-1); signed max(c / (2^(b-1)-1), -1); float -> fixed clamps and
// rounds to nearest), float -> half rounds to nearest even, integer values are
// copied (clamped to the destination type's range), missing components read
// as G=B=0, A=1, and LUMINANCE packs from R. Fast paths: identical layouts
// are copied with memcpy (one call when both sides are tightly packed);
// array layouts of the same element type (RGB -> RGBA, BGRA <-> RGBA, ...)
// move component bytes without decoding. Everything else decodes each pixel
// to doubles (exact for every 32-bit integer and normalized value) and
// encodes it again.
#pragma once

#include <cstdint>

#include "gl/pixel/client_format.h"
#include "gl/pixel/format_table.h"
#include "gl/pixel/pixel_store.h"

namespace brass::gl::pixel {

struct PixelExtent {
  uint32_t width = 0, height = 0, depth = 1;
};

struct ConstPixelImage {
  PixelLayout layout;
  const void* data = nullptr;
  uint64_t row_stride = 0;    // bytes between rows
  uint64_t image_stride = 0;  // bytes between 3D slices
};

struct PixelImage {
  PixelLayout layout;
  void* data = nullptr;
  uint64_t row_stride = 0;
  uint64_t image_stride = 0;
};

struct ConversionOptions {
  // Clamp depth to [0,1] even when the destination stores it as float
  // (DEPTH_COMPONENT32F, DEPTH32F_STENCIL8, and the desktop
  // DEPTH_COMPONENT32 format, which lives in Z32_FLOAT memory).
  bool clamp_depth_to_unit = false;
  // Desktop glReadPixels into LUMINANCE / LUMINANCE_ALPHA computes
  // L = R + G + B (compatibility profile), where GetTexImage uses L = R (the
  // default). Ignored for every other destination format.
  bool luminance_is_rgb_sum = false;
  // Desktop glReadPixels with CLAMP_READ_COLOR TRUE (GL 4.6 §18.2.8):
  // colour components clamp to [0,1] on their way out of a floating-point
  // buffer.
  bool clamp_color_to_unit = false;
};

// Converts an extent of pixels. GL_INVALID_ENUM / GL_INVALID_OPERATION for a
// layout this code cannot describe, GL_INVALID_OPERATION when one side is an
// integer format and the other is not (GL never converts between those).
GLenum convert_pixels(const ConstPixelImage& src, const PixelImage& dst, PixelExtent extent,
                      ConversionOptions options = {});

// Tightly packed bytes of one row of `width` texels of a storage format (for
// block-compressed formats: one row of blocks).
uint64_t storage_row_bytes(pipe::Format format, uint32_t width);

// glTexImage*/glTexSubImage*: reads `client` (already offset into a PBO's
// mapping when one is bound) using the unpack state, and writes `storage`'s
// layout at `dst` with the given strides. `three_d` applies IMAGE_HEIGHT and
// SKIP_IMAGES.
GLenum unpack_pixels(const PixelStoreParams& unpack, GLenum format, GLenum type, const void* client, bool three_d,
                     const InternalFormatInfo& storage, void* dst, uint64_t dst_row_stride,
                     uint64_t dst_image_stride, PixelExtent extent);

// glReadPixels / GetTexImage: reads `storage`'s layout at `src` and writes
// client memory with the pack state.
GLenum pack_pixels(const InternalFormatInfo& storage, const void* src, uint64_t src_row_stride,
                   uint64_t src_image_stride, const PixelStoreParams& pack, GLenum format, GLenum type, void* client,
                   bool three_d, PixelExtent extent, ConversionOptions options = {});

}  // namespace brass::gl::pixel
