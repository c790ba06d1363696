// ARB_shader_subroutine's context state and its draw-time upload
// (subroutines.h); the commands are api_subroutines.cpp's.
#include "gl/subroutines.h"

#include <atomic>
#include <bit>
#include <cstring>

#include "gl/context.h"
#include "gl/linked_program.h"

namespace brass::gl {

uint64_t next_linked_program_serial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

std::vector<GLuint>& subroutine_selection(Context& ctx, compiler::ShaderStage stage, const LinkedProgram& program) {
  SubroutineSelections::Stage& s = ctx.subroutines.stages[static_cast<size_t>(stage)];
  if (s.program == program.serial) return s.indices;
  // "Arbitrarily chosen default functions with compatible subroutine
  // types" (GL 4.6 §7.10): the lowest compatible index; 0 where no active
  // uniform is.
  const compiler::StageSubroutines& subs = program.interface.subroutines[static_cast<size_t>(stage)];
  s.indices.assign(subs.location_count, 0);
  for (const compiler::SubroutineUniform& u : subs.uniforms) {
    if (u.compatible.empty()) continue;
    for (int32_t e = 0; e < u.array_size; ++e) {
      const size_t at = static_cast<size_t>(u.location) + static_cast<size_t>(e);
      if (at < s.indices.size()) s.indices[at] = u.compatible.front();
    }
  }
  s.program = program.serial;
  return s.indices;
}

void write_subroutine_selections(Context& ctx, LinkedProgram& program, uint32_t stages) {
  for (uint32_t m = stages; m; m &= m - 1) {
    const auto stage = static_cast<compiler::ShaderStage>(std::countr_zero(m));
    const compiler::StageSubroutines& subs = program.interface.subroutines[static_cast<size_t>(stage)];
    if (subs.selection_offset < 0 || subs.location_count == 0) continue;
    const std::vector<GLuint>& indices = subroutine_selection(ctx, stage, program);
    std::vector<uint8_t>& block = program.default_block;
    for (size_t loc = 0; loc < indices.size(); ++loc) {
      const size_t at = static_cast<size_t>(subs.selection_offset) + loc * static_cast<size_t>(subs.selection_stride);
      if (at + sizeof(GLuint) > block.size()) break;
      std::memcpy(block.data() + at, &indices[loc], sizeof(GLuint));
    }
  }
}

}  // namespace brass::gl
