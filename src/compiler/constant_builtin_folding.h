// Built-in function calls that GLSL makes constant expressions and glslang
// 12 does not fold. GLSL (1.20 §4.3.3 and every later version) makes a
// call of a built-in function (other than the texture lookups) whose
// arguments are constant expressions a constant expression, usable as an
// array size or a global const initializer. glslang folds most of them but
// not sinh, cosh, tanh, asinh, acosh, atanh, transpose, matrixCompMult,
// determinant and inverse ("array size must be a constant integer
// expression", "global const initializers must be constant"); and it folds
// `==` / `!=` of two vectors to a bool that compares unequal to `true`.
//
// Before glslang parses a source, each such call whose arguments are
// constant-looking (literals, constructors, built-in calls, names declared
// `const`, operators: nothing that reads a variable or has a side effect)
// becomes the same value spelled with operations glslang folds: the
// exponential and logarithm forms of the hyperbolic functions, constructors
// of indexed elements for the matrix functions (cofactor expansion for
// determinant and inverse), and such an equality comparison is wrapped in
// bool(), which glslang folds to a proper scalar. Calls with other
// arguments are left to the built-ins. The replacement of a call takes the
// call's place; newlines inside it follow it, so line numbers stay.
#pragma once

#include <string>

namespace brass::compiler {

// `version` and `es`: the source's GLSL version (a built-in is respelled
// only where that version has it: elsewhere the name is the application's).
std::string fold_constant_builtin_calls(std::string text, int version, bool es);

}  // namespace brass::compiler
