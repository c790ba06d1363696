// Arrays of arrays of samplers and images (GLSL ES 3.10, GLSL 4.30). Vulkan
// takes only one array level of opaque handles (a UniformConstant variable
// is an image, sampler or sampled image, or an array of one:
// VUID-StandaloneSpirv-UniformConstant-04655). Before the Vulkan parse each
// such uniform becomes one flat array, and every use `t[i][j]` the element
// of the linearized index:
//
//   uniform sampler2D t[2][3];   ->  uniform sampler2D brass_os_1_t_2_0__3[6];
//   t[i][j]                      ->  brass_os_1_t_2_0__3[(i) * 3 + (j)]
//
// The name uses the struct lowering's path encoding (opaque_struct_lowering.h)
// with an unnamed component per inner dimension, so reflection reports the
// GL uniforms `t[0][0]` and `t[1][0]` (arrays of 3) from it. A non-constant
// index then reaches the SPIR-V as one dynamic index into the flat array.
//
// Uses the rewrite cannot express (a sub-array `t[i]` passed whole,
// `.length()`, sizes that are not integer literals, several declarators)
// leave the source unchanged; the link then fails as before.
#pragma once

#include <string>
#include <string_view>

namespace brass::compiler {

std::string flatten_opaque_arrays_of_arrays(std::string_view text);

}  // namespace brass::compiler
