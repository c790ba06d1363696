// Client pixel layouts: what a (format, type) pair of glTexImage/glReadPixels
// means in memory, and the (format, type) pair that describes each storage
// format's own layout, so that "client -> storage" is a conversion between
// two (format, type) layouts.
#pragma once

#include <cstdint>

#include "gl/pixel/format_table.h"
#include "gl/pixel/gl_enums.h"
#include "pipe/format.h"

namespace brass::gl::pixel {

// Formats and types any pixel call of the API could accept; anything else is
// GL_INVALID_ENUM. (Which pairs a particular call accepts is the business of
// tex_image_rules.h and read_pixels_rules.h.)
bool is_client_format_enum(GLenum format, ApiKind api);
bool is_client_type_enum(GLenum type, ApiKind api);

bool is_integer_client_format(GLenum format);  // *_INTEGER
bool is_packed_client_type(GLenum type);      // 5_6_5, 2_10_10_10_REV, 24_8, ...
// Whether a packed type's component count fits the format (e.g. 5_6_5 needs
// RGB); true for every non-packed type.
bool packed_type_matches_format(GLenum type, GLenum format);
// GL 3.3+ §4.3.1/§8.4.4: DEPTH_STENCIL data must use one of the two packed
// depth/stencil types; any other type is GL_INVALID_ENUM (desktop). True
// when `format` is not DEPTH_STENCIL.
bool depth_stencil_type_ok(GLenum format, GLenum type);
// Components per pixel of a format (RGBA: 4, LUMINANCE_ALPHA: 2, ...), 0 if unknown.
uint32_t client_format_components(GLenum format);

// The spec's element view of a pixel: `elements_per_pixel` elements of
// `element_bytes` each (a packed type is one element holding every component).
struct ClientPixelSize {
  uint32_t element_bytes = 0;
  uint32_t elements_per_pixel = 0;
  uint32_t pixel_bytes() const { return element_bytes * elements_per_pixel; }
};
// GL_INVALID_ENUM for an unknown format or type (or DEPTH_STENCIL with a
// non-depth/stencil type), GL_INVALID_OPERATION for a packed type whose
// component count does not match the format.
GLenum client_pixel_size(GLenum format, GLenum type, ClientPixelSize* out);
// Bytes of the GL data type behind `type` (ES 3.0 table 3.4), the alignment a
// PBO offset must have; 1 for unknown types.
uint32_t client_type_alignment(GLenum type);

// A memory layout named the GL way.
struct PixelLayout {
  GLenum format = GL_NONE;
  GLenum type = GL_NONE;
  bool operator==(const PixelLayout&) const = default;
};

// The layout of one texel of a pipe format as Brass stores it: e.g.
// B5G6R5_UNORM is {RGB, UNSIGNED_SHORT_5_6_5}, RGBA8_SRGB is {RGBA,
// UNSIGNED_BYTE}, Z24_UNORM_S8_UINT is {DEPTH_STENCIL, UNSIGNED_INT_24_8},
// Z24X8_UNORM is {DEPTH_COMPONENT, kTypeUnsignedInt24X8}. {NONE, NONE} for
// compressed formats and None.
PixelLayout storage_layout(pipe::Format format);
// Same, for an internal format: formats stored in another format's memory
// (LUMINANCE32F in R32_FLOAT) are described by what their bytes hold
// ({LUMINANCE, FLOAT}) so conversions put each component in the right place.
PixelLayout storage_layout(const InternalFormatInfo& info);

}  // namespace brass::gl::pixel
