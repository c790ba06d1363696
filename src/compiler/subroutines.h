// ARB_shader_subroutine (GLSL 4.60 §6.1.2, core from GLSL 4.00): glslang
// parses `subroutine` but cannot generate code for it ("feature not yet
// implemented"), so Brass lowers subroutines in the source, before either
// glslang parse:
//  * `subroutine RET T(params);` (a subroutine type) disappears;
//  * `[layout(index = N)] subroutine(T, ...) RET f(params) {...}` loses its
//    qualifier and stays an ordinary function;
//  * `[layout(location = N)] subroutine uniform T u;` becomes the prototype
//    of a function `RET u(params)` (arrays: `brass_subroutine_call_u(uint
//    element, params)`, and every `u[i](...)` a call of it), defined at the
//    end of the source: it reads the selected subroutine index from
//    `uniform uint brass_subroutines_<stage>[locations]` (one element per
//    subroutine uniform location) and calls the function of that index
//    among those compatible with T.
// Switching subroutines is therefore uniform data, never a new pipeline.
// The GLSL rules glslang cannot check on the lowered text (the three forms
// `subroutine` may take, matching signatures, declared types, index and
// location ranges, no overloads of subroutine functions, type names used
// as anything else) are checked here. Recursion through subroutine
// uniforms becomes ordinary recursion, which glslang's linker refuses.
//
// Limits: declarations are recognized in the source as written (not when a
// macro expands to them), and array sizes and layout values are integer
// constant expressions of literals and global `const int`/`const uint`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"

namespace brass::compiler {

inline constexpr uint32_t kMaxSubroutines = 256;                 // GL_MAX_SUBROUTINES
inline constexpr uint32_t kMaxSubroutineUniformLocations = 1024;  // GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS

struct LoweredSubroutines {
  bool ok = true;
  std::string text;      // the source, lowered (unchanged without subroutines)
  std::string info_log;  // GL-style errors when !ok
  StageSubroutines interface;  // selection_offset is the reflection's to fill
};

// Lowers `text` (stage `stage`, declared version `version`) when it may use
// subroutines: desktop GLSL 4.00 and later, or 1.50+ that enables
// GL_ARB_shader_subroutine (not in `unexposed`).
LoweredSubroutines lower_subroutines(std::string_view text, ShaderStage stage, const GlslVersion& version,
                                     Api api, const std::vector<std::string>& unexposed);

// The default-block name of a stage's selection array.
std::string subroutine_selection_name(ShaderStage stage);
// The stage whose selection array a reflected uniform name ("..._fs[0]")
// is, or nothing.
std::optional<ShaderStage> subroutine_selection_stage(std::string_view reflected_name);

}  // namespace brass::compiler
