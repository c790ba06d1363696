// BPTC block encoders (BC7 and BC6H), written from the BPTC chapter of the
// ARB/EXT_texture_compression_bptc specifications: the GL's own compression
// of texels given to glTexImage*/glTexSubImage* for a BPTC internal format
// (EXT_texture_compression_bptc lists TexImage2D/3D among the commands that
// take those formats; GL 4.6 §8.5 compresses for specific compressed
// formats).
//
// Each block uses one mode whose single subset covers the whole block: BC7
// mode 6 (7-bit RGBA endpoints with a p-bit each, 4-bit indices) and BC6H
// mode 11 (10-bit endpoints, no transform, 4-bit indices). Endpoints come
// from the principal axis of the block's values (RGBA bytes for BC7; for
// BC6H the values before the decoder's final scaling, in which it
// interpolates), refined by least squares; for BC7 every p-bit pair is
// tried. Less exact than a multi-mode search on blocks of several distinct
// colours, exact or nearly so on solid and two-colour-gradient blocks.
#pragma once

#include <cstdint>

namespace brass::gl::pixel {

// One 4x4 block of RGBA8 texels, row-major, to a 16-byte BC7 block.
void encode_bc7(const uint8_t rgba[64], uint8_t out[16]);
// One 4x4 block of RGBA half-float texels (binary16 bit patterns, alpha
// ignored), row-major, to a 16-byte BC6H block; `is_signed` selects the
// signed-float format (negative values of the unsigned one become 0).
void encode_bc6h(const uint16_t rgba_half[64], bool is_signed, uint8_t out[16]);

}  // namespace brass::gl::pixel
