#include "driver/meta/meta_pipelines.h"

#include <array>
#include <span>
#include <vector>

#include "blit_depth_frag.h"
#include "blit_depth_ms_frag.h"
#include "blit_float_frag.h"
#include "blit_ms_float_frag.h"
#include "blit_sint_frag.h"
#include "blit_stencil_bit_frag.h"
#include "blit_stencil_bit_ms_frag.h"
#include "blit_uint_frag.h"
#include "clear_float_frag.h"
#include "clear_sint_frag.h"
#include "clear_uint_frag.h"
#include "driver/render_pass/render_pass_cache.h"
#include "meta_layer_geom.h"
#include "meta_layer_vert.h"
#include "meta_vert.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_meta_pipelines("meta.pipelines_created");

std::span<const uint32_t> fragment_code(MetaShader s) {
  switch (s) {
    case MetaShader::ClearFloat: return clear_float_frag_spv;
    case MetaShader::ClearSint: return clear_sint_frag_spv;
    case MetaShader::ClearUint: return clear_uint_frag_spv;
    case MetaShader::BlitFloat: return blit_float_frag_spv;
    case MetaShader::BlitSint: return blit_sint_frag_spv;
    case MetaShader::BlitUint: return blit_uint_frag_spv;
    case MetaShader::BlitMsFloat: return blit_ms_float_frag_spv;
    case MetaShader::BlitDepth: return blit_depth_frag_spv;
    case MetaShader::BlitDepthMs: return blit_depth_ms_frag_spv;
    case MetaShader::BlitStencilBit: return blit_stencil_bit_frag_spv;
    case MetaShader::BlitStencilBitMs: return blit_stencil_bit_ms_frag_spv;
    default: return {};
  }
}

bool writes_color(MetaShader s) {
  switch (s) {
    case MetaShader::None:
    case MetaShader::BlitDepth:
    case MetaShader::BlitDepthMs:
    case MetaShader::BlitStencilBit:
    case MetaShader::BlitStencilBitMs: return false;
    default: return true;
  }
}

// The clear shaders have one Location decoration (their output): rewrite it
// so one shader serves every attachment index.
void patch_output_location(std::vector<uint32_t>& code, uint32_t location) {
  constexpr uint32_t kOpDecorate = 71, kLocation = 30;
  for (size_t i = 5; i < code.size();) {
    const uint32_t words = code[i] >> 16, op = code[i] & 0xffff;
    if (words == 0) break;
    if (op == kOpDecorate && words == 4 && code[i + 2] == kLocation) code[i + 3] = location;
    i += words;
  }
}
}  // namespace

MetaPipelines::~MetaPipelines() {
  VkDevice dev = device_.handle();
  for (auto& [k, p] : pipelines_) vkDestroyPipeline(dev, p, nullptr);
  for (auto& [k, m] : modules_) vkDestroyShaderModule(dev, m, nullptr);
}

vk::Status MetaPipelines::init() {
  VkDevice dev = device_.handle();
  push_descriptors_ = device_.caps().push_descriptor;
  VkDescriptorSetLayoutBinding b{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo sl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  sl.flags = push_descriptors_ ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0;
  sl.bindingCount = 1;
  sl.pBindings = &b;
  BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(dev, &sl, nullptr, set_layout_.receive(dev)));
  const VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(MetaPush)};
  VkPipelineLayoutCreateInfo li{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  li.setLayoutCount = 1;
  li.pSetLayouts = set_layout_.address();
  li.pushConstantRangeCount = 1;
  li.pPushConstantRanges = &range;
  BRASS_VK_RETURN_IF_FAILED(vkCreatePipelineLayout(dev, &li, nullptr, layout_.receive(dev)));
  for (int linear = 0; linear < 2; ++linear) {
    VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    si.magFilter = si.minFilter = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    si.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    si.addressModeU = si.addressModeV = si.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    BRASS_VK_RETURN_IF_FAILED(vkCreateSampler(dev, &si, nullptr, (linear ? linear_ : nearest_).receive(dev)));
  }
  VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  mi.codeSize = sizeof(meta_vert_spv);
  mi.pCode = meta_vert_spv;
  BRASS_VK_RETURN_IF_FAILED(vkCreateShaderModule(dev, &mi, nullptr, vert_.receive(dev)));
  return {};
}

vk::Status MetaPipelines::module(MetaShader s, uint32_t location, VkShaderModule* out) {
  const uint32_t key = uint32_t(s) << 8 | location;
  if (auto it = modules_.find(key); it != modules_.end()) {
    *out = it->second;
    return {};
  }
  std::span<const uint32_t> src = fragment_code(s);
  std::vector<uint32_t> code(src.begin(), src.end());
  if (location) patch_output_location(code, location);
  VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  mi.codeSize = code.size() * sizeof(uint32_t);
  mi.pCode = code.data();
  BRASS_VK_RETURN_IF_FAILED(vkCreateShaderModule(device_.handle(), &mi, nullptr, out));
  modules_.emplace(key, *out);
  return {};
}

