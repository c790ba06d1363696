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
#include <string_view>
#include <vector>

#include "compiler/compiler.h"

namespace brass::compiler {

// ES 3.00 requires a location on every output of a fragment shader with
// more than one; EXT_blend_func_extended lifts that (outputs may be bound
// with glBindFragDataLocation(Indexed)EXT or left to the linker), but
// glslang enforces the ES rule at link. For a fragment shader that enables
// the extension, this gives each top-level output without a location an
// explicit layout: its binding, else the lowest free locations (bound
// outputs are placed even without the directive). Text is
// inserted on the declaration's own line, so line numbers are kept.
// Returns `source` unchanged when there is nothing to place.
std::string place_unlocated_outputs(std::string_view source, const std::vector<FragDataBinding>& bindings);

// Gives gl_SecondaryFragColorEXT / gl_SecondaryFragDataEXT Location 0 and
// Index 1. True when the module declares either (and was patched).
bool patch_secondary_frag_outputs(std::vector<uint32_t>& spirv);

// For each Output variable with an OpName, `lookup` returns the new
// {location, index} or {-1, -1} to keep it; Location and Index are set
// (Index added when missing). False for malformed modules.
using LocationIndexByName = std::function<std::pair<int32_t, int32_t>(const std::string& name)>;
bool remap_output_location_index(std::vector<uint32_t>& spirv, const LocationIndexByName& lookup);

}  // namespace brass::compiler
