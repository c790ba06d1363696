// ARB_gl_spirv: names for the interface of a GL SPIR-V module.
//
// SPIR-V matches everything across stages by decoration (Location,
// Component, Binding, Offset), never by name, and OpName is optional debug
// information. Brass compiles a SPIR-V shader by translating it to GLSL
// (spirv_to_glsl.h), whose linker matches uniforms, blocks and structure
// types by name. So every interface object gets a name derived only from
// its decorations (and structure types one derived from their shape): two
// stages that agree in SPIR-V terms then agree in GLSL terms too. The names
// are internal: a program linked from SPIR-V reports no names to the
// application (ARB_gl_spirv §7.3.1).
#pragma once

#include "compiler/spirv_module.h"

namespace brass::compiler {

// Drops every OpName / OpMemberName of `module` and names its global
// variables, structure types and structure members canonically. Also
// drops two decorations GLSL cannot state and GL gives no meaning: a
// Binding on a uniform that is not opaque, and the Location of a
// transform-feedback output that another output of the stage also has.
void assign_canonical_spirv_names(SpirvModule& module);

}  // namespace brass::compiler
