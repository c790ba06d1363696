#include "driver/screen.h"

#include <cmath>
#include <iterator>

#include "driver/batch/batch_ring.h"
#include "driver/context.h"
#include "driver/resource/resource.h"
#include "driver/resource/view_format.h"
#include "driver/status.h"
#include "driver/stream_output/stream_output.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/options.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_objects_destroyed("resource.objects_destroyed");
StatCounter g_objects_deferred("resource.objects_deferred");

// The highest count in a VkSampleCountFlags mask (1 when only single sampling).
int64_t highest_count(uint32_t counts) {
  for (uint32_t s = 64; s > 1; s >>= 1)
    if (counts & s) return s;
  return 1;
}

// Vulkan's standard sample locations (the "Standard sample locations" table
// of the Vulkan specification, section Multisampling), in 1/16 pixel from
// the pixel's corner of lowest framebuffer coordinates. Brass renders GL's
// bottom row as framebuffer row 0, so that corner is GL's lower-left one
// and the table reads in GL window orientation unchanged.
struct SampleLocation {
  uint8_t x, y;
};
constexpr SampleLocation kStandard1[] = {{8, 8}};
constexpr SampleLocation kStandard2[] = {{12, 12}, {4, 4}};
constexpr SampleLocation kStandard4[] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
constexpr SampleLocation kStandard8[] = {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}};
constexpr SampleLocation kStandard16[] = {{9, 9},  {7, 5},  {5, 10}, {12, 7}, {3, 6},  {10, 13}, {13, 11}, {11, 3},
                                          {6, 14}, {8, 1},  {4, 2},  {2, 12}, {0, 8},  {15, 4},  {14, 15}, {1, 0}};
}  // namespace

std::unique_ptr<VulkanScreen> VulkanScreen::create(std::string* why_not) {
  auto device = vk::Device::create_from_options(why_not);
  if (!device) return nullptr;
  return std::make_unique<VulkanScreen>(std::move(device));
}

VulkanScreen::VulkanScreen(std::unique_ptr<vk::Device> device) : device_(std::move(device)) {
  layout_publisher_ = std::make_unique<SharedLayoutPublisher>(*device_, device_->caps().synchronization2);
  // BRASS_SHADER_CACHE_DISABLE / MESA_SHADER_CACHE_DISABLE (paths().shader_cache
  // false): no VkPipelineCache at all, so every pipeline is really compiled.
  const std::string& dir = options().shader_cache_dir;
  if (device_->paths().shader_cache && !dir.empty())
    pipeline_cache_ = PipelineCacheFile::open(*device_, dir + "/pipelines/" + pipeline_cache_file_name(device_->caps()));
  if (device_->paths().pipeline_library)
    libraries_ = std::make_unique<PipelineLibraryCache>(*device_, pipeline_cache());
}

VulkanScreen::~VulkanScreen() {
  if (!device_) return;
  background_jobs_.wait();  // they create pipelines through the caches below
  if (!process_exiting()) vkDeviceWaitIdle(device_->handle());  // drained at exit
  shared_garbage_.destroy_all();
  layout_publisher_.reset();  // its submissions are done
  libraries_.reset();
  pipeline_cache_.reset();  // saves, before the device goes
}

const char* VulkanScreen::name() const { return device_->caps().device_name.c_str(); }

