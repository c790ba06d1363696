#include "driver/pipeline/graphics_pipeline.h"

#include <algorithm>
#include <cmath>

#include "driver/render_pass/render_pass_cache.h"
#include "driver/state_objects.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_pipelines_created("pipeline.created");
StatCounter g_libraries_created("pipeline.libraries_created");
StatCounter g_links_fast("pipeline.links_fast");
StatCounter g_links_optimized("pipeline.links_optimized");

// Every piece of create-info a key implies. Built in place (the structs
// point at each other), then a monolithic pipeline takes all of it and a
// library the parts of its state subsets.
struct PipelineState {
  PipelineState(const vk::Capabilities& caps, const PipelineBuildInfo& info);
  PipelineState(const PipelineState&) = delete;
  PipelineState& operator=(const PipelineState&) = delete;

  void add_vertex_input(VkGraphicsPipelineCreateInfo& ci) const {
    ci.pVertexInputState = &vi;
    ci.pInputAssemblyState = &ia;
  }
  void add_pre_rasterization(VkGraphicsPipelineCreateInfo& ci, const PipelineBuildInfo& info) {
    for (unsigned i = 0; i < 4; ++i) add_stage(i, info.modules[i]);
    ci.pTessellationState = key.patch_vertices ? &ts : nullptr;
    ci.pViewportState = &vp;
    ci.pRasterizationState = &rs;
    ci.layout = info.layout;
  }
  void add_fragment_shader(VkGraphicsPipelineCreateInfo& ci, const PipelineBuildInfo& info) {
    add_stage(4, info.modules[4]);
    ci.pDepthStencilState = &ds;
    ci.layout = info.layout;
  }
  void add_fragment_output(VkGraphicsPipelineCreateInfo& ci) const {
    ci.pMultisampleState = &ms;
    ci.pColorBlendState = &cb;
  }
  void finish(VkGraphicsPipelineCreateInfo& ci, const PipelineBuildInfo& info) const {
    if (info.robust) {
      robustness.pNext = ci.pNext;
      ci.pNext = &robustness;
    }
    ci.stageCount = stage_count;
    ci.pStages = stages.data();
    ci.pDynamicState = &dy;
    ci.renderPass = info.render_pass;
    // Dynamic rendering: the formats (fragment output) and view mask
    // (pre-rasterization, fragment shader) come from here.
    if (!info.render_pass) {
      rendering.pNext = ci.pNext;
      ci.pNext = &rendering;
    }
  }

