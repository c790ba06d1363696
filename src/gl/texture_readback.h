// Texture readback into client memory or the pixel pack buffer (GL 4.6
// §8.11.4): the whole-image commands (glGetTexImage, glGetTextureImage,
// glGetCompressedTexImage, ...) and the sub-region ones of
// ARB_get_texture_sub_image (glGetTextureSubImage,
// glGetCompressedTextureSubImage) read a region of one level through these.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
class Texture;
}  // namespace brass::gl

namespace brass::gl::api {

// A region of one texture level in the coordinates of
// glGetTextureSubImage: x, y, z and width, height, depth, where z counts
// cube map faces (TEXTURE_CUBE_MAP), layer-faces (cube map arrays), array
// layers or 3D slices, and for a 1D array y and height count layers.
// Callers have checked that it lies inside the level (and, for a cube map,
// that each face it covers is specified alike).
struct TextureRegion {
  uint32_t x = 0, y = 0, z = 0;
  uint32_t width = 0, height = 0, depth = 0;
};

// Packs `region` of `level` with format/type and the PACK_* state, into
// `pixels` (client memory of `buf_size` bytes, or an offset into the pixel
// pack buffer). `three_d`: the region is packed as a 3D image
// (PACK_IMAGE_HEIGHT and PACK_SKIP_IMAGES apply). Records the errors of the
// readback itself: format/type against the image's format, the pack
// buffer's range and mapping, `buf_size`. An image never specified reads
// nothing.
void read_texture_region(Context& ctx, Texture& texture, GLint level, const TextureRegion& region, bool three_d,
                         GLenum format, GLenum type, uint64_t buf_size, void* pixels);

// The same for a compressed image's blocks (PACK_COMPRESSED_BLOCK_* modes);
// the region's offsets are whole blocks and its size is too except where
// it ends at the image's edge. INVALID_OPERATION when the image is not
// compressed.
void read_compressed_region(Context& ctx, Texture& texture, GLint level, const TextureRegion& region, bool three_d,
                            uint64_t buf_size, void* pixels);

// Whether the readback commands take a texture of this target (no
// multisample or buffer textures), with the size limit of its levels.
bool texture_image_readable(const Context& ctx, GLenum target, GLint* max_size);

}  // namespace brass::gl::api
