#include "device/device_paths.h"

#include <algorithm>

namespace brass::vk {

DevicePaths resolve_device_paths(const Capabilities& caps, const Options& o, std::string* warning) {
  DevicePaths p;

  // Descriptors. `auto` is cached on every device measured so far
  // (docs/performance.md, "Descriptor modes"): on the H100 cached was level
  // with or ahead of lazy, and descriptor buffers were slower wherever a
  // draw writes a set (a new texture per draw 536 ns against 333, new
  // default-uniform data 528 against 202: a descriptor write and an offset
  // per draw, and no dynamic offsets) and level elsewhere; lavapipe has no descriptor
  // buffers and is level between lazy and cached.
  switch (o.descriptors) {
    case DescriptorMode::Auto:
      p.descriptors = DescriptorMode::Cached;
      p.descriptors_reason = caps.descriptor_buffer ? "auto: cached (measured fastest, ahead of descriptor buffers)"
                                                    : "auto: cached (measured fastest; no VK_EXT_descriptor_buffer)";
      break;
    case DescriptorMode::Lazy:
      p.descriptors = DescriptorMode::Lazy;
      p.descriptors_reason = "requested";
      break;
    case DescriptorMode::Cached:
      p.descriptors = DescriptorMode::Cached;
      p.descriptors_reason = "requested";
      break;
    case DescriptorMode::DescriptorBuffer:
      if (caps.descriptor_buffer) {
        p.descriptors = DescriptorMode::DescriptorBuffer;
        p.descriptors_reason = "requested";
      } else {
        p.descriptors = DescriptorMode::Lazy;
        p.descriptors_reason = "db requested, falling back: no VK_EXT_descriptor_buffer";
        *warning = "BRASS_DESCRIPTORS=db: this device has no VK_EXT_descriptor_buffer; using lazy";
      }
      break;
  }

  if (o.has(kDebugNoGpl)) {
    p.pipeline_library_reason = "off (BRASS_DEBUG=nogpl)";
  } else if (!caps.graphics_pipeline_library) {
    p.pipeline_library_reason = "off (no VK_EXT_graphics_pipeline_library)";
  } else {
    p.pipeline_library = true;
    p.pipeline_library_reason = caps.gpl_fast_linking_complete ? "on (fast linking)" : "on (linking not fast on this driver)";
  }

  if (o.has(kDebugNoDynRendering)) {
    p.dynamic_rendering_reason = "off (BRASS_DEBUG=nodynrender): cached VkRenderPass";
  } else if (!caps.dynamic_rendering) {
    p.dynamic_rendering_reason = "off (dynamicRendering not supported): cached VkRenderPass";
  } else {
    p.dynamic_rendering = true;
    p.dynamic_rendering_reason = "on";
  }

  if (o.has(kDebugCompactSets)) {
    p.compact_descriptor_sets = true;
    p.descriptor_sets_reason = "compact: 4 sets (BRASS_DEBUG=compactsets)";
  } else if (caps.limits.max_bound_descriptor_sets < 5) {
    p.compact_descriptor_sets = true;
    p.descriptor_sets_reason = "compact: 4 sets (maxBoundDescriptorSets " +
                               std::to_string(caps.limits.max_bound_descriptor_sets) + ")";
  } else {
    p.descriptor_sets_reason = "one per type (5 sets)";
  }

  if (o.has(kDebugNoDynamicVertexInput)) {
    p.dynamic_vertex_input_reason = "off (BRASS_DEBUG=nodynvertexinput): in each pipeline";
  } else if (!caps.vertex_input_dynamic_state) {
    p.dynamic_vertex_input_reason = "off (no VK_EXT_vertex_input_dynamic_state): in each pipeline";
  } else {
    p.dynamic_vertex_input = true;
    p.dynamic_vertex_input_reason = "on (VK_EXT_vertex_input_dynamic_state)";
  }

  if (o.has(kDebugNoShaderObject)) {
    p.shader_object_reason = "off (BRASS_DEBUG=noshaderobject)";
  } else if (!caps.shader_object) {
    p.shader_object_reason = "off (no VK_EXT_shader_object)";
  } else if (!p.dynamic_rendering || !p.dynamic_vertex_input) {
    // Shader objects draw inside dynamic rendering only, with every
    // pipeline state dynamic (vertex input included).
    p.shader_object_reason = "off (needs dynamic rendering and VK_EXT_vertex_input_dynamic_state)";
  } else {
    p.shader_object = true;
    p.shader_object_reason = "available (separable tessellation/geometry programs)";
  }

  if (o.has(kDebugNoBlendAdvanced)) {
    p.advanced_blend_reason = "fragment shader (BRASS_DEBUG=noblendadvanced)";
  } else if (!caps.advanced_blend_coherent) {
    p.advanced_blend_reason = caps.has_extension(VK_EXT_BLEND_OPERATION_ADVANCED_EXTENSION_NAME)
                                  ? "fragment shader (VK_EXT_blend_operation_advanced not coherent for every attachment)"
                                  : "fragment shader (no VK_EXT_blend_operation_advanced)";
  } else {
    p.advanced_blend = true;
    p.advanced_blend_reason = "VK_EXT_blend_operation_advanced, coherent";
  }

  if (o.has(kDebugNoConditionalRendering)) {
    p.conditional_rendering_reason = "CPU (BRASS_DEBUG=nocondrender)";
  } else if (!caps.conditional_rendering) {
    p.conditional_rendering_reason = "CPU (no VK_EXT_conditional_rendering)";
  } else {
    p.conditional_rendering = true;
    p.conditional_rendering_reason = "VK_EXT_conditional_rendering (draws of single-pass queries)";
  }

  // A custom colour of any value whatever the view's format (no format per
  // sampler), swizzled as the view swizzles its texels: by the device, or by
  // a sampler made for the view's mapping (borderColorSwizzle).
  if (!caps.custom_border_color || !caps.custom_border_color_without_format || !caps.border_color_swizzle) {
    p.border_color_swizzle_reason =
        "none (needs customBorderColors, customBorderColorWithoutFormat and borderColorSwizzle)";
  } else if (caps.border_color_swizzle_from_image && !o.has(kDebugNoBorderSwizzleFromImage)) {
    p.border_color_swizzle = BorderColorSwizzle::FromImage;
    p.border_color_swizzle_reason = "from the image view (borderColorSwizzleFromImage)";
  } else {
    p.border_color_swizzle = BorderColorSwizzle::SamplerPerViewMapping;
    p.border_color_swizzle_reason = caps.border_color_swizzle_from_image
                                        ? "a sampler per view mapping (BRASS_DEBUG=noborderswizzlefromimage)"
                                        : "a sampler per view mapping (no borderColorSwizzleFromImage)";
  }

  // Robust buffer access. Per pipeline where VK_EXT_pipeline_robustness
  // exists: only robust contexts' pipelines pay for bounds checks. Without
  // it the features would have to be enabled for every pipeline of the
  // device, which costs every context on a GPU; a CPU device (lavapipe)
  // checks the bounds of every buffer, vertex and image access whether the
  // features are on or not (docs/performance.md, "Robust buffer access",
  // has the measurement), so there it is enabled device-wide.
  // robustBufferAccessUpdateAfterBind: enabling robustBufferAccess
  // otherwise forbids the update-after-bind descriptor features Brass
  // enables.
  if (o.has(kDebugNoRobustAccess)) {
    p.robust_access_reason = "off (BRASS_DEBUG=norobustaccess)";
  } else if (!caps.robust_buffer_access || !caps.robust_image_access) {
    p.robust_access_reason = "off (no robustBufferAccess/robustImageAccess)";
  } else if (caps.pipeline_robustness) {
    p.robust_access = RobustAccessPath::PerPipeline;
    p.robust_access_reason = "per pipeline (VK_EXT_pipeline_robustness)";
  } else if (caps.device_type != VK_PHYSICAL_DEVICE_TYPE_CPU) {
    p.robust_access_reason = "off (no VK_EXT_pipeline_robustness; device-wide robustness would slow every context)";
  } else if (!caps.robust_buffer_access_update_after_bind) {
    p.robust_access_reason = "off (CPU device without robustBufferAccessUpdateAfterBind)";
  } else {
    p.robust_access = RobustAccessPath::DeviceWide;
    p.robust_access_reason = "device-wide (CPU device without VK_EXT_pipeline_robustness: bounds checks cost nothing more)";
  }

  // Default uniforms by push constants (issue 19): a uniform change costs a
  // vkCmdPushConstants of the changed bytes instead of a stream allocation
  // and a vkCmdBindDescriptorSets with a new dynamic offset. Measured on
  // lavapipe (docs/performance.md, "Default uniforms by push constants":
  // 0.91x the instructions of a uniform change, 0.83x of a program change);
  // not yet on NVIDIA, where auto is push until measured. At most 256
  // bytes (NVIDIA's maxPushConstantsSize; lavapipe copies the whole range
  // into every draw's constants, so a larger one would cost every draw).
  {
    constexpr uint32_t kMaxPushedBlock = 256;
    const uint32_t budget = std::min(caps.limits.max_push_constants_size, kMaxPushedBlock);
    if (o.uniforms == UniformPath::Buffer) {
      p.push_default_uniforms_reason = "off (BRASS_UNIFORMS=buffer): a streamed uniform buffer";
    } else if (budget < 128) {
      // Vulkan guarantees 128 bytes.
      p.push_default_uniforms_reason = "off (maxPushConstantsSize below 128)";
    } else {
      p.push_default_uniforms = budget;
      p.push_default_uniforms_reason =
          std::string(o.uniforms == UniformPath::PushConstants ? "push constants (BRASS_UNIFORMS=push)"
                                                               : "auto: push constants (fewer instructions per uniform or program change on lavapipe; other devices not measured yet)") +
          ", blocks of up to " + std::to_string(budget) + " bytes";
    }
  }

  if (o.shader_cache_disabled) {
    p.shader_cache_reason = "disabled";
  } else {
    p.shader_cache = true;
    p.shader_cache_reason = o.shader_cache_dir;
  }
  return p;
}

void enable_robust_access(const Capabilities& caps, const DevicePaths& paths, FeatureChain* enable) {
  if (paths.robust_access != RobustAccessPath::DeviceWide) return;
  // robustBufferAccess2 requires robustBufferAccess; the robustness2
  // struct is chained only when the device has the extension.
  enable->core.features.robustBufferAccess = VK_TRUE;
  enable->v13.robustImageAccess = VK_TRUE;
  enable->robustness2.robustBufferAccess2 = caps.robust_buffer_access2 ? VK_TRUE : VK_FALSE;
  enable->robustness2.robustImageAccess2 = caps.robust_image_access2 ? VK_TRUE : VK_FALSE;
}

}  // namespace brass::vk
