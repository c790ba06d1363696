// Where a pixel pack command (glReadPixels, glGetTexImage) writes: client
// memory, or the PIXEL_PACK_BUFFER with the `pixels` pointer as an offset
// (GL 4.6 §18.2.8, ES 3.2 §16.1.2), laid out by the PACK_* state.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/pixel/pixel_store.h"
#include "pipe/context.h"

namespace brass::gl {

class Context;
struct Buffer;

// The context's pack state (glPixelStorei); `three_d` adds IMAGE_HEIGHT
// and SKIP_IMAGES (3D, array and cube images of glGetTexImage).
pixel::PixelStoreParams pack_params(const Context& ctx, bool three_d);

struct PackDestination {
  pixel::ClientImageLayout layout;
  Buffer* pbo = nullptr;    // the bound pack buffer, else client memory
  uint64_t pbo_offset = 0;  // `pixels` as an offset into it
};

// Lays out a width x height x depth image of format/type under `pack` and
// checks where it goes: a bound pack buffer must not be mapped and must
// hold the image at its offset (check_pixel_buffer_access); client memory
// must hold it in `buf_size` bytes (glReadnPixels, glGetnTexImage). The GL
// error, or GL_NO_ERROR with *out filled in.
GLenum check_pack_destination(const Context& ctx, const pixel::PixelStoreParams& pack, GLenum format, GLenum type,
                              uint32_t width, uint32_t height, uint32_t depth, bool three_d, const void* pixels,
                              uint64_t buf_size, PackDestination* out);

// Maps the destination's bytes in the pack buffer for writing; null when
// the map failed (the pipe's status says why).
void* map_pack_buffer(pipe::Context& p, const PackDestination& dst, pipe::Transfer** transfer);

// The part of a read rectangle (x, y, width, height, in window
// coordinates) inside a src_width x src_height buffer: glReadPixels leaves
// the destination's pixels for those outside untouched (ES 3.2 §16.1.2,
// GL 4.6 §18.2.8).
struct ReadRegion {
  pixel::PixelStoreParams pack;  // the pack state, skipping to the first pixel inside
  pixel::PixelExtent extent;     // the pixels inside
  pipe::Box box;                 // where they are in the buffer (z: 0)
};
// False when no pixel is inside.
bool clip_read_region(GLint x, GLint y, GLsizei width, GLsizei height, GLsizei src_width, GLsizei src_height,
                      const pixel::PixelStoreParams& pack, ReadRegion* out);

}  // namespace brass::gl
