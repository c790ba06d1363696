#include "driver/context.h"

#include <new>

#include "driver/status.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/options.h"
#include "util/stats.h"

namespace brass::driver {

namespace {

QueryTracker::Features query_features(const vk::Capabilities& caps) {
  QueryTracker::Features f;
  f.primitive_queries = caps.transform_feedback && caps.transform_feedback_queries;
  f.primitives_generated = caps.primitives_generated_query && caps.primitives_generated_with_discard;
  f.streams = vertex_streams(caps);
  f.precise_occlusion = caps.occlusion_query_precise;
  f.timestamp_bits = caps.limits.timestamp_valid_bits;
  f.timestamp_period = caps.limits.timestamp_period;
  f.pipeline_statistics = caps.pipeline_statistics_query;
  return f;
}
StatCounter g_invalidate_swaps("resource.invalidate_swaps");
StatCounter g_invalidate_resets("resource.invalidate_resets");

unsigned stage_index(pipe::ShaderStage s) { return static_cast<unsigned>(s); }

StreamBuffer::Config stream_config(const vk::Device& device) {
  StreamBuffer::Config c;
  // db mode describes the default uniforms by address.
  c.device_address = device.paths().descriptors == DescriptorMode::DescriptorBuffer;
  return c;
}
}  // namespace

std::unique_ptr<VulkanContext> VulkanContext::create(VulkanScreen& screen, const pipe::ContextOptions& options,
                                                     pipe::Status* status) {
  std::unique_ptr<VulkanContext> ctx(new VulkanContext(screen));
  // Device-wide robustness needs nothing per pipeline (vk::RobustAccessPath).
  ctx->robust_pipelines_ =
      options.robust_buffer_access && screen.device().paths().robust_access == vk::RobustAccessPath::PerPipeline;
  vk::Status s = ctx->init();
  if (status) *status = to_pipe_status(s);
  if (!s) return nullptr;
  return ctx;
}

VulkanContext::RingOwner::~RingOwner() {
  // The GPU finishes first, then the ring leaves the registry (other
  // threads may be adding garbage to it until then), then it resets its
  // batches (returning descriptor sets) and destroys its garbage.
  if (ring->id() && !ring->wait_idle()) BRASS_WARN("context teardown: waiting for the GPU failed");
  if (ring->id()) screen.unregister_ring(ring->id());
  ring.reset();
}

VulkanContext::VulkanContext(VulkanScreen& screen)
    : screen_(screen),
      device_(screen.device()),
      caps_(screen.caps()),
      owner_{screen, std::make_unique<BatchRing>(screen.device())},
      ring_(*owner_.ring),
      uniform_range_(std::min<VkDeviceSize>(caps_.limits.max_uniform_buffer_range, 65536)),
      index_type_uint8_(caps_.index_type_uint8),
      sync_(screen, ring_, caps_.synchronization2),
      render_pass_(screen.vk_device(), ring_, sync_, screen.dynamic_rendering()),
      stream_(device_, ring_, stream_config(device_)),
      bindings_(screen, sync_, stream_, dirty_, uniform_range_, caps_.limits.min_uniform_buffer_offset_alignment,
                device_.paths().descriptors == DescriptorMode::DescriptorBuffer),
      gather_(screen, bindings_, fallbacks_, sync_, uniform_range_),
      descriptors_(make_descriptor_updater(device_.paths().descriptors, screen, ring_, gather_, bindings_)),
      pipelines_(screen, ring_, render_pass_, device_.paths().dynamic_vertex_input),
      dynamic_state_(caps_, device_.paths().dynamic_vertex_input),
      queries_(screen.vk_device(), ring_, render_pass_, query_features(caps_)),
      conditional_(device_, ring_, render_pass_, queries_, device_.paths().conditional_rendering),
      stream_output_(screen, sync_, render_pass_, dirty_, caps_.transform_feedback),
      compute_(screen, ring_, gather_, bindings_),
      transfers_(*this, device_, ring_, sync_, stream_) {
  merge_draws_ = caps_.multi_draw && caps_.limits.max_multi_draw_count >= PendingDraws::kCapacity &&
                 !options().has(kDebugNoMergeDraws);
  // Queries begin their segments first and end them last.
  render_pass_.add_hooks(&queries_);
  render_pass_.add_hooks(&stream_output_);
  render_pass_.add_hooks(&conditional_);
}

vk::Status VulkanContext::init() {
  device_losses_seen_ = screen_.device_losses();
  if (vk::Status s = ring_.init(); !s) return s;
  ring_.set_id(screen_.register_ring(&ring_));
  meta_ = std::make_unique<MetaPipelines>(device_, screen_.pipeline_cache());
  if (vk::Status s = meta_->init(); !s) return s;
  return fallbacks_.init(screen_, ring_, sync_);
}

VulkanContext::~VulkanContext() {
  // A lost context records and submits nothing more (its ring may hold a
  // batch the device never took).
  if (ring_.id() && !lost()) {
    // Failures are logged (fail(), the ring); destruction goes on regardless.
    // Out of host memory (std::bad_alloc, which must not leave a
    // destructor) the last batch is dropped unsubmitted, as a lost
    // context's is; what was submitted is still waited for.
    try {
      if (render_pass_.active()) render_pass_.end(RenderPassEnd::Submit);
      if (ring_.has_work()) static_cast<void>(submit(SubmitReason::Destroy));
    } catch (const std::bad_alloc&) {
      BRASS_WARN("context destroyed out of memory: its last batch is not submitted");
    }
    static_cast<void>(ring_.wait_idle());
  }
  program_ = nullptr;
  program_storage_known_ = false;
  compute_.bind(nullptr);
}

void VulkanContext::fail(vk::Status s) {
  if (s.ok() || lost()) return;
  if (s.device_lost()) {
    BRASS_WARN("context lost: %s", vk::result_string(s.result));
    // Only a loss the test hook caused on this context's own submission is
    // known to be this context's doing.
    lose(ring_.simulated_loss() ? ResetCause::Guilty : ResetCause::Unknown);
    screen_.note_device_lost();
    device_losses_seen_ = screen_.device_losses();
    return;
  }
  if (failed()) return;  // the first failure of the call is the one reported
  status_ = to_pipe_status(s);
  failure_pending_ = true;
  BRASS_WARN("context error: %s", vk::result_string(s.result));
}

void VulkanContext::lose(ResetCause cause) {
  status_ = pipe::Status::DeviceLost;
  reset_cause_ = cause;
  failure_pending_ = true;
}

pipe::Status VulkanContext::take_failure() {
  const pipe::Status s = status_;
  if (!lost()) {
    status_ = pipe::Status::Ok;
    failure_pending_ = false;
    // The next command sees the loss (lose_after_report_).
    if (lose_after_report_) lose(ResetCause::Unknown);
  }
  return s;
}

pipe::Context::ResetCause VulkanContext::poll_reset() {
  if (!lost() && screen_.device_losses() != device_losses_seen_) lose(ResetCause::Unknown);
  return reset_cause_;
}

// --- constant state objects ---

pipe::BlendObject* VulkanContext::create_blend_state(const pipe::BlendState& s) { return make_blend_object(s); }
// Binding the bound (immutable) state object again changes nothing: a
// program change re-validates every piece of fixed-function state (issue 19).
void VulkanContext::bind_blend_state(pipe::BlendObject* o) {
  if (state_.blend == o) return;
  state_.blend = o;
  dirty_.mark(DrawState::Pipeline);
}
void VulkanContext::delete_blend_state(pipe::BlendObject* o) {
  if (state_.blend == o) state_.blend = nullptr;
  delete o;
}

pipe::RasterizerObject* VulkanContext::create_rasterizer_state(const pipe::RasterizerState& s) {
  return make_rasterizer_object(s, caps_.depth_clip_control);
}
void VulkanContext::bind_rasterizer_state(pipe::RasterizerObject* o) {
  if (state_.rasterizer == o) return;
  state_.rasterizer = o;
  dirty_.mark(DrawState::Pipeline, DrawState::Rasterizer, DrawState::Scissors);
}
void VulkanContext::delete_rasterizer_state(pipe::RasterizerObject* o) {
  if (state_.rasterizer == o) state_.rasterizer = nullptr;
  delete o;
}

pipe::DepthStencilAlphaObject* VulkanContext::create_depth_stencil_alpha_state(const pipe::DepthStencilAlphaState& s) {
  return new pipe::DepthStencilAlphaObject{s};
}
void VulkanContext::bind_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) {
  if (state_.depth_stencil_alpha == o) return;
  state_.depth_stencil_alpha = o;
  dirty_.mark(DrawState::DepthStencil);
}
void VulkanContext::delete_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) {
  if (state_.depth_stencil_alpha == o) state_.depth_stencil_alpha = nullptr;
  delete o;
}

