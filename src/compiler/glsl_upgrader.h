// Token-level rewrite of old GLSL (ES 1.00 / 3.00, desktop 1.10-1.30) into a
// version glslang compiles for SPIR-V (ES 3.10, desktop 1.40) with the same
// GL meaning. The application's source has already been validated against
// its own version by glslang (see compile_shader), so the upgrader may
// assume well-formed input; it only has to keep semantics and line numbers.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "compiler/glsl_version.h"
#include "compiler/shader_limits.h"

namespace brass::compiler {

// Prefix of identifiers the upgrader introduces or renames to. Reflection
// strips it (see original_name()).
inline constexpr std::string_view kRenamePrefix = "brass_r_";

struct UpgradedSource {
  std::string text;
  int target_version = 0;  // 310 (es) or 140
  bool target_es = false;
};

UpgradedSource upgrade_glsl(std::string_view source, ShaderStage stage, const GlslVersion& version,
                            const ShaderLimits& limits);

// Applies only the rewrites every version needs (gl_InstanceID meaning,
// reserved Brass names); used for sources that need no upgrade.
std::string rewrite_current_glsl(std::string_view source, ShaderStage stage, const GlslVersion& version);

// Maps a name as glslang reflects it back to the application's spelling:
// "brass_r_texture[0]" -> "texture[0]", "s.brass_r_sample" -> "s.sample".
std::string original_name(std::string_view reflected);

}  // namespace brass::compiler
