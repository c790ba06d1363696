// pipe::Context over Vulkan: the coordinator. Each mechanism owns its state
// and rules in its own module (docs/driver.md, "Module map"):
//   sync/            SyncTracker: GPU usage, busy checks, waits, barriers
//   render_pass/     RenderPassState: the lazy pass, its hooks, clears
//   binding/         BindingTable: every bound resource, rebind after renames
//   descriptors/     DescriptorUpdater: lazy / cached / db strategies
//   pipeline/        PipelineSelector: the draw's pipeline (GPL or monolithic)
//   draw/            DrawDirty (the one dirty scheme), dynamic state, index conversion
//   transfer/        CpuTransfers (subdata, map/unmap), copy command recording
//   query/           QueryTracker: per-pass query segments, suspension
//   stream_output/   StreamOutput: transform feedback capture
//   compute/         ComputeDispatch: the compute program, its sets, the dispatch
// The context decides the order: when a pass ends, when a batch is
// submitted, what a draw validates first. Its files:
//   context.cpp           creation, binding calls, transfers, flush/submit, invalidation
//   context_draw.cpp      the draw: validation order and the draw commands
//   context_meta.cpp      driver-internal draws (masked clears, shader blits)
//   context_copy.cpp      copies, blits, mipmap generation
//   context_compute.cpp   dispatches: their barriers and their place in the batch
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "driver/batch/batch_ring.h"
#include "driver/binding/binding_table.h"
#include "driver/compute/compute_dispatch.h"
#include "driver/descriptors/descriptor_updater.h"
#include "driver/descriptors/fallback_descriptors.h"
#include "driver/draw/draw_dirty.h"
#include "driver/draw/dynamic_state.h"
#include "driver/draw/fixed_function_state.h"
#include "driver/draw/index_conversion.h"
#include "driver/draw/push_constants.h"
#include "driver/meta/meta_pipelines.h"
#include "driver/pipeline/pipeline_selector.h"
#include "driver/program.h"
#include "driver/query/conditional_rendering.h"
#include "driver/query/query_tracker.h"
#include "driver/render_pass/render_pass_state.h"
#include "driver/resource/resource.h"
#include "driver/resource/stream_buffer.h"
#include "driver/screen.h"
#include "driver/state_objects.h"
#include "driver/stream_output/stream_output.h"
#include "driver/sync/sync_tracker.h"
#include "driver/transfer/cpu_transfers.h"
#include "pipe/context.h"

namespace brass::driver {

struct ShaderBlitPlan;
class VulkanSamplerView;

class VulkanContext final : public pipe::Context, private TransferHost {
 public:
  static std::unique_ptr<VulkanContext> create(VulkanScreen& screen, const pipe::ContextOptions& options,
                                                pipe::Status* status);
  ~VulkanContext() override;

  pipe::Screen& screen() override { return screen_; }
  pipe::Status status() const override { return status_; }
  pipe::Status take_failure() override;
  ResetCause poll_reset() override;

