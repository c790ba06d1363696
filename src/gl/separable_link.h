// The executable a program pipeline draws with (ES 3.1 §7.4): each stage's
// SPIR-V from the separable program that supplies it, combined into one pipe
// program. Each separable program numbered its descriptor bindings from 0
// on its own, so the combination renumbers them densely across its stages
// (a SPIR-V decoration rewrite per stage); inputs of a stage without
// explicit locations take the locations of the previous stage's outputs of
// the same name. Uniform data, textures and buffers stay with the source
// programs: draw validation binds them per stage (program_validation.cpp).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "gl/linked_program.h"

namespace brass::gl {

class Context;

// `sources[s]`: the executable supplying pipe stage s, or null. Null with
// *log when the stages cannot be combined or the device rejects them.
std::shared_ptr<LinkedProgram> combine_separable_stages(
    Context& ctx, const std::array<const LinkedProgram*, pipe::kShaderStageCount>& sources, std::string* log);

}  // namespace brass::gl
