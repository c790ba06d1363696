// The recorded calls of ThreadedContext: each copies its arguments into the
// recording batch and takes a reference on every resource, view and surface
// they name, so that what the application releases meanwhile lives until
// the driver thread ran the call. Constant state objects, programs, queries
// and stream output targets are deleted by recorded calls too, so they
// outlive every recorded call that names them.
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include "threaded/threaded_context.h"

namespace brass::threaded {
namespace {

using pipe::Resource;

template <typename T>
T* at(std::byte* p) {
  return reinterpret_cast<T*>(p);
}

// `n` copies of `items` at p, then n references (from `resource_of`) after them.
template <typename T, typename R, typename Get>
void fill(std::byte* p, std::span<const T> items, Get resource_of) {
  T* copy = at<T>(p);
  Ref<R>* refs = at<Ref<R>>(p + items.size() * sizeof(T));
  for (size_t i = 0; i < items.size(); ++i) {
    new (&copy[i]) T(items[i]);
    new (&refs[i]) Ref<R>(Ref<R>::share(resource_of(items[i])));
  }
}

template <typename T, typename R>
constexpr size_t bytes_with_refs(size_t n) {
  static_assert(sizeof(T) % alignof(Ref<R>) == 0);
  return n * (sizeof(T) + sizeof(Ref<R>));
}

template <typename T, typename R>
void drop_refs(std::byte* p, size_t n) {
  std::destroy_n(at<Ref<R>>(p + n * sizeof(T)), n);
}

}  // namespace

// --- constant state objects ---

void ThreadedContext::bind_blend_state(pipe::BlendObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.bind_blend_state(o); });
  after_record();
}
void ThreadedContext::delete_blend_state(pipe::BlendObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.delete_blend_state(o); });
  after_record();
}
void ThreadedContext::bind_rasterizer_state(pipe::RasterizerObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.bind_rasterizer_state(o); });
  after_record();
}
void ThreadedContext::delete_rasterizer_state(pipe::RasterizerObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.delete_rasterizer_state(o); });
  after_record();
}
void ThreadedContext::bind_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.bind_depth_stencil_alpha_state(o); });
  after_record();
}
void ThreadedContext::delete_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.delete_depth_stencil_alpha_state(o); });
  after_record();
}
void ThreadedContext::bind_vertex_elements_state(pipe::VertexElementsObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.bind_vertex_elements_state(o); });
  after_record();
}
void ThreadedContext::delete_vertex_elements_state(pipe::VertexElementsObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.delete_vertex_elements_state(o); });
  after_record();
}
void ThreadedContext::bind_sampler_states(pipe::ShaderStage stage, uint32_t start,
                                          std::span<pipe::SamplerObject* const> samplers) {
  const size_t n = samplers.size();
  std::byte* p = queue_.record_call(n * sizeof(pipe::SamplerObject*), [stage, start, n](pipe::Context& t, std::byte* d) {
    t.bind_sampler_states(stage, start, {at<pipe::SamplerObject* const>(d), n});
  });
  if (!p) {
    sync().bind_sampler_states(stage, start, samplers);
    return after_direct();
  }
  std::copy(samplers.begin(), samplers.end(), at<pipe::SamplerObject*>(p));
  after_record();
}
void ThreadedContext::delete_sampler_state(pipe::SamplerObject* o) {
  queue_.record_call(0, [o](pipe::Context& t) { t.delete_sampler_state(o); });
  after_record();
}

// --- views ---

void ThreadedContext::set_sampler_views(pipe::ShaderStage stage, uint32_t start,
                                        std::span<pipe::SamplerView* const> views) {
  const size_t n = views.size();
  if (n > pipe::kMaxSamplers) {  // more than any stage has: the driver decides what that means
    sync().set_sampler_views(stage, start, views);
    return after_direct();
  }
  std::byte* p = queue_.record_call(n * sizeof(Ref<pipe::SamplerView>), [stage, start, n](pipe::Context& t, std::byte* d) {
    Ref<pipe::SamplerView>* refs = at<Ref<pipe::SamplerView>>(d);
    pipe::SamplerView* list[pipe::kMaxSamplers];
    for (size_t i = 0; i < n; ++i) list[i] = refs[i].get();
    t.set_sampler_views(stage, start, {list, n});
    std::destroy_n(refs, n);
  });
  if (!p) {
    sync().set_sampler_views(stage, start, views);
    return after_direct();
  }
  for (size_t i = 0; i < n; ++i) new (&at<Ref<pipe::SamplerView>>(p)[i]) Ref<pipe::SamplerView>(Ref<pipe::SamplerView>::share(views[i]));
  after_record();
}

