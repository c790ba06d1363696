// Dynamically uniform indexing of sampler and image arrays on devices
// without Vulkan's shaderSampledImageArrayDynamicIndexing /
// shaderStorageImageArrayDynamicIndexing (and the texel-buffer forms):
// GLSL ES 3.20 and EXT/OES_gpu_shader5 allow `tex[i]` with a dynamically
// uniform `i`; those devices take only constant indices into arrays of
// opaque handles. Each access chain into a UniformConstant array with a
// non-constant index becomes a structured switch over the array's constant
// indices: the block is split at the access, each case repeats the access
// with its constant index and every instruction of the block that consumes
// the handle (loads, OpSampledImage, image instructions, OpImageTexelPointer
// and its atomics, calls that take the element), and the values those
// produce meet in OpPhi at the switch's merge block. Out-of-range indices
// (undefined in GL) take the default case, element 0. An index of an array
// of arrays is lowered one dimension at a time (nested switches).
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

struct OpaqueIndexingStats {
  uint32_t accesses = 0;  // access chains rewritten (nested ones included)
  uint32_t cases = 0;     // switch case blocks emitted
};

// Rewrites the module in place. Returns false (module unchanged) when it is
// malformed or uses an element in a way the rewrite cannot keep valid (an
// opaque value used outside the block that made it).
bool lower_dynamic_opaque_indexing(std::vector<uint32_t>& spirv, OpaqueIndexingStats* stats = nullptr);

}  // namespace brass::compiler
