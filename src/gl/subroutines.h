// ARB_shader_subroutine's context state (GL 4.6 §7.10): per shader stage,
// the subroutine index selected for each subroutine uniform location of
// the program active for that stage. The compiler lowered each subroutine
// uniform to elements of a uint array in the default block
// (compiler/subroutines.h); draws write the selections there, so choosing
// other subroutines changes uniform data, never the pipeline.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "compiler/program_interface.h"
#include "gl/gl_types.h"

namespace brass::gl {

class Context;
struct LinkedProgram;

struct SubroutineSelections {
  struct Stage {
    // LinkedProgram::serial of the executable the indices were chosen for
    // (0: none yet); another one (a different program, a relink) starts
    // from its defaults.
    uint64_t program = 0;
    std::vector<GLuint> indices;  // per subroutine uniform location
  };
  std::array<Stage, compiler::kShaderStageCount> stages;
  // glUseProgram, glUseProgramStages, glBindProgramPipeline: every stage
  // goes back to the defaults of its program.
  void reset() {
    for (Stage& s : stages) s.program = 0;
  }
};

// The indices selected for `program`'s subroutine uniform locations of
// `stage`, first set to its defaults when they were chosen for another
// executable (or none).
std::vector<GLuint>& subroutine_selection(Context& ctx, compiler::ShaderStage stage, const LinkedProgram& program);

// Draw time (validate_uniforms_of): the context's selections of the
// `stages` (pipe::stage_bit mask) `program` supplies, written into its
// default block before the upload.
void write_subroutine_selections(Context& ctx, LinkedProgram& program, uint32_t stages);

}  // namespace brass::gl
