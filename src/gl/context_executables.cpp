// Per-context references to shared programs' executables (context_executables.h).
#include "gl/context_executables.h"

#include "gl/context.h"

namespace brass::gl {

LinkedProgram* context_executable(Context& ctx, const Program& p, std::shared_ptr<LinkedProgram>* keep) {
  if (ctx.current_program.get() == &p) return ctx.current_executable.get();
  if (const ProgramPipeline* pp = ctx.program_pipeline.get()) {
    for (unsigned s = 0; s < pipe::kShaderStageCount; ++s)
      if (pp->stages[s].get() == &p && pp->executables[s]) return pp->executables[s].get();
  }
  *keep = p.executable();
  return keep->get();
}

void install_relinked_executable(Context& ctx, const Program& p, const std::shared_ptr<LinkedProgram>& lp) {
  if (ctx.current_program.get() == &p) {
    ctx.current_executable = lp;
    ctx.dirty(kDirtyProgram);
  }
  if (ProgramPipeline* pp = ctx.program_pipeline.get()) {
    bool changed = false;
    for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
      if (pp->stages[s].get() != &p) continue;
      pp->executables[s] = lp;
      changed = true;
    }
    if (changed) ctx.dirty(kDirtyProgram);
  }
}

bool refresh_pipeline_executables(ProgramPipeline& pp) {
  bool changed = false;
  for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
    const Program* p = pp.stages[s].get();
    std::shared_ptr<LinkedProgram> lp = p ? p->executable() : nullptr;
    if (lp == pp.executables[s]) continue;
    pp.executables[s] = std::move(lp);
    changed = true;
  }
  return changed;
}

}  // namespace brass::gl
