#include "driver/pipeline/graphics_pipeline.h"

#include "driver/render_pass/render_pass_cache.h"
#include "driver/state_objects.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_pipelines_created("pipeline.created");

}  // namespace

PipelineMap::~PipelineMap() {
  for (auto& [key, p] : map_) vkDestroyPipeline(device_, p, nullptr);
}

vk::Status create_graphics_pipeline(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* out) {
  const PipelineKey& k = *info.key;
  const vk::Capabilities& caps = device.caps();

  static constexpr VkShaderStageFlagBits kStages[] = {
      VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
      VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};
  std::array<VkPipelineShaderStageCreateInfo, 5> stages{};
  uint32_t stage_count = 0;
  for (unsigned i = 0; i < 5; ++i) {
    if (!info.modules[i]) continue;
    VkPipelineShaderStageCreateInfo& s = stages[stage_count++];
    s = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    s.stage = kStages[i];
    s.module = info.modules[i];
    s.pName = "main";
  }

  // Vertex input: dynamic (vkCmdSetVertexInputEXT) or from the elements
  // object with strides dynamic.
  std::array<VkVertexInputBindingDescription, pipe::kMaxVertexBuffers> vb{};
  std::array<VkVertexInputAttributeDescription, pipe::kMaxVertexElements> va{};
  VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  if (!info.dynamic_vertex_input && info.vertex_elements) {
    const pipe::VertexElementsObject& ve = *info.vertex_elements;
    for (unsigned b = 0; b < pipe::kMaxVertexBuffers; ++b) {
      if (!(ve.binding_mask & (1u << b))) continue;
      vb[vi.vertexBindingDescriptionCount++] = {b, 0, ve.rates[b]};
      if (ve.divisors[b] > 1) BRASS_WARN_ONCE("instance divisors > 1 need dynamic vertex input");
    }
    for (unsigned i = 0; i < ve.state.count; ++i)
      va[vi.vertexAttributeDescriptionCount++] = {i, ve.state.elements[i].vertex_buffer_index, ve.formats[i],
                                                  ve.state.elements[i].src_offset};
    vi.pVertexBindingDescriptions = vb.data();
    vi.pVertexAttributeDescriptions = va.data();
  }

  VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  ia.topology = static_cast<VkPrimitiveTopology>(k.topology_class);
  VkPipelineTessellationStateCreateInfo ts{VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO};
  ts.patchControlPoints = std::max<uint32_t>(1, k.patch_vertices);

  VkPipelineViewportDepthClipControlCreateInfoEXT clip{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT};
  clip.negativeOneToOne = VK_TRUE;
  VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  if (k.negative_one_to_one) vp.pNext = &clip;

  VkPipelineRasterizationProvokingVertexStateCreateInfoEXT provoking{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT};
  provoking.provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
  VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  rs.depthClampEnable = k.depth_clamp && caps.depth_clamp;
  rs.polygonMode = caps.fill_mode_non_solid ? static_cast<VkPolygonMode>(k.polygon_mode) : VK_POLYGON_MODE_FILL;
  rs.lineWidth = 1.0f;
  if (k.provoking_last && caps.provoking_vertex_last) rs.pNext = &provoking;

  VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  ms.rasterizationSamples = static_cast<VkSampleCountFlagBits>(std::max<uint8_t>(1, k.samples));
  const VkSampleMask sample_mask[2] = {k.sample_mask, k.sample_mask};
  ms.pSampleMask = sample_mask;
  ms.alphaToCoverageEnable = k.alpha_to_coverage;
  ms.alphaToOneEnable = k.alpha_to_one && caps.supported.core.features.alphaToOne;

  VkPipelineDepthStencilStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  ds.maxDepthBounds = 1.0f;

  std::array<VkPipelineColorBlendAttachmentState, 8> att{};
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
  }
  VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  cb.logicOpEnable = k.logic_op_enable && caps.logic_op;
  cb.logicOp = static_cast<VkLogicOp>(k.logic_op);
  cb.attachmentCount = k.color_count;
  cb.pAttachments = att.data();

  std::array<VkDynamicState, 32> dyn{};
  uint32_t dyn_count = 0;
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
    dyn[dyn_count++] = d;
  dyn[dyn_count++] = info.dynamic_vertex_input ? VK_DYNAMIC_STATE_VERTEX_INPUT_EXT
                                               : VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE;
  VkPipelineDynamicStateCreateInfo dy{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dy.dynamicStateCount = dyn_count;
  dy.pDynamicStates = dyn.data();

  std::array<VkFormat, 8> color_formats{};
  for (unsigned i = 0; i < k.color_count; ++i) color_formats[i] = static_cast<VkFormat>(k.color_formats[i]);
  const VkFormat dsf = static_cast<VkFormat>(k.depth_stencil_format);
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = k.color_count;
  rendering.pColorAttachmentFormats = color_formats.data();
  rendering.depthAttachmentFormat = format_has_depth(dsf) ? dsf : VK_FORMAT_UNDEFINED;
  rendering.stencilAttachmentFormat = format_has_stencil(dsf) ? dsf : VK_FORMAT_UNDEFINED;

  VkGraphicsPipelineCreateInfo ci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  ci.pNext = info.render_pass ? nullptr : &rendering;
  ci.stageCount = stage_count;
  ci.pStages = stages.data();
  ci.pVertexInputState = &vi;
  ci.pInputAssemblyState = &ia;
  ci.pTessellationState = k.patch_vertices ? &ts : nullptr;
  ci.pViewportState = &vp;
  ci.pRasterizationState = &rs;
  ci.pMultisampleState = &ms;
  ci.pDepthStencilState = &ds;
  ci.pColorBlendState = &cb;
  ci.pDynamicState = &dy;
  ci.layout = info.layout;
  ci.renderPass = info.render_pass;
  BRASS_VK_RETURN_IF_FAILED(vkCreateGraphicsPipelines(device.handle(), info.cache, 1, &ci, nullptr, out));
  g_pipelines_created.add();
  return {};
}

}  // namespace brass::driver
