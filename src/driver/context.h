// pipe::Context over Vulkan. The implementation is split by concern:
//   context.cpp              creation, state binding, flush, invalidation
//   context_draw.cpp         draw-time validation (barriers, descriptors,
//                            dynamic state) and draws
//   context_pipeline.cpp     the draw's pipeline: libraries or monolithic
//   context_descriptors.cpp  the draw's descriptor sets (lazy / cached)
//   context_descriptor_buffer.cpp  the draw's descriptors in db mode
//   context_render_pass.cpp  lazy render pass begin/end, clears
//   context_copy.cpp         copies, blits, mipmap generation
//   context_transfer.cpp     subdata, map/unmap
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>
#include "driver/barrier/barrier_batch.h"
#include "driver/descriptors/descriptor_buffer.h"
#include "driver/batch/batch_ring.h"
#include "driver/meta/meta_pipelines.h"
#include "driver/pipeline/graphics_pipeline.h"
#include "driver/pipeline/pipeline_key.h"
#include "driver/program.h"
#include "driver/query/query_slots.h"
#include "driver/render_pass/render_pass_cache.h"
#include "driver/resource/resource.h"
#include "driver/resource/stream_buffer.h"
#include "driver/screen.h"
#include "driver/state_objects.h"
#include "pipe/context.h"
#include "util/bitset.h"

namespace brass::pipe {
// A GL query: the closed per-render-pass segments it measured, summed (or
// OR-ed) when the result is read (context_query.cpp).
struct Query {
  QueryType type = QueryType::OcclusionPredicate;
  bool active = false;
  std::vector<driver::QuerySlot> segments;
  uint64_t serial = 0;  // batch of the newest segment
  bool has_result = false;
  uint64_t result = 0;
};
// A transform feedback buffer range and its counter buffer (how many bytes
// were written), which resume continues from (context_stream_output.cpp).
struct StreamOutputTarget {
  Ref<Resource> buffer;
  uint64_t offset = 0, size = 0;
  Ref<Resource> counter;  // 4 bytes used
  bool counter_valid = false;  // false: capture restarts at `offset`
};
}  // namespace brass::pipe

namespace brass::driver {

// A clear color in the stored channels of an emulated format (swizzles).
VkClearColorValue stored_clear_color(const pipe::ColorValue& color, const vk::FormatChoice& stored);

// Why a render pass ended (BRASS_STATS "render_pass.end.<reason>").
enum class RenderPassEnd : uint8_t { Submit, Barrier, Transfer, Readback, FramebufferChange, Count };

class VulkanContext final : public pipe::Context {
 public:
  static std::unique_ptr<VulkanContext> create(VulkanScreen& screen, pipe::Status* status);
  ~VulkanContext() override;

  pipe::Screen& screen() override { return screen_; }
  pipe::Status status() const override { return status_; }

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

  void clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color, double depth,
             uint32_t stencil) override;
  void clear_masked(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color, double depth,
                    uint32_t stencil, const pipe::ClearMasks& masks) override;
  void clear_render_target(pipe::Surface* dst, const pipe::ColorValue& color, uint32_t x, uint32_t y, uint32_t w,
                           uint32_t h) override;
  void clear_depth_stencil(pipe::Surface* dst, uint32_t flags, double depth, uint32_t stencil, uint32_t x,
                           uint32_t y, uint32_t w, uint32_t h) override;

