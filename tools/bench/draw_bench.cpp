// Pipe-level draw benchmarks (Google Benchmark) on whatever device
// BRASS_DEVICE picks. One iteration = one frame: 10 000 draws, then a swap
// flush; the wait for the GPU at the end of the frame is not timed. The
// figure is ns per draw of recording (state validation, descriptors, draw
// commands). docs/performance.md has the tables and commands.
//
// BM_DrawsWithConstantChange: the vertex shader's default uniform block
// changes per draw (user data). The descriptor scenes (BM_Descriptors*) run
// in whatever mode BRASS_DESCRIPTORS selects (tools/bench/descriptor-modes
// runs them once per mode):
//   SameTextures     the same texture re-bound before every draw (reuse)
//   TextureOutOf64   each draw binds one of 64 textures in turn
//   UboOffset        each draw binds a UBO at another offset (64 offsets)
//   ResourceChurn    like UboOffset, and the UBO's storage is invalidated
//                    (renamed) every frame, as streaming applications do
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "driver/screen.h"
#include "pipe/context.h"
#include "texture_frag.h"
#include "uniform_frag.h"
#include "uniform_vert.h"

using namespace brass;

namespace {

constexpr int kDraws = 10000;

// A 64x64 target, a triangle and a program of the pipe test shaders.
struct Scene {
  std::unique_ptr<driver::VulkanScreen> screen;
  std::unique_ptr<pipe::Context> ctx;
  Ref<pipe::Resource> target, vbuf;
  Ref<pipe::Surface> surf;
  pipe::ShaderProgram* prog = nullptr;
  pipe::VertexElementsObject* velems = nullptr;

  bool init(benchmark::State& state, bool textured) {
    std::string why;
    screen = driver::VulkanScreen::create(&why);
    if (!screen) return state.SkipWithError(why.c_str()), false;
    pipe::Status s;
    ctx = screen->context_create(&s);
    pipe::ResourceTemplate rt;
    rt.width = rt.height = 64;
    rt.bind = pipe::kBindRenderTarget;
    target = screen->resource_create(rt, &s);
    surf = ctx->create_surface(target.get(), {});
    pipe::FramebufferState fb;
    fb.width = fb.height = 64;
    fb.nr_cbufs = 1;
    fb.cbufs[0] = surf.get();
    ctx->set_framebuffer_state(fb);
    pipe::ShaderInfo info;
    info.spirv[0] = uniform_vert_spv;
    info.vertex_input_locations = 1;
    info.fragment_output_locations = 1;
    const uint8_t vs = pipe::stage_bit(pipe::ShaderStage::Vertex), fs = pipe::stage_bit(pipe::ShaderStage::Fragment);
    if (textured) {
      info.spirv[4] = texture_frag_spv;
      info.bindings = {{0, 0, vs, pipe::DescriptorKind::UniformBuffer, 1, 0},
                       {2, 0, fs, pipe::DescriptorKind::CombinedImageSampler, 1, 0}};
    } else {
      info.spirv[4] = uniform_frag_spv;
      info.bindings = {{0, 0, vs, pipe::DescriptorKind::UniformBuffer, 1, 0},
                       {0, 4, fs, pipe::DescriptorKind::UniformBuffer, 1, 0},
                       {1, 0, fs, pipe::DescriptorKind::UniformBuffer, 1, 1}};
    }
    prog = ctx->create_shader_program(info, &s);
    if (!prog) return state.SkipWithError("program"), false;
    ctx->bind_shader_program(prog);
    pipe::VertexElementsState ve;
    ve.count = 1;
    ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
    velems = ctx->create_vertex_elements_state(ve);
    ctx->bind_vertex_elements_state(velems);
    vbuf = buffer(64);
    const float tri[] = {-0.1f, -0.1f, 0.1f, -0.1f, 0.0f, 0.1f};
    ctx->buffer_subdata(vbuf.get(), 0, 0, sizeof(tri), tri);
    const pipe::VertexBuffer vb{vbuf.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
    static const float zero[4] = {0, 0, 0, 0}, color[4] = {1, 0, 0, 1};
    pipe::ConstantBuffer vcb{nullptr, 0, sizeof(zero), zero}, fcb{nullptr, 0, sizeof(color), color};
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
    ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
    return true;
  }
  Ref<pipe::Resource> buffer(uint32_t size) {
    pipe::ResourceTemplate bt;
    bt.target = pipe::Target::Buffer;
    bt.format = pipe::Format::None;
    bt.width = size;
    bt.bind = pipe::kBindVertexBuffer | pipe::kBindConstantBuffer;
    pipe::Status s;
    return screen->resource_create(bt, &s);
  }
  void draw() {
    static const pipe::DrawInfo di;
    static const pipe::DrawStart d{0, 3, 0};
    ctx->draw_vbo(di, nullptr, std::span(&d, 1));
  }
  // Ends the frame; the GPU wait is not timed.
  void end_frame(benchmark::State& state) {
    Ref<pipe::Fence> fence;
    ctx->flush(&fence, pipe::kFlushEndOfFrame);
    state.PauseTiming();
    screen->fence_finish(fence.get(), UINT64_MAX);
    state.ResumeTiming();
  }
  void report(benchmark::State& state) {
    state.counters["ns_per_draw"] = benchmark::Counter(
        double(kDraws) * double(state.iterations()), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  }
  ~Scene() {
    if (!ctx) return;
    ctx->bind_shader_program(nullptr);
    if (prog) ctx->delete_shader_program(prog);
    if (velems) ctx->delete_vertex_elements_state(velems);
  }
};

// 64 textures of 4x4 and one sampler, for the textured scenes.
struct Textures {
  std::vector<Ref<pipe::Resource>> textures;
  std::vector<Ref<pipe::SamplerView>> views;
  pipe::SamplerObject* sampler = nullptr;
  pipe::Context* ctx = nullptr;
  Textures(Scene& scene, int count) : ctx(scene.ctx.get()) {
    for (int i = 0; i < count; ++i) {
      pipe::ResourceTemplate t;
      t.width = t.height = 4;
      t.bind = pipe::kBindSamplerView;
      pipe::Status s;
      textures.push_back(scene.screen->resource_create(t, &s));
      std::vector<uint32_t> texels(16, 0xff000000u | uint32_t(i * 4));
      ctx->texture_subdata(textures.back().get(), 0, 0, {0, 0, 0, 4, 4, 1}, texels.data(), 16, 64);
      views.push_back(ctx->create_sampler_view(textures.back().get(), {}));
    }
    sampler = ctx->create_sampler_state(pipe::SamplerState{});
    ctx->bind_sampler_states(pipe::ShaderStage::Fragment, 0, std::span(&sampler, 1));
  }
  void bind(int i) {
    pipe::SamplerView* v[] = {views[size_t(i)].get()};
    ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, v);
  }
  ~Textures() {
    pipe::SamplerView* none[] = {nullptr};
    ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, none);
    ctx->delete_sampler_state(sampler);
  }
};

}  // namespace