  pipe::BlendObject* create_blend_state(const pipe::BlendState& s) override;
  void bind_blend_state(pipe::BlendObject* o) override;
  void delete_blend_state(pipe::BlendObject* o) override;
  pipe::RasterizerObject* create_rasterizer_state(const pipe::RasterizerState& s) override;
  void bind_rasterizer_state(pipe::RasterizerObject* o) override;
  void delete_rasterizer_state(pipe::RasterizerObject* o) override;
  pipe::DepthStencilAlphaObject* create_depth_stencil_alpha_state(const pipe::DepthStencilAlphaState& s) override;
  void bind_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) override;
  void delete_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) override;
  pipe::VertexElementsObject* create_vertex_elements_state(const pipe::VertexElementsState& s) override;
  void bind_vertex_elements_state(pipe::VertexElementsObject* o) override;
  void delete_vertex_elements_state(pipe::VertexElementsObject* o) override;
  pipe::SamplerObject* create_sampler_state(const pipe::SamplerState& s) override;
  void bind_sampler_states(pipe::ShaderStage stage, uint32_t start, std::span<pipe::SamplerObject* const> s) override;
  void delete_sampler_state(pipe::SamplerObject* o) override;

  Ref<pipe::SamplerView> create_sampler_view(pipe::Resource* r, const pipe::SamplerViewTemplate& t) override;
  void set_sampler_views(pipe::ShaderStage stage, uint32_t start, std::span<pipe::SamplerView* const> v) override;
  Ref<pipe::Surface> create_surface(pipe::Resource* r, const pipe::SurfaceTemplate& t) override;

  pipe::ShaderProgram* create_shader_program(const pipe::ShaderInfo& info, pipe::Status* status) override;
  void bind_shader_program(pipe::ShaderProgram* p) override;
  void delete_shader_program(pipe::ShaderProgram* p) override;
  bool shader_program_ready(pipe::ShaderProgram* p, bool wait) override;

  void set_framebuffer_state(const pipe::FramebufferState& fb) override;
  void set_viewports(uint32_t start, std::span<const pipe::Viewport> v) override;
  void set_scissors(uint32_t start, std::span<const pipe::ScissorRect> s) override;
  void set_stencil_ref(const pipe::StencilRef& ref) override;
  void set_blend_color(const pipe::BlendColor& c) override;
  void set_sample_mask(uint32_t mask) override;
  void set_vertex_buffers(uint32_t start, std::span<const pipe::VertexBuffer> buffers) override;
  void set_index_buffer(pipe::Resource* buffer, uint32_t index_size, uint64_t offset) override;
  void set_constant_buffer(pipe::ShaderStage stage, uint32_t slot, const pipe::ConstantBuffer* cb) override;
  void set_shader_buffers(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ShaderBuffer> b) override;
  void set_shader_images(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ImageView> images) override;

  void draw_vbo(const pipe::DrawInfo& info, const pipe::DrawIndirect* indirect,
                std::span<const pipe::DrawStart> draws) override;

  void bind_compute_program(pipe::ShaderProgram* p) override;
  void launch_grid(const pipe::GridInfo& info) override;

  void clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color, double depth,
             uint32_t stencil) override;
  void clear_masked(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color, double depth,
                    uint32_t stencil, const pipe::ClearMasks& masks) override;
  void clear_render_target(pipe::Surface* dst, const pipe::ColorValue& color, uint32_t x, uint32_t y, uint32_t w,
                           uint32_t h) override;
  void clear_texture(pipe::Resource* r, uint32_t level, const pipe::Box& box, const void* texel,
                     const pipe::TextureClearValue& value) override;
  void clear_depth_stencil(pipe::Surface* dst, uint32_t flags, double depth, uint32_t stencil, uint32_t x,
                           uint32_t y, uint32_t w, uint32_t h) override;

  void resource_copy_region(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                            pipe::Resource* src, uint32_t src_level, const pipe::Box& src_box) override;
  void copy_image(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                  pipe::Resource* src, uint32_t src_level, const pipe::Box& src_box) override;
  void blit(const pipe::BlitInfo& info) override;
  bool generate_mipmap(pipe::Resource* r, uint32_t base_level, uint32_t last_level, uint32_t first_layer,
                       uint32_t last_layer) override;

  void buffer_subdata(pipe::Resource* r, uint32_t usage, uint64_t offset, uint64_t size, const void* data) override;
  void texture_subdata(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box, const void* data,
                       uint32_t stride, uint32_t layer_stride) override;
  void* transfer_map(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box,
                     pipe::Transfer** transfer) override;
  void transfer_flush_region(pipe::Transfer* transfer, const pipe::Box& box) override;
  void transfer_unmap(pipe::Transfer* transfer) override;

  pipe::Query* create_query(pipe::QueryType type, uint32_t stream = 0) override;
  void destroy_query(pipe::Query* q) override;
  void begin_query(pipe::Query* q) override;
  void end_query(pipe::Query* q) override;
  bool get_query_result(pipe::Query* q, bool wait, uint64_t* result) override;
  bool set_render_condition(pipe::Query* q, bool inverted) override;

  pipe::StreamOutputTarget* create_stream_output_target(pipe::Resource* buffer, uint64_t offset,
                                                        uint64_t size) override;
  void destroy_stream_output_target(pipe::StreamOutputTarget* t) override;
  void set_stream_output_targets(std::span<pipe::StreamOutputTarget* const> targets, uint32_t append_mask) override;

  void invalidate_resource(pipe::Resource* r) override;
  void flush(Ref<pipe::Fence>* fence, uint32_t flags) override;

  // For tests and tools.
  BatchRing& ring() { return ring_; }
  bool render_pass_active() const { return render_pass_.active(); }
  // Test hook: behave as if the device lacked VK_EXT_index_type_uint8.
  void disable_index_type_uint8() { index_type_uint8_ = false; }

 private:
  explicit VulkanContext(VulkanScreen& screen);
  [[nodiscard]] vk::Status init();

  // --- coordination (TransferHost: CpuTransfers asks for these too) ---
  // Records the first failure until the frontend takes it (take_failure);
  // until then the work of the failing call is dropped. A lost device
  // stays: the context ignores all further work.
  void fail(vk::Status s) override;
  bool failed() const override { return status_ != pipe::Status::Ok; }
  bool lost() const { return status_ == pipe::Status::DeviceLost; }
  void lose(ResetCause cause);
  [[nodiscard]] vk::Status submit(SubmitReason reason) override;
  // Waits for the GPU's use of `o`, submitting this batch first if needed.
  [[nodiscard]] vk::Status wait_for(ResourceObject* o, bool writes_only) override;
  // The command buffer a transfer writing dst (reading src) goes to: the
  // upload stream when the sync tracker allows reordering (the pass stays
  // open), else the main stream after ending the pass.
  VkCommandBuffer transfer_stream(ResourceObject* dst, ResourceObject* src, bool* upload) override;
  VkCommandBuffer readback_stream() override;
  // r's storage is replaced by a fresh object (the old one retires).
  void swap_storage(Resource* r) override;
  // set_framebuffer_state's work; marks the pipeline when it changed.
  void bind_framebuffer(const pipe::FramebufferState& fb);

  // --- draws (context_draw.cpp) ---
  bool validate_resources(const pipe::DrawIndirect* indirect);
  bool program_has_storage();
  pipe::ShaderProgram& draw_form();
  bool draw_needs_nothing(const pipe::DrawInfo& info);
  uint32_t unchanged_ignores(const pipe::DrawInfo& info) const;
  void record_unchanged_draw(const pipe::ShaderProgram& form, const pipe::DrawInfo& info,
                             std::span<const pipe::DrawStart> draws);
  // The application's index buffer for the CPU (converted draws): after any
  // GPU writer finished.
  bool index_source(IndexConversion::Source* src);

  // --- driver-internal draws (context_meta.cpp) ---
  // A MetaKey for the current framebuffer (formats, samples, render pass).
  bool meta_key_for_framebuffer(MetaKey* key);
  // Records one meta draw in the active render pass and marks the
  // application's pipeline, descriptors and dynamic state for re-emission.
  // `instances`: one per layer with a layered key.
  bool meta_draw(const MetaKey& key, const MetaPush& push, const VkViewport& viewport, const VkRect2D& scissor,
                 uint32_t stencil_mask, uint32_t stencil_ref, const VkDescriptorImageInfo* image,
                 uint32_t instances = 1);
  // Blits vkCmdBlitImage / vkCmdResolveImage cannot do. False when the
  // shader path cannot either.
  bool shader_blit(const pipe::BlitInfo& info);
  // The stencil of a shader blit, into the bound framebuffer's stencil:
  // the rectangle cleared, then one draw per bit (no stencil export).
  void blit_stencil_bits(const MetaKey& framebuffer_key, const ShaderBlitPlan& plan, const VkViewport& viewport,
                         const VkRect2D& rect, VulkanSamplerView* source);
  // A stencil-only blit between combined depth/stencil images where
  // vkCmdBlitImage would write depth too (Capabilities::blit_writes_all_aspects):
  // both aspects, with the destination's depth saved before and put back
  // through the shader path. False when that path cannot.
  bool blit_stencil_keeping_depth(const pipe::BlitInfo& info);
  // --- glCopyImageSubData (context_copy_image.cpp) ---
  // One vkCmdCopyImage between the stored images; through a temporary
  // image when source and destination share a level (Vulkan's copies need
  // distinct layouts and disjoint memory there).
  void copy_image_on_gpu(Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                         Resource* src, uint32_t src_level, const pipe::Box& src_box);
  // After a GPU copy into a texture stored decoded: the copied blocks in its
  // shadow too (resource/compressed_shadow.h).
  void copy_shadow(Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz, Resource* src,
                   uint32_t src_level, const pipe::Box& src_box);
  // A clear through a temporary framebuffer of one surface.
  void clear_surface(pipe::Surface* dst, uint32_t buffers, const pipe::ColorValue& color, double depth,
                     uint32_t stencil, uint32_t x, uint32_t y, uint32_t w, uint32_t h);


  // The batch ring, declared first so it is destroyed last: every mechanism
  // retires its objects into the ring's garbage, which the ring frees after
  // the GPU is done; then the screen forgets the ring.
  struct RingOwner {
    VulkanScreen& screen;
    std::unique_ptr<BatchRing> ring;
    ~RingOwner();
  };

  VulkanScreen& screen_;
  vk::Device& device_;
  const vk::Capabilities& caps_;
  RingOwner owner_;
  BatchRing& ring_;
  const VkDeviceSize uniform_range_;
  bool index_type_uint8_;
  // Programs this context creates get robust pipelines (robust buffer
  // access where the device gives it per pipeline: create_shader_program).
  bool robust_pipelines_ = false;
  pipe::Status status_ = pipe::Status::Ok;
  ResetCause reset_cause_ = ResetCause::None;
  // A batch could not be submitted (out of memory): its commands never ran
  // and the objects they used are not in the state this context tracks.
  // The failing command reports GL_OUT_OF_MEMORY; then the context is lost
  // (only this one: the device is fine, a new context works).
  bool lose_after_report_ = false;
  // The screen's device loss count when this context last looked: a rise
  // means another context lost the device.
  uint64_t device_losses_seen_ = 0;

  SyncTracker sync_;
  DrawDirty dirty_;
  RenderPassState render_pass_;
  StreamBuffer stream_;
  BindingTable bindings_;
  FixedFunctionState state_;
  Ref<pipe::ShaderProgram> program_;
  // The form of program_ the last draw bound (ShaderProgram::draw_form):
  // compared only, a change of form is a change of pipeline.
  const pipe::ShaderProgram* drawn_form_ = nullptr;
  // Whether program_ has storage buffers or images, which make its draws
  // take the whole barrier pass (validate_resources): asked the first time
  // a pass over changed bindings alone could do, not when it is bound.
  bool program_storage_known_ = false;
  bool program_has_storage_ = false;
  FallbackDescriptors fallbacks_;
  DescriptorGather gather_;
  std::unique_ptr<DescriptorUpdater> descriptors_;
  PipelineSelector pipelines_;
  DynamicStateEmitter dynamic_state_;
  PushConstantState push_constants_;
  IndexConversion index_conversion_;
  QueryTracker queries_;
  ConditionalRendering conditional_;
  StreamOutput stream_output_;
  ComputeDispatch compute_;
  std::unique_ptr<MetaPipelines> meta_;

  // Resources were last validated in this batch and write epoch.
  uint64_t validated_serial_ = 0;
  uint64_t validated_epoch_ = 0;
  // The last draw went through draw_vbo's whole path to its draw command
  // (draw_needs_nothing may then find nothing changed since).
  bool last_draw_whole_ = false;
  // Consecutive unchanged draws become one multi-draw command
  // (batch/pending_draws.h): VK_EXT_multi_draw, not BRASS_DEBUG=nomergedraws.
  bool merge_draws_ = false;

  CpuTransfers transfers_;
};

}  // namespace brass::driver