// --- shaders ---

void ThreadedContext::bind_shader_program(pipe::ShaderProgram* prog) {
  queue_.record_call(0, [prog](pipe::Context& t) { t.bind_shader_program(prog); });
  after_record();
}
void ThreadedContext::delete_shader_program(pipe::ShaderProgram* prog) {
  queue_.record_call(0, [prog](pipe::Context& t) { t.delete_shader_program(prog); });
  after_record();
}
void ThreadedContext::bind_compute_program(pipe::ShaderProgram* prog) {
  queue_.record_call(0, [prog](pipe::Context& t) { t.bind_compute_program(prog); });
  after_record();
}

// --- parameter state ---

void ThreadedContext::set_framebuffer_state(const pipe::FramebufferState& fb) {
  struct Held {
    pipe::FramebufferState fb;
    std::array<Ref<pipe::Surface>, pipe::kMaxColorBuffers> cbufs;
    Ref<pipe::Surface> zsbuf;
  };
  Held h{fb, {}, Ref<pipe::Surface>::share(fb.zsbuf)};
  for (uint32_t i = 0; i < pipe::kMaxColorBuffers; ++i) h.cbufs[i] = Ref<pipe::Surface>::share(fb.cbufs[i]);
  queue_.record_call(0, [h = std::move(h)](pipe::Context& t) { t.set_framebuffer_state(h.fb); });
  after_record();
}
void ThreadedContext::set_viewports(uint32_t start, std::span<const pipe::Viewport> v) {
  const size_t n = v.size();
  std::byte* p = queue_.record_call(n * sizeof(pipe::Viewport), [start, n](pipe::Context& t, std::byte* d) {
    t.set_viewports(start, {at<const pipe::Viewport>(d), n});
  });
  if (!p) {
    sync().set_viewports(start, v);
    return after_direct();
  }
  std::uninitialized_copy(v.begin(), v.end(), at<pipe::Viewport>(p));
  after_record();
}
void ThreadedContext::set_scissors(uint32_t start, std::span<const pipe::ScissorRect> s) {
  const size_t n = s.size();
  std::byte* p = queue_.record_call(n * sizeof(pipe::ScissorRect), [start, n](pipe::Context& t, std::byte* d) {
    t.set_scissors(start, {at<const pipe::ScissorRect>(d), n});
  });
  if (!p) {
    sync().set_scissors(start, s);
    return after_direct();
  }
  std::uninitialized_copy(s.begin(), s.end(), at<pipe::ScissorRect>(p));
  after_record();
}
void ThreadedContext::set_stencil_ref(const pipe::StencilRef& ref) {
  queue_.record_call(0, [ref](pipe::Context& t) { t.set_stencil_ref(ref); });
  after_record();
}
void ThreadedContext::set_blend_color(const pipe::BlendColor& c) {
  queue_.record_call(0, [c](pipe::Context& t) { t.set_blend_color(c); });
  after_record();
}
void ThreadedContext::set_sample_mask(uint32_t mask) {
  queue_.record_call(0, [mask](pipe::Context& t) { t.set_sample_mask(mask); });
  after_record();
}
void ThreadedContext::set_vertex_buffers(uint32_t start, std::span<const pipe::VertexBuffer> buffers) {
  using T = pipe::VertexBuffer;
  const size_t n = buffers.size();
  std::byte* p = queue_.record_call(bytes_with_refs<T, Resource>(n), [start, n](pipe::Context& t, std::byte* d) {
    t.set_vertex_buffers(start, {at<const T>(d), n});
    drop_refs<T, Resource>(d, n);
  });
  if (!p) {
    sync().set_vertex_buffers(start, buffers);
    return after_direct();
  }
  fill<T, Resource>(p, buffers, [](const T& b) { return b.buffer; });
  after_record();
}
void ThreadedContext::set_index_buffer(pipe::Resource* buffer, uint32_t index_size, uint64_t offset) {
  queue_.record_call(0, [b = Ref<Resource>::share(buffer), index_size, offset](pipe::Context& t) {
    t.set_index_buffer(b.get(), index_size, offset);
  });
  after_record();
}
void ThreadedContext::set_constant_buffer(pipe::ShaderStage stage, uint32_t slot, const pipe::ConstantBuffer* cb) {
  if (!cb) {
    queue_.record_call(0, [stage, slot](pipe::Context& t) { t.set_constant_buffer(stage, slot, nullptr); });
    return after_record();
  }
  // User data (the default uniform block) is copied at bind time: here.
  const size_t extra = cb->user_data ? cb->size : 0;
  std::byte* p = queue_.record_call(extra, [c = *cb, b = Ref<Resource>::share(cb->buffer), stage, slot](
                                               pipe::Context& t, std::byte* d) {
    pipe::ConstantBuffer copy = c;
    if (copy.user_data) copy.user_data = d;
    t.set_constant_buffer(stage, slot, &copy);
  });
  if (!p) {
    sync().set_constant_buffer(stage, slot, cb);
    return after_direct();
  }
  if (extra) std::memcpy(p, cb->user_data, extra);
  after_record();
}
void ThreadedContext::set_shader_buffers(pipe::ShaderStage stage, uint32_t start,
                                         std::span<const pipe::ShaderBuffer> buffers) {
  using T = pipe::ShaderBuffer;
  const size_t n = buffers.size();
  std::byte* p = queue_.record_call(bytes_with_refs<T, Resource>(n), [stage, start, n](pipe::Context& t, std::byte* d) {
    t.set_shader_buffers(stage, start, {at<const T>(d), n});
    drop_refs<T, Resource>(d, n);
  });
  if (!p) {
    sync().set_shader_buffers(stage, start, buffers);
    return after_direct();
  }
  fill<T, Resource>(p, buffers, [](const T& b) { return b.buffer; });
  after_record();
}
void ThreadedContext::set_shader_images(pipe::ShaderStage stage, uint32_t start,
                                        std::span<const pipe::ImageView> images) {
  using T = pipe::ImageView;
  const size_t n = images.size();
  std::byte* p = queue_.record_call(bytes_with_refs<T, Resource>(n), [stage, start, n](pipe::Context& t, std::byte* d) {
    t.set_shader_images(stage, start, {at<const T>(d), n});
    drop_refs<T, Resource>(d, n);
  });
  if (!p) {
    sync().set_shader_images(stage, start, images);
    return after_direct();
  }
  fill<T, Resource>(p, images, [](const T& v) { return v.resource; });
  after_record();
}