int64_t VulkanScreen::get_cap(pipe::Cap cap) const {
  const vk::Capabilities& c = device_->caps();
  const vk::Limits& l = c.limits;
  switch (cap) {
    case pipe::Cap::MaxTextureSize2D: return l.max_image_dimension_2d;
    case pipe::Cap::MaxTextureSize3D: return l.max_image_dimension_3d;
    case pipe::Cap::MaxTextureArrayLayers: return l.max_image_array_layers;
    case pipe::Cap::MaxColorBuffers: return std::min<uint32_t>(l.max_color_attachments, pipe::kMaxColorBuffers);
    case pipe::Cap::MaxVertexAttributes: return std::min<uint32_t>(l.max_vertex_input_attributes, pipe::kMaxVertexElements);
    case pipe::Cap::MaxViewports: return std::min<uint32_t>(l.max_viewports, pipe::kMaxViewports);
    case pipe::Cap::MaxSamples: return highest_count(l.framebuffer_color_sample_counts & l.framebuffer_depth_sample_counts);
    // Multisample textures are rendered to and sampled: per format, what
    // the device allows an image used both ways.
    case pipe::Cap::MaxColorTextureSamples: return texture_sample_limit(TextureSampleKind::Color);
    case pipe::Cap::MaxDepthTextureSamples: return texture_sample_limit(TextureSampleKind::Depth);
    case pipe::Cap::MaxIntegerSamples: return texture_sample_limit(TextureSampleKind::Integer);
    case pipe::Cap::MaxSampleMaskWords: return l.max_sample_mask_words;
    case pipe::Cap::ConstantBufferOffsetAlignment: return static_cast<int64_t>(l.min_uniform_buffer_offset_alignment);
    case pipe::Cap::ShaderBufferOffsetAlignment: return static_cast<int64_t>(l.min_storage_buffer_offset_alignment);
    case pipe::Cap::TexelBufferOffsetAlignment: return static_cast<int64_t>(l.min_texel_buffer_offset_alignment);
    case pipe::Cap::MaxTexelBufferElements: return l.max_texel_buffer_elements;
    case pipe::Cap::MaxUniformBlockSize: return l.max_uniform_buffer_range;
    case pipe::Cap::MultiDraw: return c.multi_draw;
    case pipe::Cap::MaxDrawIndirectCount: return c.multi_draw_indirect ? l.max_draw_indirect_count : 1;
    case pipe::Cap::DrawIndirectCount: return c.draw_indirect_count;
    case pipe::Cap::PrimitiveRestartForLists: return c.list_restart;
    case pipe::Cap::IndexTypeUint8: return c.index_type_uint8;
    case pipe::Cap::DepthClipControl: return c.depth_clip_control;
    case pipe::Cap::GeometryShader: return c.geometry_shader;
    case pipe::Cap::TessellationShader: return c.tessellation_shader;
    case pipe::Cap::DynamicRendering: return dynamic_rendering();
    // The ranges' upper ends, whole pixels (GL reports them as float pairs
    // starting at 1, which Vulkan guarantees to support).
    case pipe::Cap::MaxVaryingComponents:
      return std::min(l.max_vertex_output_components, l.max_fragment_input_components);
    case pipe::Cap::MaxPointSize: return c.large_points ? static_cast<int64_t>(l.point_size_range[1]) : 1;
    case pipe::Cap::MaxLineWidth: return c.wide_lines ? static_cast<int64_t>(l.line_width_range[1]) : 1;
    case pipe::Cap::MaxClipDistances: return c.shader_clip_distance ? l.max_clip_distances : 0;
    case pipe::Cap::MaxCullDistances: return c.shader_cull_distance ? l.max_cull_distances : 0;
    // Vulkan guarantees maxFragmentDualSrcAttachments >= 1 with dualSrcBlend,
    // and the feature is enabled whenever supported (capabilities.cpp).
    case pipe::Cap::MaxDualSourceDrawBuffers: return c.dual_src_blend ? 1 : 0;
    case pipe::Cap::IndependentBlend: return c.independent_blend ? 1 : 0;
    case pipe::Cap::AdvancedBlendCoherent: return device_->paths().advanced_blend ? 1 : 0;
    case pipe::Cap::RobustBufferAccess: return device_->paths().robust_access != vk::RobustAccessPath::None ? 1 : 0;
    case pipe::Cap::MaxComputeWorkGroupCountX: return l.max_compute_work_group_count[0];
    case pipe::Cap::MaxComputeWorkGroupCountY: return l.max_compute_work_group_count[1];
    case pipe::Cap::MaxComputeWorkGroupCountZ: return l.max_compute_work_group_count[2];
    case pipe::Cap::MaxComputeWorkGroupSizeX: return l.max_compute_work_group_size[0];
    case pipe::Cap::MaxComputeWorkGroupSizeY: return l.max_compute_work_group_size[1];
    case pipe::Cap::MaxComputeWorkGroupSizeZ: return l.max_compute_work_group_size[2];
    case pipe::Cap::MaxComputeWorkGroupInvocations: return l.max_compute_work_group_invocations;
    case pipe::Cap::MaxComputeSharedMemory: return l.max_compute_shared_memory_size;
    case pipe::Cap::MaxShaderBufferSize: return l.max_storage_buffer_range;
    case pipe::Cap::MaxShaderImages: return std::min<uint32_t>(l.max_per_stage_storage_images, pipe::kMaxShaderImages);
    case pipe::Cap::MaxShaderBuffers: return std::min<uint32_t>(l.max_per_stage_storage_buffers, pipe::kMaxShaderBuffers);
    case pipe::Cap::VertexShaderStores: return c.vertex_pipeline_stores_and_atomics ? 1 : 0;
    case pipe::Cap::FragmentShaderStores: return c.fragment_stores_and_atomics ? 1 : 0;
    case pipe::Cap::DepthBiasClamp: return c.depth_bias_clamp ? 1 : 0;
    case pipe::Cap::NonSeamlessCubeMap: return c.non_seamless_cube_map ? 1 : 0;
    // Custom border colors whatever the view's format, swizzled by the
    // view's component mapping (GL swizzles border texels like any other;
    // Brass's format emulation swizzles too): by the device, or by a sampler
    // made for the view's mapping (device/device_paths.h).
    case pipe::Cap::CustomBorderColor:
      return device_->paths().border_color_swizzle != vk::BorderColorSwizzle::None ? 1 : 0;
    case pipe::Cap::MaxFramebufferWidth: return l.max_framebuffer_width;
    case pipe::Cap::MaxFramebufferHeight: return l.max_framebuffer_height;
    case pipe::Cap::MaxFramebufferNoAttachmentSamples: return highest_count(l.framebuffer_no_attachments_sample_counts);
    case pipe::Cap::ImageFloatAtomicExchange: return c.shader_image_float32_atomics ? 1 : 0;
    case pipe::Cap::ShaderStencilExport: return c.shader_stencil_export ? 1 : 0;
    case pipe::Cap::Sampled2DViewOf3D: return c.sampler_2d_view_of_3d ? 1 : 0;
    case pipe::Cap::MaxGeometryInputComponents: return c.geometry_shader ? l.max_geometry_input_components : 0;
    case pipe::Cap::MaxGeometryOutputComponents: return c.geometry_shader ? l.max_geometry_output_components : 0;
    case pipe::Cap::MaxGeometryOutputVertices: return c.geometry_shader ? l.max_geometry_output_vertices : 0;
    case pipe::Cap::MaxGeometryTotalOutputComponents:
      return c.geometry_shader ? l.max_geometry_total_output_components : 0;
    case pipe::Cap::MaxGeometryShaderInvocations: return c.geometry_shader ? l.max_geometry_shader_invocations : 0;
    case pipe::Cap::GeometryPointSize: return c.geometry_shader && c.tessellation_geometry_point_size ? 1 : 0;
    case pipe::Cap::MaxFramebufferLayers: return l.max_framebuffer_layers;
    case pipe::Cap::MaxTessGenLevel: return c.tessellation_shader ? l.max_tessellation_generation_level : 0;
    case pipe::Cap::MaxPatchVertices: return c.tessellation_shader ? l.max_tessellation_patch_size : 0;
    case pipe::Cap::MaxTessControlInputComponents:
      return c.tessellation_shader ? l.max_tessellation_control_per_vertex_input_components : 0;
    case pipe::Cap::MaxTessControlOutputComponents:
      return c.tessellation_shader ? l.max_tessellation_control_per_vertex_output_components : 0;
    case pipe::Cap::MaxTessPatchComponents:
      return c.tessellation_shader ? l.max_tessellation_control_per_patch_output_components : 0;
    case pipe::Cap::MaxTessControlTotalOutputComponents:
      return c.tessellation_shader ? l.max_tessellation_control_total_output_components : 0;
    case pipe::Cap::MaxTessEvaluationInputComponents:
      return c.tessellation_shader ? l.max_tessellation_evaluation_input_components : 0;
    case pipe::Cap::MaxTessEvaluationOutputComponents:
      return c.tessellation_shader ? l.max_tessellation_evaluation_output_components : 0;
    case pipe::Cap::TessellationPointSize: return c.tessellation_shader && c.tessellation_geometry_point_size ? 1 : 0;
    case pipe::Cap::ShaderFloat64: return c.shader_float64 ? 1 : 0;
    case pipe::Cap::SamplerMirrorClampToEdge: return c.sampler_mirror_clamp_to_edge ? 1 : 0;
    case pipe::Cap::ShaderInt64: return c.shader_int64 ? 1 : 0;
    case pipe::Cap::MaxSamplerLodBias: return static_cast<int64_t>(std::floor(l.max_sampler_lod_bias));
    case pipe::Cap::MaxSamplerAnisotropy:
      return c.sampler_anisotropy && l.max_sampler_anisotropy >= 1 ? static_cast<int64_t>(l.max_sampler_anisotropy) : 1;
    case pipe::Cap::PrimitivesGeneratedQuery:
      return c.primitives_generated_query && c.primitives_generated_with_discard ? 1 : 0;
    case pipe::Cap::StreamOutputDraw: return c.transform_feedback && c.transform_feedback_draw ? 1 : 0;
    case pipe::Cap::StreamOutputQueries: return c.transform_feedback && c.transform_feedback_queries ? 1 : 0;
    case pipe::Cap::MaxVertexStreams: return vertex_streams(c);
    case pipe::Cap::PreciseOcclusionQuery: return c.occlusion_query_precise ? 1 : 0;
    // Timestamps need a period to turn ticks into nanoseconds.
    case pipe::Cap::TimestampBits: return l.timestamp_period > 0 ? l.timestamp_valid_bits : 0;
    case pipe::Cap::SampleRateShading: return c.sample_rate_shading ? 1 : 0;
    // Vulkan's limits are floats; the seam's caps are integers in 1/65536
    // pixel (Vulkan's required -0.5 and 0.5 - 2^-bits are exact).
    case pipe::Cap::MinInterpolationOffset: return std::llround(double(l.min_interpolation_offset) * 65536.0);
    case pipe::Cap::MaxInterpolationOffset: return std::llround(double(l.max_interpolation_offset) * 65536.0);
    case pipe::Cap::InterpolationOffsetBits: return l.sub_pixel_interpolation_offset_bits;
    case pipe::Cap::ExtendedGather: return c.image_gather_extended ? 1 : 0;
    case pipe::Cap::BufferArrayDynamicIndexing: return c.buffer_array_dynamic_indexing ? 1 : 0;
    case pipe::Cap::ImageArrayDynamicIndexing: return c.image_array_dynamic_indexing ? 1 : 0;
    case pipe::Cap::SplitUnpackHalf2x16: return c.unpack_half_folds_high_half_wrong ? 1 : 0;
    case pipe::Cap::PipelineStatisticsQuery: return c.pipeline_statistics_query ? 1 : 0;
    case pipe::Cap::SubgroupVoteStages: {
      constexpr VkShaderStageFlagBits kStages[] = {VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
                                                   VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
                                                   VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
                                                   VK_SHADER_STAGE_COMPUTE_BIT};
      int64_t bits = 0;
      for (size_t i = 0; i < std::size(kStages); ++i)
        if (c.subgroup_vote_stages & kStages[i]) bits |= int64_t{1} << i;
      return bits;
    }
  }
  return 0;
}