pipe::VertexElementsObject* VulkanContext::create_vertex_elements_state(const pipe::VertexElementsState& s) {
  return make_vertex_elements_object(s, device_);
}
void VulkanContext::bind_vertex_elements_state(pipe::VertexElementsObject* o) {
  state_.vertex_elements = o;
  dirty_.mark(DrawState::VertexInput, DrawState::VertexBuffers, DrawState::Resources);
  // Static vertex input is part of the pipeline.
  if (!device_.paths().dynamic_vertex_input) dirty_.mark(DrawState::Pipeline);
}
void VulkanContext::delete_vertex_elements_state(pipe::VertexElementsObject* o) {
  if (state_.vertex_elements == o) state_.vertex_elements = nullptr;
  delete o;
}

pipe::SamplerObject* VulkanContext::create_sampler_state(const pipe::SamplerState& s) {
  vk::Status st;
  pipe::SamplerObject* o = make_sampler_object(
      device_.handle(), caps_, s, device_.paths().border_color_swizzle == vk::BorderColorSwizzle::SamplerPerViewMapping,
      &st);
  fail(st);
  return o;
}
void VulkanContext::bind_sampler_states(pipe::ShaderStage stage, uint32_t start,
                                        std::span<pipe::SamplerObject* const> s) {
  bindings_.bind_samplers(stage_index(stage), start, s);
}
void VulkanContext::delete_sampler_state(pipe::SamplerObject* o) {
  if (!o) return;
  bindings_.forget_sampler(o);
  retire_handle(screen_, o->usage, o->sampler);
  if (o->border_variants) o->border_variants->for_each([&](VkSampler v) { retire_handle(screen_, o->usage, v); });
  delete o;
}

