// Program state at draw time, beyond the draw-validation table's handlers
// (validate_program, validate_uniforms, validate_uniform_buffers).
#pragma once

namespace brass::gl {

class Context;
struct LinkedProgram;

// Two sampler uniforms of different types use one texture unit: draws are
// INVALID_OPERATION and glValidateProgram fails (ES 3.0 §2.11.11).
bool samplers_conflict(const LinkedProgram& lp);

// Binds the pipe program for a draw: when drawing points with a program
// whose vertex shader does not write gl_PointSize, a variant writing 1.0
// (created on first use). Call after validate_for_draw succeeded; no work
// when nothing changes. False when the variant could not be created (the
// error is recorded; skip the draw).
bool bind_program_for_primitive(Context& ctx, bool points);

}  // namespace brass::gl
