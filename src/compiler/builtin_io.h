// The built-in inputs and outputs GL's program interface lists
// (GL_PROGRAM_INPUT / GL_PROGRAM_OUTPUT): those the first stage's live code
// reads and the last stage's writes, by GL's names ("gl_VertexID",
// "gl_PerVertex.gl_Position" for gl_in[] / gl_out[] members,
// "gl_TessLevelOuter[0]", ...). glslang's reflection under Vulkan rules
// lists VertexIndex and InstanceIndex for every vertex shader and the
// gl_PerVertex blocks whole.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include "compiler/program_interface.h"

namespace brass::compiler {

// The first and last stages of a linked program (compute counts only as a
// first stage); EShLangCount when there is none.
EShLanguage first_stage(const glslang::TProgram& program);
EShLanguage last_stage(const glslang::TProgram& program);

// Appends the built-ins to pi->builtin_inputs and pi->builtin_outputs.
void add_builtin_io(const glslang::TProgram& program, ProgramInterface* pi);

}  // namespace brass::compiler
