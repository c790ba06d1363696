// A pipe::Context that runs another one on a driver thread of its own, as
// Mesa's u_threaded_context does for Zink: calls that only set state, draw,
// clear, copy or upload are recorded (their arguments copied, the objects
// they name referenced) into BatchQueue batches the driver thread executes
// in order; calls that return something the real context decides (object
// creation, maps, query results, fences, status) first wait until the
// driver thread ran everything recorded, then call the real context on the
// application thread. docs/threading.md describes what is recorded and why.
#pragma once
#include <memory>
#include "pipe/context.h"
#include "threaded/batch_queue.h"
#include "threaded/staged_maps.h"
#include "threaded/wrap.h"

namespace brass::threaded {

class ThreadedContext final : public pipe::Context {
 public:
  // Null when the driver thread cannot be started (ctx is then lost too:
  // callers go through wrap_if_enabled, which keeps it).
  static std::unique_ptr<ThreadedContext> create(std::unique_ptr<pipe::Context>& ctx);
  ~ThreadedContext() override;

  // The real context, after everything recorded ran: for tests that look
  // inside the driver. Calls on it must end before the next recorded call.
  pipe::Context& synced_target();
  const BatchQueue& queue() const { return queue_; }

  pipe::Screen& screen() override { return target_->screen(); }
  pipe::Status status() const override;
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
  void bind_sampler_states(pipe::ShaderStage stage, uint32_t start,
                           std::span<pipe::SamplerObject* const> samplers) override;
  void delete_sampler_state(pipe::SamplerObject* o) override;

  Ref<pipe::SamplerView> create_sampler_view(pipe::Resource* r, const pipe::SamplerViewTemplate& t) override;
  void set_sampler_views(pipe::ShaderStage stage, uint32_t start, std::span<pipe::SamplerView* const> views) override;
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
  void set_shader_buffers(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ShaderBuffer> buffers) override;
  void set_shader_images(pipe::ShaderStage stage, uint32_t start, std::span<const pipe::ImageView> images) override;

  pipe::Query* create_query(pipe::QueryType type, uint32_t stream) override;
  void destroy_query(pipe::Query* q) override;
  void begin_query(pipe::Query* q) override;
  void end_query(pipe::Query* q) override;
  bool get_query_result(pipe::Query* q, bool wait, uint64_t* result) override;
  bool set_render_condition(pipe::Query* q, bool inverted) override;

  pipe::StreamOutputTarget* create_stream_output_target(pipe::Resource* buffer, uint64_t offset,
                                                        uint64_t size) override;
  void destroy_stream_output_target(pipe::StreamOutputTarget* t) override;
  void set_stream_output_targets(std::span<pipe::StreamOutputTarget* const> targets, uint32_t append_mask) override;

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
  void clear_depth_stencil(pipe::Surface* dst, uint32_t flags, double depth, uint32_t stencil, uint32_t x,
                           uint32_t y, uint32_t w, uint32_t h) override;
  void clear_texture(pipe::Resource* r, uint32_t level, const pipe::Box& box, const void* texel,
                     const pipe::TextureClearValue& value) override;

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
  void invalidate_resource(pipe::Resource* r) override;
  void flush(Ref<pipe::Fence>* fence, uint32_t flags) override;

 private:
  explicit ThreadedContext(std::unique_ptr<pipe::Context> target);
  // Waits for the driver thread; the real context is then this thread's.
  pipe::Context& sync();
  // After a direct call: what the real context has pending, recorded or not.
  void after_direct() { failure_pending_ = target_->failure_pending() || queue_.async_failure(); }
  // After a recorded call: a failure the driver thread met shows up here.
  void after_record() { failure_pending_ = failure_pending_ || queue_.async_failure(); }

  std::unique_ptr<pipe::Context> target_;
  BatchQueue queue_;
  StagedMaps staged_;  // application thread only
};

}  // namespace brass::threaded
