// Desktop GLSL source rewrites for ARB extensions that glslang handles only
// in the form the later core version gave them. Applied to the application's
// source before glslang sees it, at compile and at link.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"
#include "compiler/shader_limits.h"

namespace brass::compiler {

// `text` with the number on its #version line (`declared`'s) replaced by
// `number`, nothing else changed (line numbers stay); unchanged without a
// directive.
std::string with_version_number(std::string text, const GlslVersion& declared, int number);

// A fragment shader's gl_FragColor / gl_FragData become declared outputs
// (brass_gl_*, which reflection reports under their gl_* names); `version`
// is the number the text declares (for the #line directive that follows
// the declarations). Used where a shader is raised to a core version
// without them, and for the units of a multi-shader stage, where glslang
// would give each unit its own copy of the built-in output.
std::string with_declared_fragment_outputs(std::string text, int version);

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
// ARB_shading_language_packing (the pack/unpack functions, whose
// `#extension` glslang takes below 1.50 without declaring them),
// ARB_shader_bit_encoding, ARB_texture_query_lod, ARB_gpu_shader_fp64,
// ARB_vertex_attrib_64bit and ARB_texture_multisample (glslang declares
// what they add from 1.50), ARB_explicit_uniform_location (3.30's uniform
// locations), ARB_shader_storage_buffer_object
// in 1.40 (storage blocks, which glslang takes only from 1.50's profiles),
// ARB_texture_query_levels (4.30's textureQueryLevels),
// ARB_fragment_layer_viewport (4.30's gl_Layer and gl_ViewportIndex in
// fragment shaders), ARB_arrays_of_arrays (4.30's arrays of arrays) and
// ARB_shader_texture_image_samples (4.50's textureSamples and imageSamples) give
// older GLSL what glslang declares only from those versions, and glslang
// does not know most of the extensions. A desktop source of GLSL 1.40 or
// later that enables one (exposed) and uses what it adds is compiled at the
// version that made it core: the number on its #version line replaced
// (the later core versions accept what 1.40 - 4.10 do); a 1.40 source's
// texture2D-style lookups and gl_FragColor / gl_FragData, which 1.50's
// core profile lacks, become the generic lookups and declared outputs, as
// do any source's raised to 4.20 or later. Sources below 1.40 are left
// alone: legacy_extension_versions.h raises them around the upgrader.
std::string with_desktop_extension_versions(std::string text, ShaderStage stage, const GlslVersion& declared,
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

// ARB_derivative_control gives GLSL 1.50 and later the fine and coarse
// derivatives (dFdxFine ... fwidthCoarse), which glslang declares only from
// 4.00. A desktop source of 1.40-3.30 that enables the extension (exposed)
// and calls one is compiled as #version 400 (the number on its #version line
// replaced, nothing else: 4.00 keeps what the older core versions have,
// gl_FragColor and the texture*D functions included; __VERSION__ reads 400).
std::string with_desktop_derivative_control_version(std::string text, const GlslVersion& declared,
                                                    const std::vector<std::string>& unexposed);

// ARB_ES3_1_compatibility gives desktop GLSL what GLSL 4.50 took from ESSL
// 3.10 (gl_HelperInvocation, gl_MaxSamples, the image-uniform limits,
// imageAtomicExchange on r32f images, mix() selecting ints, uints and
// bools), which glslang declares only from 4.50; glslang does not know the
// extension (normalize_glsl blanks its #extension and defines its macro).
// A desktop source of 4.20-4.40 that enables it (exposed) is compiled as
// #version 450: those versions lack the compatibility built-ins 4.50 lacks
// too. One of 1.40-4.10 is compiled as 4.50 only where it names one of the
// new built-in variables, constants or imageAtomicExchange (4.50 would
// take its gl_FragColor and texture2D away otherwise); mix() on non-floats
// stays unknown there.
std::string with_desktop_es31_compatibility_version(std::string text, const GlslVersion& declared,
                                                    const std::vector<std::string>& unexposed);

// ARB_enhanced_layouts extends the core profile's layout qualifiers, and
// glslang checks its rules (constant-expression locations, offsets, ...)
// against the core and compatibility profiles only, which GLSL 1.40 (no
// profiles) is neither of. A desktop 1.40 source that enables it (exposed) is
// compiled as #version 150, whose core profile has the same language.
std::string with_desktop_enhanced_layouts_version(std::string text, const GlslVersion& declared,
                                                  const std::vector<std::string>& unexposed);

// ARB_shader_image_load_store lets image arrays be indexed by dynamically
// uniform expressions (GLSL 4.20 §4.1.7.2 as the extension adds it), which
// glslang allows from 4.00 only (it checks images as samplers). A desktop
// source of 1.40-3.30 that enables the extension (exposed) is compiled as
// #version 400 (the number on its #version line replaced, nothing else: 4.00
// keeps what the older core versions have; __VERSION__ reads 400).
std::string with_desktop_image_indexing_version(std::string text, const GlslVersion& declared,
                                               const std::vector<std::string>& unexposed);

// ARB_shader_image_size adds imageSize to GLSL 4.20's images, which
// glslang declares from 4.20 only. A desktop source of 1.40-4.10 that
// enables the extension (exposed) and calls imageSize is compiled as
// #version 420 (the number on its #version line replaced, nothing else).
std::string with_desktop_image_size_version(std::string text, const GlslVersion& declared,
                                           const std::vector<std::string>& unexposed);

// The five above for one source, applied to the text the other rewrites
// made (`declared` is the application's version): the number on its
// #version line becomes the highest any of them needs, never lower than the
// one the text has.
std::string with_desktop_feature_versions(std::string text, const GlslVersion& declared,
                                          const std::vector<std::string>& unexposed);

// ARB_enhanced_layouts gives GLSL the constants gl_MaxTransformFeedbackBuffers
// and gl_MaxTransformFeedbackInterleavedComponents (for xfb_buffer and
// xfb_stride), which glslang declares only from 4.30. In a desktop source
// below 4.30 that enables the extension (exposed), each use of either name
// becomes its value from `limits` (same lines and columns around it).
std::string with_enhanced_layouts_constants(std::string text, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed, const ShaderLimits& limits);

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

// ARB_texture_rectangle's types and lookups (sampler2DRect, texture2DRect,
// shadow2DRect ...) in desktop GLSL below 1.40, where they are reserved
// words unless the extension is on: the extension predates #extension and
// needs no directive (its issue 15), so every such source where the
// context exposes it gets the preamble line enabling it (glslang requires
// one); empty otherwise. A source's own `disable` still comes after it.
std::string desktop_texture_rectangle_preamble(std::string_view text, const GlslVersion& version,
                                               const std::vector<std::string>& unexposed);

// ARB_draw_instanced's instance index below GLSL 1.40, where glslang declares
// no gl_InstanceID: for the check-only parse of a desktop vertex shader that
// enables the extension, the preamble lines that stand an int of that name
// in (the SPIR-V parse is 1.40, which has it); empty otherwise.
std::string desktop_instance_id_check_preamble(std::string_view text, ShaderStage stage, const GlslVersion& version);

}  // namespace brass::compiler
