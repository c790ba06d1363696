// Which (internalformat, format, type) triples glTexImage*, glTexStorage*,
// glRenderbufferStorage* and glCompressedTexImage* accept, with the GL error
// for each refusal, and the effective sized format of unsized requests.
//
// ES 3.0 (§3.8.3, tables 3.2/3.3, effective formats per table 3.12):
//   format or type not a pixel enum           -> GL_INVALID_ENUM
//   internalformat not an accepted format     -> GL_INVALID_VALUE
//   triple not one of the table's rows        -> GL_INVALID_OPERATION
// Desktop GL 4.6 (§8.4/§8.5) accepts any format/type for a non-integer color
// format and refuses, with GL_INVALID_OPERATION, packed types of the wrong
// component count, integer/non-integer mixes and depth/stencil mismatches.
#pragma once

#include <cstdint>

#include "gl/pixel/format_table.h"

namespace brass::gl::pixel {

struct FormatResolution {
  GLenum error = GL_NO_ERROR;
  const InternalFormatInfo* info = nullptr;  // the (effective) sized format when no error
};

// glTexImage2D/3D. `internal_format` is a GLint in the API; negative values
// are simply unknown enums. `has_data`: the call gives texels (client
// memory or an unpack buffer). The GL compresses the texels given for a
// specific compressed format (GL 4.6 §8.5; on ES through
// EXT_texture_compression_s3tc/_rgtc/_bptc, the last with its own
// format/type rows): for the S3TC, RGTC and BPTC formats the result is the
// compressed format (bc_encoder.h compresses on upload);
// the other compressed formats take only an image without data (a proxy
// query, or storage filled later by glCompressedTexSubImage*).
FormatResolution resolve_tex_image_format(int32_t internal_format, GLenum format, GLenum type,
                                          const FormatFeatures& features, bool has_data = true);

// glTexSubImage*: whether (format, type) may update a texture whose (effective)
// internal format is `existing`; same error classes as TexImage. An S3TC or
// RGTC image takes the data its encoder reads (block alignment is the
// caller's check); other compressed images none (GL_INVALID_OPERATION).
GLenum check_tex_sub_image_format(const InternalFormatInfo& existing, GLenum format, GLenum type,
                                  const FormatFeatures& features);

// glTexStorage*: a sized (or compressed) internal format, else GL_INVALID_ENUM.
FormatResolution resolve_tex_storage_format(GLenum internal_format, const FormatFeatures& features);

// glRenderbufferStorage*: a color-, depth- or stencil-renderable internal
// format (desktop also takes the unsized base formats), else GL_INVALID_ENUM.
FormatResolution resolve_renderbuffer_format(GLenum internal_format, const FormatFeatures& features);

// glCompressedTexImage*: a compressed format the context has, else GL_INVALID_ENUM.
FormatResolution resolve_compressed_format(GLenum internal_format, const FormatFeatures& features);
// Bytes of a w x h x d compressed image: ceil(w/bw) * ceil(h/bh) * d * block bytes.
uint64_t compressed_image_size(const InternalFormatInfo& info, uint32_t width, uint32_t height, uint32_t depth);
// GL_INVALID_VALUE unless image_size is exactly compressed_image_size().
GLenum check_compressed_image_size(const InternalFormatInfo& info, uint32_t width, uint32_t height, uint32_t depth,
                                   int64_t image_size);
// glCompressedTexSubImage*: offsets must be block-aligned and the size a whole
// number of blocks unless the region reaches the level's edge
// (GL_INVALID_OPERATION).
GLenum check_compressed_sub_image_region(const InternalFormatInfo& info, int32_t xoffset, int32_t yoffset,
                                         uint32_t width, uint32_t height, uint32_t level_width,
                                         uint32_t level_height);

// Whether a format may be used with a texture target: depth/stencil formats
// and the compressed formats (ETC2/EAC, S3TC, RGTC) have no 3D textures
// (ES 3.0 §3.8.3/§3.8.5; GL 4.6 §8.5/§8.7), GL_INVALID_OPERATION; ASTC has
// them only with KHR_texture_compression_astc_sliced_3d (ES 3.2 §8.7,
// features.astc_sliced_3d); BPTC always. Other target restrictions are the caller's.
GLenum check_format_for_target(const InternalFormatInfo& info, GLenum target, const FormatFeatures& features);

}  // namespace brass::gl::pixel