bool VulkanScreen::is_format_supported(pipe::Format format, pipe::Target target, uint32_t samples,
                                       uint32_t usage) const {
  // Cube map array views need the imageCubeArray feature.
  if (target == pipe::Target::TextureCubeArray && !device_->caps().image_cube_array) return false;
  if (target == pipe::Target::Buffer) {
    usage &= ~(pipe::kUsageSampled | pipe::kUsageFilterLinear);
    // A vertex-fetch question asks for vertex fetch alone: the 64-bit
    // formats are vertex formats that no device reads as texel buffers.
    if (usage != pipe::kUsageVertexBuffer) usage |= pipe::kUsageTexelBuffer;
  }
  const vk::FormatChoice choice = device_->formats().choose(format, usage);
  if (!choice) return false;
  if (samples > 1) {
    if (!(sample_counts(format, usage) & samples)) return false;
  }
  return true;
}

uint32_t VulkanScreen::sample_counts(pipe::Format format, uint32_t usage) const {
  // Multisampled storage images need shaderStorageImageMultisample, which
  // Brass does not enable.
  if (usage & pipe::kUsageStorage) return VK_SAMPLE_COUNT_1_BIT;
  const vk::FormatTable& formats = device_->formats();
  const vk::FormatChoice choice = formats.choose(format, usage | pipe::kUsageTransfer);
  if (!choice) return 0;
  // The image ResourceObject::create makes for this use: transfers always,
  // attachment use wherever the format has it, SAMPLED when asked for (it
  // is dropped from a renderbuffer whose count cannot be sampled), mutable
  // format for color formats.
  const VkFormatFeatureFlags f = formats.properties(choice.vk).optimalTilingFeatures;
  VkImageUsageFlags vk_usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (usage & pipe::kUsageSampled) vk_usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (f & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) vk_usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  if (f & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) vk_usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  const pipe::FormatDescription& d = pipe::describe(format);
  const VkImageCreateFlags flags = d.is_depth() || d.is_stencil() ? 0 : VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  return formats.image_sample_counts(choice.vk, vk_usage, flags) | VK_SAMPLE_COUNT_1_BIT;
}