  const PipelineKey& key;
  std::array<VkPipelineShaderStageCreateInfo, 5> stages{};
  uint32_t stage_count = 0;
  std::array<VkVertexInputBindingDescription, pipe::kMaxVertexBuffers> vb{};
  std::array<VkVertexInputAttributeDescription, pipe::kMaxVertexElements> va{};
  std::array<VkVertexInputBindingDivisorDescriptionEXT, pipe::kMaxVertexBuffers> vdiv{};
  VkPipelineVertexInputDivisorStateCreateInfoEXT divisor_state{
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT};
  VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  VkPipelineTessellationStateCreateInfo ts{VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO};
  VkPipelineTessellationDomainOriginStateCreateInfo domain_origin{
      VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO};
  VkPipelineViewportDepthClipControlCreateInfoEXT clip{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT};
  VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  VkPipelineRasterizationProvokingVertexStateCreateInfoEXT provoking{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT};
  VkPipelineRasterizationLineStateCreateInfoEXT line{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT};
  VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  VkSampleMask sample_mask[2] = {};
  VkPipelineDepthStencilStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  std::array<VkPipelineColorBlendAttachmentState, 8> att{};
  VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  std::array<VkDynamicState, 32> dyn{};
  VkPipelineDynamicStateCreateInfo dy{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  std::array<VkFormat, 8> color_formats{};
  mutable VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  mutable VkPipelineRobustnessCreateInfoEXT robustness{VK_STRUCTURE_TYPE_PIPELINE_ROBUSTNESS_CREATE_INFO_EXT};

 private:
  void add_stage(unsigned i, VkShaderModule module) {
    static constexpr VkShaderStageFlagBits kStages[] = {
        VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
        VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};
    if (!module) return;
    VkPipelineShaderStageCreateInfo& s = stages[stage_count++];
    s = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    s.stage = kStages[i];
    s.module = module;
    s.pName = "main";
  }
};

PipelineState::PipelineState(const vk::Capabilities& caps, const PipelineBuildInfo& info) : key(*info.key) {
  const PipelineKey& k = key;
  if (info.robust) robustness = robust_pipeline_info(caps);
  // Vertex input: dynamic (vkCmdSetVertexInputEXT) or from the elements
  // object with strides dynamic.
  if (!info.dynamic_vertex_input && info.vertex_elements) {
    const pipe::VertexElementsObject& ve = *info.vertex_elements;
    for (unsigned b = 0; b < pipe::kMaxVertexBuffers; ++b) {
      if (!(ve.binding_mask & (1u << b))) continue;
      vb[vi.vertexBindingDescriptionCount++] = {b, 0, ve.rates[b]};
      // Divisors other than 1 (within the device's limit: the elements
      // object clamped them) are per binding, chained to the vertex input.
      if (ve.divisors[b] != 1) vdiv[divisor_state.vertexBindingDivisorCount++] = {b, ve.divisors[b]};
    }
    if (divisor_state.vertexBindingDivisorCount) {
      divisor_state.pVertexBindingDivisors = vdiv.data();
      vi.pNext = &divisor_state;
    }
    for (unsigned i = 0; i < ve.state.count; ++i) {
      const pipe::VertexElement& e = ve.state.elements[i];
      if (e.src_format == pipe::Format::None) continue;  // a 64-bit input's upper half
      va[vi.vertexAttributeDescriptionCount++] = {i, e.vertex_buffer_index, ve.formats[i], e.src_offset};
    }
    vi.pVertexBindingDescriptions = vb.data();
    vi.pVertexAttributeDescriptions = va.data();
  }
  ia.topology = static_cast<VkPrimitiveTopology>(k.topology_class);
  ts.patchControlPoints = std::max<uint32_t>(1, k.patch_vertices);
  // GL's tessellation domain has its origin at the lower left: a triangle
  // generated "ccw" is counter-clockwise with v pointing up, so that
  // positions taken from gl_TessCoord face the way GL says (Vulkan's
  // default origin is the upper left, which reverses the vertex order).
  domain_origin.domainOrigin = VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT;
  ts.pNext = &domain_origin;

  clip.negativeOneToOne = VK_TRUE;
  if (k.negative_one_to_one) vp.pNext = &clip;
  provoking.provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
  rs.depthClampEnable = k.depth_clamp && caps.depth_clamp;
  rs.polygonMode = caps.fill_mode_non_solid ? static_cast<VkPolygonMode>(k.polygon_mode) : VK_POLYGON_MODE_FILL;
  rs.lineWidth = 1.0f;
  if (k.provoking_last && caps.provoking_vertex_last) rs.pNext = &provoking;
  line.lineRasterizationMode = static_cast<VkLineRasterizationModeEXT>(k.line_mode);
  if (line.lineRasterizationMode != VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT) {
    line.pNext = rs.pNext;
    rs.pNext = &line;
  }

  ms.rasterizationSamples = static_cast<VkSampleCountFlagBits>(std::max<uint8_t>(1, k.samples));
  sample_mask[0] = sample_mask[1] = k.sample_mask;
  ms.pSampleMask = sample_mask;
  ms.alphaToCoverageEnable = k.alpha_to_coverage;
  ms.alphaToOneEnable = k.alpha_to_one && caps.supported.core.features.alphaToOne;
  if (k.sample_shading && caps.sample_rate_shading) {
    ms.sampleShadingEnable = VK_TRUE;
    ms.minSampleShading = float(k.sample_shading) / float(ms.rasterizationSamples);
  }

  ds.maxDepthBounds = 1.0f;

  for (unsigned i = 0; i < k.color_count; ++i) {
    const uint32_t p = k.blend_rt[i];
    VkPipelineColorBlendAttachmentState& a = att[i];
    a.blendEnable = p & 1;
    a.colorBlendOp = vk_blend_op(static_cast<pipe::BlendOp>((p >> 1) & 7));
    a.srcColorBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 4) & 31));
    a.dstColorBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 9) & 31));
    a.alphaBlendOp = vk_blend_op(static_cast<pipe::BlendOp>((p >> 14) & 7));
    a.srcAlphaBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 17) & 31));
    a.dstAlphaBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 22) & 31));
    a.colorWriteMask = (p >> 27) & 15;  // pipe R/G/B/A bits match Vulkan's
    if (p & kPackedAdvancedBlend) {
      // VK_EXT_blend_operation_advanced with the defaults of
      // VkPipelineColorBlendAdvancedStateCreateInfoEXT (both colours
      // premultiplied, uncorrelated overlap: KHR_blend_equation_advanced's
      // terms); the alpha operation must equal the colour one.
      a.colorBlendOp = a.alphaBlendOp = vk_advanced_blend_op((p >> 4) & 31);
      a.srcColorBlendFactor = a.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
      a.dstColorBlendFactor = a.dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
    }
  }
  cb.logicOpEnable = k.logic_op_enable && caps.logic_op;
  cb.logicOp = static_cast<VkLogicOp>(k.logic_op);
  cb.attachmentCount = k.color_count;
  cb.pAttachments = att.data();

  // One list for every library and the monolithic pipeline: a state belongs
  // to one subset and the others ignore it.
  uint32_t n = 0;
  for (VkDynamicState d :
       {VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT, VK_DYNAMIC_STATE_LINE_WIDTH,
        VK_DYNAMIC_STATE_DEPTH_BIAS, VK_DYNAMIC_STATE_BLEND_CONSTANTS, VK_DYNAMIC_STATE_DEPTH_BOUNDS,
        VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
        VK_DYNAMIC_STATE_STENCIL_REFERENCE, VK_DYNAMIC_STATE_CULL_MODE, VK_DYNAMIC_STATE_FRONT_FACE,
        VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY, VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
        VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
        VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE, VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
        VK_DYNAMIC_STATE_STENCIL_OP, VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
        VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE})
    dyn[n++] = d;
  dyn[n++] = info.dynamic_vertex_input ? VK_DYNAMIC_STATE_VERTEX_INPUT_EXT : VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE;
  // Only tessellation pipelines: a pipeline with the state dynamic needs it
  // set before each draw (DynamicStateEmitter sets it for patch draws).
  if (k.patch_vertices && caps.eds2_patch_control_points) dyn[n++] = VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT;
  dy.dynamicStateCount = n;
  dy.pDynamicStates = dyn.data();

  for (unsigned i = 0; i < k.color_count; ++i) color_formats[i] = static_cast<VkFormat>(k.color_formats[i]);
  const VkFormat dsf = static_cast<VkFormat>(k.depth_stencil_format);
  rendering.colorAttachmentCount = k.color_count;
  rendering.pColorAttachmentFormats = color_formats.data();
  rendering.depthAttachmentFormat = format_has_depth(dsf) ? dsf : VK_FORMAT_UNDEFINED;
  rendering.stencilAttachmentFormat = format_has_stencil(dsf) ? dsf : VK_FORMAT_UNDEFINED;
}


}  // namespace

