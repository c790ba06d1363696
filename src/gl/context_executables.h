// Which executable of a shared program a context uses. Contexts of a share
// group on several threads may relink one program while the others draw
// with it. GL 4.6 / ES 3.2 §5.3 lets a context see another's change only
// once it binds the object again, so each context holds its own reference
// to the executables it uses, taken when it binds them (glUseProgram,
// glUseProgramStages, glBindProgramPipeline) and when it relinks a program
// it uses itself (the new executable is then current at once, GL 4.6 §7.3).
// Draws read only those references: no lock and no shared slot per draw.
// Program::executable() (locked) is read at the binds, by glProgramUniform*
// on a program this context does not use, and by the queries.
#pragma once

#include <memory>

namespace brass::gl {

class Context;
class Program;
class ProgramPipeline;
struct LinkedProgram;

// The executable `p` has in this context: the one this context draws with
// when `p` is its current program or a stage of its bound pipeline (older
// than the program's own after another context relinked it, until this one
// binds it again), else the program's current one, which *keep then holds.
// Null when there is none. glUniform*, glProgramUniform*,
// glUniformBlockBinding, transform feedback and the like go through it, so
// that what they change is what this context's draws read.
LinkedProgram* context_executable(Context& ctx, const Program& p, std::shared_ptr<LinkedProgram>* keep);

// `p` was relinked successfully in this context into `lp`: where this
// context uses `p` (current program, stages of the bound pipeline), `lp`
// becomes what it draws with.
void install_relinked_executable(Context& ctx, const Program& p, const std::shared_ptr<LinkedProgram>& lp);

// Takes each stage program's current executable (a pipeline being bound, or
// bound again). True when any changed.
bool refresh_pipeline_executables(ProgramPipeline& pp);

}  // namespace brass::gl
