// EXT_shader_framebuffer_fetch (and _non_coherent) for GL ES fragment
// shaders. glslang knows neither extension, so:
//  1. make_fetch_source_parseable() rewrites the application's syntax into
//     plain GLSL that both glslang parses accept, keeping every line:
//     `inout` outputs become `out`, `layout(noncoherent)` goes, and
//     gl_LastFragData (ESSL 1.00) becomes an ordinary global array;
//  2. add_subpass_loads() (SPIR-V path only) declares one sampler per
//     fetched draw buffer (named kFetchSamplerPrefix + draw buffer index)
//     and, at the top of main(), loads the texel under gl_FragCoord into the
//     output (or gl_LastFragData).
// Vulkan input attachments would need a VkRenderPass subpass (or
// VK_KHR_dynamic_rendering_local_read) for every draw; instead the GL
// frontend copies the attachment before each draw that fetches and binds the
// copy (kind FramebufferFetch in set 2, slot = draw buffer). Between draws
// that is coherent; fragments of one draw see the contents from before that
// draw, which is also all Vulkan promises for input attachments without
// VK_EXT_rasterization_order_attachment_access. Single-sampled only.
#pragma once

#include <string>
#include <string_view>
#include <cstdint>
#include <vector>

#include "compiler/glsl_version.h"

namespace brass::compiler {

inline constexpr const char* kLastFragDataName = "brass_gl_LastFragData";
inline constexpr const char* kFetchSamplerPrefix = "brass_fb_fetch";

struct FetchedOutput {
  std::string name;       // as written (before renames)
  std::string type;       // vec4, ivec4, uvec4, vec3, float, ...
  int location = 0;
  int array_size = 0;     // 0: not an array
};

struct FramebufferFetchInfo {
  bool enabled = false;          // the shader enables one of the extensions
  std::vector<FetchedOutput> outputs;  // ESSL 3.x inout outputs
  bool uses_last_frag_data = false;    // ESSL 1.00
  bool redeclares_last_frag_data = false;
  int last_frag_data_count = 0;        // elements to load
};

// Returns the rewritten text; fills `info`. Sources that do not enable the
// extension come back unchanged.
std::string make_fetch_source_parseable(std::string_view text, bool fragment, const GlslVersion& version,
                                        int max_draw_buffers, FramebufferFetchInfo* info);

// Preamble declarations the rewritten source needs (gl_LastFragData).
std::string fetch_preamble(const FramebufferFetchInfo& info, int max_draw_buffers);

// Variant for multisampled framebuffers: the fetch samplers become
// multisampled and each fragment reads its own sample (gl_SampleID, which
// makes the shader run per sample, as fetch from a multisampled attachment
// requires). SPIR-V word-level; false when the module has no fetch samplers.
bool make_fetch_multisampled(std::vector<uint32_t>& spirv);

// Inserts the input attachments and loads into `text` (already upgraded;
// target ESSL 3.10+). Lines are kept: everything goes on existing lines.
std::string add_subpass_loads(std::string_view text, const FramebufferFetchInfo& info);

}  // namespace brass::compiler
