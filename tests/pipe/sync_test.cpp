// Batching, invalidation, render pass and barrier behaviour, asserted on the
// BRASS_STATS counters.
#include <atomic>
#include <thread>

#include "pipe_fixture.h"

namespace brass::test {
namespace {

class SyncTest : public PipeTest {
 protected:
  void setup_vbo_draw(pipe::Resource* pos, pipe::Resource* color) {
    ctx->bind_shader_program(vbo_program());
    bind_vbo_layout();
    const float zero[] = {0, 0};
    offsets_ = make_buffer(sizeof(zero), zero);
    const pipe::VertexBuffer vbs[] = {{pos, 0, 8}, {color, 0, 0}, {offsets_.get(), 0, 0}};
    ctx->set_vertex_buffers(0, vbs);
  }
  void draw_strip() {
    pipe::DrawInfo info;
    info.mode = pipe::PrimitiveType::TriangleStrip;
    const pipe::DrawStart d{0, 4, 0};
    ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  }
  Ref<pipe::Resource> offsets_;
};

TEST_F(SyncTest, BufferInvalidatedInFlightKeepsOldDataForEarlierDraw) {
  auto rt = make_texture(32, 32);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  auto left = quad_buffer(-1, -1, 0, 1);
  auto right = quad_buffer(0, -1, 1, 1);
  const float red[] = {1, 0, 0, 1};
  auto color = make_buffer(sizeof(red), red);
  setup_vbo_draw(left.get(), color.get());
  draw_strip();
  // The gate holds the flushed batch on the GPU until released: the first
  // draw is deterministically in flight, however fast the device is.
  ASSERT_TRUE(vctx().ring().arm_gpu_gate());
  ctx->flush(nullptr, 0);
  ASSERT_FALSE(vctx().ring().is_complete(vctx().ring().current_serial() - 1));

  const uint64_t waits = stat("batch.cpu_waits");
  const uint64_t swaps = stat("resource.invalidate_swaps");
  const uint64_t submits = stat("submit.total");
  // Whole-buffer rewrite while the GPU may still read it: renamed, no wait.
  const float green[] = {0, 1, 0, 1};
  ctx->buffer_subdata(color.get(), 0, 0, sizeof(green), green);
  const pipe::VertexBuffer vb{right.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  draw_strip();
  EXPECT_EQ(stat("batch.cpu_waits"), waits);
  EXPECT_EQ(stat("resource.invalidate_swaps"), swaps + 1);
  EXPECT_EQ(stat("submit.total"), submits);
  ASSERT_TRUE(vctx().ring().release_gpu_gate());

  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[16 * 32 + 4], rgba(255, 0, 0));   // earlier draw: old data
  EXPECT_EQ(px[16 * 32 + 28], rgba(0, 255, 0));  // later draw: new data
}

TEST_F(SyncTest, InvalidateIdleBufferOnlyResetsValidRange) {
  const float data[] = {1, 2, 3, 4};
  auto buf = make_buffer(sizeof(data), data);
  const uint64_t swaps = stat("resource.invalidate_swaps");
  ctx->invalidate_resource(buf.get());
  EXPECT_EQ(stat("resource.invalidate_swaps"), swaps);
  EXPECT_TRUE(driver::driver_resource(buf.get())->valid_range.empty());
}

TEST_F(SyncTest, FramebufferSwitchesDoNotSubmit) {
  auto a = make_texture(16, 16);
  auto b = make_texture(16, 16);
  auto quad = quad_buffer(-1, -1, 1, 1);
  const float blue[] = {0, 0, 1, 1};
  auto color = make_buffer(sizeof(blue), blue);
  const uint64_t submits = stat("submit.total");
  const uint64_t fb_ends = stat("render_pass.end.framebuffer_change");
  bind_target(a.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{1, 0, 0, 1}}, 0, 0);
  setup_vbo_draw(quad.get(), color.get());
  for (int i = 0; i < 3; ++i) {
    bind_target(b.get());
    draw_strip();
    bind_target(a.get());
    draw_strip();
  }
  EXPECT_EQ(stat("submit.total"), submits);
  EXPECT_GE(stat("render_pass.end.framebuffer_change"), fb_ends + 5);
  EXPECT_EQ(read_pixels(a.get())[0], rgba(0, 0, 255));
  EXPECT_EQ(read_pixels(b.get())[0], rgba(0, 0, 255));
  EXPECT_EQ(stat("submit.total"), submits + 2);  // the two readbacks
  EXPECT_EQ(stat("submit.readback") > 0, true);
}

TEST_F(SyncTest, BarriersAreDeduplicated) {
  auto rt = make_texture(16, 16);
  auto tex = make_texture(2, 2, pipe::Format::RGBA8_UNORM, pipe::kBindSamplerView);
  const uint32_t texels[] = {rgba(9, 9, 9), rgba(9, 9, 9), rgba(9, 9, 9), rgba(9, 9, 9)};
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 8, 16);
  bind_target(rt.get());
  ctx->bind_shader_program(texture_program());
  pipe::VertexElementsState ve;
  ve.count = 1;
  ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
  auto* vo = ctx->create_vertex_elements_state(ve);
  velems.push_back(vo);
  ctx->bind_vertex_elements_state(vo);
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  auto view = ctx->create_sampler_view(tex.get(), {});
  pipe::SamplerView* views[] = {view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  const float zero[4] = {0, 0, 0, 0};
  pipe::ConstantBuffer cb{nullptr, 0, sizeof(zero), zero};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  const uint64_t images = stat("barrier.image");
  const uint64_t calls = stat("barrier.calls");
  const uint64_t passes = stat("render_pass.begun");
  for (int i = 0; i < 20; ++i) {
    // Rebinding the same view and new uniforms each draw: no new barrier.
    ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
    ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  }
  EXPECT_EQ(stat("barrier.image"), images);
  EXPECT_EQ(stat("barrier.calls"), calls);
  EXPECT_EQ(stat("render_pass.begun"), passes);
  EXPECT_EQ(read_pixels(rt.get())[5], rgba(9, 9, 9));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
}

TEST_F(SyncTest, ResourceDestroyedInFlightIsFreedAfterItsBatch) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  auto quad = quad_buffer(-1, -1, 1, 1);
  const float white[] = {1, 1, 1, 1};
  auto color = make_buffer(sizeof(white), white);
  setup_vbo_draw(quad.get(), color.get());
  draw_strip();
  Ref<pipe::Fence> fence;
  ASSERT_TRUE(vctx().ring().arm_gpu_gate());
  ctx->flush(&fence, 0);
  const uint64_t live = screen().device().memory().stats().live_allocations;
  const uint64_t deferred = stat("resource.objects_deferred");
  // Drop every reference to the vertex buffer while its batch may run.
  const pipe::VertexBuffer none[1] = {};
  ctx->set_vertex_buffers(0, none);
  quad = nullptr;
  auto& ring = vctx().ring();
  ASSERT_FALSE(ring.is_complete(ring.current_serial() - 1));  // held by the gate
  EXPECT_EQ(stat("resource.objects_deferred"), deferred + 1);
  EXPECT_EQ(screen().device().memory().stats().live_allocations, live);  // not freed yet
  EXPECT_GT(ring.garbage().size(), 0u);
  ASSERT_TRUE(ring.release_gpu_gate());
  ASSERT_TRUE(screen().fence_finish(fence.get(), UINT64_MAX));
  ring.garbage().collect(ring.completed_serial());
  EXPECT_LT(screen().device().memory().stats().live_allocations, live);
}

