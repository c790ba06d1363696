// glReadPixels' (format, type) rules per framebuffer format, ES 3.0 §4.3.2:
// one fixed pair per format class, plus the implementation-chosen pair that
// GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE report. Desktop GL accepts every
// valid pair whose integer-ness and depth/stencil-ness match the buffer.
#pragma once

#include "gl/pixel/client_format.h"
#include "gl/pixel/format_table.h"

namespace brass::gl::pixel {

// The pair that is always accepted for a color buffer of this format:
// RGBA/UNSIGNED_BYTE (normalized fixed-point), RGBA/BYTE (signed normalized),
// RGBA/FLOAT (float), RGBA_INTEGER/INT or UNSIGNED_INT (integer).
PixelLayout read_pixels_class_layout(const InternalFormatInfo& buffer);

// GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE: the buffer's own storage layout
// when that is a pair ReadPixels can name (so reads are plain copies), else
// the class pair.
PixelLayout implementation_color_read_layout(const InternalFormatInfo& buffer, const FormatFeatures& features);

// ES depth/stencil reads (NV_read_depth, NV_read_stencil,
// NV_read_depth_stencil): DEPTH_COMPONENT as UNSIGNED_SHORT, FLOAT or
// UNSIGNED_INT_24_8 (depth in the high 24 bits), DEPTH_STENCIL as
// UNSIGNED_INT_24_8 or FLOAT_32_UNSIGNED_INT_24_8_REV, STENCIL_INDEX as
// UNSIGNED_BYTE; any other type is GL_INVALID_ENUM. Which of them suits the
// buffer (float types for float depth) is check_read_pixels_format's.
bool es_depth_stencil_read_type_ok(GLenum format, GLenum type);

// Whether ReadPixels may read `buffer` (the attachment that `format` selects:
// the color read buffer, or the depth/stencil attachment) into (format, type).
// GL_INVALID_ENUM for an unknown format/type, GL_INVALID_OPERATION for a pair
// the buffer does not allow.
GLenum check_read_pixels_format(const InternalFormatInfo& buffer, GLenum format, GLenum type,
                                const FormatFeatures& features);

}  // namespace brass::gl::pixel
