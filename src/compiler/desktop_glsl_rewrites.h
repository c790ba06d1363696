// Desktop GLSL source rewrites for ARB extensions that glslang handles only
// in the form the later core version gave them. Applied to the application's
// source before glslang sees it, at compile and at link.
#pragma once

#include <string>
#include <string_view>
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

// ARB_conservative_depth (GLSL 4.20's depth layouts on gl_FragDepth),
// ARB_shading_language_packing (4.20's pack/unpack functions, whose
// `#extension` glslang takes without declaring them), ARB_shader_storage_buffer_object
// in 1.40 (storage blocks, which glslang takes only from 1.50's profiles),
// ARB_texture_query_levels (4.30's textureQueryLevels),
// ARB_fragment_layer_viewport (4.30's gl_Layer and gl_ViewportIndex in
// fragment shaders) and ARB_arrays_of_arrays (4.30's arrays of arrays) give
// older GLSL what glslang declares only from those versions, and glslang
// does not know the extensions. A desktop source of GLSL 1.40 or later that
// enables one (exposed) and uses what it adds is compiled at the version
// that made it core: the number on its #version line replaced, nothing
// else (the later core versions accept what 1.40 - 4.10 do). Sources below
// 1.40 are left alone: they are compiled for SPIR-V as 1.40 after
// glsl_upgrader.h, which takes them no further.
std::string with_desktop_extension_versions(std::string text, ShaderStage stage, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed);

// ARB_shader_storage_buffer_object gives GLSL 1.40-3.30 the atomic memory
// functions on buffer variables (atomicAdd ... atomicCompSwap), which
// glslang declares only from 4.30, and ARB_shader_atomic_counters gives
// them the counter functions (atomicCounter, ...Increment, ...Decrement),
// which glslang's SPIR-V path turns into those buffer atomics. A desktop
// source that enables either extension (exposed) and calls one of its
// functions is compiled as #version 430 (the number on its #version line
// replaced, nothing else: 4.30 accepts what the older core versions do;
// __VERSION__ reads 430).
std::string with_desktop_atomics_version(std::string text, const GlslVersion& declared,
                                        const std::vector<std::string>& unexposed);

// ARB_draw_instanced names the instance index gl_InstanceIDARB; GLSL 1.40
// made it gl_InstanceID, the only name glslang knows. Desktop sources
// (Api::GL) get the core name for every whole-word use. (GLSL 1.30 sources
// are checked by glslang before the upgrader takes them to 1.40, and 1.30
// has no gl_InstanceID: those still fail.)
std::string with_core_instance_id(std::string text, Api api);

// ARB_shader_atomic_counters and ARB_shader_storage_buffer_object give
// atomic counters and storage blocks layout(binding) in any GLSL version
// they extend; glslang allows the qualifier below 4.20 only under
// ARB_shading_language_420pack. For desktop sources below 4.20 that enable
// either (and a context that exposes 420pack), the preamble line that
// enables 420pack too; empty otherwise.
std::string desktop_binding_preamble(std::string_view text, const GlslVersion& version,
                                     const std::vector<std::string>& unexposed);

// ARB_draw_instanced's instance index below GLSL 1.40, where glslang declares
// no gl_InstanceID: for the check-only parse of a desktop vertex shader that
// enables the extension, the preamble lines that stand an int of that name
// in (the SPIR-V parse is 1.40, which has it); empty otherwise.
std::string desktop_instance_id_check_preamble(std::string_view text, ShaderStage stage, const GlslVersion& version);

}  // namespace brass::compiler
