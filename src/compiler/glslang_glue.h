// Internal: everything that touches glslang's global state or types, kept
// out of the public headers.
#pragma once

#include <glslang/Include/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>

#include <map>
#include <string>
#include <vector>

#include "compiler/advanced_blend.h"
#include "compiler/compiler.h"
#include "compiler/glsl_version.h"
#include "compiler/uniform_initializers.h"

namespace brass::compiler {

// Name glslang gives the block that holds loose uniforms under Vulkan
// relaxed rules.
inline constexpr const char* kDefaultBlockName = "gl_DefaultUniformBlock";

// glslang::InitializeProcess exactly once per process.
void ensure_glslang_process();

EShLanguage to_glslang(ShaderStage stage);
ShaderStage from_glslang(EShLanguage stage);
uint32_t default_block_binding(ShaderStage stage);

TBuiltInResource make_builtin_resources(const ShaderLimits& limits);

// Front-end parse with the application's own version and plain GL rules
// (no SPIR-V target, so #version 100/110/300 es are accepted). Fills
// `log` with glslang's messages; returns GL_COMPILE_STATUS.
// What the link step needs from the validation parse (the Vulkan parse
// drops both).
struct ValidationFacts {
  std::map<std::string, int> explicit_uniform_locations;
  std::map<std::string, UniformInitializer> uniform_initializers;
  // block_layouts() of the first stage that declares each block, and the
  // blocks whose layout differs in a later stage (a link error), each with
  // both layouts.
  std::map<std::string, std::string> block_layouts;
  std::vector<std::string> mismatched_block_layouts;
  // KHR_blend_equation_advanced (fragment shader): the equations its
  // blend_support qualifiers declare and the output they blend
  // (advanced_blend.h).
  uint32_t blend_support = 0;
  BlendOutput blend_output;
};
// `limits`, when given, are checked against explicit bindings
// (check_binding_ranges).
bool validate_glsl(const ShaderSource& source, Api api, const TBuiltInResource& resources,
                   GlslVersion* version, std::string* log, ValidationFacts* facts = nullptr,
                   const std::vector<std::string>& unexposed_extensions = {},
                   const ShaderLimits* limits = nullptr);

// Cleans glslang's info log into the GL style Brass reports.
std::string tidy_info_log(const char* info_log, const char* debug_log);

}  // namespace brass::compiler