// --- queries and stream output ---

void ThreadedContext::destroy_query(pipe::Query* q) {
  queue_.record_call(0, [q](pipe::Context& t) { t.destroy_query(q); });
  after_record();
}
void ThreadedContext::begin_query(pipe::Query* q) {
  queue_.record_call(0, [q](pipe::Context& t) { t.begin_query(q); });
  after_record();
}
void ThreadedContext::end_query(pipe::Query* q) {
  queue_.record_call(0, [q](pipe::Context& t) { t.end_query(q); });
  after_record();
}
void ThreadedContext::destroy_stream_output_target(pipe::StreamOutputTarget* so) {
  queue_.record_call(0, [so](pipe::Context& t) { t.destroy_stream_output_target(so); });
  after_record();
}
void ThreadedContext::set_stream_output_targets(std::span<pipe::StreamOutputTarget* const> targets,
                                                uint32_t append_mask) {
  const size_t n = targets.size();
  std::byte* p = queue_.record_call(n * sizeof(pipe::StreamOutputTarget*), [n, append_mask](pipe::Context& t, std::byte* d) {
    t.set_stream_output_targets({at<pipe::StreamOutputTarget* const>(d), n}, append_mask);
  });
  if (!p) {
    sync().set_stream_output_targets(targets, append_mask);
    return after_direct();
  }
  std::copy(targets.begin(), targets.end(), at<pipe::StreamOutputTarget*>(p));
  after_record();
}

// --- draws and dispatches ---

void ThreadedContext::draw_vbo(const pipe::DrawInfo& info, const pipe::DrawIndirect* indirect,
                               std::span<const pipe::DrawStart> draws) {
  const size_t n = draws.size();
  std::byte* p;
  if (!indirect) {
    p = queue_.record_call(n * sizeof(pipe::DrawStart), [info, n](pipe::Context& t, std::byte* d) {
      t.draw_vbo(info, nullptr, {at<const pipe::DrawStart>(d), n});
    });
  } else {
    p = queue_.record_call(n * sizeof(pipe::DrawStart),
                           [info, ind = *indirect, b = Ref<Resource>::share(indirect->buffer),
                            c = Ref<Resource>::share(indirect->count_buffer), n](pipe::Context& t, std::byte* d) {
                             t.draw_vbo(info, &ind, {at<const pipe::DrawStart>(d), n});
                           });
  }
  if (!p) {
    sync().draw_vbo(info, indirect, draws);
    return after_direct();
  }
  std::uninitialized_copy(draws.begin(), draws.end(), at<pipe::DrawStart>(p));
  after_record();
}
void ThreadedContext::launch_grid(const pipe::GridInfo& info) {
  queue_.record_call(0, [info, b = Ref<Resource>::share(info.indirect)](pipe::Context& t) { t.launch_grid(info); });
  after_record();
}

