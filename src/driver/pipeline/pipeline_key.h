// The state a monolithic graphics pipeline is built from, as a packed key:
// no padding (hashed as bytes, compared with memcmp). Everything the device
// can set dynamically is left out (viewport, scissor, cull mode, front face,
// topology within its class, depth/stencil tests and ops, depth bias, line
// width, blend constants, primitive restart, rasterizer discard, vertex
// strides, and vertex input where VK_EXT_vertex_input_dynamic_state exists).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>
#include "util/hash.h"

namespace brass::driver {

struct PipelineKey {
  uint64_t program_id = 0;
  uint64_t vertex_input_id = 0;       // vertex elements object; 0 when vertex input is dynamic
  uint32_t color_formats[8] = {};     // VkFormat per attachment (UNDEFINED = none)
  uint32_t depth_stencil_format = 0;  // VkFormat
  uint32_t blend_rt[8] = {};          // packed per-attachment blend (see pack_blend)
  uint32_t sample_mask = 0xffffffff;
  uint8_t color_count = 0;
  uint8_t samples = 1;
  uint8_t topology_class = 0;         // VkPrimitiveTopology class representative
  uint8_t patch_vertices = 0;         // patch_vertices_key(): 0 unless drawing patches
  uint8_t polygon_mode = 0;           // VkPolygonMode
  uint8_t depth_clamp = 0;
  uint8_t provoking_last = 0;
  uint8_t negative_one_to_one = 0;    // GL clip-space depth through depth_clip_control
  uint8_t logic_op_enable = 0;
  uint8_t logic_op = 0;               // VkLogicOp
  uint8_t alpha_to_coverage = 0;
  uint8_t alpha_to_one = 0;
  uint8_t line_mode = 0;              // VkLineRasterizationModeEXT (see line_rasterization_mode)
  // Sample shading: the samples of a pixel that get their own fragment
  // shader invocation at least (minSampleShading * samples); 0 when off.
  // Such pipelines are built whole, not from libraries (pipeline_selector).
  uint8_t sample_shading = 0;
  uint8_t pad[2] = {};

  bool operator==(const PipelineKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(PipelineKey) == 104, "PipelineKey must stay packed");
static_assert(std::has_unique_object_representations_v<PipelineKey>);

// What a key holds for a draw's patch size: 0 for other topologies; with
// VK_EXT_extended_dynamic_state2's patch control points (`dynamic`) the
// count is command-buffer state and every patch draw shares the key value
// 1, else the count itself is pipeline state.
inline uint8_t patch_vertices_key(bool patches, bool dynamic, uint8_t count) {
  return !patches ? 0 : dynamic ? 1 : count;
}

// The pre-rasterization state that is not dynamic: what a program's shaders
// library is compiled for besides the shaders themselves.
struct ShaderLibraryKey {
  uint8_t patch_vertices = 0;
  uint8_t polygon_mode = 0;
  uint8_t depth_clamp = 0;
  uint8_t provoking_last = 0;
  uint8_t negative_one_to_one = 0;
  uint8_t line_mode = 0;
  uint8_t pad[2] = {};

  static ShaderLibraryKey of(const PipelineKey& k) {
    ShaderLibraryKey s;
    s.patch_vertices = k.patch_vertices;
    s.polygon_mode = k.polygon_mode;
    s.depth_clamp = k.depth_clamp;
    s.provoking_last = k.provoking_last;
    s.negative_one_to_one = k.negative_one_to_one;
    s.line_mode = k.line_mode;
    return s;
  }
  void apply(PipelineKey* k) const {
    k->patch_vertices = patch_vertices;
    k->polygon_mode = polygon_mode;
    k->depth_clamp = depth_clamp;
    k->provoking_last = provoking_last;
    k->negative_one_to_one = negative_one_to_one;
    k->line_mode = line_mode;
  }
  bool operator==(const ShaderLibraryKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(std::has_unique_object_representations_v<ShaderLibraryKey>);

// Vertex input interface: the vertex elements object (0 when vertex input
// is dynamic), the topology class, and whether vertex fetches are
// bounds-checked (PipelineBuildInfo::robust: the screen's cache serves
// robust and other contexts alike).
struct VertexInputLibraryKey {
  uint64_t vertex_input_id = 0;
  uint32_t topology_class = 0;
  uint32_t robust = 0;

  static VertexInputLibraryKey of(const PipelineKey& k, bool robust) {
    return {k.vertex_input_id, k.topology_class, robust ? 1u : 0u};
  }
  bool operator==(const VertexInputLibraryKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(std::has_unique_object_representations_v<VertexInputLibraryKey>);

// Fragment output interface: attachments, blending, multisampling.
struct FragmentOutputKey {
  uint32_t color_formats[8] = {};
  uint32_t depth_stencil_format = 0;
  uint32_t blend_rt[8] = {};
  uint32_t sample_mask = 0;
  uint8_t color_count = 0;
  uint8_t samples = 0;
  uint8_t logic_op_enable = 0;
  uint8_t logic_op = 0;
  uint8_t alpha_to_coverage = 0;
  uint8_t alpha_to_one = 0;
  uint8_t pad[2] = {};

  static FragmentOutputKey of(const PipelineKey& k) {
    FragmentOutputKey f;
    std::memcpy(f.color_formats, k.color_formats, sizeof(f.color_formats));
    f.depth_stencil_format = k.depth_stencil_format;
    std::memcpy(f.blend_rt, k.blend_rt, sizeof(f.blend_rt));
    f.sample_mask = k.sample_mask;
    f.color_count = k.color_count;
    f.samples = k.samples;
    f.logic_op_enable = k.logic_op_enable;
    f.logic_op = k.logic_op;
    f.alpha_to_coverage = k.alpha_to_coverage;
    f.alpha_to_one = k.alpha_to_one;
    return f;
  }
  bool operator==(const FragmentOutputKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(std::has_unique_object_representations_v<FragmentOutputKey>);

// enable:1 | rgb_op:3 | rgb_src:5 | rgb_dst:5 | alpha_op:3 | alpha_src:5 | alpha_dst:5 | mask:4 (pipe enums)
inline uint32_t pack_blend(bool enable, unsigned rgb_op, unsigned rgb_src, unsigned rgb_dst, unsigned a_op,
                           unsigned a_src, unsigned a_dst, unsigned mask) {
  return (enable ? 1u : 0u) | rgb_op << 1 | rgb_src << 4 | rgb_dst << 9 | a_op << 14 | a_src << 17 | a_dst << 22 |
         mask << 27;
}

// An attachment blended with a KHR_blend_equation_advanced equation
// (pipe::RenderTargetBlend::advanced, 1..15): bit 31 set, the equation
// where the RGB source factor is (the ops and factors do not apply).
inline constexpr uint32_t kPackedAdvancedBlend = 1u << 31;
inline uint32_t pack_advanced_blend(unsigned equation, unsigned mask) {
  return 1u | equation << 4 | mask << 27 | kPackedAdvancedBlend;
}

}  // namespace brass::driver
