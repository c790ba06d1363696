// Desktop GL links several shader objects of one stage into a program
// (GL 4.6 §7.3: "Multiple shader objects of the same type may be attached
// to a single program object"); one may call a function or use a global
// that another defines. Each such compilation unit goes through Brass's
// source rewrites on its own and becomes its own glslang TShader; glslang's
// intra-stage linker merges them (one main per stage, matching globals,
// every called function defined once). What follows are the few places
// where per-unit rewriting would otherwise clash across units.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/program_interface.h"

namespace glslang {
class TIntermediate;
}

namespace brass::compiler {

// The source defines main() (a body, not a prototype).
bool defines_main(std::string_view text);

// Brass's rewrites give every unit that needs one its own one-line helper
// function (brass_gl_ftransform, brass_r_shadow2D, ...). glslang refuses
// two bodies of one signature in a stage, so each such definition is kept
// in the first unit that has it; later units of the stage keep only its
// prototype (the line count stays, so info-log lines still match). The
// sources are those of one stage's units, in link order.
void share_generated_helpers(const std::vector<std::string*>& sources);

// GLSL 1.50 §4.3.8.1: the input primitive a geometry shader of the
// program declares (`layout(triangles) in;`) sizes the unsized input
// arrays of every geometry shader of the program; glslang sizes each unit
// by its own declaration only. Units without one get the declaration of
// the first unit that has one, at the start of their first line of code
// (line numbers stay).
void share_geometry_input_layout(const std::vector<std::string*>& sources);

// GLSL 4.60 §4.3 (1.20 §4.3 likewise): a global variable initialized in
// more than one shader of a stage must be initialized with constant
// expressions of one value. glslang's linker does not check it. `units`
// are the stage's parsed (not yet linked) units. False with *log set.
bool check_global_initializers(const std::vector<const glslang::TIntermediate*>& units, ShaderStage stage,
                               std::string* log);

// GLSL 1.50 §7.2 (4.60 §7.1.2): once one fragment shader of a program
// redeclares gl_FragCoord, every fragment shader that uses it statically
// must redeclare it, with the same layout qualifiers. `sources` are the
// stage's units as the application wrote them (comments and line
// continuations removed). False with *log set.
bool check_frag_coord_redeclarations(const std::vector<const std::string*>& sources, std::string* log);

}  // namespace brass::compiler