  void resource_copy_region(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
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

  pipe::Query* create_query(pipe::QueryType type) override;
  void destroy_query(pipe::Query* q) override;
  void begin_query(pipe::Query* q) override;
  void end_query(pipe::Query* q) override;
  bool get_query_result(pipe::Query* q, bool wait, uint64_t* result) override;

  pipe::StreamOutputTarget* create_stream_output_target(pipe::Resource* buffer, uint64_t offset,
                                                        uint64_t size) override;
  void destroy_stream_output_target(pipe::StreamOutputTarget* t) override;
  void set_stream_output_targets(std::span<pipe::StreamOutputTarget* const> targets, uint32_t append_mask) override;

  void invalidate_resource(pipe::Resource* r) override;
  void flush(Ref<pipe::Fence>* fence, uint32_t flags) override;

  // For tests and tools.
  BatchRing& ring() { return *ring_; }
  bool render_pass_active() const { return rp_active_; }
  // Test hook: behave as if the device lacked VK_EXT_index_type_uint8.
  void disable_index_type_uint8() { index_type_uint8_ = false; }

 private:
  explicit VulkanContext(VulkanScreen& screen);
  vk::Status init();
  void fail(vk::Status s);
  bool failed() const { return status_ != pipe::Status::Ok; }

  // Dirty bits for draw-time validation, handled in this order.
  enum Dirty : uint32_t {
    kDirtyResources = 1u << 0,     // bindings changed: barriers + usage marks
    kDirtyPipeline = 1u << 1,
    kDirtyVertexBuffers = 1u << 2,
    kDirtyVertexInput = 1u << 3,   // elements or strides (dynamic vertex input)
    kDirtyIndexBuffer = 1u << 4,
    kDirtyViewports = 1u << 5,
    kDirtyScissors = 1u << 6,
    kDirtyRasterizer = 1u << 7,
    kDirtyDepthStencil = 1u << 8,
    kDirtyStencilRef = 1u << 9,
    kDirtyBlendColor = 1u << 10,
    kDirtySet0Offsets = 1u << 11,  // default uniform dynamic offsets
    kDirtyAll = (1u << 12) - 1,
  };

  // --- render passes (context_render_pass.cpp) ---
  vk::Status begin_render_pass();
  void end_render_pass(RenderPassEnd reason);
  void execute_pending_clears();
  void request_attachment_access();

  // --- queries (context_query.cpp) ---
  // Segments of the active queries: reset before the pass (outside it),
  // begun once it started, ended (and handed to their queries) before it ends.
  vk::Status reset_query_segments(VkCommandBuffer cmd);
  void begin_query_segments(VkCommandBuffer cmd);
  // `kinds`: bit per kind (kind_of) whose open segment ends.
  void end_query_segments(VkCommandBuffer cmd, uint32_t kinds = 3);
  QuerySlots* slots_for(pipe::QueryType type);
  // Index 0: occlusion, 1: transform feedback primitives.
  static unsigned kind_of(pipe::QueryType t) { return t == pipe::QueryType::PrimitivesWritten ? 1 : 0; }

  // --- stream output (context_stream_output.cpp) ---
  // Starts capture in the active pass when targets are bound and the bound
  // program captures; before a draw, after the pipeline is bound.
  void begin_stream_output(VkCommandBuffer cmd);
  // Ends capture (counters written): before the pass ends, before meta draws.
  void end_stream_output(VkCommandBuffer cmd);
  // Barriers for the targets and their counters (validate_resources).
  void stream_output_access();

  // --- driver-internal draws (context_meta.cpp) ---
  // A MetaKey for the current framebuffer (formats, samples, render pass).
  bool meta_key_for_framebuffer(MetaKey* key);
  // Records one meta draw in the active render pass and marks the
  // application's pipeline, descriptors and dynamic state for re-emission.
  bool meta_draw(const MetaKey& key, const MetaPush& push, const VkViewport& viewport, const VkRect2D& scissor,
                 uint32_t stencil_mask, uint32_t stencil_ref, const VkDescriptorImageInfo* image);
  // Blits vkCmdBlitImage / vkCmdResolveImage cannot do. False when the
  // shader path cannot either.
  bool shader_blit(const pipe::BlitInfo& info);

  // --- synchronization ---
  // The stream a transfer touching dst (written) and src (read) goes to:
  // the upload stream when neither was used by this batch's main stream
  // (no render pass break), else the main stream after ending the pass.
  VkCommandBuffer transfer_stream(ResourceObject* dst, ResourceObject* src, bool* upload);
  void mark_read(ResourceObject* o) { mark(o->usage, false); }
  void mark_write(ResourceObject* o) { mark(o->usage, true); }
  void mark(GpuUsage& u, bool write);
  bool used_this_batch(const ResourceObject* o) const;
  bool busy(ResourceObject* o, bool writes_only);
  // After an upload-stream write, leave the object readable by any later
  // main-stream command of this batch without another barrier.
  void release_after_upload(ResourceObject* o, VkCommandBuffer upload);
  vk::Status submit(SubmitReason reason);
  vk::Status wait_for(ResourceObject* o, bool writes_only);

  // --- draws (context_draw.cpp) ---
  bool validate_resources(const pipe::DrawIndirect* indirect);
  // --- pipelines (context_pipeline.cpp) ---
  bool update_pipeline(const pipe::DrawInfo& info);
  void fill_pipeline_key(const pipe::DrawInfo& info);
  // A pipeline for key_ on the draw path (timed and counted by kind).
  PipelineEntry* create_pipeline(pipe::ShaderProgram& prog);
  bool create_monolithic(pipe::ShaderProgram& prog, VkPipeline* out);
  // key_ and the bound program's shaders, layout and vertex input.
  PipelineBuildInfo build_info(const pipe::ShaderProgram& prog) const;
  // The optimized link of a fast-linked entry, on the worker pool.
  void queue_optimized_link(pipe::ShaderProgram& prog, PipelineEntry& entry, std::array<VkPipeline, 4> libraries);
  // At frame ends: the longest draw-path pipeline wait of the frame.
  void end_pipeline_frame();
  // --- descriptors (context_descriptors.cpp) ---
  bool update_descriptors();
  // db mode: writes the changed sets into the descriptor ring and sets
  // their offsets.
  bool update_descriptor_buffer();
  // Template data of `set` for the bound program (ids: cached-mode keys,
  // addresses: db mode's buffer descriptors; both optional). False after
  // fail().
  bool gather_set(unsigned set, DescriptorInfo* data, uint64_t* ids, DescriptorAddress* addresses);
  void emit_dynamic_state(const pipe::DrawInfo& info);
  void bind_vertex_buffers();
  // Draws Vulkan cannot take as given (line loops, a restart index other
  // than all ones, 8-bit indices without VK_EXT_index_type_uint8): writes
  // 32-bit indices into the stream buffer and fills converted_info_ /
  // converted_draws_ / index_override_. False when nothing is to be drawn.
  bool convert_draw(const pipe::DrawInfo& info, std::span<const pipe::DrawStart> draws);

  // --- transfers (context_transfer.cpp) ---
  void swap_storage(Resource* r);
  void rebind(Resource* r);
  vk::Status copy_buffer(ResourceObject* dst, uint64_t dst_offset, VkBuffer src, uint64_t src_offset, uint64_t size,
                         ResourceObject* src_obj);
  vk::Status upload_image(Resource* r, uint32_t level, const pipe::Box& box, const void* data, uint32_t stride,
                          uint32_t layer_stride);

  VulkanScreen& screen_;
  vk::Device& device_;
  const vk::Capabilities& caps_;
  std::unique_ptr<BatchRing> ring_;
  std::unique_ptr<StreamBuffer> stream_;
  // db mode: the descriptor ring (descriptors/descriptor_buffer.h).
  bool descriptor_buffer_ = false;
  std::unique_ptr<StreamBuffer> descriptor_ring_;
  VkBuffer bound_descriptor_buffer_ = VK_NULL_HANDLE;  // the ring chunk bound in this command buffer
  VkPipelineLayout db_layout_ = VK_NULL_HANDLE;        // the layout db_sets_ were set with
  // Per set: the bytes its offset points at now (size 0: none), and the
  // scratch copy a draw writes before comparing. Grown once, never shrunk.
  struct DbSetCopy {
    std::vector<uint8_t> bytes;
    uint32_t size = 0;
  };
  std::array<DbSetCopy, kDescriptorTypeSets> db_sets_;
  std::array<std::vector<uint8_t>, kDescriptorTypeSets> db_scratch_;
  DescriptorBytesCache descriptor_bytes_;
  BarrierBatch barriers_;
  RenderPassCache rp_cache_;
  std::unique_ptr<MetaPipelines> meta_;
  bool dynamic_rendering_ = false;
  bool dynamic_vertex_input_ = false;
  bool index_type_uint8_ = false;
  pipe::Status status_ = pipe::Status::Ok;
  VkDeviceSize uniform_range_ = 0;

  // Bound state.
  pipe::BlendObject* blend_ = nullptr;
  pipe::RasterizerObject* rast_ = nullptr;
  pipe::DepthStencilAlphaObject* dsa_ = nullptr;
  pipe::VertexElementsObject* velems_ = nullptr;
  Ref<pipe::ShaderProgram> program_;
  pipe::FramebufferState fb_;
  std::array<Ref<pipe::Surface>, 9> fb_refs_;  // colors, then depth/stencil
  std::array<pipe::Viewport, pipe::kMaxViewports> viewports_{};
  uint32_t num_viewports_ = 1;
  std::array<pipe::ScissorRect, pipe::kMaxViewports> scissors_{};
  uint32_t num_scissors_ = 1;
  pipe::StencilRef stencil_ref_;
  pipe::BlendColor blend_color_;
  uint32_t sample_mask_ = 0xffffffff;

  struct VertexBufferBinding {
    Ref<pipe::Resource> buffer;
    uint64_t offset = 0;
    uint32_t stride = 0;
  };
  std::array<VertexBufferBinding, pipe::kMaxVertexBuffers> vertex_buffers_;
  Ref<pipe::Resource> index_buffer_;
  uint32_t index_size_ = 0;
  uint64_t index_offset_ = 0;

  struct ConstantBinding {
    Ref<pipe::Resource> buffer;  // null: user data in the stream buffer
    VkBuffer vk_buffer = VK_NULL_HANDLE;
    VkDeviceAddress vk_address = 0;  // of vk_buffer, in db mode
    uint64_t offset = 0;          // descriptor offset (resource) or dynamic offset (stream)
    uint32_t size = 0;
  };
  std::array<std::array<ConstantBinding, pipe::kMaxConstantBuffers>, pipe::kGraphicsStageCount> constants_;
  std::array<std::array<Ref<pipe::SamplerView>, pipe::kMaxSamplers>, pipe::kGraphicsStageCount> views_;
  std::array<std::array<pipe::SamplerObject*, pipe::kMaxSamplers>, pipe::kGraphicsStageCount> samplers_{};
  struct BufferBinding {
    Ref<pipe::Resource> buffer;
    uint64_t offset = 0;
    uint32_t size = 0;
    bool writable = false;
  };
  std::array<std::array<BufferBinding, pipe::kMaxShaderBuffers>, pipe::kGraphicsStageCount> shader_buffers_;
  struct ImageBinding {
    Ref<pipe::Resource> resource;
    pipe::ImageView view;
    VkImageView vk_view = VK_NULL_HANDLE;
    uint64_t view_uid = 0;  // of vk_view (descriptor cache keys)
    GpuUsage usage;
  };
  std::array<std::array<ImageBinding, pipe::kMaxShaderImages>, pipe::kGraphicsStageCount> images_;

  // Draw-time state.
  uint32_t dirty_ = kDirtyAll;
  uint32_t dirty_sets_ = 0x1f;
  PipelineKey key_;
  VkPipeline bound_pipeline_ = VK_NULL_HANDLE;
  PipelineEntry* bound_entry_ = nullptr;  // whose `current` may be swapped for the optimized pipeline
  uint64_t frame_pipeline_wait_ns_ = 0;
  VkPipelineLayout bound_layout_ = VK_NULL_HANDLE;
  std::array<VkDescriptorSet, kDescriptorTypeSets> bound_sets_{};
  uint64_t validated_serial_ = 0;
  uint64_t write_epoch_ = 1;        // bumped when a resource is written outside a draw
  uint64_t validated_epoch_ = 0;
  bool storage_writes_ = false;     // the last validated draw can write storage
  pipe::PrimitiveType last_mode_ = pipe::PrimitiveType::Triangles;
  bool last_restart_ = false;
  bool topology_dirty_ = true;  // a new command buffer has no topology set

  // Converted draws (convert_draw): kept to reuse their capacity.
  pipe::DrawInfo converted_info_;
  std::vector<pipe::DrawStart> converted_draws_;
  StreamAllocation index_override_;

  // Render pass state.
  bool rp_active_ = false;
  uint16_t pending_clear_mask_ = 0;  // bit i color i, bit 8 depth, bit 9 stencil
  std::array<VkClearValue, 9> clear_values_{};

  // Queries.
  std::array<std::unique_ptr<QuerySlots>, 2> query_slots_;
  std::vector<pipe::Query*> active_queries_;
  std::array<bool, 2> segment_open_{};  // per kind, while a pass is active
  std::array<QuerySlot, 2> open_slot_{};
  // A meta draw closed the pass's occlusion segment (its fragments must not
  // count): the next application draw starts a new pass, and segment.
  bool occlusion_suspended_ = false;

  // Stream output.
  std::array<pipe::StreamOutputTarget*, 4> so_targets_{};
  uint32_t so_count_ = 0;
  bool so_recording_ = false;

  // Fallbacks for unbound slots.
  Ref<pipe::Resource> dummy_buffer_;
  Ref<pipe::Resource> dummy_image_;
  VkImageView dummy_view_ = VK_NULL_HANDLE;
  VkBufferView dummy_buffer_view_ = VK_NULL_HANDLE;
  VkSampler dummy_sampler_ = VK_NULL_HANDLE;

  // Transfers in progress (map/unmap); no allocation per map.
  struct VulkanTransfer : pipe::Transfer {
    bool in_use = false;
    Ref<pipe::Resource> ref;
    StreamAllocation staging;
    uint64_t staging_size = 0;
    bool staged = false;
  };
  std::array<VulkanTransfer, 16> transfers_{};
};

}  // namespace brass::driver
