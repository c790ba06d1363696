// Program state at draw time, beyond the draw-validation table's handlers
// (validate_program, validate_uniforms, validate_uniform_buffers).
#pragma once

#include "gl/gl_types.h"

namespace brass::gl {

class Context;

// Binds the pipe program for a draw: when drawing points with a program
// whose vertex shader does not write gl_PointSize, a variant writing 1.0
// (created on first use). Call after validate_for_draw succeeded; no work
// when nothing changes. False when the variant could not be created (the
// error is recorded; skip the draw).
bool bind_program_for_primitive(Context& ctx, bool points);

// glGet state of the program area (GL_CURRENT_PROGRAM and the shader,
// uniform, uniform block and varying limits); false for other pnames. For
// api_state.cpp's query chain.
bool query_program_state(Context& ctx, GLenum pname, GLint64* out);

}  // namespace brass::gl
