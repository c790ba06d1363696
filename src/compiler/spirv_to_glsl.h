// ARB_gl_spirv (GL 4.6 §7.2): SPIR-V shaders. glShaderBinary hands Brass a
// module for the GL execution environment (GL 4.6 appendix C: loose
// uniforms in UniformConstant, atomic counters, the GL binding model), and
// glSpecializeShader picks its entry point and specialization constants.
// Vulkan takes none of the GL-only constructs, and Brass's compiler lowers
// them from GLSL already, so a specialized module is translated to GLSL 4.50
// (SPIRV-Cross) after its constants are set and its interface is named by
// decoration (spirv_gl_names.h); that GLSL then goes through the ordinary
// compile and link. docs/compiler.md has the details.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/program_interface.h"

namespace brass::compiler {

// The SPIR-V extensions (OpExtension) the translation handles; a context
// accepts those of them whose GLSL counterpart it has
// (gl/spirv_extensions.h).
const std::vector<std::string>& translatable_spirv_extensions();

// glShaderBinary(SHADER_BINARY_FORMAT_SPIR_V): the module's words (in host
// byte order) when `bytes` bytes at `data` are a SPIR-V module: a whole
// number of words, the header, and instructions that exactly fill it.
// Nothing else is checked here (glSpecializeShader validates).
std::optional<std::vector<uint32_t>> load_spirv_binary(const void* data, size_t bytes);

struct SpecializationConstant {
  uint32_t id = 0;     // the SpecId decoration
  uint32_t value = 0;  // bit pattern (a float's IEEE-754 bits; bool: non-zero is true)
};

enum class SpecializeStatus : uint8_t {
  Ok,
  UnknownEntryPoint,  // no entry point of that name for the stage: INVALID_VALUE
  UnknownConstant,    // no specialization constant of that id: INVALID_VALUE
  Failed,             // invalid module or unsupported feature: compile status FALSE
};

struct SpecializeResult {
  SpecializeStatus status = SpecializeStatus::Failed;
  std::string glsl;      // Ok: the stage as GLSL 4.50
  std::string info_log;  // Failed: why
};

// glSpecializeShader: validates `module` (SPIRV-Tools, OpenGL 4.5
// environment), sets `constants` and translates the entry point named
// `entry_point` of `stage` to GLSL. A module that declares a SPIR-V
// extension outside `extensions` fails.
SpecializeResult specialize_spirv(const std::vector<uint32_t>& module, ShaderStage stage, const std::string& entry_point,
                                  const std::vector<SpecializationConstant>& constants,
                                  const std::vector<const char*>& extensions);

}  // namespace brass::compiler
