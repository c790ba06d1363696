// Double-precision vertex inputs on devices that cannot fetch 64-bit vertex
// formats (lavapipe has no VK_FORMAT_R64*_SFLOAT vertex buffers).
//
// Vulkan feeds a 64-bit input only from a 64-bit format. Where the device
// has none, each double column of a vertex input (a double, dvec2, dvec3,
// dvec4, a dmat column, an array element) is read instead as 32-bit
// unsigned integer pairs from the same bytes, and the doubles are rebuilt
// in the shader with packDouble2x32 (L: Vulkan locations):
//   double, dvec2  at location L: one input, uvec2 / uvec4 at L;
//   dvec3, dvec4   at L and L+1:  uvec4 at L, then uvec2 / uvec4 at L+1
//                                 (the element's bytes 16 and on).
// The original input becomes a private variable, written with the rebuilt
// values before main's first instruction. Locations are kept, so the GL
// side binds the same locations with RG32_UINT / RGBA32_UINT formats
// (gl/vertex_validation.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "compiler/program_interface.h"

namespace brass::compiler {

// GL and Vulkan count the locations of a double vertex input differently:
// in GL a dvec3/dvec4 (or such a dmat column) takes one location, like
// every vertex input vector (GLSL 4.60 §4.4.1, and piglit's and
// applications' attribute indices), in Vulkan two. Vertex shaders are
// compiled with each input at this Vulkan location of its GL location:
// the GL location plus the three- and four-component double columns at
// GL locations below it. The GL side feeds Vulkan location v from GL
// attribute index g where table[g] == v (gl/program_link.cpp).
inline constexpr unsigned kMaxVertexInputLocations = 32;
std::array<int32_t, kMaxVertexInputLocations> vulkan_vertex_input_locations(
    const std::vector<InterfaceVariable>& attributes);

// Rewrites a vertex shader's 64-bit inputs as above. True when the module
// is well formed (changed or not); false for malformed modules.
bool lower_64bit_vertex_inputs(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
