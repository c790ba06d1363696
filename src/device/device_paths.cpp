#include "device/device_paths.h"

namespace brass::vk {

DevicePaths resolve_device_paths(const Capabilities& caps, const Options& o, std::string* warning) {
  DevicePaths p;

  // Descriptors. `auto` is cached on every device measured so far
  // (docs/performance.md, "Descriptor modes"): on the H100 the A/B cache cut
  // UBO-change draws from 545 to 408 ns and churn from 515 to 380 ns, and on
  // lavapipe it was level with lazy; both modes push the samplers set.
  // Descriptor buffers are not implemented yet.
  switch (o.descriptors) {
    case DescriptorMode::Auto:
      p.descriptors = DescriptorMode::Cached;
      p.descriptors_reason = caps.descriptor_buffer
                                 ? "auto: cached (measured fastest; descriptor buffers not implemented yet)"
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
      // VK_EXT_descriptor_buffer is not implemented yet: say so rather than
      // run lazy under db's name.
      p.descriptors = DescriptorMode::Lazy;
      p.descriptors_reason = caps.descriptor_buffer ? "db requested, falling back: descriptor buffers are not implemented yet"
                                                    : "db requested, falling back: no VK_EXT_descriptor_buffer";
      *warning = caps.descriptor_buffer ? "BRASS_DESCRIPTORS=db: descriptor buffers are not implemented yet; using lazy"
                                        : "BRASS_DESCRIPTORS=db: this device has no VK_EXT_descriptor_buffer; using lazy";
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

  if (o.has(kDebugNoShaderObject)) {
    p.shader_object_reason = "off (BRASS_DEBUG=noshaderobject)";
  } else if (!caps.shader_object) {
    p.shader_object_reason = "off (no VK_EXT_shader_object)";
  } else {
    p.shader_object = true;
    p.shader_object_reason = "available (separable tessellation/geometry programs)";
  }

  if (o.shader_cache_disabled) {
    p.shader_cache_reason = "disabled";
  } else {
    p.shader_cache = true;
    p.shader_cache_reason = o.shader_cache_dir;
  }
  return p;
}

}  // namespace brass::vk