// --- clears, copies, blits ---

void ThreadedContext::clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                            double depth, uint32_t stencil) {
  const bool scissored = scissor != nullptr;
  const pipe::ScissorRect rect = scissored ? *scissor : pipe::ScissorRect{};
  queue_.record_call(0, [=](pipe::Context& t) { t.clear(buffers, scissored ? &rect : nullptr, color, depth, stencil); });
  after_record();
}
void ThreadedContext::clear_masked(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                                   double depth, uint32_t stencil, const pipe::ClearMasks& masks) {
  const bool scissored = scissor != nullptr;
  const pipe::ScissorRect rect = scissored ? *scissor : pipe::ScissorRect{};
  queue_.record_call(0, [=](pipe::Context& t) {
    t.clear_masked(buffers, scissored ? &rect : nullptr, color, depth, stencil, masks);
  });
  after_record();
}
void ThreadedContext::clear_render_target(pipe::Surface* dst, const pipe::ColorValue& color, uint32_t x, uint32_t y,
                                          uint32_t w, uint32_t h) {
  queue_.record_call(0, [s = Ref<pipe::Surface>::share(dst), color, x, y, w, h](pipe::Context& t) {
    t.clear_render_target(s.get(), color, x, y, w, h);
  });
  after_record();
}
void ThreadedContext::clear_depth_stencil(pipe::Surface* dst, uint32_t flags, double depth, uint32_t stencil,
                                          uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
  queue_.record_call(0, [s = Ref<pipe::Surface>::share(dst), flags, depth, stencil, x, y, w, h](pipe::Context& t) {
    t.clear_depth_stencil(s.get(), flags, depth, stencil, x, y, w, h);
  });
  after_record();
}
void ThreadedContext::resource_copy_region(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty,
                                           uint32_t dstz, pipe::Resource* src, uint32_t src_level,
                                           const pipe::Box& src_box) {
  queue_.record_call(0, [d = Ref<Resource>::share(dst), s = Ref<Resource>::share(src), dst_level, dstx, dsty, dstz,
                         src_level, src_box](pipe::Context& t) {
    t.resource_copy_region(d.get(), dst_level, dstx, dsty, dstz, s.get(), src_level, src_box);
  });
  after_record();
}
void ThreadedContext::copy_image(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                                 pipe::Resource* src, uint32_t src_level, const pipe::Box& src_box) {
  queue_.record_call(0, [d = Ref<Resource>::share(dst), s = Ref<Resource>::share(src), dst_level, dstx, dsty, dstz,
                         src_level, src_box](pipe::Context& t) {
    t.copy_image(d.get(), dst_level, dstx, dsty, dstz, s.get(), src_level, src_box);
  });
  after_record();
}
void ThreadedContext::blit(const pipe::BlitInfo& info) {
  queue_.record_call(0, [info, d = Ref<Resource>::share(info.dst.resource), s = Ref<Resource>::share(info.src.resource)](
                            pipe::Context& t) { t.blit(info); });
  after_record();
}

// --- data ---

void ThreadedContext::buffer_subdata(pipe::Resource* r, uint32_t usage, uint64_t offset, uint64_t size,
                                     const void* data) {
  // The data is copied into the batch (GL lets the application reuse its
  // memory when the call returns); an upload too big for a batch waits.
  std::byte* p = size <= BatchQueue::kBatchBytes / 4
                     ? queue_.record_call(size, [b = Ref<Resource>::share(r), usage, offset, size](pipe::Context& t, std::byte* d) {
                         t.buffer_subdata(b.get(), usage, offset, size, d);
                       })
                     : nullptr;
  if (!p) {
    sync().buffer_subdata(r, usage, offset, size, data);
    return after_direct();
  }
  if (size) std::memcpy(p, data, size);
  after_record();
}
void ThreadedContext::invalidate_resource(pipe::Resource* r) {
  // Ordered after every recorded use of the old contents and before every
  // later one: the driver swaps in fresh storage then, without waiting.
  queue_.record_call(0, [b = Ref<Resource>::share(r)](pipe::Context& t) { t.invalidate_resource(b.get()); });
  after_record();
}
void ThreadedContext::flush(Ref<pipe::Fence>* fence, uint32_t flags) {
  if (fence) {
    sync().flush(fence, flags);
    return after_direct();
  }
  queue_.record_call(0, [flags](pipe::Context& t) { t.flush(nullptr, flags); });
  // The driver thread starts on what was recorded now rather than when the
  // batch fills.
  queue_.submit();
  after_record();
}

}  // namespace brass::threaded
