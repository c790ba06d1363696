#include "device/capabilities.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "device/instance.h"
#include "util/log.h"

namespace brass::vk {

namespace {

// Extension -> its feature struct in FeatureChain (offset), or none.
struct ExtensionEntry {
  const char* name;
  size_t feature_offset;  // SIZE_MAX: no feature struct
  uint32_t since_header = 0;  // VK_HEADER_VERSION that introduced it, where newer than Debian 12's layer
};

constexpr size_t kNoFeatures = SIZE_MAX;
#define BRASS_FEATURE(member) offsetof(FeatureChain, member)

// The device extensions Brass knows and enables when present.
const ExtensionEntry kExtensions[] = {
    {VK_KHR_SWAPCHAIN_EXTENSION_NAME, kNoFeatures},
    {VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME, BRASS_FEATURE(eds2)},
    {VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME, BRASS_FEATURE(eds3)},
    {VK_EXT_VERTEX_INPUT_DYNAMIC_STATE_EXTENSION_NAME, BRASS_FEATURE(vertex_input)},
    {VK_KHR_PIPELINE_LIBRARY_EXTENSION_NAME, kNoFeatures},
    {VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME, BRASS_FEATURE(gpl)},
    {VK_EXT_DESCRIPTOR_BUFFER_EXTENSION_NAME, BRASS_FEATURE(descriptor_buffer)},
    {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME, kNoFeatures},
    {VK_EXT_MULTI_DRAW_EXTENSION_NAME, BRASS_FEATURE(multi_draw)},
    {VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, BRASS_FEATURE(custom_border_color)},
    {VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, BRASS_FEATURE(robustness2)},
    {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, BRASS_FEATURE(transform_feedback)},
    {VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME, BRASS_FEATURE(line_rasterization)},
    {VK_EXT_SHADER_OBJECT_EXTENSION_NAME, BRASS_FEATURE(shader_object), 246},
    {VK_KHR_MAINTENANCE_5_EXTENSION_NAME, BRASS_FEATURE(maintenance5), 254},
    {VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME, BRASS_FEATURE(non_seamless_cube_map)},
    {VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME, BRASS_FEATURE(index_type_uint8)},
    {VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME, BRASS_FEATURE(list_restart)},
    {VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, BRASS_FEATURE(depth_clip_enable)},
    {VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME, BRASS_FEATURE(depth_clip_control)},
    {VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME, BRASS_FEATURE(provoking_vertex)},
    {VK_EXT_COLOR_WRITE_ENABLE_EXTENSION_NAME, BRASS_FEATURE(color_write_enable)},
    {VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, BRASS_FEATURE(vertex_attribute_divisor)},
    {VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME, BRASS_FEATURE(border_color_swizzle)},
    {VK_EXT_PRIMITIVES_GENERATED_QUERY_EXTENSION_NAME, BRASS_FEATURE(primitives_generated_query)},
    {VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME, BRASS_FEATURE(atomic_float)},
    {VK_EXT_IMAGE_2D_VIEW_OF_3D_EXTENSION_NAME, BRASS_FEATURE(image_2d_view_of_3d)},
    {VK_EXT_BLEND_OPERATION_ADVANCED_EXTENSION_NAME, BRASS_FEATURE(blend_operation_advanced)},
    {VK_EXT_PIPELINE_ROBUSTNESS_EXTENSION_NAME, BRASS_FEATURE(pipeline_robustness)},
    {VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME, BRASS_FEATURE(conditional_rendering)},
    {VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME, kNoFeatures},
};

VkBaseOutStructure* struct_at(FeatureChain* chain, size_t offset) {
  return reinterpret_cast<VkBaseOutStructure*>(reinterpret_cast<char*>(chain) + offset);
}

// Drivers built on Mesa's NIR, whose driverVersion is Mesa's version.
// Venus is left out: it forwards shaders to the host's driver.
bool is_mesa_driver(VkDriverId id) {
  switch (id) {
    case VK_DRIVER_ID_MESA_RADV:
    case VK_DRIVER_ID_INTEL_OPEN_SOURCE_MESA:
    case VK_DRIVER_ID_MESA_LLVMPIPE:
    case VK_DRIVER_ID_MESA_TURNIP:
    case VK_DRIVER_ID_MESA_V3DV:
    case VK_DRIVER_ID_MESA_PANVK:
    case VK_DRIVER_ID_MESA_DOZEN:
    case VK_DRIVER_ID_MESA_NVK: return true;
    default: return false;
  }
}

bool contains(const std::vector<std::string>& v, const char* name) {
  return std::find(v.begin(), v.end(), name) != v.end();
}

// Features Brass never turns on although the device offers them: each costs
// performance for every draw and no GL feature needs it by default (robust
// contexts get robustness per pipeline; only where that is impossible and
// free does Device turn the robustness features back on:
// DevicePaths::robust_access).
void prune_enable(FeatureChain& f) {
  f.core.features.robustBufferAccess = VK_FALSE;
  f.robustness2.robustBufferAccess2 = VK_FALSE;
  f.robustness2.robustImageAccess2 = VK_FALSE;
  f.v13.robustImageAccess = VK_FALSE;
  f.v12.bufferDeviceAddressCaptureReplay = VK_FALSE;
  f.v12.bufferDeviceAddressMultiDevice = VK_FALSE;
  f.descriptor_buffer.descriptorBufferCaptureReplay = VK_FALSE;
  f.descriptor_buffer.descriptorBufferPushDescriptors = VK_FALSE;
  f.v11.protectedMemory = VK_FALSE;
}

}  // namespace

FeatureChain& FeatureChain::operator=(const FeatureChain& o) {
  if (this == &o) return *this;
  std::memcpy(static_cast<void*>(this), &o, sizeof(FeatureChain));
  // pNext pointers point into `o`; re-point them into this object.
  const char* src_begin = reinterpret_cast<const char*>(&o);
  const char* src_end = src_begin + sizeof(FeatureChain);
  for (VkBaseOutStructure* s = reinterpret_cast<VkBaseOutStructure*>(&core); s;) {
    char* next = reinterpret_cast<char*>(s->pNext);
    if (next >= src_begin && next < src_end) {
      s->pNext = reinterpret_cast<VkBaseOutStructure*>(reinterpret_cast<char*>(this) + (next - src_begin));
    } else {
      s->pNext = nullptr;
    }
    s = s->pNext;
  }
  return *this;
}

void FeatureChain::link(const std::vector<std::string>& extensions) {
  VkBaseOutStructure* tail = reinterpret_cast<VkBaseOutStructure*>(&core);
  auto append = [&](VkBaseOutStructure* s) {
    tail->pNext = s;
    s->pNext = nullptr;
    tail = s;
  };
  append(reinterpret_cast<VkBaseOutStructure*>(&v11));
  append(reinterpret_cast<VkBaseOutStructure*>(&v12));
  append(reinterpret_cast<VkBaseOutStructure*>(&v13));
  for (const auto& e : kExtensions) {
    if (e.feature_offset != kNoFeatures && contains(extensions, e.name)) append(struct_at(this, e.feature_offset));
  }
}

bool Capabilities::has_extension(const char* name) const { return contains(device_extensions, name); }

const char* device_type_name(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
    default: return "other";
  }
}

