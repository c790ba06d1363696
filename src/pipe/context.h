// The seam's rendering context: state objects, bindings, draws, clears,
// copies, transfers and flushes. Everything here is recorded; nothing is
// submitted to the GPU except on flush(), a fence, a readback or a swap.
#pragma once
#include <cstdint>
#include <span>
#include "pipe/resource.h"
#include "pipe/screen.h"
#include "pipe/shader_info.h"
#include "pipe/state.h"
#include "pipe/status.h"

namespace brass::pipe {

// Opaque constant state objects (created, bound and deleted per context).
struct BlendObject;
struct RasterizerObject;
struct DepthStencilAlphaObject;
struct VertexElementsObject;
struct SamplerObject;
struct ShaderProgram;
// A query object (create_query); its results accumulate over every render
// pass it was active in.
struct Query;
// A transform feedback destination: buffer range plus the byte count
// already written to it, kept across pause/resume (create_stream_output_target).
struct StreamOutputTarget;

enum class QueryType : uint8_t {
  OcclusionPredicate,              // any samples passed (boolean result)
  OcclusionPredicateConservative,  // the same; may be imprecise
  // The vertex-stream queries count the stream create_query names (below
  // Cap::MaxVertexStreams).
  PrimitivesWritten,               // primitives captured by transform feedback
  PrimitivesGenerated,             // primitives the last pre-rasterization stage emitted (Cap::PrimitivesGeneratedQuery)
  StreamOverflow,                  // whether transform feedback dropped primitives that did not fit (0 or 1)
  SamplesPassed,                   // samples that passed the depth and stencil tests: an exact count
                                   // where Cap::PreciseOcclusionQuery, else only zero or not is exact
  // Timer queries (Cap::TimestampBits nonzero), results in nanoseconds.
  // TimeElapsed: the GPU time from begin_query to end_query, both taken once
  // every command recorded before them completed; render passes and
  // batches in between are counted. Timestamp: the GPU time at end_query
  // (no begin_query), on the clock get_query_result of every Timestamp
  // query of the screen reads.
  TimeElapsed,
  Timestamp,
  // One counter of the pipeline statistics (Cap::PipelineStatisticsQuery),
  // named by create_query's `stream` argument as a PipelineStatistic; the
  // counts of everything drawn or dispatched while the query was active.
  PipelineStatistic,
};

// The counters of QueryType::PipelineStatistic (GL 4.6 §4.2.1 targets of
// ARB_pipeline_statistics_query).
enum class PipelineStatistic : uint8_t {
  VerticesSubmitted,
  PrimitivesSubmitted,
  VertexShaderInvocations,
  GeometryShaderInvocations,
  GeometryShaderPrimitivesEmitted,
  ClippingInputPrimitives,
  ClippingOutputPrimitives,
  FragmentShaderInvocations,
  TessControlShaderPatches,
  TessEvaluationShaderInvocations,
  ComputeShaderInvocations,
};
inline constexpr uint32_t kPipelineStatisticCount = 11;

enum FlushFlags : uint32_t {
  kFlushEndOfFrame = 1u << 0,  // a swap: counted as such
};

class Context {
 public:
  virtual ~Context() = default;
  virtual Screen& screen() = 0;

  // What failed since the frontend last took it (take_failure):
  // OutOfMemory (any allocation, host or device) or Unsupported from the
  // calls since, or DeviceLost, which stays: a lost context never recovers.
  virtual Status status() const = 0;
  // Returns status() and clears it unless the context is lost. The GL
  // frontend takes it after each command that left failure_pending() set,
  // so an allocation failure becomes GL_OUT_OF_MEMORY at the command that
  // failed and the context goes on working once memory is freed.
  virtual Status take_failure() = 0;
  bool failure_pending() const { return failure_pending_; }

  // Why the context was lost (KHR_robustness reset status). Guilty: the
  // loss came from this context's work; Unknown: the device was lost and
  // what caused it is not known (a real VK_ERROR_DEVICE_LOST, or another
  // context's). A context that has not seen a loss yet learns here that
  // another context lost the device (then status() is DeviceLost too).
  enum class ResetCause : uint8_t { None, Guilty, Innocent, Unknown };
  virtual ResetCause poll_reset() = 0;

  // --- constant state objects ---
  virtual BlendObject* create_blend_state(const BlendState& s) = 0;
  virtual void bind_blend_state(BlendObject* o) = 0;
  virtual void delete_blend_state(BlendObject* o) = 0;
  virtual RasterizerObject* create_rasterizer_state(const RasterizerState& s) = 0;
  virtual void bind_rasterizer_state(RasterizerObject* o) = 0;
  virtual void delete_rasterizer_state(RasterizerObject* o) = 0;
  virtual DepthStencilAlphaObject* create_depth_stencil_alpha_state(const DepthStencilAlphaState& s) = 0;
  virtual void bind_depth_stencil_alpha_state(DepthStencilAlphaObject* o) = 0;
  virtual void delete_depth_stencil_alpha_state(DepthStencilAlphaObject* o) = 0;
  virtual VertexElementsObject* create_vertex_elements_state(const VertexElementsState& s) = 0;
  virtual void bind_vertex_elements_state(VertexElementsObject* o) = 0;
  virtual void delete_vertex_elements_state(VertexElementsObject* o) = 0;
  virtual SamplerObject* create_sampler_state(const SamplerState& s) = 0;
  virtual void bind_sampler_states(ShaderStage stage, uint32_t start, std::span<SamplerObject* const> samplers) = 0;
  virtual void delete_sampler_state(SamplerObject* o) = 0;

