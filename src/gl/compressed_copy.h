// CopyTexImage* / CopyTexSubImage* into S3TC, RGTC and BPTC images: the GL
// compresses the copied texels itself (EXT_texture_compression_s3tc and
// ARB/EXT_texture_compression_rgtc list CopyTexImage2D among the commands
// taking their formats; ARB_texture_compression_bptc too, desktop only).
// The read buffer's rectangle is read back on the CPU in the encoder's
// source layout (pixel/bc_encoder.h) and compressed into the image, as
// TexSubImage would with that data. Texels outside the read buffer are
// undefined (GL 4.6 §8.6); they are zero here.
#pragma once

#include "gl/gl_types.h"
#include "gl/pixel/format_table.h"
#include "gl/texture.h"

namespace brass::pipe {
class Resource;
}  // namespace brass::pipe

namespace brass::gl {
class Context;

// Whether a copy may produce `compressed` in this context: a format the GL
// compresses (bc_encoder.h), BPTC on desktop only (EXT_texture_compression_bptc
// lists no copy command).
bool copy_can_compress(const Context& ctx, const pixel::InternalFormatInfo& compressed);

struct CompressedCopySource {
  pipe::Resource* resource = nullptr;
  uint32_t level = 0, layer = 0;
  GLint width = 0, height = 0;
  const pixel::InternalFormatInfo* info = nullptr;
};

// Copies the source's (x, y, w, h) to `img` at (dx, dy, dz), which must be
// block-aligned (the caller's check); false after recording an error.
bool copy_compressing(Context& ctx, const CompressedCopySource& src, GLint x, GLint y, GLsizei w, GLsizei h,
                      const TextureImage& img, GLint dx, GLint dy, GLint dz);

}  // namespace brass::gl
