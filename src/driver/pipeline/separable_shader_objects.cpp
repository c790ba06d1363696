#include "driver/pipeline/separable_shader_objects.h"

#include <algorithm>
#include <array>

#include "driver/program.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_shader_objects("pipeline.separable.shader_objects");
StatCounter g_shader_object_binds("pipeline.draw_path.separable_shader_object_binds");

constexpr VkShaderStageFlagBits kStages[pipe::kGraphicsStageCount] = {
    VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
    VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};

// The stages that may follow each one in some combination (the shader is
// not linked to a particular next stage).
VkShaderStageFlags next_stages(unsigned stage) {
  switch (static_cast<pipe::ShaderStage>(stage)) {
    case pipe::ShaderStage::Vertex:
      return VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT | VK_SHADER_STAGE_GEOMETRY_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
    case pipe::ShaderStage::TessControl: return VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
    case pipe::ShaderStage::TessEval: return VK_SHADER_STAGE_GEOMETRY_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
    case pipe::ShaderStage::Geometry: return VK_SHADER_STAGE_FRAGMENT_BIT;
    default: return 0;
  }
}
}  // namespace

ShaderObject::~ShaderObject() {
  // As pipelines: a software driver's compiler may be gone at exit.
  if (shader_ && !process_exiting()) device_->shader_objects().destroy_shader(device_->handle(), shader_, nullptr);
}

vk::Status ShaderObject::create(const vk::Device& device, unsigned stage, std::span<const uint32_t> spirv,
                                const ProgramDescriptors& descriptors) {
  std::array<VkDescriptorSetLayout, kDescriptorTypeSets> layouts{};
  const uint32_t layout_count = descriptors.shader_set_layouts(&layouts);
  VkShaderCreateInfoEXT ci{VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT};
  ci.stage = kStages[stage];
  ci.nextStage = next_stages(stage) & (device.caps().geometry_shader ? ~0u : ~uint32_t(VK_SHADER_STAGE_GEOMETRY_BIT)) &
                 (device.caps().tessellation_shader ? ~0u : ~uint32_t(VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT));
  ci.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT;
  ci.codeSize = spirv.size_bytes();
  ci.pCode = spirv.data();
  ci.pName = "main";
  ci.setLayoutCount = layout_count;
  ci.pSetLayouts = layouts.data();
  VkShaderEXT shader = VK_NULL_HANDLE;
  BRASS_VK_RETURN_IF_FAILED(device.shader_objects().create_shaders(device.handle(), 1, &ci, nullptr, &shader));
  device_ = &device;
  shader_ = shader;
  g_shader_objects.add();
  return {};
}

bool separable_shader_objects_available(const vk::Device& device, bool robust) {
  // Robust contexts' pipelines carry VkPipelineRobustnessCreateInfoEXT,
  // which shader objects cannot: they keep pipelines. Compact layouts have
  // no per-stage sets.
  return device.paths().shader_object && !device.paths().compact_descriptor_sets && !robust;
}