// --- views ---

Ref<pipe::SamplerView> VulkanContext::create_sampler_view(pipe::Resource* r, const pipe::SamplerViewTemplate& t) {
  vk::Status s;
  Ref<pipe::SamplerView> view = make_sampler_view(screen_, r, t, &s);
  fail(s);
  return view;
}

void VulkanContext::set_sampler_views(pipe::ShaderStage stage, uint32_t start, std::span<pipe::SamplerView* const> v) {
  bindings_.set_sampler_views(stage_index(stage), start, v);
}

Ref<pipe::Surface> VulkanContext::create_surface(pipe::Resource* r, const pipe::SurfaceTemplate& t) {
  vk::Status s;
  Ref<pipe::Surface> surface = make_surface(screen_, r, t, &s);
  fail(s);
  return surface;
}

// --- shaders ---

pipe::ShaderProgram* VulkanContext::create_shader_program(const pipe::ShaderInfo& info, pipe::Status* status) {
  pipe::Status s;
  pipe::ShaderProgram* p = pipe::ShaderProgram::create(screen_, info, robust_pipelines_, &s);
  if (status) *status = s;
  return p;
}

void VulkanContext::bind_shader_program(pipe::ShaderProgram* p) {
  if (program_.get() == p) return;
  program_ = Ref<pipe::ShaderProgram>::share(p);
  program_storage_known_ = false;
  dirty_.mark(DrawState::Pipeline, DrawState::Resources, DrawState::Set0Offsets);
  dirty_.mark_all_sets();
}

void VulkanContext::delete_shader_program(pipe::ShaderProgram* p) {
  if (!p) return;
  // Batches holding its descriptor sets keep it alive until they complete.
  Ref<pipe::ShaderProgram>::adopt(p);
}

bool VulkanContext::shader_program_ready(pipe::ShaderProgram* p, bool wait) {
  if (!p) return true;
  if (wait) p->libraries.wait_precompile();
  return !p->libraries.precompile_pending();
}

// --- parameter state ---

void VulkanContext::bind_framebuffer(const pipe::FramebufferState& fb) {
  // Records state only: the render pass ends here (no flush) and the next one
  // begins lazily at the first draw or clear.
  bool changed = false;
  fail(render_pass_.set_framebuffer(fb, &changed));
  // The scissor of a draw without the scissor test (and a whole-framebuffer
  // viewport) is the framebuffer's extent (dynamic_state.cpp): another
  // framebuffer needs them set again, or a draw to a larger one is clipped
  // to the smaller one drawn to before.
  if (changed) dirty_.mark(DrawState::Pipeline, DrawState::Scissors, DrawState::Viewports);
}

void VulkanContext::set_framebuffer_state(const pipe::FramebufferState& fb) { bind_framebuffer(fb); }

void VulkanContext::set_viewports(uint32_t start, std::span<const pipe::Viewport> v) {
  state_.set_viewports(start, v);
  dirty_.mark(DrawState::Viewports);
}

