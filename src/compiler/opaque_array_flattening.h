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
// Uniform and storage blocks declared as arrays of arrays get the same
// treatment (Vulkan takes only one-dimensional arrays of Uniform and
// StorageBuffer blocks, VUID-StandaloneSpirv-Uniform-06807): the instance
// becomes one array, and the block is renamed to carry the inner sizes:
//
//   uniform B { vec4 v; } b[2][3];  ->  uniform brass_ba_3__B { vec4 v; } b[6];
//   b[i][j].v                       ->  b[(i) * 3 + (j)].v
//
// Its elements are consecutive descriptors (binding N + row-major index,
// as `layout(binding = N)` assigns GL block bindings), and
// block_array_name() turns the reflected "brass_ba_3__B[5]" back into GL's
// "B[1][2]" (and "brass_ba_3__B.v" into "B.v").
//
// Uses the rewrite cannot express (a sub-array `t[i]` passed whole,
// `.length()`, sizes that are not integer literals, several declarators)
// leave the source unchanged; the link then fails as before.
#pragma once

#include <string>
#include <string_view>

namespace brass::compiler {

inline constexpr std::string_view kBlockArrayPrefix = "brass_ba_";

std::string flatten_opaque_arrays_of_arrays(std::string_view text);

// A reflected name with every renamed block array (kBlockArrayPrefix)
// given back its GL name and, for an element, its row-major indices.
std::string block_array_name(std::string_view reflected);

}  // namespace brass::compiler
