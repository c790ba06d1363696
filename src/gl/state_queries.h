// Shared between the enable/disable handlers and the state queries.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
// The flag behind a glEnable cap (null: not a cap), and the state group it dirties.
bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty = nullptr);
// glGetIntegeri_v of per-draw-buffer blend state (EXT/OES_draw_buffers_indexed):
// the number of values written to out[0..4) (COLOR_WRITEMASK: 4), 0 after
// an error was recorded (index past MAX_DRAW_BUFFERS), -1 when `pname` is
// not such state.
int draw_buffer_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]);
}  // namespace brass::gl
