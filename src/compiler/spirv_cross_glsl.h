// SPIRV-Cross's GLSL back end behind a narrow interface (its C API, whose
// spirv.h cannot share a translation unit with glslang's spirv.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace brass::compiler {

struct CrossCompiled {
  bool ok = false;
  std::string text;  // ok: GLSL 4.50 (non-Vulkan) source; else SPIRV-Cross's error
};

// Translates the entry point `entry_point` (execution model
// `execution_model`) of a validated module to desktop GLSL 4.50. Global
// variables keep their OpName names.
CrossCompiled cross_compile_to_glsl(const std::vector<uint32_t>& words, const std::string& entry_point,
                                    uint32_t execution_model);

}  // namespace brass::compiler