void VulkanContext::set_scissors(uint32_t start, std::span<const pipe::ScissorRect> s) {
  state_.set_scissors(start, s);
  dirty_.mark(DrawState::Scissors);
}

void VulkanContext::set_stencil_ref(const pipe::StencilRef& ref) {
  state_.stencil_ref = ref;
  dirty_.mark(DrawState::StencilRef);
}

void VulkanContext::set_blend_color(const pipe::BlendColor& c) {
  state_.blend_color = c;
  dirty_.mark(DrawState::BlendColor);
}

void VulkanContext::set_sample_mask(uint32_t mask) {
  if (mask == state_.sample_mask) return;
  state_.sample_mask = mask;
  dirty_.mark(DrawState::Pipeline);
}

void VulkanContext::set_vertex_buffers(uint32_t start, std::span<const pipe::VertexBuffer> buffers) {
  bindings_.set_vertex_buffers(start, buffers);
}

void VulkanContext::set_index_buffer(pipe::Resource* buffer, uint32_t index_size, uint64_t offset) {
  bindings_.set_index_buffer(buffer, index_size, offset);
}

void VulkanContext::set_constant_buffer(pipe::ShaderStage stage, uint32_t slot, const pipe::ConstantBuffer* cb) {
  fail(bindings_.set_constant_buffer(stage_index(stage), slot, cb));
}

void VulkanContext::set_shader_buffers(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ShaderBuffer> b) {
  bindings_.set_shader_buffers(stage_index(stage), start, b);
}

void VulkanContext::set_shader_images(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ImageView> images) {
  fail(bindings_.set_shader_images(stage_index(stage), start, images));
}

// --- transfers ---

void VulkanContext::buffer_subdata(pipe::Resource* r, uint32_t usage, uint64_t offset, uint64_t size, const void* data) {
  transfers_.buffer_subdata(r, usage, offset, size, data);
}
void VulkanContext::texture_subdata(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box,
                                    const void* data, uint32_t stride, uint32_t layer_stride) {
  transfers_.texture_subdata(r, level, usage, box, data, stride, layer_stride);
}
void* VulkanContext::transfer_map(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box,
                                  pipe::Transfer** transfer) {
  return transfers_.map(r, level, usage, box, transfer);
}
void VulkanContext::transfer_flush_region(pipe::Transfer* transfer, const pipe::Box& box) {
  transfers_.flush_region(transfer, box);
}
void VulkanContext::transfer_unmap(pipe::Transfer* transfer) { transfers_.unmap(transfer); }

// --- queries and stream output ---

pipe::Query* VulkanContext::create_query(pipe::QueryType type, uint32_t stream) {
  return queries_.create(type, stream);
}
void VulkanContext::destroy_query(pipe::Query* q) { queries_.destroy(q); }
void VulkanContext::begin_query(pipe::Query* q) {
  if (!failed()) queries_.begin(q);
}
void VulkanContext::end_query(pipe::Query* q) { queries_.end(q); }

bool VulkanContext::get_query_result(pipe::Query* q, bool wait, uint64_t* result) {
  if (!q) return false;
  // Not submitted yet: submit, so that polling makes progress.
  if (queries_.result_needs_submit(q) && !submit(SubmitReason::Readback)) {
    *result = 0;
    return true;  // a lost context reports "available" so loops end
  }
  vk::Status s;
  const bool available = queries_.read_result(q, wait, result, &s);
  fail(s);
  return available;
}

bool VulkanContext::set_render_condition(pipe::Query* q, bool inverted) {
  if (failed()) return q == nullptr;
  vk::Status s;
  const bool taken = conditional_.set(q, inverted, &s);
  fail(s);
  return taken;
}

pipe::StreamOutputTarget* VulkanContext::create_stream_output_target(pipe::Resource* buffer, uint64_t offset,
                                                                     uint64_t size) {
  return stream_output_.create_target(buffer, offset, size);
}
void VulkanContext::destroy_stream_output_target(pipe::StreamOutputTarget* t) { stream_output_.destroy_target(t); }
void VulkanContext::set_stream_output_targets(std::span<pipe::StreamOutputTarget* const> targets,
                                              uint32_t append_mask) {
  stream_output_.set_targets(targets, append_mask);
}

// --- coordination ---

vk::Status VulkanContext::wait_for(ResourceObject* o, bool writes_only) {
  if (!sync_.busy(o, writes_only)) return {};
  if (sync_.wait_needs_submit(o, writes_only))
    if (vk::Status s = submit(SubmitReason::Readback); !s) return s;
  return sync_.wait(o, writes_only);
}

