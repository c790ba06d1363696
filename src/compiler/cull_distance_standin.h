// ARB_cull_distance in desktop GLSL below 4.50. glslang 12 declares
// gl_CullDistance, gl_MaxCullDistances and gl_MaxCombinedClipAndCullDistances
// only from GLSL 4.50 and does not know the extension, and sources of GLSL
// 1.30 cannot be raised to 4.50 (their compatibility built-ins have no
// SPIR-V form there). So a shader of GLSL 1.30-4.40 that enables the
// extension gets gl_CullDistance as an ordinary array, brass_CullDistance
// (es_builtin_standins.h's stand-in name), which both glslang parses accept
// and patch_builtin_standins() turns back into the CullDistance built-in of
// the SPIR-V; the two limits become their values. Unless the shader
// redeclares it with a size, the array is declared without one, so that
// glslang sizes it by the highest constant index used, as GLSL sizes
// gl_CullDistance (elements never written would otherwise cull at random).
// The stand-in is declared on the first line after the directives, so line
// numbers stay. Not covered: gl_in[]/gl_out[] members (a geometry or
// tessellation shader reading the previous stage's distances, or a control
// shader writing them).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"
#include "compiler/shader_limits.h"

namespace brass::compiler {

// `text` rewritten as above; unchanged for other versions and stages, for
// shaders that do not enable the extension and where it is in `unexposed`.
std::string with_desktop_cull_distance(std::string text, ShaderStage stage, const GlslVersion& declared,
                                       const std::vector<std::string>& unexposed, const ShaderLimits& limits);

// The compile-time limits of the stand-in, which glslang cannot check: a
// redeclared size above MAX_CULL_DISTANCES, or gl_ClipDistance and
// gl_CullDistance redeclared with more elements together than
// MAX_COMBINED_CLIP_AND_CULL_DISTANCES, is an error (GLSL 4.60 §7.1.1).
// Appends a GL-style error to `log` and returns false then.
bool check_cull_distance_sizes(std::string_view rewritten_text, const ShaderLimits& limits, std::string* log);

}  // namespace brass::compiler
