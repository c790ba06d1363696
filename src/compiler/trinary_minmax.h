// AMD_shader_trinary_minmax's min3, max3 and mid3 for shaders that enable
// the extension, in terms of GLSL's min and max. glslang declares the
// built-ins only from GLSL 4.50, translates them to the SPIR-V extended
// instruction set SPV_AMD_shader_trinary_minmax that Vulkan drivers other
// than AMD's lack, and does not fold them in constant expressions, which
// the extension allows (its functions are built-ins like min and max).
//
// The normalizer (glsl_normalize.h) turns the #extension directive into a
// comment, as for Brass's own extensions, and a shader that enabled it gets
// function-like macros in its preamble:
//   min3(a, b, c) -> min(min(a, b), c)
//   max3(a, b, c) -> max(max(a, b), c)
//   mid3(a, b, c) -> max(min(a, b), min(max(a, b), c))
// so that constant arguments fold as min and max do, and glslang checks the
// argument types as it checks min's and max's. (min also takes a scalar
// second argument with a vector first one, which the extension's
// overloads of three same-typed arguments do not: such a call compiles
// here, a leniency.)
// mid3 names its first two arguments twice: where one of them could have a
// side effect (++, --, an assignment, or a call of a function the shader
// defines), that shader's mid3 calls go to overloaded functions instead,
// declared on the first line after the directives (line numbers stay), which
// evaluate every argument once.
#pragma once

#include <string>
#include <string_view>

namespace brass::compiler {

struct TrinaryMinmaxLowering {
  std::string text;      // the source, mid3 calls renamed where needed
  std::string preamble;  // the macros (and nothing else)
};

// `text` is a shader that enabled GL_AMD_shader_trinary_minmax (its
// directive already a comment); `version` its desktop GLSL version.
TrinaryMinmaxLowering lower_trinary_minmax(std::string_view text, int version);

}  // namespace brass::compiler
