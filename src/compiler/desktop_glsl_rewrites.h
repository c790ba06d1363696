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

// ARB_tessellation_shader lets a desktop shader of any version below 1.50
// declare a tessellation stage once it enables the extension (the
// extension requires GLSL 1.50 of the implementation, not of the shader);
// glslang takes tessellation stages from 1.50. Such a shader (the extension
// exposed) is compiled as #version 150, the number on its #version line
// replaced, nothing else.
std::string with_desktop_tessellation_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                              const std::vector<std::string>& unexposed);

// ARB_gpu_shader5 gives GLSL 1.50 and 3.30 shaders what GLSL 4.00 made core
// of it (textureGather's component and offsets forms, implicit conversions,
// `precise`, fma, frexp/ldexp, the bitfield and extended-arithmetic
// functions, interpolateAt*, geometry shader invocations, gl_SampleMaskIn,
// dynamically uniform indexing of sampler and block arrays); glslang gives
// them at #version 400 only (it knows the extension name but not its
// contents). A desktop source of those versions that enables the extension
// (exposed) is compiled as #version 400 of the same profile: the number on
// its #version line is replaced, nothing else (line numbers stay;
// __VERSION__ reads 400). Compute shaders are left to
// with_desktop_compute_version (4.30 has it all).
std::string with_gpu_shader5_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                     const std::vector<std::string>& unexposed);

// with_gpu_shader5_version(with_desktop_tessellation_version(text, ...)).
std::string with_stage_extension_versions(std::string text, ShaderStage stage, const GlslVersion& declared,
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

// gl_PerVertex redeclarations in desktop GLSL 1.50-4.00 (as other
// implementations take them, and piglit's tessellation and geometry tests
// write them): glslang takes them below 4.10 only under
// ARB_separate_shader_objects. For such a source that mentions gl_PerVertex
// (and a context that exposes the extension), the preamble line enabling
// it; empty otherwise.
std::string desktop_per_vertex_preamble(std::string_view text, const GlslVersion& version,
                                        const std::vector<std::string>& unexposed);

// ARB_draw_instanced's instance index below GLSL 1.40, where glslang declares
// no gl_InstanceID: for the check-only parse of a desktop vertex shader that
// enables the extension, the preamble lines that stand an int of that name
// in (the SPIR-V parse is 1.40, which has it); empty otherwise.
std::string desktop_instance_id_check_preamble(std::string_view text, ShaderStage stage, const GlslVersion& version);

}  // namespace brass::compiler
