// Shared between the enable/disable handlers and the state queries.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
// The flag behind a glEnable cap (null: not a cap), and the state group it dirties.
bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty = nullptr);
// The desktop-only caps of api_desktop_raster.cpp (COLOR_LOGIC_OP,
// LINE_SMOOTH, POLYGON_SMOOTH, MULTISAMPLE, SAMPLE_ALPHA_TO_ONE,
// FRAMEBUFFER_SRGB), as enable_flag answers them.
bool* desktop_enable_flag(Context& ctx, GLenum cap, uint32_t* dirty);
// glGetIntegeri_v of per-draw-buffer blend state (EXT/OES_draw_buffers_indexed):
// the number of values written to out[0..4) (COLOR_WRITEMASK: 4), 0 after
// an error was recorded (index past MAX_DRAW_BUFFERS), -1 when `pname` is
// not such state.
int draw_buffer_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]);
// glGet*i_v of SAMPLE_MASK_VALUE (ES 3.1), with the same return convention:
// 1 with the word in out[0] (as an unsigned value), 0 after INVALID_VALUE
// (index past MAX_SAMPLE_MASK_WORDS), -1 for another pname or outside ES 3.1.
int sample_mask_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]);
// SAMPLES of the draw framebuffer (0: single-sampled).
GLsizei draw_framebuffer_samples(Context& ctx);
}  // namespace brass::gl
