// Desktop compatibility built-in variables (GLSL 1.10-1.30) that GLSL 1.40
// lacks. The GLSL upgrader (glsl_upgrader.h) declares them as ordinary
// variables named brass_gl_*, which reflection reports as gl_* so the GL
// frontend feeds them from fixed-function state (uniforms) and the legacy
// vertex arrays (attributes).
#pragma once

#include <cstdint>
#include <string_view>

namespace brass::compiler {

enum class CompatKind : uint8_t { Attribute, Uniform, VertexOut, FragmentIn };
struct CompatBuiltin {
  const char* name;
  const char* declaration_type;  // e.g. "vec4", "mat4"
  const char* array;             // "" or "[8]"
  CompatKind kind;
};

// The built-in named `name` ("gl_Vertex"), or null.
const CompatBuiltin* find_compat_builtin(std::string_view name);

}  // namespace brass::compiler
