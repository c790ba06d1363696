#include "driver/context.h"

#include <cstring>

#include "driver/status.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_invalidate_swaps("resource.invalidate_swaps");
StatCounter g_invalidate_resets("resource.invalidate_resets");

unsigned stage_index(pipe::ShaderStage s) { return static_cast<unsigned>(s); }
}  // namespace

std::unique_ptr<VulkanContext> VulkanContext::create(VulkanScreen& screen, pipe::Status* status) {
  std::unique_ptr<VulkanContext> ctx(new VulkanContext(screen));
  vk::Status s = ctx->init();
  if (status) *status = to_pipe_status(s);
  if (!s) return nullptr;
  return ctx;
}

VulkanContext::VulkanContext(VulkanScreen& screen)
    : screen_(screen),
      device_(screen.device()),
      caps_(screen.caps()),
      barriers_(screen.caps().synchronization2),
      rp_cache_(screen.vk_device()) {}

vk::Status VulkanContext::init() {
  ring_ = std::make_unique<BatchRing>(device_);
  ring_->set_id(screen_.register_ring(ring_.get()));
  vk::Status s = ring_->init();
  if (!s) return s;
  descriptor_buffer_ = device_.paths().descriptors == DescriptorMode::DescriptorBuffer;
  StreamBuffer::Config stream_config;
  stream_config.device_address = descriptor_buffer_;  // default uniforms are described by address
  stream_ = std::make_unique<StreamBuffer>(device_, *ring_, stream_config);
  if (descriptor_buffer_) {
    descriptor_ring_ = std::make_unique<StreamBuffer>(device_, *ring_, descriptor_ring_config(caps_));
    descriptor_bytes_.init(caps_.descriptor_buffer_limits);
  }
  meta_ = std::make_unique<MetaPipelines>(device_, screen_.pipeline_cache());
  s = meta_->init();
  if (!s) return s;
  dynamic_rendering_ = screen_.dynamic_rendering();
  dynamic_vertex_input_ = caps_.vertex_input_dynamic_state;
  index_type_uint8_ = caps_.index_type_uint8;
  uniform_range_ = std::min<VkDeviceSize>(caps_.limits.max_uniform_buffer_range, 65536);

  // Dummies so unbound slots still have valid descriptors.
  pipe::Status ps;
  pipe::ResourceTemplate bt;
  bt.target = pipe::Target::Buffer;
  bt.format = pipe::Format::None;
  bt.width = 65536;
  dummy_buffer_ = screen_.resource_create(bt, &ps);
  pipe::ResourceTemplate it;
  it.bind = pipe::kBindSamplerView;
  dummy_image_ = screen_.resource_create(it, &ps);
  if (!dummy_buffer_ || !dummy_image_) return vk::Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
  std::memset(driver_resource(dummy_buffer_.get())->obj()->memory.mapped, 0, 65536);
  ResourceObject* img = driver_resource(dummy_image_.get())->obj();
  VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  vci.image = img->image;
  vci.viewType = VK_IMAGE_VIEW_TYPE_2D;
  vci.format = img->format.vk;
  vci.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  BRASS_VK_RETURN_IF_FAILED(vkCreateImageView(device_.handle(), &vci, nullptr, &dummy_view_));
  VkBufferViewCreateInfo bvci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
  bvci.buffer = driver_resource(dummy_buffer_.get())->obj()->buffer;
  bvci.format = VK_FORMAT_R8G8B8A8_UNORM;
  bvci.range = VK_WHOLE_SIZE;
  BRASS_VK_RETURN_IF_FAILED(vkCreateBufferView(device_.handle(), &bvci, nullptr, &dummy_buffer_view_));
  s = create_sampler(device_.handle(), caps_, pipe::SamplerState{}, &dummy_sampler_);
  if (!s) return s;
  // The dummy image starts cleared and sampled-layout.
  VkCommandBuffer cmd = ring_->main_cmd();
  barriers_.image_access(img->levels, {VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true},
                         img->image, vci.subresourceRange);
  barriers_.emit(cmd);
  const VkClearColorValue zero{};
  vkCmdClearColorImage(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1, &vci.subresourceRange);
  barriers_.image_access(img->levels, {VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, false},
                         img->image, vci.subresourceRange);
  barriers_.emit(cmd);
  mark_write(img);
  ring_->mark_recorded();

  viewports_[0] = {};
  return {};
}

