// Desktop compatibility-profile shaders of GLSL 1.50 and later (and the
// stages that take gl_PerVertex arrays, tessellation and geometry) get
// glslang's gl_PerVertex blocks with the compatibility members
// (gl_ClipVertex, gl_FrontColor, gl_BackColor, the secondary colours,
// gl_TexCoord, gl_FogFragCoord) next to gl_Position, gl_PointSize and
// gl_ClipDistance. SPIR-V has no BuiltIn for those members, and Vulkan
// forbids a block that mixes BuiltIn members with others (spirv-val: "No
// allowed mixing of built-in variables and non-built-in variables within
// a single structure"). A member the shader never accesses is dead: it is removed
// here from the block's type, and the members after it renumbered, so a
// compatibility shader that uses only the core members is valid SPIR-V.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace brass::compiler {

struct BuiltinBlockTrim {
  bool ok = true;  // false: malformed module
  // Compatibility members the shader accesses (by OpMemberName), which are
  // left in place: such a module does not validate, and the link reports
  // them by name instead of handing Vulkan an invalid module.
  std::vector<std::string> used_members_without_builtin;
};

BuiltinBlockTrim trim_builtin_blocks(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