VkPipelineRobustnessCreateInfoEXT robust_pipeline_info(const vk::Capabilities& caps) {
  VkPipelineRobustnessCreateInfoEXT r{VK_STRUCTURE_TYPE_PIPELINE_ROBUSTNESS_CREATE_INFO_EXT};
  const VkPipelineRobustnessBufferBehaviorEXT buffers =
      caps.robust_buffer_access2 ? VK_PIPELINE_ROBUSTNESS_BUFFER_BEHAVIOR_ROBUST_BUFFER_ACCESS_2_EXT
                                 : VK_PIPELINE_ROBUSTNESS_BUFFER_BEHAVIOR_ROBUST_BUFFER_ACCESS_EXT;
  r.storageBuffers = r.uniformBuffers = r.vertexInputs = buffers;
  r.images = caps.robust_image_access2 ? VK_PIPELINE_ROBUSTNESS_IMAGE_BEHAVIOR_ROBUST_IMAGE_ACCESS_2_EXT
                                       : VK_PIPELINE_ROBUSTNESS_IMAGE_BEHAVIOR_ROBUST_IMAGE_ACCESS_EXT;
  return r;
}

// Pipelines whose layouts are descriptor-buffer layouts must say so, and
// libraries linked together must agree; the mode is the device's, so every
// pipeline and library of a program (compute ones too) gets the same flag.
VkPipelineCreateFlags descriptor_flags(const vk::Device& device) {
  return device.paths().descriptors == DescriptorMode::DescriptorBuffer ? VK_PIPELINE_CREATE_DESCRIPTOR_BUFFER_BIT_EXT
                                                                        : 0;
}