int64_t VulkanScreen::texture_sample_limit(TextureSampleKind kind) const {
  std::call_once(texture_sample_limits_once_, [this] {
    // The counts every format of a kind can be rendered and sampled at:
    // GL promises each format of the kind MAX_*_TEXTURE_SAMPLES (when no
    // more than MAX_SAMPLES). Formats of the kind the device cannot render
    // or sample do not count.
    std::array<uint32_t, 3> common{~0u, ~0u, ~0u};
    for (size_t i = 0; i < pipe::kFormatCount; ++i) {
      const auto format = static_cast<pipe::Format>(i);
      const pipe::FormatDescription& d = pipe::describe(format);
      if (d.is_compressed()) continue;
      const bool ds = d.is_depth() || d.is_stencil();
      const uint32_t usage = pipe::kUsageSampled | (ds ? pipe::kUsageDepthStencil : pipe::kUsageColorAttachment);
      if (!device_->formats().supports(format, usage | pipe::kUsageTransfer)) continue;
      const auto k = ds ? TextureSampleKind::Depth : d.is_integer() ? TextureSampleKind::Integer : TextureSampleKind::Color;
      common[static_cast<size_t>(k)] &= sample_counts(format, usage);
    }
    for (size_t k = 0; k < common.size(); ++k) texture_sample_limits_[k] = common[k] == ~0u ? 1 : highest_count(common[k]);
  });
  return texture_sample_limits_[static_cast<size_t>(kind)];
}

