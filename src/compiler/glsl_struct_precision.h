// GLSL ES: the precision of a varying (or any variable) does not have to
// match between stages, but glslang 12's cross-stage I/O validation
// (TProgram::mapIO) compares the precision of struct *members* and fails
// the link with "have precision conflict cross stage" when, say, a vertex
// shader (default highp) and a fragment shader (precision mediump float)
// share `out Foo foo;` / `in Foo foo;`.
//
// For the code-generation parse only (the application's source has already
// been validated as written), every float/int struct member gets highp:
// precision qualifiers are minimums, so computing at highp keeps the GL
// meaning. Uniform precision matching is checked by check_uniform_precisions
// on top-level uniforms, independently of this rewrite.
#pragma once

#include <string>
#include <string_view>

namespace brass::compiler {

std::string highp_struct_members(std::string_view source);

}  // namespace brass::compiler
