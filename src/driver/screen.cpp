#include "driver/screen.h"

#include "driver/batch/batch_ring.h"
#include "driver/context.h"
#include "driver/resource/resource.h"
#include "driver/status.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/options.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_objects_destroyed("resource.objects_destroyed");
StatCounter g_objects_deferred("resource.objects_deferred");
}  // namespace

std::unique_ptr<VulkanScreen> VulkanScreen::create(std::string* why_not) {
  auto device = vk::Device::create_from_options(why_not);
  if (!device) return nullptr;
  return std::make_unique<VulkanScreen>(std::move(device));
}

VulkanScreen::VulkanScreen(std::unique_ptr<vk::Device> device) : device_(std::move(device)) {
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
    case pipe::Cap::MaxSamples: {
      const uint32_t counts = l.framebuffer_color_sample_counts & l.framebuffer_depth_sample_counts;
      for (int s = 64; s > 1; s >>= 1)
        if (counts & s) return s;
      return 1;
    }
    case pipe::Cap::ConstantBufferOffsetAlignment: return static_cast<int64_t>(l.min_uniform_buffer_offset_alignment);
    case pipe::Cap::ShaderBufferOffsetAlignment: return static_cast<int64_t>(l.min_storage_buffer_offset_alignment);
    case pipe::Cap::TexelBufferOffsetAlignment: return static_cast<int64_t>(l.min_texel_buffer_offset_alignment);
    case pipe::Cap::MaxUniformBlockSize: return l.max_uniform_buffer_range;
    case pipe::Cap::MultiDraw: return c.multi_draw;
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
    case pipe::Cap::VertexShaderStores: return c.vertex_pipeline_stores_and_atomics ? 1 : 0;
    case pipe::Cap::FragmentShaderStores: return c.fragment_stores_and_atomics ? 1 : 0;
    case pipe::Cap::DepthBiasClamp: return c.depth_bias_clamp ? 1 : 0;
    case pipe::Cap::MaxFramebufferWidth: return l.max_framebuffer_width;
    case pipe::Cap::MaxFramebufferHeight: return l.max_framebuffer_height;
    case pipe::Cap::MaxFramebufferNoAttachmentSamples:
      for (int s = 64; s > 1; s >>= 1)
        if (l.framebuffer_no_attachments_sample_counts & static_cast<uint32_t>(s)) return s;
      return 1;
    case pipe::Cap::ImageFloatAtomicExchange: return c.shader_image_float32_atomics ? 1 : 0;
  }
  return 0;
}

bool VulkanScreen::is_format_supported(pipe::Format format, pipe::Target target, uint32_t samples,
                                       uint32_t usage) const {
  if (target == pipe::Target::Buffer) {
    usage &= ~(pipe::kUsageSampled | pipe::kUsageFilterLinear);
    usage |= pipe::kUsageTexelBuffer;
  }
  const vk::FormatChoice choice = device_->formats().choose(format, usage);
  if (!choice) return false;
  if (samples > 1) {
    const vk::Limits& l = device_->caps().limits;
    const uint32_t counts = pipe::describe(format).is_depth() || pipe::describe(format).is_stencil()
                                ? l.framebuffer_depth_sample_counts
                                : l.framebuffer_color_sample_counts;
    if (!(counts & samples)) return false;
  }
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

bool VulkanScreen::fence_finish(pipe::Fence* fence, uint64_t timeout_ns) {
  auto* f = static_cast<VulkanFence*>(fence);
  BatchRing* r = ring(f->ring_id);
  if (!r) return true;  // its context is gone, and it waited for idle first
  return r->wait(f->serial, timeout_ns).result == VK_SUCCESS;
}

std::unique_ptr<pipe::Context> VulkanScreen::context_create(pipe::Status* status) {
  return VulkanContext::create(*this, status);
}

uint32_t VulkanScreen::register_ring(BatchRing* r) {
  std::lock_guard<std::mutex> lock(rings_mutex_);
  for (size_t i = 0; i < rings_.size(); ++i) {
    if (!rings_[i]) {
      rings_[i] = r;
      return static_cast<uint32_t>(i + 1);
    }
  }
  rings_.push_back(r);
  return static_cast<uint32_t>(rings_.size());
}

void VulkanScreen::unregister_ring(uint32_t id) {
  std::lock_guard<std::mutex> lock(rings_mutex_);
  if (id && id <= rings_.size()) rings_[id - 1] = nullptr;
}

BatchRing* VulkanScreen::ring(uint32_t id) {
  std::lock_guard<std::mutex> lock(rings_mutex_);
  return id && id <= rings_.size() ? rings_[id - 1] : nullptr;
}

void VulkanScreen::retire(ResourceObject* obj) {
  BatchRing* r = obj->usage.used() ? ring(obj->usage.ring_id) : nullptr;
  const uint64_t serial = obj->usage.last_serial();
  if (r && !r->is_complete(serial)) {
    // Possibly still read by the GPU: the handles wait in the garbage list.
    g_objects_deferred.add();
    GarbageList& g = r->garbage();
    g.add(serial, obj->buffer);
    g.add(serial, obj->image);
    g.add_memory(serial, obj->memory);
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