bool VulkanScreen::sample_position(uint32_t samples, uint32_t index, float* x, float* y) const {
  if (!device_->caps().limits.standard_sample_locations || index >= samples) return false;
  const SampleLocation* table = nullptr;
  switch (samples) {
    case 1: table = kStandard1; break;
    case 2: table = kStandard2; break;
    case 4: table = kStandard4; break;
    case 8: table = kStandard8; break;
    case 16: table = kStandard16; break;
    default: return false;  // 32 and 64 samples have no standard locations
  }
  *x = static_cast<float>(table[index].x) / 16.0f;
  *y = static_cast<float>(table[index].y) / 16.0f;
  return true;
}

Ref<pipe::Resource> VulkanScreen::resource_create(const pipe::ResourceTemplate& templ, pipe::Status* status) {
  vk::Status s;
  ResourceObject* obj = ResourceObject::create(*this, templ, &s);
  if (!obj) {
    if (status) *status = s.ok() ? pipe::Status::Unsupported : to_pipe_status(s);
    return nullptr;
  }
  if (status) *status = pipe::Status::Ok;
  return make_ref<Resource>(templ, Ref<ResourceObject>::adopt(obj));
}

bool VulkanScreen::can_view_format(const pipe::Resource& resource, pipe::Format view_format) const {
  const pipe::Format own = resource.templ().format;
  if (view_format == own) return true;
  if (resource.is_buffer()) return false;
  // Depth/stencil images are not created mutable (resource_object.cpp).
  const pipe::FormatDescription& d = pipe::describe(own);
  if (d.is_depth() || d.is_stencil()) return false;
  const ResourceObject* o = driver_resource(const_cast<pipe::Resource*>(&resource))->obj();
  const uint32_t usage = (resource.templ().bind & pipe::kBindSamplerView) ? pipe::kUsageSampled : 0u;
  return static_cast<bool>(compatible_view_format(device_->formats(), *o, own, view_format, usage));
}

