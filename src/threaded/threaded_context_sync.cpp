// ThreadedContext's calls that return what the real context decides:
// object creation, maps, readbacks, query results, fences, status. Each
// waits until the driver thread ran everything recorded before it, then
// calls the real context on the application thread (the driver thread is
// idle until the next recorded call hands it a batch). Also the choice of
// threaded or not (BRASS_THREAD).
#include "threaded/staged_maps.h"
#include "threaded/threaded_context.h"
#include "util/log.h"
#include "util/options.h"

namespace brass::threaded {

bool enabled() {
  switch (options().thread) {
    case ThreadMode::On: return true;
    case ThreadMode::Off: return false;
    case ThreadMode::Auto: break;
  }
  // Off until a measurement shows a gain (docs/performance.md, "Threaded
  // context"): on this project's 2-core host the driver thread competes
  // with lavapipe's; on a 16-core H200 it was faster only for draws that
  // change the program (1.37x) and slower for the cheap ones (0.75x),
  // because the GL layer's validation stays on the application thread.
  return false;
}

std::unique_ptr<pipe::Context> wrap_if_enabled(std::unique_ptr<pipe::Context> ctx) {
  if (!ctx || !enabled()) return ctx;
  std::unique_ptr<ThreadedContext> threaded = ThreadedContext::create(ctx);
  if (!threaded) {
    BRASS_WARN("no driver thread: this context runs unthreaded");
    return ctx;
  }
  return threaded;
}

std::unique_ptr<ThreadedContext> ThreadedContext::create(std::unique_ptr<pipe::Context>& ctx) {
  std::unique_ptr<ThreadedContext> t(new (std::nothrow) ThreadedContext(std::move(ctx)));
  if (!t) return nullptr;  // no allocation: ctx was not moved from (the new-initializer never ran)
  if (!t->queue_.ok()) {
    ctx = std::move(t->target_);  // the queue never started: nothing ran on another thread
    return nullptr;
  }
  return t;
}

ThreadedContext::ThreadedContext(std::unique_ptr<pipe::Context> target)
    : target_(std::move(target)), queue_(*target_) {
  failure_pending_ = target_->failure_pending();
}

ThreadedContext::~ThreadedContext() {
  // queue_ runs what is recorded and stops its thread before target_ goes
  // (members are destroyed in reverse order), but be explicit: the real
  // context must not die under a running call.
  queue_.sync();
}

pipe::Context& ThreadedContext::sync() {
  queue_.sync();
  return *target_;
}

pipe::Context& ThreadedContext::synced_target() { return sync(); }

pipe::Context& synced_target(pipe::Context& ctx) {
  if (auto* t = dynamic_cast<ThreadedContext*>(&ctx)) return t->synced_target();
  return ctx;
}

pipe::Status ThreadedContext::status() const {
  // status() is const for the frontend; waiting for the driver thread
  // changes nothing it can observe.
  return const_cast<ThreadedContext*>(this)->sync().status();
}

pipe::Status ThreadedContext::take_failure() {
  const pipe::Status s = sync().take_failure();
  queue_.clear_async_failure();
  failure_pending_ = target_->failure_pending();
  return s;
}

pipe::Context::ResetCause ThreadedContext::poll_reset() {
  const ResetCause c = sync().poll_reset();
  after_direct();
  return c;
}

// --- creation: the real context's object caches are its thread's ---

pipe::BlendObject* ThreadedContext::create_blend_state(const pipe::BlendState& s) {
  pipe::BlendObject* o = sync().create_blend_state(s);
  after_direct();
  return o;
}
pipe::RasterizerObject* ThreadedContext::create_rasterizer_state(const pipe::RasterizerState& s) {
  pipe::RasterizerObject* o = sync().create_rasterizer_state(s);
  after_direct();
  return o;
}
pipe::DepthStencilAlphaObject* ThreadedContext::create_depth_stencil_alpha_state(const pipe::DepthStencilAlphaState& s) {
  pipe::DepthStencilAlphaObject* o = sync().create_depth_stencil_alpha_state(s);
  after_direct();
  return o;
}
pipe::VertexElementsObject* ThreadedContext::create_vertex_elements_state(const pipe::VertexElementsState& s) {
  pipe::VertexElementsObject* o = sync().create_vertex_elements_state(s);
  after_direct();
  return o;
}
pipe::SamplerObject* ThreadedContext::create_sampler_state(const pipe::SamplerState& s) {
  pipe::SamplerObject* o = sync().create_sampler_state(s);
  after_direct();
  return o;
}
Ref<pipe::SamplerView> ThreadedContext::create_sampler_view(pipe::Resource* r, const pipe::SamplerViewTemplate& t) {
  Ref<pipe::SamplerView> v = sync().create_sampler_view(r, t);
  after_direct();
  return v;
}
Ref<pipe::Surface> ThreadedContext::create_surface(pipe::Resource* r, const pipe::SurfaceTemplate& t) {
  Ref<pipe::Surface> s = sync().create_surface(r, t);
  after_direct();
  return s;
}
pipe::ShaderProgram* ThreadedContext::create_shader_program(const pipe::ShaderInfo& info, pipe::Status* status) {
  pipe::ShaderProgram* p = sync().create_shader_program(info, status);
  after_direct();
  return p;
}
bool ThreadedContext::shader_program_ready(pipe::ShaderProgram* p, bool wait) {
  const bool ready = sync().shader_program_ready(p, wait);
  after_direct();
  return ready;
}
pipe::Query* ThreadedContext::create_query(pipe::QueryType type, uint32_t stream) {
  pipe::Query* q = sync().create_query(type, stream);
  after_direct();
  return q;
}
pipe::StreamOutputTarget* ThreadedContext::create_stream_output_target(pipe::Resource* buffer, uint64_t offset,
                                                                       uint64_t size) {
  pipe::StreamOutputTarget* t = sync().create_stream_output_target(buffer, offset, size);
  after_direct();
  return t;
}

// --- results ---

bool ThreadedContext::get_query_result(pipe::Query* q, bool wait, uint64_t* result) {
  const bool done = sync().get_query_result(q, wait, result);
  after_direct();
  return done;
}
bool ThreadedContext::set_render_condition(pipe::Query* q, bool inverted) {
  // The answer (whether the GPU can decide) is the real context's.
  const bool on_gpu = sync().set_render_condition(q, inverted);
  after_direct();
  return on_gpu;
}
bool ThreadedContext::generate_mipmap(pipe::Resource* r, uint32_t base_level, uint32_t last_level,
                                      uint32_t first_layer, uint32_t last_layer) {
  const bool done = sync().generate_mipmap(r, base_level, last_level, first_layer, last_layer);
  after_direct();
  return done;
}

// --- data whose size the seam does not say, and maps ---

void ThreadedContext::clear_texture(pipe::Resource* r, uint32_t level, const pipe::Box& box, const void* texel,
                                    const pipe::TextureClearValue& value) {
  sync().clear_texture(r, level, box, texel, value);
  after_direct();
}
void* ThreadedContext::transfer_map(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box,
                                    pipe::Transfer** transfer) {
  // A write-only map discarding what it covers needs nothing from the
  // driver thread: staging memory here, uploaded by a recorded call at
  // unmap (staged_maps.h).
  if (r && StagedMaps::eligible(*r, usage, box)) {
    if (StagedMap* m = staged_.acquire(r, usage, box)) {
      // Only the flushed ranges are uploaded: the rest of the buffer must
      // be discarded here, ordered after every recorded use of it.
      if ((usage & pipe::kMapDiscardWholeResource) && (usage & pipe::kMapFlushExplicit)) invalidate_resource(r);
      *transfer = &m->transfer;
      return m->data;
    }
  }
  void* p = sync().transfer_map(r, level, usage, box, transfer);
  after_direct();
  return p;
}
void ThreadedContext::transfer_flush_region(pipe::Transfer* transfer, const pipe::Box& box) {
  if (StagedMap* m = staged_.find(transfer)) {
    const pipe::Box& range = m->transfer.box;
    if (!(m->transfer.usage & pipe::kMapFlushExplicit) || box.x < 0 || box.width <= 0 ||
        static_cast<int64_t>(box.x) + box.width > range.width)
      return;
    buffer_subdata(m->resource.get(), 0, static_cast<uint64_t>(range.x) + static_cast<uint64_t>(box.x),
                   static_cast<uint64_t>(box.width), m->data + box.x);
    return;
  }
  sync().transfer_flush_region(transfer, box);
  after_direct();
}
void ThreadedContext::transfer_unmap(pipe::Transfer* transfer) {
  if (StagedMap* m = staged_.find(transfer)) {
    const pipe::Box& range = m->transfer.box;
    if (!(m->transfer.usage & pipe::kMapFlushExplicit))
      buffer_subdata(m->resource.get(), 0, static_cast<uint64_t>(range.x), static_cast<uint64_t>(range.width), m->data);
    staged_.release(m);
    return;
  }
  sync().transfer_unmap(transfer);
  after_direct();
}

}  // namespace brass::threaded