VkCommandBuffer VulkanContext::transfer_stream(ResourceObject* dst, ResourceObject* src, bool* upload) {
  // Clears recorded as load ops must happen before anything reads or
  // overwrites their surfaces.
  fail(render_pass_.execute_pending_clears());
  const bool reorder = sync_.can_reorder_transfer(dst, src);
  ring_.mark_recorded();
  if (reorder && render_pass_.active()) {
    *upload = true;
    return ring_.upload_cmd();
  }
  *upload = false;
  render_pass_.end(RenderPassEnd::Transfer);
  sync_.note_write_outside_draw();
  return ring_.main_cmd();
}

VkCommandBuffer VulkanContext::readback_stream() {
  fail(render_pass_.finish(RenderPassEnd::Readback));
  return ring_.main_cmd();
}

vk::Status VulkanContext::submit(SubmitReason reason) {
  // The device went with another context's loss: nothing reaches it.
  if (static_cast<void>(poll_reset()), lost()) return vk::Status{VK_ERROR_DEVICE_LOST};
  fail(render_pass_.finish(RenderPassEnd::Submit));
  fail(stream_.flush_writes());
  fail(descriptors_->flush_writes());
  fail(compute_.flush_writes());
  // The CPU may read what this batch wrote once it completes without mapping
  // anything (persistently mapped buffers, GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT):
  // device writes are made visible to the host at the end of every batch.
  VkMemoryBarrier2 host{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
  host.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  host.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  host.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
  host.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.memoryBarrierCount = 1;
  dep.pMemoryBarriers = &host;
  vkCmdPipelineBarrier2(ring_.main_cmd(), &dep);
  vk::Status s = ring_.submit(reason);
  fail(s);
  if (s.device_lost()) return s;
  if (!s) {
    // Out of memory, the ring dropped the batch (and began the next one,
    // so nothing waits for the dropped one): reported now, lost after.
    BRASS_WARN("a batch could not be submitted (%s): the context is lost after this command",
               vk::result_string(s.result));
    lose_after_report_ = true;
    return s;
  }
  // A new command buffer: every piece of state must be set again.
  dirty_.mark_command_buffer();
  pipelines_.forget_bindings();
  descriptors_->forget_bindings();
  compute_.forget_bindings();
  // Objects several contexts used wait for every ring (SharedGarbage).
  screen_.collect_shared_garbage();
  return s;
}

void VulkanContext::flush(Ref<pipe::Fence>* fence, uint32_t flags) {
  const SubmitReason reason = (flags & pipe::kFlushEndOfFrame) ? SubmitReason::Swap
                              : fence                          ? SubmitReason::Fence
                                                               : SubmitReason::Flush;
  if (ring_.has_work() || render_pass_.has_pending_clears() || render_pass_.active())
    static_cast<void>(submit(reason));  // a failure is recorded by fail()
  // Frame ends and fences are where new pipelines have usually just been made.
  if (reason != SubmitReason::Flush) screen_.request_pipeline_cache_save();
  if (reason == SubmitReason::Swap) pipelines_.end_frame();
  if (fence) *fence = make_ref<VulkanFence>(Ref<Timeline>::share(&ring_.shared_timeline()), ring_.current_serial() - 1);
}

// --- invalidation ---

void VulkanContext::swap_storage(Resource* r) {
  vk::Status s;
  ResourceObject* fresh = ResourceObject::create(screen_, r->templ(), &s);
  if (!fresh) return fail(s);
  // The old object retires when its last batch completes.
  r->object = Ref<ResourceObject>::adopt(fresh);
  g_invalidate_swaps.add();
  bindings_.rebind(r);
}

void VulkanContext::invalidate_resource(pipe::Resource* pr) {
  if (!pr || failed()) return;
  Resource* r = driver_resource(pr);
  ResourceObject* o = r->obj();
  const bool idle = !sync_.busy(o, false) && !sync_.used_this_batch(o);
  if (!r->is_buffer()) {
    // Contents become undefined: the next access may discard them.
    if (idle)
      for (AccessState& l : o->levels.levels) l.layout = VK_IMAGE_LAYOUT_UNDEFINED;
    return;
  }
  if (r->valid_range.empty()) return;  // nothing to throw away
  // Immutable storage is never swapped (a persistent map may point into
  // it): a busy one keeps its contents, which invalidation allows.
  if (r->templ().usage == pipe::Usage::Immutable && !idle) return;
  r->valid_range.reset();
  if (idle) {
    g_invalidate_resets.add();
    return;
  }
  swap_storage(r);
}

}  // namespace brass::driver