  // --- views ---
  virtual Ref<SamplerView> create_sampler_view(Resource* r, const SamplerViewTemplate& t) = 0;
  virtual void set_sampler_views(ShaderStage stage, uint32_t start, std::span<SamplerView* const> views) = 0;
  virtual Ref<Surface> create_surface(Resource* r, const SurfaceTemplate& t) = 0;

  // --- shaders ---
  // Null with *status on failure (bad SPIR-V is InvalidArgument).
  virtual ShaderProgram* create_shader_program(const ShaderInfo& info, Status* status) = 0;
  virtual void bind_shader_program(ShaderProgram* p) = 0;
  virtual void delete_shader_program(ShaderProgram* p) = 0;
  // Whether the driver finished the work it starts when a program is created
  // (precompiled pipeline pieces), waiting for it if `wait`. A GL link is
  // complete only then: GL_LINK_STATUS waits, GL_COMPLETION_STATUS_KHR asks.
  virtual bool shader_program_ready(ShaderProgram* p, bool wait) = 0;

  // --- parameter state ---
  virtual void set_framebuffer_state(const FramebufferState& fb) = 0;
  virtual void set_viewports(uint32_t start, std::span<const Viewport> v) = 0;
  virtual void set_scissors(uint32_t start, std::span<const ScissorRect> s) = 0;
  virtual void set_stencil_ref(const StencilRef& ref) = 0;
  virtual void set_blend_color(const BlendColor& c) = 0;
  virtual void set_sample_mask(uint32_t mask) = 0;
  virtual void set_vertex_buffers(uint32_t start, std::span<const VertexBuffer> buffers) = 0;
  virtual void set_index_buffer(Resource* buffer, uint32_t index_size, uint64_t offset) = 0;
  virtual void set_constant_buffer(ShaderStage stage, uint32_t slot, const ConstantBuffer* cb) = 0;
  virtual void set_shader_buffers(ShaderStage stage, uint32_t start, std::span<const ShaderBuffer> buffers) = 0;
  virtual void set_shader_images(ShaderStage stage, uint32_t start, std::span<const ImageView> images) = 0;

  // --- queries ---
  // Null when the device cannot provide the type (or on allocation failure).
  // `stream`: the vertex stream PrimitivesWritten, PrimitivesGenerated and
  // StreamOverflow count, the PipelineStatistic a PipelineStatistic query
  // counts (0 for the other types).
  virtual Query* create_query(QueryType type, uint32_t stream = 0) {
    (void)type, (void)stream;
    return nullptr;
  }
  virtual void destroy_query(Query* q) { (void)q; }
  // Starts counting from zero; draws recorded until end_query count.
  virtual void begin_query(Query* q) { (void)q; }
  virtual void end_query(Query* q) { (void)q; }
  // The ended query's result. Without `wait`, returns false (leaving
  // *result alone) while the GPU has not produced it yet, without blocking;
  // work it needs is submitted, so asking again eventually succeeds.
  virtual bool get_query_result(Query* q, bool wait, uint64_t* result) {
    (void)q, (void)wait;
    *result = 0;
    return true;
  }

  // --- conditional rendering ---
  // Predicates the application draws recorded from now on on the result of
  // `q` (an occlusion query that is not active), on the GPU: a draw is
  // skipped when the result is zero (`inverted`: nonzero). Null ends the
  // predicate. Returns false (predicating nothing) when the pipe cannot
  // decide this query on the GPU; the caller then decides on the CPU.
  // Clears, blits and other pipe work are never predicated.
  virtual bool set_render_condition(Query* q, bool inverted) {
    (void)inverted;
    return q == nullptr;
  }

  // --- stream output (transform feedback) ---
  // Captures into [offset, offset + size) of `buffer`. Null when the device
  // has no transform feedback.
  virtual StreamOutputTarget* create_stream_output_target(Resource* buffer, uint64_t offset, uint64_t size) {
    (void)buffer, (void)offset, (void)size;
    return nullptr;
  }
  virtual void destroy_stream_output_target(StreamOutputTarget* t) { (void)t; }
  // Binds the targets draws capture into (empty span: capture off). A target
  // whose bit is set in `append_mask` continues after what it already holds
  // (resume); others restart at their offset. Unbinding keeps each target's
  // written count, which is how pause works.
  virtual void set_stream_output_targets(std::span<StreamOutputTarget* const> targets, uint32_t append_mask) {
    (void)targets, (void)append_mask;
  }

