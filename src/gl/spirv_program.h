// ARB_gl_spirv: what a program linked from SPIR-V reports differently from
// the GLSL its shaders were translated to.
#pragma once

#include "compiler/program_interface.h"

namespace brass::gl {

// A SPIR-V block's structure carries no size: GL_BUFFER_DATA_SIZE is the
// block's members padded to the structure's alignment (that of its widest
// member; at least a vec4's for std140 uniform blocks), as a GLSL
// structure of the same members would be. The GLSL translation's
// reflection gives the unpadded end of the last member.
void pad_spirv_block_sizes(compiler::ProgramInterface& pi);

}  // namespace brass::gl
