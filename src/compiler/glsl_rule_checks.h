// GLSL rules glslang 12 does not enforce but GL (and piglit) require.
// Compile-time checks run on the validation parse; link-time ones on the
// linked program. Each appends GL-style errors to `log` and returns false
// when the rule is broken. The checks on glslang's tree are in
// glsl_tree_rule_checks.cpp, those on the source's tokens in
// glsl_source_rule_checks.cpp.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"
#include "compiler/shader_limits.h"

namespace brass::compiler {

// ESSL 3.00+ and desktop GLSL 1.30+: fragment inputs that are (or contain)
// integers (or doubles) must be flat,
// also when they are members of an input block.
bool check_flat_integer_block_inputs(const glslang::TIntermediate& intermediate, std::string* log);

// Opaque types "cannot be treated as l-values; hence cannot be used as out
// or inout function parameters" (GLSL 1.20 §4.1.7, ESSL 3.00 §4.1.7; 1.10
// means it too), nor returned: glslang refuses a sampler parameter but not
// a structure holding one.
bool check_opaque_out_parameters(const glslang::TIntermediate& intermediate, std::string* log);

// GLSL ES (4.6.4 in 1.00): "It is an error to declare gl_FrontFacing as
// invariant" (its invariance is gl_Position's). glslang accepts
// `invariant gl_FrontFacing;` in ESSL 1.00 fragment shaders.
bool check_invariant_front_facing(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                  std::string* log);

// EXT_blend_func_extended in ESSL 1.00: a fragment shader writes either the
// Color forms (gl_FragColor, gl_SecondaryFragColorEXT) or the Data forms
// (gl_FragData, gl_SecondaryFragDataEXT), never one of each.
bool check_secondary_output_forms(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                  std::string* log);

// ESSL 1.00 §6.1: a function's prototype and its definition declare the
// same return precision (an unqualified return type takes the default
// precision in force where it appears). Checked where one prototype and one
// definition of a name with one parameter count make the pairing certain.
bool check_es100_function_precisions(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                     std::string* log);

// GLSL 1.40 without GL_ARB_compatibility (Brass has no compatibility
// profile): the fixed-function built-ins (gl_Vertex, gl_SecondaryColor,
// gl_ModelViewMatrix, ftransform(), ...) are not declared. Takes the
// preprocessed source (a name in an inactive #if branch is no use).
bool check_no_compatibility_builtins(std::string_view preprocessed_source, const GlslVersion& version,
                                     std::string* log);

// Desktop GLSL (4.3.9 of 1.50; 7.1.1 of 4.60): a geometry or tessellation
// shader that redeclares its gl_PerVertex input block names it gl_in
// (glslang takes the block without an instance name once it allows the
// redeclaration).
bool check_per_vertex_input_instance(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                     std::string* log);

// ESSL 3.00+: `#pragma STDGL invariant(all)` is not allowed in fragment
// shaders.
bool check_invariant_all_pragma(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                std::string* log);

// ARB_enhanced_layouts (GLSL 4.40 §4.4.2.1): xfb_offset "must be a
// multiple of the size of the first component of the first qualified
// variable or block member" and, "applied to an aggregate containing a
// double", of 8. glslang checks variables but not an output block's own
// offset (it aligns the members instead). Desktop GLSL; the block's members are read as
// written (double, dvecN, dmatN, and structs declared with one).
bool check_block_xfb_offset_alignment(std::string_view source, const GlslVersion& version, std::string* log);

// Desktop GLSL before 4.20 takes one layout qualifier per declaration
// (ARB_shading_language_420pack allows several), and before 4.40 each
// qualifier name once in a layout qualifier (ARB_enhanced_layouts allows
// repeats); glslang allows both in every version.
bool check_layout_qualifier_repetition(std::string_view source, const GlslVersion& version, std::string* log);

// GLSL ES (1.00 §3.4, 3.00 §3.5): #extension directives come before any
// non-preprocessor token; glslang accepts them anywhere.
bool check_extension_directive_placement(std::string_view source, const GlslVersion& version, std::string* log);

// GLSL ES: a uniform declared in several stages must have the same
// precision (ESSL 1.00: only when every stage uses it).
// Takes each stage's own (pre-link) intermediate: linking merges the
// default uniform blocks and loses the per-stage precisions.
bool check_uniform_precisions(const std::vector<const glslang::TIntermediate*>& stages,
                              const std::vector<std::string>& sources, const GlslVersion& version,
                              std::string* log);

// ESSL 1.00 section 4.6.4: a fragment shader may declare gl_FragCoord
// (gl_PointCoord) invariant only if the vertex shader declares gl_Position
// (gl_PointSize) invariant. Sources are the normalized application sources.
bool check_es100_builtin_invariance(std::string_view vertex_source, std::string_view fragment_source,
                                    std::string* log);

// GLSL 4.60 §4.4.1 (ARB_enhanced_layouts' component qualifier): stage
// inputs and outputs that share a location (in distinct components) must
// have the same numerical type (floating-point or integer), bit width and
// interpolation qualification; vertex inputs are exempt and glslang checks
// fragment outputs itself. A compile- or link-time error (link_time_errors.h
// moves it to the link).
bool check_location_alias_types(const glslang::TIntermediate& intermediate, std::string* log);

// GLSL ES 3.10 §4.4.5-4.4.6: an explicit binding plus the array size must
// stay within the binding points of its kind (image units, shader storage
// and uniform buffer bindings): a compile-time error. glslang checks only
// samplers and atomic counters.
bool check_binding_ranges(const glslang::TIntermediate& intermediate, const ShaderLimits& limits, std::string* log);

// layout(location = N) of loose uniforms, by name, from a validation parse.
std::map<std::string, int> explicit_uniform_locations(const glslang::TIntermediate& intermediate);

// Per named uniform or storage block ("uniform B", "buffer B"): its layout
// qualification as a comparable string (packing, matrix members' majorness).
// GLSL ES 3.00 §4.3.7: a block of one name in several stages must have the
// same member-wise layout qualification (shared in one, packed in another
// does not link). Taken from the validation parse: the Vulkan parse sees
// shared and packed blocks already rewritten as std140.
std::map<std::string, std::string> block_layouts(const glslang::TIntermediate& intermediate);

}  // namespace brass::compiler
