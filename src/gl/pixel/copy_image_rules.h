// glCopyImageSubData's format rules (EXT/OES_copy_image, ES 3.2 §18.3.3,
// GL 4.6 §18.3.3): which internal formats may be copied into each other, and
// how a region is measured on either side when one is compressed.
#pragma once

#include <cstdint>

#include "gl/pixel/format_table.h"

namespace brass::gl::pixel {

// The copy compatibility class of a sized internal format: the texture-view
// class of ES 3.2 table 8.22 / GL 4.6 table 8.22 (VIEW_CLASS_128_BITS, ...,
// VIEW_CLASS_ASTC_4x4_RGBA, ...), or 0 for formats in no class (they copy
// only to themselves: depth/stencil, RGB565, RGBA4, RGB5_A1, luminance and
// alpha, BGRA8, ETC1).
uint32_t copy_image_class(GLenum internal_format);

// Whether glCopyImageSubData may copy between images of these formats:
// identical formats; uncompressed or compressed formats of one class; or a
// compressed and an uncompressed color format whose block size in bytes is
// the uncompressed texel size.
bool copy_image_compatible(const InternalFormatInfo& src, const InternalFormatInfo& dst);

}  // namespace brass::gl::pixel