  // --- draws ---
  // `draws` has one entry per multi-draw; ignored when `indirect` is set.
  virtual void draw_vbo(const DrawInfo& info, const DrawIndirect* indirect, std::span<const DrawStart> draws) = 0;

  // --- compute ---
  // The program dispatches run: one with a compute stage (null unbinds).
  // Apart from bind_shader_program, so that a dispatch leaves the draw's
  // program and its state alone. Compute resources are bound per stage like
  // the others, with ShaderStage::Compute.
  virtual void bind_compute_program(ShaderProgram* p) = 0;
  // Records a dispatch of the bound compute program. Every access it makes
  // to bound resources is ordered after earlier accesses and before later
  // ones by the driver's tracking, so no barrier call is needed around it.
  virtual void launch_grid(const GridInfo& info) = 0;

  // --- clears ---
  // Clears the bound framebuffer (ClearFlags). A null scissor clears it all.
  virtual void clear(uint32_t buffers, const ScissorRect* scissor, const ColorValue& color, double depth,
                     uint32_t stencil) = 0;
  // clear() honouring write masks: per color buffer (ColorMask bits) and
  // for stencil. A buffer whose mask writes nothing is left alone; full
  // masks take clear()'s fast paths (load-op clear, vkCmdClearAttachments);
  // partial masks draw a quad over the (scissored) framebuffer, layer 0.
  // Integer color buffers take `color` as ColorValue::i / ::ui.
  virtual void clear_masked(uint32_t buffers, const ScissorRect* scissor, const ColorValue& color, double depth,
                            uint32_t stencil, const ClearMasks& masks) {
    (void)masks;
    clear(buffers, scissor, color, depth, stencil);
  }
  virtual void clear_render_target(Surface* dst, const ColorValue& color, uint32_t x, uint32_t y, uint32_t w,
                                   uint32_t h) = 0;
  virtual void clear_depth_stencil(Surface* dst, uint32_t flags, double depth, uint32_t stencil, uint32_t x,
                                   uint32_t y, uint32_t w, uint32_t h) = 0;
  // glClearTexSubImage of a single-sampled texture: `box` of `level` (3D:
  // slices in z; arrays and cubes: layers) gets `texel`, one texel in the
  // resource format's layout (what texture_subdata takes), converted to the
  // stored format as uploads are. `value` is the same texel as a clear
  // value (color by the format's kind; depth and stencil), for devices that
  // clear whole subresources with a clear command.
  virtual void clear_texture(Resource* r, uint32_t level, const Box& box, const void* texel,
                             const TextureClearValue& value) = 0;

  // --- copies ---
  virtual void resource_copy_region(Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty,
                                    uint32_t dstz, Resource* src, uint32_t src_level, const Box& src_box) = 0;
  // glCopyImageSubData: copies src_box of src_level (x, y in source texels;
  // z and depth are layers, cube faces included, or slices of a 3D
  // resource) to dst_level at (dstx, dsty, dstz), block for block, with no
  // conversion: the frontend checked that the formats' blocks have one size
  // and that both regions lie inside their levels. When exactly one side is
  // compressed, the destination region is the source's in the other side's
  // units (a block per texel). Source and destination may be one resource,
  // overlapping regions included (GL leaves their result undefined).
  virtual void copy_image(Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                          Resource* src, uint32_t src_level, const Box& src_box) = 0;
  virtual void blit(const BlitInfo& info) = 0;
  virtual bool generate_mipmap(Resource* r, uint32_t base_level, uint32_t last_level, uint32_t first_layer,
                               uint32_t last_layer) = 0;

  // --- data transfer ---
  virtual void buffer_subdata(Resource* r, uint32_t usage, uint64_t offset, uint64_t size, const void* data) = 0;
  virtual void texture_subdata(Resource* r, uint32_t level, uint32_t usage, const Box& box, const void* data,
                               uint32_t stride, uint32_t layer_stride) = 0;
  // Returns the pointer and fills *transfer (owned by the context until
  // unmap); null on failure or when kMapDontBlock would have to wait.
  virtual void* transfer_map(Resource* r, uint32_t level, uint32_t usage, const Box& box, Transfer** transfer) = 0;
  virtual void transfer_flush_region(Transfer* transfer, const Box& box) = 0;
  virtual void transfer_unmap(Transfer* transfer) = 0;

  virtual void invalidate_resource(Resource* r) = 0;

  // Submits recorded work. With `fence`, returns a fence signalled when it
  // completes.
  virtual void flush(Ref<Fence>* fence, uint32_t flags) = 0;

 protected:
  // Set by the implementation when status() becomes other than Ok: one
  // load for the frontend to test after every command.
  bool failure_pending_ = false;
};

}  // namespace brass::pipe