TEST_F(SyncTest, FencePollSeesBatchInFlightUntilItCompletes) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{1, 0, 0, 1}}, 0, 0);
  Ref<pipe::Fence> fence;
  ASSERT_TRUE(vctx().ring().arm_gpu_gate());
  ctx->flush(&fence, 0);
  EXPECT_FALSE(screen().fence_finish(fence.get(), 0));  // glClientWaitSync(timeout 0): not yet
  EXPECT_FALSE(screen().fence_finish(fence.get(), 0));
  ASSERT_TRUE(vctx().ring().release_gpu_gate());
  EXPECT_TRUE(screen().fence_finish(fence.get(), UINT64_MAX));
  EXPECT_TRUE(screen().fence_finish(fence.get(), 0));
}

// A fence outlives its context: waited on after the context (and its ring)
// is gone, it answers at once, and a context made since gets a new ring id,
// so no fence or object usage of the old one names the new ring.
TEST_F(SyncTest, FenceOfADestroyedContextAndRingIdsNeverReused) {
  pipe::Status status;
  std::unique_ptr<pipe::Context> other = screen().context_create(&status);
  ASSERT_TRUE(other);
  auto* vother = static_cast<driver::VulkanContext*>(other.get());
  const uint32_t old_id = vother->ring().id();
  Ref<pipe::Fence> fence;
  auto rt = make_texture(16, 16);
  {
    Ref<pipe::Surface> surf = other->create_surface(rt.get(), pipe::SurfaceTemplate{});
    ASSERT_TRUE(surf);
    pipe::FramebufferState fb;
    fb.width = fb.height = 16;
    fb.nr_cbufs = 1;
    fb.cbufs[0] = surf.get();
    other->set_framebuffer_state(fb);
    other->clear(pipe::kClearColor0, nullptr, {{1, 0, 0, 1}}, 0, 0);
    other->set_framebuffer_state(pipe::FramebufferState{});
  }
  other->flush(&fence, 0);
  ASSERT_TRUE(fence);
  other.reset();
  std::unique_ptr<pipe::Context> next = screen().context_create(&status);
  ASSERT_TRUE(next);
  EXPECT_NE(static_cast<driver::VulkanContext*>(next.get())->ring().id(), old_id);
  EXPECT_TRUE(screen().fence_finish(fence.get(), 0));
  EXPECT_TRUE(screen().fence_finish(fence.get(), UINT64_MAX));
}

// Fences waited on from other threads while their context keeps
// submitting: each wait touches only the shared timeline (before, it ran
// the owner's ring wait, its caches and garbage collection, from the
// waiting thread), and every fence signals.
TEST_F(SyncTest, FencesWaitedFromOtherThreadsWhileTheOwnerSubmits) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  constexpr int kFences = 24;
  std::vector<Ref<pipe::Fence>> fences(kFences);
  std::atomic<int> published{0};
  std::atomic<int> signalled{0};
  std::vector<std::thread> waiters;
  for (int t = 0; t < 3; ++t) {
    waiters.emplace_back([&] {
      for (int i = 0; i < kFences; ++i) {
        while (published.load(std::memory_order_acquire) <= i) std::this_thread::yield();
        if (screen().fence_finish(fences[static_cast<size_t>(i)].get(), UINT64_MAX)) signalled.fetch_add(1);
      }
    });
  }
  for (int i = 0; i < kFences; ++i) {
    ctx->clear(pipe::kClearColor0, nullptr, {{float(i % 2), 0, 0, 1}}, 0, 0);
    ctx->flush(&fences[static_cast<size_t>(i)], 0);
    published.store(i + 1, std::memory_order_release);
  }
  for (std::thread& w : waiters) w.join();
  EXPECT_EQ(signalled.load(), 3 * kFences);
}

}  // namespace
}  // namespace brass::test