static void BM_DrawsWithConstantChange(benchmark::State& state) {
  Scene scene;
  if (!scene.init(state, false)) return;
  auto ubo = scene.buffer(64);
  pipe::ConstantBuffer cb{ubo.get(), 0, 16, nullptr};
  scene.ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &cb);
  for (auto _ : state) {
    scene.ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
    for (int i = 0; i < kDraws; ++i) {
      const float offset[4] = {float(i % 100) * 0.01f - 0.5f, float(i / 100) * 0.01f - 0.5f, 0, 0};
      pipe::ConstantBuffer vcb{nullptr, 0, sizeof(offset), offset};
      scene.ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
      scene.draw();
    }
    scene.end_frame(state);
  }
  scene.report(state);
}
BENCHMARK(BM_DrawsWithConstantChange)->Unit(benchmark::kMillisecond)->UseRealTime();

static void textured(benchmark::State& state, int textures) {
  Scene scene;
  if (!scene.init(state, true)) return;
  Textures t(scene, textures);
  for (auto _ : state) {
    for (int i = 0; i < kDraws; ++i) {
      t.bind(i % textures);
      scene.draw();
    }
    scene.end_frame(state);
  }
  scene.report(state);
}
static void BM_DescriptorsSameTextures(benchmark::State& state) { textured(state, 1); }
static void BM_DescriptorsTextureOutOf64(benchmark::State& state) { textured(state, 64); }
BENCHMARK(BM_DescriptorsSameTextures)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DescriptorsTextureOutOf64)->Unit(benchmark::kMillisecond)->UseRealTime();

static void ubo_offsets(benchmark::State& state, bool churn) {
  Scene scene;
  if (!scene.init(state, false)) return;
  auto ubo = scene.buffer(64 * 256);
  for (auto _ : state) {
    // Renaming the storage: every cached set naming the old one is dead.
    if (churn) scene.ctx->invalidate_resource(ubo.get());
    for (int i = 0; i < kDraws; ++i) {
      pipe::ConstantBuffer cb{ubo.get(), uint32_t(i % 64) * 256, 16, nullptr};
      scene.ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &cb);
      scene.draw();
    }
    scene.end_frame(state);
  }
  scene.report(state);
}
static void BM_DescriptorsUboOffset(benchmark::State& state) { ubo_offsets(state, false); }
static void BM_DescriptorsResourceChurn(benchmark::State& state) { ubo_offsets(state, true); }
BENCHMARK(BM_DescriptorsUboOffset)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DescriptorsResourceChurn)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