bool VulkanScreen::fence_finish(pipe::Fence* fence, uint64_t timeout_ns) {
  auto* f = static_cast<VulkanFence*>(fence);
  if (f->serial == 0) return true;  // nothing was ever submitted
  return f->timeline->wait(f->serial, timeout_ns) == VK_SUCCESS;
}

std::unique_ptr<pipe::Context> VulkanScreen::context_create(const pipe::ContextOptions& options,
                                                            pipe::Status* status) {
  if (options.robust_buffer_access && device_->paths().robust_access == vk::RobustAccessPath::None) {
    *status = pipe::Status::Unsupported;
    return nullptr;
  }
  return VulkanContext::create(*this, options, status);
}

uint32_t VulkanScreen::register_ring(BatchRing* r) {
  std::lock_guard<std::mutex> lock(rings_mutex_);
  rings_.push_back({++last_ring_id_, r});
  return last_ring_id_;
}

void VulkanScreen::unregister_ring(uint32_t id) {
  std::lock_guard<std::mutex> lock(rings_mutex_);
  std::erase_if(rings_, [id](const RingEntry& e) { return e.id == id; });
}

BatchRing* VulkanScreen::find_ring_locked(uint32_t id) const {
  if (id == 0) return nullptr;
  for (const RingEntry& e : rings_)
    if (e.id == id) return e.ring;
  return nullptr;
}

Ref<Timeline> VulkanScreen::timeline(uint32_t id) {
  std::lock_guard<std::mutex> lock(rings_mutex_);
  BatchRing* r = find_ring_locked(id);
  return r ? Ref<Timeline>::share(&r->shared_timeline()) : nullptr;
}

void VulkanScreen::retire_shared(std::function<void()> destroy) {
  SharedGarbage::Waits waits;
  {
    std::lock_guard<std::mutex> lock(rings_mutex_);
    waits.reserve(rings_.size());
    for (const RingEntry& e : rings_) {
      Timeline& t = e.ring->shared_timeline();
      waits.emplace_back(Ref<Timeline>::share(&t), t.recording());
    }
  }
  shared_garbage_.add(std::move(waits), std::move(destroy));
}

void VulkanScreen::retire(ResourceObject* obj) {
  collect_shared_garbage();
  if (obj->usage.several_rings()) {
    // Used by contexts on several rings: the serial names only the last.
    g_objects_deferred.add();
    return retire_shared([obj] { delete obj; });
  }
  const uint64_t serial = obj->usage.last_serial();
  // Possibly still read by the GPU: the handles wait in the garbage list of
  // the ring that used it last (whichever thread drops the last reference).
  const bool deferred = obj->usage.used() && defer_to_ring(obj->usage.ring_id(), serial, [&](GarbageList& g) {
    g.add(serial, obj->buffer);
    g.add(serial, obj->image);
    g.add_memory(serial, obj->memory);
  });
  if (deferred) {
    g_objects_deferred.add();
    obj->buffer = VK_NULL_HANDLE;
    obj->image = VK_NULL_HANDLE;
    obj->memory = {};
  } else {
    g_objects_destroyed.add();
  }
  delete obj;
}

}  // namespace brass::driver

namespace brass {
void RefTraits<driver::ResourceObject>::destroy(driver::ResourceObject* o) { o->screen().retire(o); }
}  // namespace brass
