// ns per draw for a 10 000-draw frame with a constant-buffer change per draw
// (the default uniform block of the vertex shader), on whatever device
// BRASS_DEVICE picks (lavapipe in docs/performance.md). One iteration = one
// frame: 10 000 x (set_constant_buffer + draw_vbo), then a swap flush.
#include <benchmark/benchmark.h>

#include "driver/screen.h"
#include "pipe/context.h"
#include "uniform_frag.h"
#include "uniform_vert.h"

using namespace brass;

static void BM_DrawsWithConstantChange(benchmark::State& state) {
  std::string why;
  auto screen = driver::VulkanScreen::create(&why);
  if (!screen) return state.SkipWithError(why.c_str());
  pipe::Status s;
  auto ctx = screen->context_create(&s);
  pipe::ResourceTemplate rt;
  rt.width = rt.height = 64;
  rt.bind = pipe::kBindRenderTarget;
  auto target = screen->resource_create(rt, &s);
  auto surf = ctx->create_surface(target.get(), {});
  pipe::FramebufferState fb;
  fb.width = fb.height = 64;
  fb.nr_cbufs = 1;
  fb.cbufs[0] = surf.get();
  ctx->set_framebuffer_state(fb);
  pipe::ShaderInfo info;
  info.spirv[0] = uniform_vert_spv;
  info.spirv[4] = uniform_frag_spv;
  info.bindings = {{0, 0, 1, pipe::DescriptorKind::UniformBuffer, 1, 0},
                   {0, 4, 16, pipe::DescriptorKind::UniformBuffer, 1, 0},
                   {1, 0, 16, pipe::DescriptorKind::UniformBuffer, 1, 1}};
  auto* prog = ctx->create_shader_program(info, &s);
  ctx->bind_shader_program(prog);
  pipe::VertexElementsState ve;
  ve.count = 1;
  ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
  auto* vo = ctx->create_vertex_elements_state(ve);
  ctx->bind_vertex_elements_state(vo);
  pipe::ResourceTemplate bt;
  bt.target = pipe::Target::Buffer;
  bt.format = pipe::Format::None;
  bt.width = 64;
  auto vbuf = screen->resource_create(bt, &s);
  const float tri[] = {-0.1f, -0.1f, 0.1f, -0.1f, 0.0f, 0.1f};
  ctx->buffer_subdata(vbuf.get(), 0, 0, sizeof(tri), tri);
  const pipe::VertexBuffer vb{vbuf.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  const float color[4] = {1, 0, 0, 1};
  pipe::ConstantBuffer fcb{nullptr, 0, sizeof(color), color};
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
  pipe::ConstantBuffer ubo{vbuf.get(), 0, 16, nullptr};
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &ubo);
  pipe::DrawInfo di;
  const pipe::DrawStart d{0, 3, 0};
  constexpr int kDraws = 10000;
  for (auto _ : state) {
    ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
    for (int i = 0; i < kDraws; ++i) {
      const float offset[4] = {float(i % 100) * 0.01f - 0.5f, float(i / 100) * 0.01f - 0.5f, 0, 0};
      pipe::ConstantBuffer cb{nullptr, 0, sizeof(offset), offset};
      ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
      ctx->draw_vbo(di, nullptr, std::span(&d, 1));
    }
    Ref<pipe::Fence> fence;
    ctx->flush(&fence, pipe::kFlushEndOfFrame);
    // Frames must not pile up in the ring: wait like a vsynced swap would
    // (outside the timed region is not possible per frame; the GPU time on
    // lavapipe is counted, see docs/performance.md).
    state.PauseTiming();
    screen->fence_finish(fence.get(), UINT64_MAX);
    state.ResumeTiming();
  }
  state.counters["ns_per_draw"] = benchmark::Counter(
      double(kDraws) * double(state.iterations()), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  ctx->bind_shader_program(nullptr);
  ctx->delete_shader_program(prog);
  ctx->delete_vertex_elements_state(vo);
}
BENCHMARK(BM_DrawsWithConstantChange)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