std::string version_string(uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
         std::to_string(VK_API_VERSION_PATCH(v));
}

std::string driver_version_string(const Capabilities& caps) {
  const uint32_t v = caps.driver_version;
  // NVIDIA packs 10.8.8.6 bits; most others (Mesa) follow the Vulkan scheme.
  if (caps.vendor_id == 0x10de) {
    return std::to_string((v >> 22) & 0x3ff) + "." + std::to_string((v >> 14) & 0xff) + "." +
           std::to_string((v >> 6) & 0xff);
  }
  return version_string(v);
}

bool probe_capabilities(VkPhysicalDevice pd, Capabilities* caps, std::string* why_not) {
  Capabilities& c = *caps;

  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceIDProperties ids{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
  ids.pNext = &driver;
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props.pNext = &ids;
  vkGetPhysicalDeviceProperties2(pd, &props);
  const VkPhysicalDeviceProperties& p = props.properties;

  c.device_name = p.deviceName;
  c.api_version = p.apiVersion;
  c.driver_version = p.driverVersion;
  c.vendor_id = p.vendorID;
  c.device_id = p.deviceID;
  c.device_type = p.deviceType;
  c.driver_id = driver.driverID;
  c.blit_writes_all_aspects = c.driver_id == VK_DRIVER_ID_MESA_LLVMPIPE;
  c.unpack_half_folds_high_half_wrong = is_mesa_driver(c.driver_id) && c.driver_version < VK_MAKE_VERSION(25, 0, 0);
  c.driver_name = driver.driverName;
  c.driver_info = driver.driverInfo;
  std::memcpy(c.pipeline_cache_uuid, p.pipelineCacheUUID, VK_UUID_SIZE);
  std::memcpy(c.device_uuid, ids.deviceUUID, VK_UUID_SIZE);

  if (p.apiVersion < VK_API_VERSION_1_3) {
    *why_not = "Vulkan " + version_string(p.apiVersion) + " < 1.3";
    return false;
  }

  uint32_t n = 0;
  vkEnumerateDeviceExtensionProperties(pd, nullptr, &n, nullptr);
  std::vector<VkExtensionProperties> exts(n);
  vkEnumerateDeviceExtensionProperties(pd, nullptr, &n, exts.data());
  c.device_extensions.clear();
  for (const auto& e : exts) c.device_extensions.emplace_back(e.extensionName);
  std::sort(c.device_extensions.begin(), c.device_extensions.end());

  c.enabled_extensions.clear();
  const uint32_t layer = Instance::validation_layer_header();
  for (const auto& e : kExtensions) {
    if (!c.has_extension(e.name)) continue;
    if (layer && e.since_header > layer) {
      // The validation layer cannot validate it and flags its mere use.
      BRASS_INFO("validation layer 1.3.%u predates %s: left off", layer, e.name);
      continue;
    }
    c.enabled_extensions.emplace_back(e.name);
  }
  // Shader objects and GPL/descriptor buffer each need their base extensions;
  // the table above only lists extensions whose dependencies are core 1.3 or
  // listed too, so no further resolution is needed.

  c.supported = FeatureChain();
  c.supported.link(c.enabled_extensions);
  vkGetPhysicalDeviceFeatures2(pd, &c.supported.core);
  const FeatureChain& f = c.supported;

  // Extension-specific properties.
  VkPhysicalDevicePushDescriptorPropertiesKHR push{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
  VkPhysicalDeviceDescriptorBufferPropertiesEXT dbp{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_BUFFER_PROPERTIES_EXT};
  VkPhysicalDeviceGraphicsPipelineLibraryPropertiesEXT gplp{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_PROPERTIES_EXT};
  VkPhysicalDeviceTransformFeedbackPropertiesEXT xfbp{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
  VkPhysicalDeviceBlendOperationAdvancedPropertiesEXT abp{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BLEND_OPERATION_ADVANCED_PROPERTIES_EXT};
  VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT divp{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT};
  VkPhysicalDeviceMultiDrawPropertiesEXT mdp{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT};
  // Core 1.2 properties (Vulkan 1.3 is required); not chained with the
  // driver/ID properties above, which it subsumes.
  VkPhysicalDeviceVulkan12Properties p12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
  VkPhysicalDeviceVulkan11Properties p11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
  VkPhysicalDeviceProperties2 ext_props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  ext_props.pNext = &p12;
  p12.pNext = &p11;
  void** tail = &p11.pNext;
  auto chain = [&](bool present, auto* s) {
    if (!present) return;
    *tail = s;
    tail = &s->pNext;
  };
  chain(c.has_extension(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME), &push);
  chain(c.has_extension(VK_EXT_DESCRIPTOR_BUFFER_EXTENSION_NAME), &dbp);
  chain(c.has_extension(VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME), &gplp);
  chain(c.has_extension(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME), &xfbp);
  chain(c.has_extension(VK_EXT_BLEND_OPERATION_ADVANCED_EXTENSION_NAME), &abp);
  chain(c.has_extension(VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME), &divp);
  chain(c.has_extension(VK_EXT_MULTI_DRAW_EXTENSION_NAME), &mdp);
  vkGetPhysicalDeviceProperties2(pd, &ext_props);

  // Limits.
  const VkPhysicalDeviceLimits& l = p.limits;
  Limits& L = c.limits;
  L.max_image_dimension_1d = l.maxImageDimension1D;
  L.max_image_dimension_2d = l.maxImageDimension2D;
  L.max_image_dimension_3d = l.maxImageDimension3D;
  L.max_image_dimension_cube = l.maxImageDimensionCube;
  L.max_image_array_layers = l.maxImageArrayLayers;
  L.max_texel_buffer_elements = l.maxTexelBufferElements;
  L.max_uniform_buffer_range = l.maxUniformBufferRange;
  L.max_storage_buffer_range = l.maxStorageBufferRange;
  L.max_push_constants_size = l.maxPushConstantsSize;
  L.max_memory_allocation_count = l.maxMemoryAllocationCount;
  L.max_sampler_allocation_count = l.maxSamplerAllocationCount;
  L.buffer_image_granularity = l.bufferImageGranularity;
  L.non_coherent_atom_size = l.nonCoherentAtomSize;
  L.min_uniform_buffer_offset_alignment = l.minUniformBufferOffsetAlignment;
  L.min_storage_buffer_offset_alignment = l.minStorageBufferOffsetAlignment;
  L.min_texel_buffer_offset_alignment = l.minTexelBufferOffsetAlignment;
  L.optimal_buffer_copy_offset_alignment = l.optimalBufferCopyOffsetAlignment;
  L.max_bound_descriptor_sets = l.maxBoundDescriptorSets;
  L.max_per_stage_samplers = l.maxPerStageDescriptorSamplers;
  L.max_per_stage_uniform_buffers = l.maxPerStageDescriptorUniformBuffers;
  L.max_per_stage_storage_buffers = l.maxPerStageDescriptorStorageBuffers;
  L.max_per_stage_sampled_images = l.maxPerStageDescriptorSampledImages;
  L.max_per_stage_storage_images = l.maxPerStageDescriptorStorageImages;
  L.max_per_stage_resources = l.maxPerStageResources;
  L.max_descriptor_set_uniform_buffers_dynamic = l.maxDescriptorSetUniformBuffersDynamic;
  L.max_vertex_input_attributes = l.maxVertexInputAttributes;
  L.max_vertex_input_bindings = l.maxVertexInputBindings;
  L.max_vertex_input_attribute_offset = l.maxVertexInputAttributeOffset;
  L.max_vertex_input_binding_stride = l.maxVertexInputBindingStride;
  L.max_vertex_output_components = l.maxVertexOutputComponents;
  L.max_fragment_input_components = l.maxFragmentInputComponents;
  L.max_geometry_output_vertices = l.maxGeometryOutputVertices;
  L.max_geometry_input_components = l.maxGeometryInputComponents;
  L.max_geometry_output_components = l.maxGeometryOutputComponents;
  L.max_geometry_total_output_components = l.maxGeometryTotalOutputComponents;
  L.max_geometry_shader_invocations = l.maxGeometryShaderInvocations;
  L.max_tessellation_generation_level = l.maxTessellationGenerationLevel;
  L.max_tessellation_patch_size = l.maxTessellationPatchSize;
  L.min_interpolation_offset = l.minInterpolationOffset;
  L.max_interpolation_offset = l.maxInterpolationOffset;
  L.sub_pixel_interpolation_offset_bits = l.subPixelInterpolationOffsetBits;
  L.max_tessellation_control_per_vertex_input_components = l.maxTessellationControlPerVertexInputComponents;
  L.max_tessellation_control_per_vertex_output_components = l.maxTessellationControlPerVertexOutputComponents;
  L.max_tessellation_control_per_patch_output_components = l.maxTessellationControlPerPatchOutputComponents;
  L.max_tessellation_control_total_output_components = l.maxTessellationControlTotalOutputComponents;
  L.max_tessellation_evaluation_input_components = l.maxTessellationEvaluationInputComponents;
  L.max_tessellation_evaluation_output_components = l.maxTessellationEvaluationOutputComponents;
  L.max_fragment_output_attachments = l.maxFragmentOutputAttachments;
  L.max_color_attachments = l.maxColorAttachments;
  L.max_compute_shared_memory_size = l.maxComputeSharedMemorySize;
  L.max_compute_work_group_invocations = l.maxComputeWorkGroupInvocations;
  for (int i = 0; i < 3; ++i) {
    L.max_compute_work_group_count[i] = l.maxComputeWorkGroupCount[i];
    L.max_compute_work_group_size[i] = l.maxComputeWorkGroupSize[i];
  }
  L.max_draw_indirect_count = l.maxDrawIndirectCount;
  L.max_multi_draw_count = mdp.maxMultiDrawCount;  // 0 without VK_EXT_multi_draw
  L.max_viewports = l.maxViewports;
  L.max_viewport_dimensions[0] = l.maxViewportDimensions[0];
  L.max_viewport_dimensions[1] = l.maxViewportDimensions[1];
  L.max_framebuffer_width = l.maxFramebufferWidth;
  L.max_framebuffer_height = l.maxFramebufferHeight;
  L.max_framebuffer_layers = l.maxFramebufferLayers;
  L.framebuffer_color_sample_counts = l.framebufferColorSampleCounts;
  L.framebuffer_no_attachments_sample_counts = l.framebufferNoAttachmentsSampleCounts;
  L.framebuffer_depth_sample_counts = l.framebufferDepthSampleCounts;
  L.framebuffer_stencil_sample_counts = l.framebufferStencilSampleCounts;
  L.framebuffer_integer_color_sample_counts = p12.framebufferIntegerColorSampleCounts;
  L.sampled_image_color_sample_counts = l.sampledImageColorSampleCounts;
  L.sampled_image_integer_sample_counts = l.sampledImageIntegerSampleCounts;
  L.sampled_image_depth_sample_counts = l.sampledImageDepthSampleCounts;
  L.sampled_image_stencil_sample_counts = l.sampledImageStencilSampleCounts;
  L.max_sample_mask_words = l.maxSampleMaskWords;
  L.standard_sample_locations = l.standardSampleLocations;
  L.max_clip_distances = l.maxClipDistances;
  L.max_cull_distances = l.maxCullDistances;
  L.sub_pixel_precision_bits = l.subPixelPrecisionBits;
  L.max_sampler_lod_bias = l.maxSamplerLodBias;
  L.max_sampler_anisotropy = l.maxSamplerAnisotropy;
  L.timestamp_period = l.timestampPeriod;
  L.point_size_range[0] = l.pointSizeRange[0];
  L.point_size_range[1] = l.pointSizeRange[1];
  L.line_width_range[0] = l.lineWidthRange[0];
  L.line_width_range[1] = l.lineWidthRange[1];
  L.point_size_granularity = l.pointSizeGranularity;
  L.max_push_descriptors = push.maxPushDescriptors;
  L.max_transform_feedback_buffers = xfbp.maxTransformFeedbackBuffers;
  DescriptorBufferLimits& D = c.descriptor_buffer_limits;
  D.offset_alignment = dbp.descriptorBufferOffsetAlignment;
  D.max_resource_range = dbp.maxResourceDescriptorBufferRange;
  D.max_sampler_range = dbp.maxSamplerDescriptorBufferRange;
  D.max_bindings = dbp.maxDescriptorBufferBindings;
  // Plain buffer descriptor sizes: robustBufferAccess is off unless robust
  // access is device-wide (Device then takes the robust sizes below).
  D.combined_image_sampler_size = static_cast<uint32_t>(dbp.combinedImageSamplerDescriptorSize);
  D.uniform_texel_buffer_size = static_cast<uint32_t>(dbp.uniformTexelBufferDescriptorSize);
  D.storage_texel_buffer_size = static_cast<uint32_t>(dbp.storageTexelBufferDescriptorSize);
  D.uniform_buffer_size = static_cast<uint32_t>(dbp.uniformBufferDescriptorSize);
  D.storage_buffer_size = static_cast<uint32_t>(dbp.storageBufferDescriptorSize);
  D.storage_image_size = static_cast<uint32_t>(dbp.storageImageDescriptorSize);
  D.robust_uniform_texel_buffer_size = static_cast<uint32_t>(dbp.robustUniformTexelBufferDescriptorSize);
  D.robust_storage_texel_buffer_size = static_cast<uint32_t>(dbp.robustStorageTexelBufferDescriptorSize);
  D.robust_uniform_buffer_size = static_cast<uint32_t>(dbp.robustUniformBufferDescriptorSize);
  D.robust_storage_buffer_size = static_cast<uint32_t>(dbp.robustStorageBufferDescriptorSize);

  // Core features.
  const VkPhysicalDeviceFeatures& cf = f.core.features;
  c.geometry_shader = cf.geometryShader;
  c.tessellation_geometry_point_size = cf.shaderTessellationAndGeometryPointSize;
  c.tessellation_shader = cf.tessellationShader;
  c.sample_rate_shading = cf.sampleRateShading;
  c.image_gather_extended = cf.shaderImageGatherExtended;
  c.buffer_array_dynamic_indexing = cf.shaderUniformBufferArrayDynamicIndexing && cf.shaderStorageBufferArrayDynamicIndexing;
  c.image_array_dynamic_indexing =
      cf.shaderSampledImageArrayDynamicIndexing && cf.shaderStorageImageArrayDynamicIndexing &&
      f.v12.shaderUniformTexelBufferArrayDynamicIndexing && f.v12.shaderStorageTexelBufferArrayDynamicIndexing;
  c.dual_src_blend = cf.dualSrcBlend;
  c.logic_op = cf.logicOp;
  c.multi_draw_indirect = cf.multiDrawIndirect;
  c.draw_indirect_count = f.v12.drawIndirectCount;
  c.draw_indirect_first_instance = cf.drawIndirectFirstInstance;
  c.depth_clamp = cf.depthClamp;
  c.depth_bias_clamp = cf.depthBiasClamp;
  c.fill_mode_non_solid = cf.fillModeNonSolid;
  c.wide_lines = cf.wideLines;
  c.large_points = cf.largePoints;
  c.sampler_anisotropy = cf.samplerAnisotropy;
  c.texture_compression_etc2 = cf.textureCompressionETC2;
  c.texture_compression_bc = cf.textureCompressionBC;
  c.texture_compression_astc_ldr = cf.textureCompressionASTC_LDR;
  c.occlusion_query_precise = cf.occlusionQueryPrecise;
  c.pipeline_statistics_query = cf.pipelineStatisticsQuery;
  c.vertex_pipeline_stores_and_atomics = cf.vertexPipelineStoresAndAtomics;
  c.fragment_stores_and_atomics = cf.fragmentStoresAndAtomics;
  c.shader_clip_distance = cf.shaderClipDistance;
  c.shader_cull_distance = cf.shaderCullDistance;
  c.independent_blend = cf.independentBlend;
  c.image_cube_array = cf.imageCubeArray;
  c.shader_storage_image_extended_formats = cf.shaderStorageImageExtendedFormats;
  c.shader_storage_image_write_without_format = cf.shaderStorageImageWriteWithoutFormat;
  c.shader_storage_image_read_without_format = cf.shaderStorageImageReadWithoutFormat;
  c.shader_float64 = cf.shaderFloat64;
  c.shader_int64 = cf.shaderInt64;
  c.sampler_mirror_clamp_to_edge = f.v12.samplerMirrorClampToEdge;
  c.shader_draw_parameters = f.v11.shaderDrawParameters;
  c.subgroup_vote_stages =
      (p11.subgroupSupportedOperations & VK_SUBGROUP_FEATURE_VOTE_BIT) ? p11.subgroupSupportedStages : 0;
  c.buffer_device_address = f.v12.bufferDeviceAddress;

  // Paths.
  c.dynamic_rendering = f.v13.dynamicRendering;
  c.synchronization2 = f.v13.synchronization2;
  c.timeline_semaphore = f.v12.timelineSemaphore;
  c.extended_dynamic_state = true;   // mandatory in Vulkan 1.3
  c.extended_dynamic_state2 = true;  // mandatory in Vulkan 1.3 (the core subset)
  c.eds2_logic_op = f.eds2.extendedDynamicState2LogicOp;
  c.eds2_patch_control_points = f.eds2.extendedDynamicState2PatchControlPoints;
  const auto& e3 = f.eds3;
  c.eds3_polygon_mode = e3.extendedDynamicState3PolygonMode;
  c.eds3_depth_clamp = e3.extendedDynamicState3DepthClampEnable;
  c.eds3_sample_mask = e3.extendedDynamicState3SampleMask;
  c.eds3_alpha_to_coverage = e3.extendedDynamicState3AlphaToCoverageEnable;
  c.eds3_alpha_to_one = e3.extendedDynamicState3AlphaToOneEnable;
  c.eds3_logic_op_enable = e3.extendedDynamicState3LogicOpEnable;
  c.eds3_color_blend_enable = e3.extendedDynamicState3ColorBlendEnable;
  c.eds3_color_blend_equation = e3.extendedDynamicState3ColorBlendEquation;
  c.eds3_color_write_mask = e3.extendedDynamicState3ColorWriteMask;
  c.eds3_rasterization_samples = e3.extendedDynamicState3RasterizationSamples;
  c.eds3_line_rasterization_mode = e3.extendedDynamicState3LineRasterizationMode;
  c.eds3_depth_clip_enable = e3.extendedDynamicState3DepthClipEnable;
  c.eds3_provoking_vertex = e3.extendedDynamicState3ProvokingVertexMode;
  c.extended_dynamic_state3 = c.eds3_polygon_mode || c.eds3_depth_clamp || c.eds3_sample_mask ||
                              c.eds3_alpha_to_coverage || c.eds3_color_blend_enable ||
                              c.eds3_color_blend_equation || c.eds3_color_write_mask ||
                              c.eds3_rasterization_samples;
  c.vertex_input_dynamic_state = f.vertex_input.vertexInputDynamicState;
  c.graphics_pipeline_library = f.gpl.graphicsPipelineLibrary;
  c.gpl_fast_linking_complete = gplp.graphicsPipelineLibraryFastLinking;
  c.gpl_independent_interpolation = gplp.graphicsPipelineLibraryIndependentInterpolationDecoration;
  c.descriptor_buffer = f.descriptor_buffer.descriptorBuffer && c.buffer_device_address;
  c.push_descriptor = c.has_extension(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  c.multi_draw = f.multi_draw.multiDraw;
  c.custom_border_color = f.custom_border_color.customBorderColors;
  c.custom_border_color_without_format = f.custom_border_color.customBorderColorWithoutFormat;
  c.robustness2 = c.has_extension(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
  c.null_descriptor = f.robustness2.nullDescriptor;
  c.robust_buffer_access = f.core.features.robustBufferAccess;
  c.robust_buffer_access2 = c.robustness2 && f.robustness2.robustBufferAccess2;
  c.robust_image_access = f.v13.robustImageAccess;
  c.robust_image_access2 = c.robustness2 && f.robustness2.robustImageAccess2;
  c.robust_buffer_access_update_after_bind = p12.robustBufferAccessUpdateAfterBind;
  c.pipeline_robustness = f.pipeline_robustness.pipelineRobustness;
  c.transform_feedback = f.transform_feedback.transformFeedback;
  c.transform_feedback_queries = xfbp.transformFeedbackQueries;
  c.transform_feedback_draw = xfbp.transformFeedbackDraw;
  c.geometry_streams = f.transform_feedback.geometryStreams;
  c.max_transform_feedback_streams = xfbp.maxTransformFeedbackStreams;
  c.conditional_rendering = f.conditional_rendering.conditionalRendering;
  c.line_rasterization = c.has_extension(VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME);
  c.line_stipple = f.line_rasterization.stippledRectangularLines || f.line_rasterization.stippledBresenhamLines;
  c.line_smooth = f.line_rasterization.smoothLines;
  c.line_bresenham = f.line_rasterization.bresenhamLines;
  c.shader_object = f.shader_object.shaderObject;
  c.maintenance5 = f.maintenance5.maintenance5;
  c.non_seamless_cube_map = f.non_seamless_cube_map.nonSeamlessCubeMap;
  c.index_type_uint8 = f.index_type_uint8.indexTypeUint8;
  c.list_restart = f.list_restart.primitiveTopologyListRestart;
  c.depth_clip_enable = f.depth_clip_enable.depthClipEnable;
  c.depth_clip_control = f.depth_clip_control.depthClipControl;
  c.provoking_vertex_last = f.provoking_vertex.provokingVertexLast;
  c.color_write_enable = f.color_write_enable.colorWriteEnable;
  c.vertex_attribute_divisor = f.vertex_attribute_divisor.vertexAttributeInstanceRateDivisor;
  c.vertex_attribute_zero_divisor = f.vertex_attribute_divisor.vertexAttributeInstanceRateZeroDivisor;
  c.max_vertex_attrib_divisor = c.vertex_attribute_divisor ? divp.maxVertexAttribDivisor : 1;
  c.border_color_swizzle = f.border_color_swizzle.borderColorSwizzle;
  c.border_color_swizzle_from_image = f.border_color_swizzle.borderColorSwizzleFromImage;
  c.primitives_generated_query = f.primitives_generated_query.primitivesGeneratedQuery;
  c.primitives_generated_with_discard =
      f.primitives_generated_query.primitivesGeneratedQueryWithRasterizerDiscard;
  c.primitives_generated_nonzero_streams = f.primitives_generated_query.primitivesGeneratedQueryWithNonZeroStreams;
  c.shader_image_float32_atomics = f.atomic_float.shaderImageFloat32Atomics;
  c.sampler_2d_view_of_3d = f.image_2d_view_of_3d.image2DViewOf3D && f.image_2d_view_of_3d.sampler2DViewOf3D;
  // The feature is only chained when the extension is enabled. Every colour
  // attachment (GL's draw buffers, up to 8) may be in a pipeline that blends
  // draw buffer 0 with an advanced operation.
  c.advanced_blend_coherent = f.blend_operation_advanced.advancedBlendCoherentOperations &&
                              abp.advancedBlendIndependentBlend &&
                              abp.advancedBlendMaxColorAttachments >= std::min(8u, l.maxColorAttachments);
  c.swapchain = c.has_extension(VK_KHR_SWAPCHAIN_EXTENSION_NAME);
  c.shader_stencil_export = c.has_extension(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME);

  c.enable = c.supported;
  prune_enable(c.enable);

  if (!c.dynamic_rendering && !c.synchronization2) {
    // Both are mandatory in 1.3; a driver that reports otherwise is broken.
    *why_not = "Vulkan 1.3 device without dynamicRendering/synchronization2";
    return false;
  }
  if (!c.timeline_semaphore) {
    *why_not = "no timeline semaphores";
    return false;
  }
  return true;
}

}  // namespace brass::vk
