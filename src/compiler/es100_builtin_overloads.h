// User overloads of built-in functions in ESSL 1.00 shaders.
//
// ESSL 1.00 lets a shader overload a built-in function with new parameter
// types (`int sin(int a)` next to the built-in `float sin(float)`); ESSL 3.00
// and later forbid it, and Brass compiles ES 1.00 shaders as ESSL 3.10. So
// when the upgrader finds such an overload, every use of the name becomes
// brass_r_<name> and the prelude declares brass_r_<name> wrappers for each
// built-in signature. Overload resolution then chooses among the user's
// functions and the wrappers exactly as ESSL 1.00 chose among the user's
// functions and the built-ins.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {

// Names of ESSL 1.00 built-in functions (math, common, geometric, matrix
// and vector relational; not the texture lookups) that the shader declares
// or defines as functions of its own at global scope.
std::set<std::string> user_overloaded_builtins(const std::vector<Token>& tokens);

// Definitions of `wrapper` for every ESSL 1.00 signature of `builtin`,
// each forwarding to the built-in. Parameters and results are highp (the
// built-in's precision follows its arguments; highp is never less).
std::string builtin_overload_wrappers(std::string_view builtin, std::string_view wrapper);

}  // namespace brass::compiler
