// EXT_blend_func_extended (dual-source blending) on the SPIR-V side.
//
// glslang 12 parses the extension itself for GLSL ES: `layout(index = N)`
// becomes the SPIR-V Index decoration, but the ES 1.00 built-ins
// gl_SecondaryFragColorEXT / gl_SecondaryFragDataEXT come out as plain
// outputs with whatever location the I/O mapper gave them. Vulkan blends
// with the second source from Location 0, Index 1, so they are decorated
// that way here. glBindFragDataLocationIndexedEXT also lands here: the
// linker rewrites Location and Index of the bound outputs by name.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace brass::compiler {

// Gives gl_SecondaryFragColorEXT / gl_SecondaryFragDataEXT Location 0 and
// Index 1. True when the module declares either (and was patched).
bool patch_secondary_frag_outputs(std::vector<uint32_t>& spirv);

// For each Output variable with an OpName, `lookup` returns the new
// {location, index} or {-1, -1} to keep it; Location and Index are set
// (Index added when missing). False for malformed modules.
using LocationIndexByName = std::function<std::pair<int32_t, int32_t>(const std::string& name)>;
bool remap_output_location_index(std::vector<uint32_t>& spirv, const LocationIndexByName& lookup);

}  // namespace brass::compiler
