// GLSL ES 1.00 constructs that Mesa (and the ES 1.00 grammar as GL
// implementations read it) accepts but glslang 12 refuses, rewritten at the
// token level into equivalent text glslang compiles. Line numbers are kept:
// no newline is added or removed.
//  * The sequence operator in constant expressions (ES 1.00 allows it; ES
//    3.00 forbids it): in global initializers, array sizes and const
//    declarations, `(a, b)` whose left operands have no side effects
//    becomes `(    b)`; the value of a sequence is its last operand, so
//    glslang can fold it.
//  * `float[2] x` (array-typed declarations and parameters) becomes
//    `float x[2]`.
//  * Macros the shader defines with names containing `__` (reserved, not
//    an error, in ESSL 1.00) are renamed.
#pragma once

#include <string>
#include <string_view>

namespace brass::compiler {

std::string rewrite_es100_syntax(std::string_view source);

}  // namespace brass::compiler
