// Everything Brass decides by device: API version, limits, and the optional
// extensions/features later modules choose their paths by. Probed once per
// physical device; every workaround or path choice reads this struct, and
// brass-info prints it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "device/vk.h"

namespace brass::vk {

// Vulkan feature structs chained together. Used twice: filled by the probe
// (what the device supports) and, pruned, passed to vkCreateDevice (what
// Brass enables). Only structs of extensions the device has are chained.
struct FeatureChain {
  VkPhysicalDeviceFeatures2 core{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features v11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features v13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT};
  VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
  VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT vertex_input{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT};
  VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gpl{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT};
  VkPhysicalDeviceDescriptorBufferFeaturesEXT descriptor_buffer{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_BUFFER_FEATURES_EXT};
  VkPhysicalDeviceMultiDrawFeaturesEXT multi_draw{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT};
  VkPhysicalDeviceCustomBorderColorFeaturesEXT custom_border_color{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
  VkPhysicalDeviceRobustness2FeaturesEXT robustness2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
  VkPhysicalDeviceTransformFeedbackFeaturesEXT transform_feedback{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
  VkPhysicalDeviceLineRasterizationFeaturesEXT line_rasterization{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};
  VkPhysicalDeviceShaderObjectFeaturesEXT shader_object{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT};
  VkPhysicalDeviceMaintenance5FeaturesKHR maintenance5{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR};
  VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT non_seamless_cube_map{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
  VkPhysicalDeviceIndexTypeUint8FeaturesEXT index_type_uint8{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT};
  VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT list_restart{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT};
  VkPhysicalDeviceDepthClipEnableFeaturesEXT depth_clip_enable{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT};
  VkPhysicalDeviceProvokingVertexFeaturesEXT provoking_vertex{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT};
  VkPhysicalDeviceColorWriteEnableFeaturesEXT color_write_enable{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COLOR_WRITE_ENABLE_FEATURES_EXT};
  VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT vertex_attribute_divisor{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
  VkPhysicalDeviceBorderColorSwizzleFeaturesEXT border_color_swizzle{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT};
  VkPhysicalDeviceDepthClipControlFeaturesEXT depth_clip_control{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT};
  VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT primitives_generated_query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVES_GENERATED_QUERY_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  VkPhysicalDeviceImage2DViewOf3DFeaturesEXT image_2d_view_of_3d{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_2D_VIEW_OF_3D_FEATURES_EXT};
  VkPhysicalDeviceBlendOperationAdvancedFeaturesEXT blend_operation_advanced{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BLEND_OPERATION_ADVANCED_FEATURES_EXT};
  VkPhysicalDevicePipelineRobustnessFeaturesEXT pipeline_robustness{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_ROBUSTNESS_FEATURES_EXT};
  VkPhysicalDeviceConditionalRenderingFeaturesEXT conditional_rendering{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT};

  FeatureChain() = default;
  FeatureChain(const FeatureChain& o) { *this = o; }
  // Copies values and rebuilds pNext links (which must point into this copy).
  FeatureChain& operator=(const FeatureChain& o);
  // Links core -> v11 -> v12 -> v13 -> the structs whose extension is enabled.
  void link(const std::vector<std::string>& extensions);
};

struct Limits {
  uint32_t max_image_dimension_1d = 0, max_image_dimension_2d = 0, max_image_dimension_3d = 0;
  uint32_t max_image_dimension_cube = 0, max_image_array_layers = 0, max_texel_buffer_elements = 0;
  uint32_t max_uniform_buffer_range = 0, max_storage_buffer_range = 0, max_push_constants_size = 0;
  uint32_t max_memory_allocation_count = 0, max_sampler_allocation_count = 0;
  uint64_t buffer_image_granularity = 0, non_coherent_atom_size = 0;
  uint64_t min_uniform_buffer_offset_alignment = 0, min_storage_buffer_offset_alignment = 0;
  uint64_t min_texel_buffer_offset_alignment = 0, optimal_buffer_copy_offset_alignment = 0;
  uint32_t max_bound_descriptor_sets = 0;
  uint32_t max_per_stage_samplers = 0, max_per_stage_uniform_buffers = 0, max_per_stage_storage_buffers = 0;
  uint32_t max_per_stage_sampled_images = 0, max_per_stage_storage_images = 0, max_per_stage_resources = 0;
  uint32_t max_descriptor_set_uniform_buffers_dynamic = 0;
  uint32_t max_vertex_input_attributes = 0, max_vertex_input_bindings = 0;
  uint32_t max_vertex_input_attribute_offset = 0, max_vertex_input_binding_stride = 0;
  uint32_t max_vertex_output_components = 0, max_fragment_input_components = 0;
  uint32_t max_geometry_output_vertices = 0, max_tessellation_generation_level = 0;
  uint32_t max_geometry_input_components = 0, max_geometry_output_components = 0;
  uint32_t max_geometry_total_output_components = 0, max_geometry_shader_invocations = 0;
  uint32_t max_tessellation_patch_size = 0;
  float min_interpolation_offset = 0, max_interpolation_offset = 0;
  uint32_t sub_pixel_interpolation_offset_bits = 0;
  uint32_t max_tessellation_control_per_vertex_input_components = 0;
  uint32_t max_tessellation_control_per_vertex_output_components = 0;
  uint32_t max_tessellation_control_per_patch_output_components = 0;
  uint32_t max_tessellation_control_total_output_components = 0;
  uint32_t max_tessellation_evaluation_input_components = 0;
  uint32_t max_tessellation_evaluation_output_components = 0;
  uint32_t max_fragment_output_attachments = 0, max_color_attachments = 0;
  uint32_t max_compute_shared_memory_size = 0, max_compute_work_group_invocations = 0;
  uint32_t max_compute_work_group_count[3] = {}, max_compute_work_group_size[3] = {};
  uint32_t max_draw_indirect_count = 0, max_viewports = 0, max_viewport_dimensions[2] = {};
  uint32_t max_multi_draw_count = 0;  // draws of one vkCmdDrawMulti*EXT
  uint32_t max_framebuffer_width = 0, max_framebuffer_height = 0, max_framebuffer_layers = 0;
  uint32_t framebuffer_color_sample_counts = 0, framebuffer_depth_sample_counts = 0;
  uint32_t framebuffer_no_attachments_sample_counts = 0;
  uint32_t framebuffer_stencil_sample_counts = 0;
  uint32_t framebuffer_integer_color_sample_counts = 0;  // Vulkan 1.2 (integer color attachments)
  uint32_t sampled_image_color_sample_counts = 0, sampled_image_integer_sample_counts = 0;
  uint32_t sampled_image_depth_sample_counts = 0, sampled_image_stencil_sample_counts = 0;
  uint32_t max_sample_mask_words = 0;
  // Multisampled rasterization uses the fixed per-count sample locations of
  // the Vulkan specification ("standard sample locations").
  bool standard_sample_locations = false;
  uint32_t max_clip_distances = 0, max_cull_distances = 0, sub_pixel_precision_bits = 0;
  uint32_t max_transform_feedback_buffers = 0, max_push_descriptors = 0;
  float max_sampler_lod_bias = 0, max_sampler_anisotropy = 0, timestamp_period = 0;
  // timestampValidBits of the queue family Brass uses (Device::create sets
  // it once the family is chosen; 0: no timestamps).
  uint32_t timestamp_valid_bits = 0;
  float point_size_range[2] = {}, line_width_range[2] = {}, point_size_granularity = 0;
};

// VK_EXT_descriptor_buffer: how big each descriptor is when written into a
// buffer, and how far a bound descriptor buffer may reach (zero without the
// extension).
struct DescriptorBufferLimits {
  uint64_t offset_alignment = 0;
  uint64_t max_resource_range = 0, max_sampler_range = 0;  // bytes one binding may address
  uint32_t max_bindings = 0;
  uint32_t combined_image_sampler_size = 0, uniform_texel_buffer_size = 0, storage_texel_buffer_size = 0;
  uint32_t uniform_buffer_size = 0, storage_buffer_size = 0, storage_image_size = 0;
  // The buffer descriptors' sizes when robustBufferAccess is enabled on the
  // device (RobustAccessPath::DeviceWide); Device swaps them in then.
  uint32_t robust_uniform_texel_buffer_size = 0, robust_storage_texel_buffer_size = 0;
  uint32_t robust_uniform_buffer_size = 0, robust_storage_buffer_size = 0;
};

// One named entry per feature Brass chooses a path by.
struct Capabilities {
  // Identity.
  std::string device_name, driver_name, driver_info;
  uint32_t api_version = 0, driver_version = 0, vendor_id = 0, device_id = 0;
  VkDriverId driver_id = VkDriverId(0);
  VkPhysicalDeviceType device_type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
  uint8_t pipeline_cache_uuid[VK_UUID_SIZE] = {};
  uint8_t device_uuid[VK_UUID_SIZE] = {};
  Limits limits;
  DescriptorBufferLimits descriptor_buffer_limits;

  // Paths (extensions, or core features of Vulkan 1.3 that drivers still gate).
  bool dynamic_rendering = false;
  bool synchronization2 = false;
  bool timeline_semaphore = false;
  bool extended_dynamic_state = false;   // EDS1: core in 1.3
  bool extended_dynamic_state2 = false;  // EDS2 core part
  bool eds2_logic_op = false, eds2_patch_control_points = false;
  bool extended_dynamic_state3 = false;  // any EDS3 state at all
  bool eds3_polygon_mode = false, eds3_depth_clamp = false, eds3_sample_mask = false;
  bool eds3_alpha_to_coverage = false, eds3_alpha_to_one = false, eds3_logic_op_enable = false;
  bool eds3_color_blend_enable = false, eds3_color_blend_equation = false, eds3_color_write_mask = false;
  bool eds3_rasterization_samples = false, eds3_line_rasterization_mode = false;
  bool eds3_depth_clip_enable = false, eds3_provoking_vertex = false;
  bool vertex_input_dynamic_state = false;
  bool graphics_pipeline_library = false;
  bool gpl_fast_linking_complete = false;     // graphicsPipelineLibraryFastLinking
  bool gpl_independent_interpolation = false;
  bool descriptor_buffer = false;
  bool push_descriptor = false;
  bool multi_draw = false;
  bool custom_border_color = false, custom_border_color_without_format = false;
  bool robustness2 = false, null_descriptor = false;
  // Bounds-checked shader buffer, vertex input and image accesses (GL's
  // robust buffer access, docs/egl.md): what the device supports, enabled
  // per pipeline (VK_EXT_pipeline_robustness) or device-wide as
  // DevicePaths::robust_access decides.
  bool robust_buffer_access = false;        // core robustBufferAccess
  bool robust_buffer_access2 = false;       // VK_EXT_robustness2 robustBufferAccess2
  bool robust_image_access = false;         // Vulkan 1.3 robustImageAccess
  bool robust_image_access2 = false;        // VK_EXT_robustness2 robustImageAccess2
  bool robust_buffer_access_update_after_bind = false;  // Vulkan 1.2 property
  bool pipeline_robustness = false;         // VK_EXT_pipeline_robustness
  bool transform_feedback = false, transform_feedback_queries = false;
  bool transform_feedback_draw = false;  // vkCmdDrawIndirectByteCountEXT (transformFeedbackDraw)
  // Geometry shaders emit to several vertex streams (geometryStreams), up to
  // maxTransformFeedbackStreams, and primitives-generated queries count any
  // of them (primitivesGeneratedQueryWithNonZeroStreams).
  bool geometry_streams = false, primitives_generated_nonzero_streams = false;
  uint32_t max_transform_feedback_streams = 0;
  // Draws predicated on a value in a buffer (VK_EXT_conditional_rendering):
  // GL conditional rendering decided on the GPU.
  bool conditional_rendering = false;
  bool line_rasterization = false, line_stipple = false, line_smooth = false, line_bresenham = false;
  // vkCmdBlitImage writes both aspects of a combined depth/stencil image
  // whatever the regions' aspect masks say (lavapipe: its blit takes the
  // mask from the format, PIPE_MASK_ZS). Blits of one aspect avoid it.
  bool blit_writes_all_aspects = false;
  // NIR (Mesa's shader compiler) before 25.0 folds unpack_half_2x16 of a
  // constant with the high half shifted left instead of right, so every
  // high half comes out 0.0 (seen on lavapipe 22.3.6; 25.0.7 is right).
  bool unpack_half_folds_high_half_wrong = false;
  bool shader_object = false;
  bool maintenance5 = false;
  bool non_seamless_cube_map = false;
  bool index_type_uint8 = false;
  bool list_restart = false;            // restart for list topologies
  bool depth_clip_enable = false;
  bool depth_clip_control = false;      // [-1,1] clip space (GL's) without shader patching
  bool provoking_vertex_last = false;
  bool color_write_enable = false;
  bool vertex_attribute_divisor = false, vertex_attribute_zero_divisor = false;
  // The largest per-binding instance divisor (1 without the feature).
  uint32_t max_vertex_attrib_divisor = 1;
  bool border_color_swizzle = false, border_color_swizzle_from_image = false;
  bool primitives_generated_query = false;
  bool primitives_generated_with_discard = false;  // counts under rasterizerDiscardEnable too
  // Atomic exchange (and loads and stores) on R32_SFLOAT storage images
  // (VK_EXT_shader_atomic_float): GLSL ES imageAtomicExchange on r32f.
  bool shader_image_float32_atomics = false;
  // Sampling one slice of a 3D image through a 2D view
  // (VK_EXT_image_2d_view_of_3d, sampler2DViewOf3D): EGLImages of a 3D
  // texture slice (EGL_KHR_gl_texture_3D_image) as 2D textures.
  bool sampler_2d_view_of_3d = false;
  // KHR_blend_equation_advanced(_coherent) by the blender itself
  // (VK_EXT_blend_operation_advanced): advancedBlendCoherentOperations,
  // independent blend and every colour attachment may use the advanced
  // operations (the KHR equations are in every device's set). Without it
  // the fragment shader blends (src/compiler/advanced_blend.h).
  bool advanced_blend_coherent = false;
  bool swapchain = false;
  // Fragment shaders may write the stencil reference (FragStencilRefEXT,
  // VK_EXT_shader_stencil_export): GL's gl_FragStencilRefARB.
  bool shader_stencil_export = false;
  bool buffer_device_address = false;
  bool shader_draw_parameters = false;
  // Shader stages (VkShaderStageFlags) whose subgroups vote
  // (OpGroupNonUniformAll/Any/AllEqual): VK_SUBGROUP_FEATURE_VOTE_BIT in
  // subgroupSupportedOperations, limited to subgroupSupportedStages.
  uint32_t subgroup_vote_stages = 0;

  // Core Vulkan 1.0 features that GL features map to.
  bool geometry_shader = false, tessellation_shader = false, sample_rate_shading = false;
  // PointSize may be written by tessellation and geometry shaders (else
  // their points are 1 pixel and writing it is invalid).
  bool tessellation_geometry_point_size = false;
  bool dual_src_blend = false, logic_op = false, multi_draw_indirect = false;
  bool draw_indirect_count = false;  // Vulkan 1.2 drawIndirectCount
  bool draw_indirect_first_instance = false, depth_clamp = false, depth_bias_clamp = false;
  bool fill_mode_non_solid = false, wide_lines = false, large_points = false;
  bool sampler_anisotropy = false, texture_compression_etc2 = false, texture_compression_bc = false;
  bool texture_compression_astc_ldr = false, occlusion_query_precise = false;
  bool pipeline_statistics_query = false, vertex_pipeline_stores_and_atomics = false;
  bool fragment_stores_and_atomics = false, shader_clip_distance = false, shader_cull_distance = false;
  bool independent_blend = false, image_cube_array = false, shader_storage_image_extended_formats = false;
  bool shader_storage_image_write_without_format = false, shader_storage_image_read_without_format = false;
  bool shader_float64 = false, shader_int64 = false, sampler_mirror_clamp_to_edge = false;
  // shaderImageGatherExtended (gather offsets that are not constant, and
  // textureGatherOffsets); dynamic indexing of uniform and storage buffer
  // arrays (both); dynamic indexing of sampled and storage image arrays and
  // of both texel buffer kinds (all four; without them the compiler
  // rewrites such indexing into switches over constant indices).
  bool image_gather_extended = false, buffer_array_dynamic_indexing = false;
  bool image_array_dynamic_indexing = false;

  // Extensions found on the device, and those Brass enables.
  std::vector<std::string> device_extensions;
  std::vector<std::string> enabled_extensions;
  // Supported features as probed, and the pruned chain to enable.
  FeatureChain supported;
  FeatureChain enable;

  bool has_extension(const char* name) const;
  bool is_software() const { return device_type == VK_PHYSICAL_DEVICE_TYPE_CPU; }
};

// Fills everything above for one physical device. Returns false (and logs)
// when the device cannot run Brass (no Vulkan 1.3, no graphics queue).
bool probe_capabilities(VkPhysicalDevice physical_device, Capabilities* caps, std::string* why_not);

const char* device_type_name(VkPhysicalDeviceType type);
std::string version_string(uint32_t version);
std::string driver_version_string(const Capabilities& caps);

}  // namespace brass::vk
