// EXT_clip_cull_distance for GLSL ES 3.00+. glslang 12 declares
// gl_ClipDistance/gl_CullDistance only for desktop GLSL, so for a shader that
// enables the extension:
//  1. rewrite_es_clip_distance() renames the built-ins to ordinary arrays of
//     kMaxClipDistances floats (declared on the first line after the
//     directives, so line numbers stay), which both glslang parses accept;
//  2. patch_clip_distance_builtins() turns those variables back into the
//     ClipDistance/CullDistance built-ins in the SPIR-V;
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

// Returns `text` unchanged when the shader does not enable the extension
// (then gl_ClipDistance stays an undeclared identifier, as GL ES requires).
std::string rewrite_es_clip_distance(std::string_view text, ShaderStage stage, const GlslVersion& version);

// True when something was patched (the shader uses the renamed arrays).
bool patch_clip_distance_builtins(std::vector<uint32_t>& spirv);

// `enabled`: bit i set when GL_CLIP_DISTANCEi is enabled. A no-op for
// shaders that do not write ClipDistance.
bool zero_disabled_clip_distances(std::vector<uint32_t>& spirv, uint32_t enabled);

// Whether the (patched) module writes the ClipDistance built-in.
bool writes_clip_distance(const std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
