// ARB_gpu_shader_int64 in desktop GLSL as glslang 12 gives it. glslang
// takes the 64-bit integer types from #version 400 only (the extension
// itself requires GLSL 4.00 of the implementation, not of each shader, and
// other implementations take it in 1.50 and 3.30 shaders too) and declares
// the extension's built-in functions (abs, sign, min, max, clamp, mix with a
// bool selector, pack/unpack{Int,Uint}2x32, doubleBitsTo{Int,Uint}64,
// {int,uint}64BitsToDouble) from #version 450 only. Applied to the
// application's source before glslang sees it, at compile and at link.
#pragma once

#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"

namespace brass::compiler {

// For a desktop shader that enables GL_ARB_gpu_shader_int64 (the extension
// not in `unexposed`): below #version 400 the number on its #version line
// becomes 400 (430 for compute shaders, with_desktop_compute_version), and
// below 450 the built-in functions glslang lacks are defined, as overloads
// of the built-in names written in GLSL 4.00, after the extension's
// directive (followed by a #line: line numbers stay). Other shaders are
// returned unchanged. Unlike built-ins, these overloads are not constant
// expressions.
std::string with_int64_support(std::string text, ShaderStage stage, const GlslVersion& declared,
                               const std::vector<std::string>& unexposed);

// The definitions with_int64_support adds (for tests).
const std::string& int64_builtin_definitions();

}  // namespace brass::compiler
