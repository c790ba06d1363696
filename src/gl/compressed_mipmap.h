// glGenerateMipmap of a compressed texture (desktop GL 4.6 §8.14.4 lists no
// format restriction there; ES 3.2 §8.14.4 refuses compressed formats, and
// ASTC is refused everywhere, Khronos bug 9471): each derived level is the
// previous one decoded on the CPU (pixel/compressed_decode.h), reduced by a
// 2x2 box filter and compressed again by the GL's own block encoder
// (pixel/bc_encoder.h), layer by layer and face by face.
#pragma once

#include "gl/gl_types.h"
#include "gl/pixel/format_table.h"

namespace brass::gl {
class Context;
class Texture;

// Whether mipmaps of `info` can be generated this way: a compressed format
// with both a CPU decoder and an encoder, in 8-bit channels (S3TC, sRGB
// S3TC, RGTC, BPTC UNORM).
bool compressed_mipmaps_supported(const pixel::InternalFormatInfo& info);

// Fills levels base + 1 .. last of every face and layer from level `base`;
// the levels are already specified with the base level's format. False
// after recording an error (GL_OUT_OF_MEMORY, a lost pipe).
bool generate_compressed_mipmaps(Context& ctx, Texture& texture, GLint base, GLint last);

}  // namespace brass::gl