VulkanContext::~VulkanContext() {
  if (ring_ && ring_->id()) {
    if (rp_active_) end_render_pass(RenderPassEnd::Submit);
    if (ring_->has_work()) submit(SubmitReason::Destroy);
    ring_->wait_idle();
  }
  for (auto& stage : images_)
    for (auto& b : stage)
      if (b.vk_view) retire_handle(screen_, b.usage, b.vk_view);
  VkDevice dev = device_.handle();
  if (dummy_view_) vkDestroyImageView(dev, dummy_view_, nullptr);
  if (dummy_buffer_view_) vkDestroyBufferView(dev, dummy_buffer_view_, nullptr);
  if (dummy_sampler_) vkDestroySampler(dev, dummy_sampler_, nullptr);
  program_ = nullptr;
  meta_.reset();
  stream_.reset();
  descriptor_ring_.reset();
  const uint32_t id = ring_ ? ring_->id() : 0;
  ring_.reset();  // waits, resets batches (returns descriptor sets), destroys garbage
  if (id) screen_.unregister_ring(id);
}

void VulkanContext::fail(vk::Status s) {
  if (s.ok() || failed()) return;
  status_ = to_pipe_status(s);
  BRASS_WARN("context error: %s", vk::result_string(s.result));
}

// --- constant state objects ---

pipe::BlendObject* VulkanContext::create_blend_state(const pipe::BlendState& s) { return make_blend_object(s); }
void VulkanContext::bind_blend_state(pipe::BlendObject* o) {
  blend_ = o;
  dirty_ |= kDirtyPipeline;
}
void VulkanContext::delete_blend_state(pipe::BlendObject* o) {
  if (blend_ == o) blend_ = nullptr;
  delete o;
}

pipe::RasterizerObject* VulkanContext::create_rasterizer_state(const pipe::RasterizerState& s) {
  return make_rasterizer_object(s, caps_.depth_clip_control);
}
void VulkanContext::bind_rasterizer_state(pipe::RasterizerObject* o) {
  rast_ = o;
  dirty_ |= kDirtyPipeline | kDirtyRasterizer | kDirtyScissors;
}
void VulkanContext::delete_rasterizer_state(pipe::RasterizerObject* o) {
  if (rast_ == o) rast_ = nullptr;
  delete o;
}

pipe::DepthStencilAlphaObject* VulkanContext::create_depth_stencil_alpha_state(const pipe::DepthStencilAlphaState& s) {
  return new pipe::DepthStencilAlphaObject{s};
}
void VulkanContext::bind_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) {
  dsa_ = o;
  dirty_ |= kDirtyDepthStencil;
}
void VulkanContext::delete_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) {
  if (dsa_ == o) dsa_ = nullptr;
  delete o;
}

pipe::VertexElementsObject* VulkanContext::create_vertex_elements_state(const pipe::VertexElementsState& s) {
  return make_vertex_elements_object(s, device_);
}
void VulkanContext::bind_vertex_elements_state(pipe::VertexElementsObject* o) {
  velems_ = o;
  dirty_ |= kDirtyVertexInput | kDirtyVertexBuffers | kDirtyResources | (dynamic_vertex_input_ ? 0u : uint32_t(kDirtyPipeline));
}
void VulkanContext::delete_vertex_elements_state(pipe::VertexElementsObject* o) {
  if (velems_ == o) velems_ = nullptr;
  delete o;
}

pipe::SamplerObject* VulkanContext::create_sampler_state(const pipe::SamplerState& s) {
  auto* o = new pipe::SamplerObject{};
  o->uid = next_object_uid();
  vk::Status st = create_sampler(device_.handle(), caps_, s, &o->sampler);
  if (!st) {
    fail(st);
    delete o;
    return nullptr;
  }
  return o;
}
void VulkanContext::bind_sampler_states(pipe::ShaderStage stage, uint32_t start,
                                        std::span<pipe::SamplerObject* const> s) {
  const unsigned st = stage_index(stage);
  if (st >= pipe::kGraphicsStageCount) return;
  for (size_t i = 0; i < s.size() && start + i < pipe::kMaxSamplers; ++i) samplers_[st][start + i] = s[i];
  dirty_sets_ |= 1u << 2;
}
void VulkanContext::delete_sampler_state(pipe::SamplerObject* o) {
  if (!o) return;
  for (auto& stage : samplers_)
    for (auto& s : stage)
      if (s == o) s = nullptr;
  retire_handle(screen_, o->usage, o->sampler);
  delete o;
}

