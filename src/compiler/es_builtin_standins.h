// Built-ins of GLSL ES extensions that glslang 12 declares only for desktop
// GLSL: gl_ClipDistance/gl_CullDistance (EXT_clip_cull_distance, ESSL 3.00+)
// and gl_ViewportIndex (OES_viewport_array, ESSL 3.10+). For a shader that
// enables the extension:
//  1. rewrite_es_builtin_standins() renames the built-ins to ordinary
//     variables (declared on the first line after the directives, so line
//     numbers stay), which both glslang parses accept;
//  2. patch_builtin_standins() turns those variables back into the Vulkan
//     built-ins in the SPIR-V;
//  3. zero_disabled_clip_distances() is the draw-time variant: GL ignores
//     the distances of planes not enabled with glEnable(GL_CLIP_DISTANCEi),
//     Vulkan clips by every element, so disabled (and never written)
//     elements are set to 0 before the shader returns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/glsl_version.h"
#include "compiler/program_interface.h"

namespace brass::compiler {

inline constexpr int kMaxClipDistances = 8;
inline constexpr const char* kClipDistanceName = "brass_ClipDistance";
inline constexpr const char* kCullDistanceName = "brass_CullDistance";
inline constexpr const char* kViewportIndexName = "brass_ViewportIndex";

// True for the stand-in names: built-ins again in the SPIR-V, so no
// varying slots and no GL-visible interface.
bool is_builtin_standin(std::string_view name);

// Returns `text` unchanged when the shader enables none of the extensions
// (then the built-ins stay undeclared identifiers, as GL ES requires).
// Extensions in `unexposed` (not exposed by the context) are left alone.
std::string rewrite_es_builtin_standins(std::string_view text, ShaderStage stage, const GlslVersion& version,
                                        const std::vector<std::string>& unexposed = {});

// gl_DepthRange: Vulkan GLSL has no such built-in. A shader that reads it
// gets a uniform struct brass_gl_DepthRange { near, far, diff } in the
// default block instead (declared on the first line after the directives,
// so line numbers stay); reflection reports its members as
// "gl_DepthRange.near" etc. and the GL frontend fills them from
// glDepthRangef. Other shaders come back unchanged.
std::string rewrite_depth_range(std::string_view text);

// gl_PointCoord: Brass stores images with GL's bottom row as row 0, so
// Vulkan's PointCoord grows upwards in GL window coordinates while GL's
// origin is the point's upper left (ES, and desktop's default
// POINT_SPRITE_COORD_ORIGIN). Each read in a fragment shader becomes
// vec2(x, brass_PointCoordUpperLeft ? 1.0 - y : y), with the boolean
// specialization constant brass_PointCoordUpperLeft
// (kPointCoordUpperLeftSpecId, default true) declared on the first line
// after the directives; the desktop draw-time variant for a LOWER_LEFT
// origin makes it false (set_point_coord_lower_left). Other shaders come
// back unchanged.
inline constexpr uint32_t kPointCoordUpperLeftSpecId = 0x7f2;
std::string flip_point_coord(std::string_view text, ShaderStage stage);
// The module reads gl_PointCoord (has the constant flip_point_coord made).
bool reads_point_coord(const std::vector<uint32_t>& spirv);
// Turns brass_PointCoordUpperLeft into false; false when the module has none.
bool set_point_coord_lower_left(std::vector<uint32_t>& spirv);

// gl_NumSamples (OES_sample_variables): Vulkan GLSL has no such built-in.
// In a fragment shader that reads it, it becomes the specialization
// constant brass_NumSamples (kNumSamplesSpecId, default 1: a single-sampled
// framebuffer), declared on the first line after the directives; the
// draw-time variant for a multisampled framebuffer makes it the count
// (set_num_samples). Other shaders come back unchanged.
inline constexpr uint32_t kNumSamplesSpecId = 0x7f1;
std::string rewrite_num_samples(std::string_view text, ShaderStage stage);
// The module reads gl_NumSamples (has the constant rewrite_num_samples made).
bool reads_num_samples(const std::vector<uint32_t>& spirv);
// Turns brass_NumSamples into the constant `samples`; false when the module
// has none.
bool set_num_samples(std::vector<uint32_t>& spirv, uint32_t samples);

// True when something was patched (the shader uses a stand-in).
bool patch_builtin_standins(std::vector<uint32_t>& spirv);

// `enabled`: bit i set when GL_CLIP_DISTANCEi is enabled. A no-op for
// shaders that do not write ClipDistance.
bool zero_disabled_clip_distances(std::vector<uint32_t>& spirv, uint32_t enabled);

// Whether the (patched) module writes the ClipDistance built-in.
bool writes_clip_distance(const std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
