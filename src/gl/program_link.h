// glLinkProgram's work: the compiler's link, the pipe program, and the
// program-area state of a LinkedProgram (uniform storage, sampler slots,
// block bindings, vertex inputs).
#pragma once

#include <memory>
#include <string>

#include "gl/linked_program.h"

namespace brass::gl {

class Context;
class Program;

// Links `p`'s attached shaders. Null with *log set on failure.
std::shared_ptr<LinkedProgram> link(Context& ctx, const Program& p, std::string* log);

// Deletes a pipe program made by this area: through the current context when
// it renders on `screen` (pipe programs are device objects; any context of
// the device may drop them), else it is left to the device's teardown.
void delete_pipe_program(pipe::Screen* screen, pipe::ShaderProgram* program);

}  // namespace brass::gl