PipelineMap::~PipelineMap() {
  // Once the process is exiting, a software driver's compiler (LLVM in
  // lavapipe) may already be destroyed and freeing compiled code would touch
  // it: pipelines are left to the end of the process (util/process_exit.h).
  if (process_exiting()) return;
  for (auto& [key, e] : map_) {
    for (VkPipeline p : {e.fast_linked, e.optimized.load(), e.monolithic})
      if (p) vkDestroyPipeline(device_, p, nullptr);
  }
}

uint8_t line_rasterization_mode(const vk::Capabilities& caps, uint8_t samples, bool alpha_to_coverage,
                                bool alpha_to_one) {
  const bool bresenham = caps.line_bresenham && samples <= 1 && !alpha_to_coverage && !alpha_to_one;
  return static_cast<uint8_t>(bresenham ? VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT
                                        : VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT);
}

uint8_t sample_shading_count(const pipe::RasterizerState& r, uint8_t samples) {
  if (!r.sample_shading || samples <= 1) return 0;
  const float v = std::clamp(r.min_sample_shading, 0.0f, 1.0f);  // NaN stays NaN: below
  const double n = std::ceil(double(v) * samples);
  return static_cast<uint8_t>(n >= 1 ? std::min<double>(n, samples) : 1);
}

vk::Status create_graphics_pipeline(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* out) {
  PipelineState st(device.caps(), info);
  VkGraphicsPipelineCreateInfo ci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  st.add_vertex_input(ci);
  st.add_pre_rasterization(ci, info);
  st.add_fragment_shader(ci, info);
  st.add_fragment_output(ci);
  st.finish(ci, info);
  ci.flags |= descriptor_flags(device);
  BRASS_VK_RETURN_IF_FAILED(vkCreateGraphicsPipelines(device.handle(), info.cache, 1, &ci, nullptr, out));
  g_pipelines_created.add();
  return {};
}

vk::Status create_pipeline_library(const vk::Device& device, const PipelineBuildInfo& info,
                                   VkGraphicsPipelineLibraryFlagsEXT parts, VkPipeline* out) {
  PipelineState st(device.caps(), info);
  VkGraphicsPipelineLibraryCreateInfoEXT lib{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT};
  lib.flags = parts;
  VkGraphicsPipelineCreateInfo ci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  ci.pNext = &lib;
  ci.flags = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR | VK_PIPELINE_CREATE_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT |
             descriptor_flags(device);
  if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT) st.add_vertex_input(ci);
  if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT) st.add_pre_rasterization(ci, info);
  if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT) st.add_fragment_shader(ci, info);
  if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT) {
    st.add_fragment_output(ci);
  } else {
    // Attachment formats belong to fragment output alone; other libraries
    // leave them out so that one shaders library serves every framebuffer.
    st.rendering.colorAttachmentCount = 0;
    st.rendering.depthAttachmentFormat = VK_FORMAT_UNDEFINED;
    st.rendering.stencilAttachmentFormat = VK_FORMAT_UNDEFINED;
  }
  st.finish(ci, info);
  BRASS_VK_RETURN_IF_FAILED(vkCreateGraphicsPipelines(device.handle(), info.cache, 1, &ci, nullptr, out));
  g_libraries_created.add();
  return {};
}

vk::Status link_pipeline_libraries(const vk::Device& device, std::span<const VkPipeline> libraries,
                                   VkPipelineLayout layout, VkPipelineCache cache, bool optimize, bool robust,
                                   VkPipeline* out) {
  VkPipelineLibraryCreateInfoKHR libs{VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR};
  VkPipelineRobustnessCreateInfoEXT robustness = robust_pipeline_info(device.caps());
  if (robust) libs.pNext = &robustness;
  libs.libraryCount = static_cast<uint32_t>(libraries.size());
  libs.pLibraries = libraries.data();
  VkGraphicsPipelineCreateInfo ci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  ci.pNext = &libs;
  ci.flags = (optimize ? VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT : 0) | descriptor_flags(device);
  ci.layout = layout;
  BRASS_VK_RETURN_IF_FAILED(vkCreateGraphicsPipelines(device.handle(), cache, 1, &ci, nullptr, out));
  (optimize ? g_links_optimized : g_links_fast).add();
  return {};
}

}  // namespace brass::driver
