// Source fix-ups applied before either glslang parse, for places where
// glslang 12 disagrees with the GLSL specifications (and Mesa):
//  * #version may follow comments and blank lines: moved to line 1, with a
//    #line that restores the application's numbering;
//  * `defined __VERSION__` (also __LINE__, __FILE__) is false in glslang;
//  * extensions Brass supports that glslang does not know: their #extension
//    directive is blanked and their feature macro defined.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"

namespace brass::compiler {

struct NormalizedGlsl {
  std::string text;
  // For TShader::setPreamble: glslang refuses "#define GL_..." in the
  // application's strings but not in the preamble (and it adds no lines).
  std::string preamble;
};
// `unexposed`: extensions the context does not expose (CompileOptions).
NormalizedGlsl normalize_glsl(std::string_view source, const GlslVersion& version,
                              const std::vector<std::string>& unexposed = {});

// Whether `source` has an #extension directive for `name` (any behaviour
// but disable).
bool enables_extension(std::string_view source, std::string_view name);

// `text` with the layout(...) qualifiers of vertex outputs (stage Vertex)
// or fragment inputs (stage Fragment) replaced by spaces (same lines and
// columns).
std::string hide_interface_locations(std::string_view text, ShaderStage stage);

// True for extension names Brass accepts beyond what glslang knows.
bool is_brass_only_extension(std::string_view name);

}  // namespace brass::compiler
