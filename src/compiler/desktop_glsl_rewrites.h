// Desktop GLSL source rewrites for ARB extensions that glslang handles only
// in the form the later core version gave them. Applied to the application's
// source before glslang sees it, at compile and at link.
#pragma once

#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"

namespace brass::compiler {

// `text` with the number on its #version line (`declared`'s) replaced by
// `number`, nothing else changed (line numbers stay); unchanged without a
// directive.
std::string with_version_number(std::string text, const GlslVersion& declared, int number);

// ARB_compute_shader lets desktop GLSL below 4.30 declare compute shaders
// once `#extension GL_ARB_compute_shader` enables it, but glslang decides
// the stage at the #version line, before any #extension, and refuses
// compute shaders below 4.30 there. Such a shader (the extension not in
// `unexposed`, desktop GLSL) is compiled as #version 430 of the same
// profile: the number on its #version line is replaced, nothing else (line
// numbers stay). Callers check the declared version against the context
// before this.
std::string with_desktop_compute_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                         const std::vector<std::string>& unexposed);

// ARB_draw_instanced names the instance index gl_InstanceIDARB; GLSL 1.40
// made it gl_InstanceID, the only name glslang knows. Desktop sources
// (Api::GL) get the core name for every whole-word use. (GLSL 1.30 sources
// are checked by glslang before the upgrader takes them to 1.40, and 1.30
// has no gl_InstanceID: those still fail.)
std::string with_core_instance_id(std::string text, Api api);

}  // namespace brass::compiler
