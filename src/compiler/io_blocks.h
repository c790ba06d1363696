// The members of a stage's user-declared input or output interface blocks
// as GL's program interface names them (ES 3.1 §7.3.1.1, GLSL ES 3.10
// §4.3.9): "Block.member" for a block with an instance name, "member" for
// one without, structs by member and arrays of basic types as "m[0]"; the
// array that makes a block per-vertex (tessellation and geometry stages)
// is not part of the name. glslang's reflection gives a block as one entry
// under its instance name.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <vector>

#include "compiler/program_interface.h"

namespace glslang {
class TIntermediate;
class TQualifier;
}

namespace brass::compiler {

// Reads the declarations as written: call before glslang's I/O mapping,
// which gives every block a location. A member's GL location is its own
// layout(location), else the block's plus the slots of the members before
// it, else -1 (no location qualifier on the way: ES 3.1 leaves it
// unassigned for separable stages).
std::vector<InterfaceVariable> io_block_members(const glslang::TIntermediate& intermediate, bool inputs);

// The interpolation a varying's qualifier gives it.
InterfaceVariable::Interpolation interpolation_of(const glslang::TQualifier& q);

}  // namespace brass::compiler
