// glReadPixels: from the read framebuffer's read buffer into client memory or
// the bound pixel-pack buffer, with pack state applied. Also the color-buffer
// lookups that blits and framebuffer queries share with it.
#pragma once
#include <cstdint>

#include <cstddef>

#include "gl/gl_types.h"
#include "pipe/resource.h"

namespace brass::gl {
namespace pixel {
struct InternalFormatInfo;
}
class Context;
struct Drawable;

// One color buffer of the default framebuffer or of a framebuffer object.
struct ColorBuffer {
  const pixel::InternalFormatInfo* info = nullptr;          // the format GL reports (RGB8 for an RGB config)
  const pixel::InternalFormatInfo* storage_info = nullptr;  // what the memory holds (RGBA8 for it)
  pipe::Resource* resource = nullptr;
  uint32_t level = 0, layer = 0;
  GLsizei width = 0, height = 0, samples = 0;
  bool alpha_is_one = false;  // stored alpha is not GL's: it reads as 1
};

// The default framebuffer's color format, as GL reports it and as stored.
void drawable_color_formats(const Drawable& d, const pixel::InternalFormatInfo** info,
                            const pixel::InternalFormatInfo** storage);
// The read framebuffer's read buffer; false when there is none (READ_BUFFER
// NONE, no attachment there, no drawable). The framebuffer must be complete.
bool read_color_buffer(Context& ctx, ColorBuffer* out);
// Draw buffer `i` of the draw framebuffer; false when it is NONE or empty.
bool draw_color_buffer(Context& ctx, unsigned i, ColorBuffer* out);

// `buf_size`: the bytes at `pixels` the application vouches for
// (glReadnPixels); a larger write is GL_INVALID_OPERATION.
void read_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 void* pixels, uint64_t buf_size = UINT64_MAX);
// Desktop reads of the depth and stencil buffers (read_depth_stencil.cpp):
// DEPTH_COMPONENT, STENCIL_INDEX and DEPTH_STENCIL, which read_pixels hands
// over once the read framebuffer is known complete.
bool is_depth_stencil_read(GLenum format);
void read_depth_stencil_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                               GLenum type, void* pixels, uint64_t buf_size);
}  // namespace brass::gl
