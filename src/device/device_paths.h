// What each option resolves to on one device: the path every later module
// takes, decided once, with the reason next to it (brass-info prints these).
#pragma once

#include <string>

#include "device/capabilities.h"
#include "util/options.h"

namespace brass::vk {

// How custom border colours (EXT/OES_texture_border_clamp) get the
// component mapping of the view they are sampled through, as GL swizzles
// border texels like any other: Vulkan leaves a custom or opaque-black border
// seen through a non-identity view undefined unless the device swizzles it
// from the image, or the sampler is made with the view's mapping
// (VkSamplerBorderColorComponentMappingCreateInfoEXT: one VkSampler per
// mapping met, driver/border_sampler_variants.h).
enum class BorderColorSwizzle : uint8_t { None, FromImage, SamplerPerViewMapping };
// How robust buffer access (contexts made with EGL/GLX robust access, GL's
// KHR_robust_buffer_access_behavior) is given, if at all.
enum class RobustAccessPath : uint8_t {
  None,         // robust contexts cannot be made
  PerPipeline,  // VkPipelineRobustnessCreateInfoEXT on robust contexts' pipelines only
  DeviceWide,   // robustBufferAccess(2)/robustImageAccess(2) enabled for the whole device
};

struct DevicePaths {
  DescriptorMode descriptors = DescriptorMode::Lazy;
  std::string descriptors_reason;
  bool pipeline_library = false;  // VK_EXT_graphics_pipeline_library for programs
  std::string pipeline_library_reason;
  bool dynamic_rendering = false;
  std::string dynamic_rendering_reason;
  // Vertex input set per draw (VK_EXT_vertex_input_dynamic_state); else
  // baked into each pipeline, the vertex elements object in its key.
  bool dynamic_vertex_input = false;
  std::string dynamic_vertex_input_reason;
  bool shader_object = false;
  std::string shader_object_reason;
  // Descriptor sets 3 (SSBOs) and 4 (storage images) share set 3: the
  // binding contract has 5 sets, Vulkan guarantees only 4.
  bool compact_descriptor_sets = false;
  std::string descriptor_sets_reason;
  bool shader_cache = false;
  std::string shader_cache_reason;
  // KHR_blend_equation_advanced(_coherent) by the blender
  // (Capabilities::advanced_blend_coherent); else in the fragment shader.
  bool advanced_blend = false;
  std::string advanced_blend_reason;
  // GL conditional rendering predicates draws on the GPU
  // (VK_EXT_conditional_rendering); else the GL frontend decides on the CPU.
  bool conditional_rendering = false;
  std::string conditional_rendering_reason;
  // None: the device cannot give CLAMP_TO_BORDER any colour exactly, and
  // texture_border_clamp is not offered.
  BorderColorSwizzle border_color_swizzle = BorderColorSwizzle::None;
  std::string border_color_swizzle_reason;
  RobustAccessPath robust_access = RobustAccessPath::None;
  std::string robust_access_reason;
  // A whole (non-separable) program's default uniform block of at most
  // this many bytes is a push-constant block (driver/push_constant_block.h);
  // 0: every default block is a streamed uniform buffer.
  uint32_t push_default_uniforms = 0;
  std::string push_default_uniforms_reason;
};

// Turns on, in the features Device enables, what `paths.robust_access`
// needs (the probe pruned every robustness feature).
void enable_robust_access(const Capabilities& caps, const DevicePaths& paths, FeatureChain* enable);

// `warn` receives one line when a request cannot be honoured (e.g. db asked
// for on a device without descriptor buffers).
DevicePaths resolve_device_paths(const Capabilities& caps, const Options& options, std::string* warning);

}  // namespace brass::vk