// --- views ---

Ref<pipe::SamplerView> VulkanContext::create_sampler_view(pipe::Resource* r, const pipe::SamplerViewTemplate& t) {
  auto view = make_ref<VulkanSamplerView>(screen_, r, t);
  ResourceObject* o = driver_resource(r)->obj();
  const pipe::Format fmt = t.format == pipe::Format::None ? r->templ().format : t.format;
  if (r->is_buffer()) {
    view->buffer_view_object = nullptr;  // created at first descriptor write (storage may be swapped)
    return view;
  }
  // The resource's own format is viewed as stored; another view format
  // (sRGB/linear reinterpretation) gets the table's choice for it.
  vk::FormatChoice choice = fmt == r->templ().format ? o->format : device_.formats().choose(fmt, pipe::kUsageSampled);
  if (!choice) choice = o->format;
  VkImageViewCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  ci.image = o->image;
  ci.viewType = vk_view_type(t.target);
  ci.format = choice.vk;
  // The view's swizzle applied over the format emulation's swizzle.
  const auto& emu = choice.swizzle;
  VkComponentSwizzle comp[4];
  for (int i = 0; i < 4; ++i) {
    const pipe::Swizzle s = t.swizzle[i];
    comp[i] = (s <= pipe::Swizzle::A) ? vk_swizzle(emu[static_cast<int>(s)]) : vk_swizzle(s);
  }
  ci.components = {comp[0], comp[1], comp[2], comp[3]};
  VkImageAspectFlags aspect = o->aspect;
  if (aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
  ci.subresourceRange = {aspect, t.first_level, t.last_level - t.first_level + 1, t.first_layer,
                         t.last_layer - t.first_layer + 1};
  vk::Status s{vkCreateImageView(device_.handle(), &ci, nullptr, &view->image_view)};
  if (!s) {
    fail(s);
    return nullptr;
  }
  return view;
}

void VulkanContext::set_sampler_views(pipe::ShaderStage stage, uint32_t start, std::span<pipe::SamplerView* const> v) {
  const unsigned st = stage_index(stage);
  if (st >= pipe::kGraphicsStageCount) return;
  for (size_t i = 0; i < v.size() && start + i < pipe::kMaxSamplers; ++i) {
    views_[st][start + i] = Ref<pipe::SamplerView>::share(v[i]);
    if (v[i]) driver_resource(v[i]->resource())->note_bind(BindKind::Sampler, 1u << st);
  }
  dirty_sets_ |= 1u << 2;
  dirty_ |= kDirtyResources;
}

Ref<pipe::Surface> VulkanContext::create_surface(pipe::Resource* r, const pipe::SurfaceTemplate& t) {
  static std::atomic<uint64_t> next_id{1};
  if (r->is_buffer()) return nullptr;
  auto surf = make_ref<VulkanSurface>(screen_, r, t);
  ResourceObject* o = driver_resource(r)->obj();
  const pipe::Format fmt = t.format == pipe::Format::None ? r->templ().format : t.format;
  const bool ds = pipe::describe(fmt).is_depth() || pipe::describe(fmt).is_stencil();
  const vk::FormatChoice choice = fmt == r->templ().format
                                      ? o->format
                                      : device_.formats().choose(fmt, ds ? pipe::kUsageDepthStencil : pipe::kUsageColorAttachment);
  VkImageViewCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  ci.image = o->image;
  const uint32_t layers = t.last_layer - t.first_layer + 1;
  ci.viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
  ci.format = choice ? choice.vk : o->format.vk;
  ci.subresourceRange = {o->aspect, t.level, 1, t.first_layer, layers};
  vk::Status s{vkCreateImageView(device_.handle(), &ci, nullptr, &surf->view)};
  if (!s) {
    fail(s);
    return nullptr;
  }
  surf->format = ci.format;
  surf->id = next_id.fetch_add(1);
  return surf;
}

// --- shaders ---

pipe::ShaderProgram* VulkanContext::create_shader_program(const pipe::ShaderInfo& info, pipe::Status* status) {
  pipe::Status s;
  pipe::ShaderProgram* p = pipe::ShaderProgram::create(screen_, info, &s);
  if (status) *status = s;
  return p;
}

void VulkanContext::bind_shader_program(pipe::ShaderProgram* p) {
  if (program_.get() == p) return;
  program_ = Ref<pipe::ShaderProgram>::share(p);
  dirty_ |= kDirtyPipeline | kDirtyResources | kDirtySet0Offsets;
  dirty_sets_ = 0x1f;
}

void VulkanContext::delete_shader_program(pipe::ShaderProgram* p) {
  if (!p) return;
  // Batches holding its descriptor sets keep it alive until they complete.
  Ref<pipe::ShaderProgram>::adopt(p);
}

// --- parameter state ---

void VulkanContext::set_framebuffer_state(const pipe::FramebufferState& fb) {
  // Records state only: the render pass ends here (no flush) and the next one
  // begins lazily at the first draw or clear.
  bool same = fb.width == fb_.width && fb.height == fb_.height && fb.layers == fb_.layers &&
              fb.nr_cbufs == fb_.nr_cbufs && fb.zsbuf == fb_.zsbuf && fb.samples == fb_.samples;
  for (unsigned i = 0; same && i < fb.nr_cbufs; ++i) same = fb.cbufs[i] == fb_.cbufs[i];
  if (same) return;
  if (pending_clear_mask_) execute_pending_clears();
  if (rp_active_) end_render_pass(RenderPassEnd::FramebufferChange);
  fb_ = fb;
  for (unsigned i = 0; i < pipe::kMaxColorBuffers; ++i)
    fb_refs_[i] = Ref<pipe::Surface>::share(i < fb.nr_cbufs ? fb.cbufs[i] : nullptr);
  fb_refs_[8] = Ref<pipe::Surface>::share(fb.zsbuf);
  for (unsigned i = fb.nr_cbufs; i < pipe::kMaxColorBuffers; ++i) fb_.cbufs[i] = nullptr;
  dirty_ |= kDirtyPipeline;
}

void VulkanContext::set_viewports(uint32_t start, std::span<const pipe::Viewport> v) {
  for (size_t i = 0; i < v.size() && start + i < pipe::kMaxViewports; ++i) viewports_[start + i] = v[i];
  num_viewports_ = std::max<uint32_t>(num_viewports_, std::min<uint32_t>(start + v.size(), pipe::kMaxViewports));
  dirty_ |= kDirtyViewports;
}

void VulkanContext::set_scissors(uint32_t start, std::span<const pipe::ScissorRect> s) {
  for (size_t i = 0; i < s.size() && start + i < pipe::kMaxViewports; ++i) scissors_[start + i] = s[i];
  num_scissors_ = std::max<uint32_t>(num_scissors_, std::min<uint32_t>(start + s.size(), pipe::kMaxViewports));
  dirty_ |= kDirtyScissors;
}

void VulkanContext::set_stencil_ref(const pipe::StencilRef& ref) {
  stencil_ref_ = ref;
  dirty_ |= kDirtyStencilRef;
}

void VulkanContext::set_blend_color(const pipe::BlendColor& c) {
  blend_color_ = c;
  dirty_ |= kDirtyBlendColor;
}

void VulkanContext::set_sample_mask(uint32_t mask) {
  if (mask == sample_mask_) return;
  sample_mask_ = mask;
  dirty_ |= kDirtyPipeline;
}

void VulkanContext::set_vertex_buffers(uint32_t start, std::span<const pipe::VertexBuffer> buffers) {
  for (size_t i = 0; i < buffers.size() && start + i < pipe::kMaxVertexBuffers; ++i) {
    VertexBufferBinding& b = vertex_buffers_[start + i];
    if (b.stride != buffers[i].stride) dirty_ |= kDirtyVertexInput;
    b.buffer = Ref<pipe::Resource>::share(buffers[i].buffer);
    b.offset = buffers[i].offset;
    b.stride = buffers[i].stride;
    if (buffers[i].buffer) driver_resource(buffers[i].buffer)->note_bind(BindKind::VertexBuffer, 1);
  }
  dirty_ |= kDirtyVertexBuffers | kDirtyResources;
}

void VulkanContext::set_index_buffer(pipe::Resource* buffer, uint32_t index_size, uint64_t offset) {
  index_buffer_ = Ref<pipe::Resource>::share(buffer);
  index_size_ = index_size;
  index_offset_ = offset;
  if (buffer) driver_resource(buffer)->note_bind(BindKind::IndexBuffer, 1);
  dirty_ |= kDirtyIndexBuffer | kDirtyResources;
}

void VulkanContext::set_constant_buffer(pipe::ShaderStage stage, uint32_t slot, const pipe::ConstantBuffer* cb) {
  const unsigned st = stage_index(stage);
  if (st >= pipe::kGraphicsStageCount || slot >= pipe::kMaxConstantBuffers) return;
  ConstantBinding& b = constants_[st][slot];
  if (cb && !cb->buffer && cb->user_data) {
    if (slot != 0) {
      BRASS_WARN_ONCE("user constant data is only supported for the default uniform block");
      return;
    }
    // Streamed: a dynamic offset into the batch's stream buffer. The set
    // changes only when the stream moves to a new chunk.
    StreamAllocation a;
    const uint32_t size = std::min<uint32_t>(cb->size, static_cast<uint32_t>(uniform_range_));
    vk::Status s = stream_->allocate(size, caps_.limits.min_uniform_buffer_offset_alignment, &a, uniform_range_);
    if (!s) return fail(s);
    std::memcpy(a.ptr, cb->user_data, size);
    // db mode has no dynamic offsets: the set itself holds the offset.
    if (b.buffer || b.vk_buffer != a.buffer || descriptor_buffer_) dirty_sets_ |= 1u << 0;
    b.buffer = nullptr;
    b.vk_buffer = a.buffer;
    b.vk_address = a.chunk_address;
    b.offset = a.offset;
    b.size = static_cast<uint32_t>(uniform_range_);
    dirty_ |= kDirtySet0Offsets;
    return;
  }
  pipe::Resource* r = cb ? cb->buffer : nullptr;
  b.buffer = Ref<pipe::Resource>::share(r);
  b.vk_buffer = VK_NULL_HANDLE;
  b.vk_address = 0;
  b.offset = cb ? cb->offset : 0;
  b.size = cb ? cb->size : 0;
  if (r) driver_resource(r)->note_bind(BindKind::UniformBuffer, 1u << st);
  dirty_sets_ |= slot == 0 ? 1u : 2u;
  dirty_ |= kDirtyResources | kDirtySet0Offsets;
}

void VulkanContext::set_shader_buffers(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ShaderBuffer> b) {
  const unsigned st = stage_index(stage);
  if (st >= pipe::kGraphicsStageCount) return;
  for (size_t i = 0; i < b.size() && start + i < pipe::kMaxShaderBuffers; ++i) {
    BufferBinding& d = shader_buffers_[st][start + i];
    d.buffer = Ref<pipe::Resource>::share(b[i].buffer);
    d.offset = b[i].offset;
    d.size = b[i].size;
    d.writable = b[i].writable;
    if (b[i].buffer) {
      Resource* r = driver_resource(b[i].buffer);
      r->note_bind(BindKind::StorageBuffer, 1u << st);
      // The shader may write anywhere in the bound range.
      if (b[i].writable) r->valid_range.add({b[i].offset, b[i].offset + b[i].size});
    }
  }
  dirty_sets_ |= 1u << 3;
  dirty_ |= kDirtyResources;
}

void VulkanContext::set_shader_images(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ImageView> images) {
  const unsigned st = stage_index(stage);
  if (st >= pipe::kGraphicsStageCount) return;
  for (size_t i = 0; i < images.size() && start + i < pipe::kMaxShaderImages; ++i) {
    ImageBinding& d = images_[st][start + i];
    if (d.vk_view) retire_handle(screen_, d.usage, d.vk_view);
    d = {};
    const pipe::ImageView& v = images[i];
    if (!v.resource) continue;
    d.resource = Ref<pipe::Resource>::share(v.resource);
    d.view = v;
    driver_resource(v.resource)->note_bind(BindKind::StorageImage, 1u << st);
    if (v.resource->is_buffer()) {
      BRASS_WARN_ONCE("storage texel buffers are not supported yet");
      continue;
    }
    ResourceObject* o = driver_resource(v.resource)->obj();
    VkImageViewCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    ci.image = o->image;
    ci.viewType = v.last_layer > v.first_layer ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
    const pipe::Format fmt = v.format == pipe::Format::None ? v.resource->templ().format : v.format;
    const vk::FormatChoice choice = device_.formats().choose(fmt, pipe::kUsageStorage);
    ci.format = choice ? choice.vk : o->format.vk;
    ci.subresourceRange = {o->aspect, v.level, 1, v.first_layer, v.last_layer - v.first_layer + 1};
    vk::Status s{vkCreateImageView(device_.handle(), &ci, nullptr, &d.vk_view)};
    if (!s) return fail(s);
    d.view_uid = next_object_uid();
  }
  dirty_sets_ |= 1u << 4;
  dirty_ |= kDirtyResources;
}

// --- synchronization helpers ---

void VulkanContext::mark(GpuUsage& u, bool write) {
  u.ring_id = ring_->id();
  const uint64_t serial = ring_->current_serial();
  if (write) u.write_serial = serial;
  else u.read_serial = serial;
}

bool VulkanContext::used_this_batch(const ResourceObject* o) const {
  return o->usage.ring_id == ring_->id() && o->usage.last_serial() == ring_->current_serial();
}

bool VulkanContext::busy(ResourceObject* o, bool writes_only) {
  if (!o->usage.used()) return false;
  BatchRing* r = o->usage.ring_id == ring_->id() ? ring_.get() : screen_.ring(o->usage.ring_id);
  if (!r) return false;
  const uint64_t serial = writes_only ? o->usage.write_serial : o->usage.last_serial();
  return serial && !r->is_complete(serial);
}

vk::Status VulkanContext::wait_for(ResourceObject* o, bool writes_only) {
  if (!busy(o, writes_only)) return {};
  const uint64_t serial = writes_only ? o->usage.write_serial : o->usage.last_serial();
  BatchRing* r = o->usage.ring_id == ring_->id() ? ring_.get() : screen_.ring(o->usage.ring_id);
  if (r == ring_.get() && serial >= ring_->current_serial()) {
    vk::Status s = submit(SubmitReason::Readback);
    if (!s) return s;
  }
  return r->wait(serial);
}

VkCommandBuffer VulkanContext::transfer_stream(ResourceObject* dst, ResourceObject* src, bool* upload) {
  // Clears recorded as load ops must happen before anything reads or
  // overwrites their surfaces.
  if (pending_clear_mask_) execute_pending_clears();
  const bool reorder = !used_this_batch(dst) && (!src || src->usage.ring_id != ring_->id() ||
                                                  src->usage.write_serial != ring_->current_serial());
  ring_->mark_recorded();
  if (reorder && rp_active_) {
    *upload = true;
    return ring_->upload_cmd();
  }
  *upload = false;
  if (rp_active_) end_render_pass(RenderPassEnd::Transfer);
  write_epoch_++;
  return ring_->main_cmd();
}

void VulkanContext::release_after_upload(ResourceObject* o, VkCommandBuffer upload) {
  AccessRequest req;
  req.write = false;
  req.stages = VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT | VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  req.access = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT |
               VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
               VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT |
               VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT;
  if (o->is_buffer()) {
    barriers_.buffer_access(o->access, req);
  } else {
    req.layout = sampled_layout(o->aspect);
    req.stages = VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT;
    req.access = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
    barriers_.image_access(o->levels, req, o->image, {o->aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS});
  }
  barriers_.emit(upload);
}

vk::Status VulkanContext::submit(SubmitReason reason) {
  if (pending_clear_mask_) execute_pending_clears();
  if (rp_active_) end_render_pass(RenderPassEnd::Submit);
  stream_->flush_writes();
  if (descriptor_ring_) descriptor_ring_->flush_writes();
  vk::Status s = ring_->submit(reason);
  if (!s) {
    fail(s);
    return s;
  }
  // A new command buffer: every piece of dynamic state must be set again.
  dirty_ = kDirtyAll;
  dirty_sets_ = 0x1f;
  topology_dirty_ = true;
  bound_pipeline_ = VK_NULL_HANDLE;
  bound_entry_ = nullptr;
  bound_layout_ = VK_NULL_HANDLE;
  bound_descriptor_buffer_ = VK_NULL_HANDLE;
  return s;
}

void VulkanContext::flush(Ref<pipe::Fence>* fence, uint32_t flags) {
  const SubmitReason reason = (flags & pipe::kFlushEndOfFrame) ? SubmitReason::Swap
                              : fence                          ? SubmitReason::Fence
                                                               : SubmitReason::Flush;
  if (ring_->has_work() || pending_clear_mask_ || rp_active_) submit(reason);
  // Frame ends and fences are where new pipelines have usually just been made.
  if (reason != SubmitReason::Flush) screen_.request_pipeline_cache_save();
  if (reason == SubmitReason::Swap) end_pipeline_frame();
  if (fence) *fence = make_ref<VulkanFence>(ring_->id(), ring_->current_serial() - 1);
}

// --- invalidation ---

void VulkanContext::swap_storage(Resource* r) {
  vk::Status s;
  ResourceObject* fresh = ResourceObject::create(screen_, r->templ(), &s);
  if (!fresh) return fail(s);
  // The old object retires when its last batch completes.
  r->object = Ref<ResourceObject>::adopt(fresh);
  g_invalidate_swaps.add();
  rebind(r);
}

void VulkanContext::rebind(Resource* r) {
  // Only slots of the kinds and stages this resource was ever bound to can
  // point at it; everything else is left alone.
  if (r->ever_bound(BindKind::VertexBuffer)) {
    for (auto& vb : vertex_buffers_)
      if (vb.buffer.get() == r) dirty_ |= kDirtyVertexBuffers | kDirtyResources;
  }
  if (r->ever_bound(BindKind::IndexBuffer) && index_buffer_.get() == r) dirty_ |= kDirtyIndexBuffer | kDirtyResources;
  for_each_bit(r->bound_stages(BindKind::UniformBuffer), [&](int st) {
    if (st >= int(pipe::kGraphicsStageCount)) return;
    for (unsigned i = 0; i < pipe::kMaxConstantBuffers; ++i)
      if (constants_[st][i].buffer.get() == r) {
        dirty_sets_ |= i == 0 ? 1u : 2u;
        dirty_ |= kDirtyResources;
      }
  });
  for_each_bit(r->bound_stages(BindKind::Sampler), [&](int st) {
    if (st >= int(pipe::kGraphicsStageCount)) return;
    for (auto& v : views_[st])
      if (v && v->resource() == r) {
        dirty_sets_ |= 1u << 2;  // texel buffer views are remade at the next write
        dirty_ |= kDirtyResources;
      }
  });
  for_each_bit(r->bound_stages(BindKind::StorageBuffer), [&](int st) {
    if (st >= int(pipe::kGraphicsStageCount)) return;
    for (auto& b : shader_buffers_[st])
      if (b.buffer.get() == r) {
        r->valid_range.add({b.offset, b.offset + b.size});
        dirty_sets_ |= 1u << 3;
        dirty_ |= kDirtyResources;
      }
  });
}

void VulkanContext::invalidate_resource(pipe::Resource* pr) {
  if (!pr || failed()) return;
  Resource* r = driver_resource(pr);
  if (!r->is_buffer()) {
    // Contents become undefined: the next access may discard them.
    ResourceObject* o = r->obj();
    if (!busy(o, false) && !used_this_batch(o))
      for (AccessState& l : o->levels.levels) l.layout = VK_IMAGE_LAYOUT_UNDEFINED;
    return;
  }
  if (r->valid_range.empty()) return;  // nothing to throw away
  r->valid_range.reset();
  ResourceObject* o = r->obj();
  if (!busy(o, false) && !used_this_batch(o)) {
    g_invalidate_resets.add();
    return;
  }
  swap_storage(r);
}

}  // namespace brass::driver