vk::Status MetaPipelines::get(const MetaKey& k, VkPipeline* out) {
  if (auto it = pipelines_.find(k); it != pipelines_.end()) {
    *out = it->second;
    return {};
  }
  const auto shader = static_cast<MetaShader>(k.shader);
  VkPipelineShaderStageCreateInfo stages[3] = {{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                               {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                               {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = vert_.get();
  stages[0].pName = "main";
  uint32_t stage_count = 1;
  if (k.layered) {
    VkDevice dev = device_.handle();
    if (!layer_vert_) {
      VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
      mi.codeSize = sizeof(meta_layer_vert_spv);
      mi.pCode = meta_layer_vert_spv;
      BRASS_VK_RETURN_IF_FAILED(vkCreateShaderModule(dev, &mi, nullptr, layer_vert_.receive(dev)));
      mi.codeSize = sizeof(meta_layer_geom_spv);
      mi.pCode = meta_layer_geom_spv;
      BRASS_VK_RETURN_IF_FAILED(vkCreateShaderModule(dev, &mi, nullptr, layer_geom_.receive(dev)));
    }
    stages[0].module = layer_vert_.get();
    stages[1].stage = VK_SHADER_STAGE_GEOMETRY_BIT;
    stages[1].module = layer_geom_.get();
    stages[1].pName = "main";
    stage_count = 2;
  }
  if (shader != MetaShader::None) {
    VkShaderModule fs;
    vk::Status s = module(shader, k.location, &fs);
    if (!s) return s;
    stages[stage_count].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[stage_count].module = fs;
    stages[stage_count].pName = "main";
    ++stage_count;
  }
  VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  rs.polygonMode = VK_POLYGON_MODE_FILL;
  rs.cullMode = VK_CULL_MODE_NONE;
  rs.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  ms.rasterizationSamples = static_cast<VkSampleCountFlagBits>(std::max<uint8_t>(1, k.samples));
  VkPipelineDepthStencilStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  ds.depthTestEnable = k.depth_write;
  ds.depthWriteEnable = k.depth_write;
  ds.depthCompareOp = VK_COMPARE_OP_ALWAYS;
  ds.stencilTestEnable = k.stencil_write;
  ds.front = {VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_COMPARE_OP_ALWAYS, 0xff, 0, 0};
  ds.back = ds.front;
  ds.maxDepthBounds = 1.0f;
  std::array<VkPipelineColorBlendAttachmentState, 8> att{};
  if (k.location < 8 && writes_color(shader)) att[k.location].colorWriteMask = k.write_mask;
  VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  cb.attachmentCount = k.color_count;
  cb.pAttachments = att.data();
  const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT,
                                VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  VkPipelineDynamicStateCreateInfo dy{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dy.dynamicStateCount = 4;
  dy.pDynamicStates = dyn;
  std::array<VkFormat, 8> color_formats{};
  for (unsigned i = 0; i < k.color_count; ++i) color_formats[i] = static_cast<VkFormat>(k.color_formats[i]);
  const VkFormat dsf = static_cast<VkFormat>(k.depth_stencil_format);
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = k.color_count;
  rendering.pColorAttachmentFormats = color_formats.data();
  rendering.depthAttachmentFormat = format_has_depth(dsf) ? dsf : VK_FORMAT_UNDEFINED;
  rendering.stencilAttachmentFormat = format_has_stencil(dsf) ? dsf : VK_FORMAT_UNDEFINED;
  VkGraphicsPipelineCreateInfo ci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  ci.pNext = k.render_pass ? nullptr : &rendering;
  ci.stageCount = stage_count;
  ci.pStages = stages;
  ci.pVertexInputState = &vi;
  ci.pInputAssemblyState = &ia;
  ci.pViewportState = &vp;
  ci.pRasterizationState = &rs;
  ci.pMultisampleState = &ms;
  ci.pDepthStencilState = &ds;
  ci.pColorBlendState = &cb;
  ci.pDynamicState = &dy;
  ci.layout = layout_.get();
  ci.renderPass = reinterpret_cast<VkRenderPass>(k.render_pass);
  BRASS_VK_RETURN_IF_FAILED(vkCreateGraphicsPipelines(device_.handle(), cache_, 1, &ci, nullptr, out));
  g_meta_pipelines.add();
  pipelines_.emplace(k, *out);
  return {};
}

}  // namespace brass::driver
