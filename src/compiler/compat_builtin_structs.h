// The structure types of the compatibility built-in uniform state (GLSL
// 1.20 §7.5: gl_LightSourceParameters, gl_MaterialParameters, ...). The
// upgrader declares them as ordinary structures named brass_gl_*, so that
// reflection reports their members under the gl_* uniform names the GL
// frontend feeds (gl/compat/builtin_uniforms.cpp).
#pragma once

#include <string_view>

namespace brass::compiler {

// The declaration of the structure type named `name` ("gl_FogParameters"
// or its declared name "brass_gl_FogParameters"), ending in a newline; null
// for any other name.
const char* compat_builtin_struct_declaration(std::string_view name);

// The value of a compatibility implementation constant (gl_MaxLights,
// gl_MaxClipPlanes, gl_MaxTextureUnits, gl_MaxTextureCoords) as Brass
// provides it, or -1 for another name.
int compat_builtin_constant(std::string_view name);

}  // namespace brass::compiler
