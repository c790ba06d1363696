// Vertex attribute aliasing (glBindAttribLocation of two names to one
// location). GLSL ES 1.00 and desktop GL allow it as long as no path through
// the shader reads more than one of the aliased attributes; SPIR-V for
// Vulkan forbids two input variables at one location outright. The patch
// gives each shared location one vec4 input and turns the aliased
// attributes into private variables that the entry point fills from it.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Rewrites the vertex shader's Input variables whose Location ranges
// overlap. Modules without overlapping inputs are left unchanged. Returns
// false (module unchanged) when the aliased inputs cannot be merged: other
// than 32-bit float, int or uint components, or mixed component types at
// one location.
bool merge_aliased_inputs(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
