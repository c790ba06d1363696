// glReadPixels: from the read framebuffer's read buffer into client memory or
// the bound pixel-pack buffer, with pack state applied.
#pragma once

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
void read_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 void* pixels);
}  // namespace brass::gl
