// The draw path's hand-off in SELECT and FEEDBACK render modes
// (select_feedback_draw.cpp): api_draw.cpp calls it, once the draw's
// errors were checked, instead of drawing.
#pragma once

#include "gl/gl_types.h"

namespace brass::gl {

class Context;

// A glDrawArrays-style draw (index_type GL_NONE: vertices first ..
// first + count - 1) or an indexed one (indices: an offset into the
// element buffer, or client memory), processed on the CPU.
void select_feedback_draw(Context& ctx, GLenum mode, GLint first, GLsizei count, GLenum index_type,
                          const void* indices, GLint base_vertex, GLsizei instances);

}  // namespace brass::gl