void SeparableShaderObjects::bind(VkCommandBuffer cmd, const pipe::ShaderProgram& form, const PipelineKey& key,
                                  bool patches, uint8_t patch_vertices) {
  const vk::Capabilities& caps = device_.caps();
  const vk::FeatureChain& on = caps.supported;  // what the device was created with
  std::array<VkShaderEXT, pipe::kGraphicsStageCount> shaders{};
  uint32_t stage_count = pipe::kGraphicsStageCount;
  for (unsigned s = 0; s < pipe::kGraphicsStageCount; ++s)
    if (const pipe::ShaderProgram* sp = form.stage_programs[s].get()) shaders[s] = sp->shader_object.get();
  // Stages the device lacks cannot be named, even to unbind them.
  std::array<VkShaderStageFlagBits, pipe::kGraphicsStageCount> stages{};
  std::array<VkShaderEXT, pipe::kGraphicsStageCount> bound{};
  stage_count = 0;
  for (unsigned s = 0; s < pipe::kGraphicsStageCount; ++s) {
    if ((s == 1 || s == 2) && !caps.tessellation_shader) continue;
    if (s == 3 && !caps.geometry_shader) continue;
    stages[stage_count] = kStages[s];
    bound[stage_count++] = shaders[s];
  }
  device_.shader_objects().bind_shaders(cmd, stage_count, stages.data(), bound.data());
  g_shader_object_binds.add();

  // Pre-rasterization state a pipeline bakes (graphics_pipeline.cpp).
  if (patches) vkCmdSetPatchControlPointsEXT(cmd, std::max<uint32_t>(1, patch_vertices));
  if (shaders[2]) vkCmdSetTessellationDomainOriginEXT(cmd, VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT);
  vkCmdSetPolygonModeEXT(cmd, caps.fill_mode_non_solid ? static_cast<VkPolygonMode>(key.polygon_mode)
                                                       : VK_POLYGON_MODE_FILL);
  const bool clamp = key.depth_clamp && caps.depth_clamp;
  if (on.core.features.depthClamp) vkCmdSetDepthClampEnableEXT(cmd, clamp);
  if (on.depth_clip_enable.depthClipEnable) vkCmdSetDepthClipEnableEXT(cmd, !clamp);
  if (on.depth_clip_control.depthClipControl) vkCmdSetDepthClipNegativeOneToOneEXT(cmd, key.negative_one_to_one);
  if (on.provoking_vertex.provokingVertexLast)
    vkCmdSetProvokingVertexModeEXT(cmd, key.provoking_last && caps.provoking_vertex_last
                                            ? VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT
                                            : VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT);
  if (caps.line_rasterization) {
    vkCmdSetLineRasterizationModeEXT(cmd, static_cast<VkLineRasterizationModeEXT>(key.line_mode));
    vkCmdSetLineStippleEnableEXT(cmd, VK_FALSE);
  }
  if (on.transform_feedback.geometryStreams) vkCmdSetRasterizationStreamEXT(cmd, 0);

  // Multisample and fragment output state.
  const VkSampleCountFlagBits samples = static_cast<VkSampleCountFlagBits>(std::max<uint8_t>(1, key.samples));
  const VkSampleMask mask[2] = {key.sample_mask, key.sample_mask};
  vkCmdSetRasterizationSamplesEXT(cmd, samples);
  vkCmdSetSampleMaskEXT(cmd, samples, mask);
  vkCmdSetAlphaToCoverageEnableEXT(cmd, key.alpha_to_coverage);
  if (on.core.features.alphaToOne) vkCmdSetAlphaToOneEnableEXT(cmd, key.alpha_to_one);
  if (on.core.features.logicOp) {
    vkCmdSetLogicOpEnableEXT(cmd, key.logic_op_enable && caps.logic_op);
    vkCmdSetLogicOpEXT(cmd, static_cast<VkLogicOp>(key.logic_op));
  }
  const uint32_t n = key.color_count;
  if (n) {
    std::array<VkBool32, 8> enable{};
    std::array<VkColorBlendEquationEXT, 8> equation{};
    std::array<VkColorComponentFlags, 8> write_mask{};
    std::array<VkBool32, 8> write_enable{};
    for (unsigned i = 0; i < n; ++i) {
      const uint32_t p = key.blend_rt[i];
      enable[i] = p & 1;
      equation[i].colorBlendOp = vk_blend_op(static_cast<pipe::BlendOp>((p >> 1) & 7));
      equation[i].srcColorBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 4) & 31));
      equation[i].dstColorBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 9) & 31));
      equation[i].alphaBlendOp = vk_blend_op(static_cast<pipe::BlendOp>((p >> 14) & 7));
      equation[i].srcAlphaBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 17) & 31));
      equation[i].dstAlphaBlendFactor = vk_blend_factor(static_cast<pipe::BlendFactor>((p >> 22) & 31));
      write_mask[i] = (p >> 27) & 15;
      write_enable[i] = VK_TRUE;
    }
    vkCmdSetColorBlendEnableEXT(cmd, 0, n, enable.data());
    vkCmdSetColorBlendEquationEXT(cmd, 0, n, equation.data());
    vkCmdSetColorWriteMaskEXT(cmd, 0, n, write_mask.data());
    // Advanced equations replace the attachment's equation (the last of the
    // two commands for an attachment decides), with the defaults a
    // pipeline's VkPipelineColorBlendAdvancedStateCreateInfoEXT has.
    for (unsigned i = 0; i < n; ++i) {
      const uint32_t p = key.blend_rt[i];
      if (!(p & kPackedAdvancedBlend)) continue;
      VkColorBlendAdvancedEXT adv{};
      adv.advancedBlendOp = vk_advanced_blend_op((p >> 4) & 31);
      adv.srcPremultiplied = VK_TRUE;
      adv.dstPremultiplied = VK_TRUE;
      adv.blendOverlap = VK_BLEND_OVERLAP_UNCORRELATED_EXT;
      adv.clampResults = VK_FALSE;
      vkCmdSetColorBlendAdvancedEXT(cmd, i, 1, &adv);
    }
    if (on.color_write_enable.colorWriteEnable) vkCmdSetColorWriteEnableEXT(cmd, n, write_enable.data());
  }
}

}  // namespace brass::driver
