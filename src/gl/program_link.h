// glLinkProgram's work: the compiler's link, the pipe program, and the
// program-area state of a LinkedProgram (uniform storage, sampler slots,
// block bindings, vertex inputs).
#pragma once

#include <initializer_list>
#include <memory>
#include <string>

#include "gl/linked_program.h"

namespace brass::gl {

class Context;
class Program;

// What GLSL sees of the context's limits (the gl_Max* constants) and the
// compiler enforces: one answer for glCompileShader and glLinkProgram.
compiler::ShaderLimits shader_limits(const Context& ctx);

// Whether the program's last pre-rasterization stage is a geometry shader
// emitting points or a point_mode tessellation evaluation shader whose
// gl_PointSize the device takes (else such points are one pixel, and the
// stage must not write the size).
bool last_stage_sizes_points(const LinkedProgram& lp, pipe::Screen& screen);

// Links `p`'s attached shaders. Null with *log set on failure.
std::shared_ptr<LinkedProgram> link(Context& ctx, const Program& p, std::string* log);

// Deletes pipe programs made by this area (nulls are skipped): through the
// current context when it renders on `screen` (pipe programs are device
// objects; any context of the device may drop them), else through a
// short-lived pipe context of the device.
void delete_pipe_programs(pipe::Screen* screen, std::initializer_list<pipe::ShaderProgram*> programs);

}  // namespace brass::gl
