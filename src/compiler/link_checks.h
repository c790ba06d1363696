// Link-time rules GL requires that glslang's linker does not check for GL
// (interface matching between stages, resource limits, transform-feedback
// names). Errors are appended to `log` in Brass's GL style.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <set>
#include <string>
#include <vector>

#include "compiler/compiler.h"

namespace brass::compiler {

// `require_interpolation_match`: GLSL ES and desktop GLSL before 4.30
// require matching flat/noperspective qualifiers across the interface.
// glslang 12 refuses `patch out T a[N]` in a tessellation control shader
// against the same `patch in T a[N]` in the evaluation shader ("Array sizes
// must be compatible", printing two identical types): it strips the
// per-vertex dimension of every evaluation input, patch or not. True when
// a failed link's log holds only such cross-stage errors between the two
// tessellation stages; glslang has linked every stage by then (only its
// last cross-stage check failed), and check_stage_interfaces matches patch
// variables itself.
[[nodiscard]] bool only_patch_array_false_alarms(const char* info_log);

bool check_stage_interfaces(const glslang::TProgram& program, const std::vector<ShaderStage>& stages,
                            const ShaderLimits& limits, bool require_interpolation_match, std::string* log);

bool check_resource_limits(const ProgramInterface& pi, const ShaderLimits& limits, std::string* log);

// Resolves the transform-feedback varyings against the outputs of the last
// vertex-processing stage; fills pi->transform_feedback. Names may select
// struct members and array elements ("v.c", "arr[1]", "s.m[2]"): for each
// entry, (*paths)[i] is then the member/element index chain into the output
// variable (empty for a whole variable), (*bases)[i] its variable name and
// (*streams)[i] the vertex stream it belongs to (a geometry shader's
// layout(stream); 0 otherwise and for the gl_NextBuffer /
// gl_SkipComponents markers).
bool resolve_transform_feedback(const glslang::TProgram& program, ShaderStage last_vertex_stage,
                                const std::vector<std::string>& names, ProgramInterface* pi, std::string* log,
                                std::vector<std::vector<uint32_t>>* paths, std::vector<std::string>* bases,
                                std::vector<uint32_t>* streams);

// ARB_enhanced_layouts (GL 4.4): outputs of the last vertex-processing
// stage declared with xfb_offset are captured as their xfb_buffer /
// xfb_offset / xfb_stride say (glslang decorates them in the SPIR-V), and
// glTransformFeedbackVaryings is ignored. Returns false when the stage has
// no such qualifiers (the API's varyings apply); otherwise fills
// pi->transform_feedback (ordered by buffer and offset) and its per-buffer
// strides and streams.
bool reflect_transform_feedback_qualifiers(const glslang::TProgram& program, ShaderStage last_vertex_stage,
                                           ProgramInterface* pi);

// GLSL ES lets a varying's precision differ between stages, but glslang's
// I/O mapper rejects struct varyings whose members' precisions differ (an
// int member is highp in a vertex shader and mediump in a fragment shader
// by default). Raises the members of struct varyings to highp in every
// stage (always allowed: precision is a minimum). Call before mapIO.
void unify_struct_varying_precision(const glslang::TProgram& program, const std::vector<ShaderStage>& stages);

// Names of the stage inputs the source gave layout(location = N); call
// before TProgram::mapIO (which gives every input a location).
std::set<std::string> explicitly_located_inputs(const glslang::TIntermediate& intermediate);
// The same for a stage's outputs.
std::set<std::string> explicitly_located_outputs(const glslang::TIntermediate& intermediate);

}  // namespace brass::compiler
