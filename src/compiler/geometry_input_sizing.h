#pragma once

#include <string>

namespace glslang {
class TIntermediate;
}

namespace brass::compiler {

// GLSL 1.50 / 4.60 §4.3.8.1 (Input Layout Qualifiers): a geometry shader's
// input arrays take their size from the input primitive, and a usage that
// came before `layout(<primitive>) in;` must agree with that size ("input
// sizes are inconsistent"). glslang sizes unsized inputs when the layout
// arrives but does not look back at the constant indices already parsed,
// arrays of arrays and instance arrays of blocks included: this check finds
// every constant index into the outer dimension of a geometry shader input
// that is outside the size the input primitive gave it.
bool check_geometry_input_indices(const glslang::TIntermediate& intermediate, std::string* log);

}  // namespace brass::compiler
