// Descriptor modes (driver/descriptors/program_descriptors.h). The whole
// pipe suite runs in each mode (pipe_tests_lazy, pipe_tests_cached); these
// tests add what each mode must guarantee: steady-state frames allocate no
// sets, contents are never stale, pools grow, programs come and go.
#include "driver/program.h"
#include "pipe_fixture.h"
#include "util/thread_pool.h"

namespace brass::test {
namespace {

class DescriptorTest : public PipeTest {
 protected:
  void SetUp() override {
    PipeTest::SetUp();
    rt_ = make_texture(16, 16);
    bind_target(rt_.get());
    quad_ = quad_buffer(-1, -1, 1, 1);
    bind_position_layout();
    sampler_ = ctx->create_sampler_state(pipe::SamplerState{});
  }
  void TearDown() override {
    views_.clear();
    if (ctx) ctx->delete_sampler_state(sampler_);
    PipeTest::TearDown();
  }
  DescriptorMode mode() { return screen().device().paths().descriptors; }

  // A 1x1 texture of one color, and a view of it.
  Ref<pipe::SamplerView> solid(uint32_t color) {
    auto tex = make_texture(1, 1, pipe::Format::RGBA8_UNORM, pipe::kBindSamplerView);
    ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 1, 1, 1}, &color, 4, 4);
    return ctx->create_sampler_view(tex.get(), {});
  }
  void use(pipe::ShaderProgram* prog) {
    ctx->bind_shader_program(prog);
    const pipe::VertexBuffer vb{quad_.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
    static const float zero[4] = {0, 0, 0, 0};
    pipe::ConstantBuffer cb{nullptr, 0, sizeof(zero), zero};
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
    ctx->bind_sampler_states(pipe::ShaderStage::Fragment, 0, std::span(&sampler_, 1));
  }
  void draw_with(pipe::SamplerView* view) {
    pipe::SamplerView* views[] = {view};
    ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
    draw_strip();
  }
  // uniform.frag: black plus the UBO (slot 1) tint.
  void use_uniform_program() {
    ctx->bind_shader_program(uniform_program());
    const pipe::VertexBuffer vb{quad_.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
    static const float zero[4] = {0, 0, 0, 0}, black[4] = {0, 0, 0, 1};
    pipe::ConstantBuffer vcb{nullptr, 0, sizeof(zero), zero}, fcb{nullptr, 0, sizeof(black), black};
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
    ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
  }
  // The fragment UBO (slot 1) at `offset`, 16 bytes.
  void bind_ubo_range(pipe::Resource* ubo, uint32_t offset) {
    pipe::ConstantBuffer cb{ubo, offset, 16, nullptr};
    ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &cb);
  }
  uint32_t center() { return read_pixels(rt_.get())[8 * 16 + 8]; }
  // Submits more batches than the ring holds and waits: every earlier batch
  // has been retired (its sets handed back, its programs released).
  void retire_all_batches() {
    for (int i = 0; i < 6; ++i) {
      ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
      Ref<pipe::Fence> fence;
      ctx->flush(&fence, 0);
      screen().fence_finish(fence.get(), UINT64_MAX);
    }
  }

  Ref<pipe::Resource> rt_, quad_;
  pipe::SamplerObject* sampler_ = nullptr;
  std::vector<Ref<pipe::SamplerView>> views_;
};

TEST_F(DescriptorTest, SteadyStateFramesAllocateNoSets) {
  use(texture_program());
  for (uint32_t i = 0; i < 4; ++i) views_.push_back(solid(rgba(60 * i, 255 - 60 * i, 0)));
  uint64_t calls_after_warmup = 0;
  for (int frame = 0; frame < 6; ++frame) {
    for (int d = 0; d < 200; ++d) draw_with(views_[d % 4].get());
    Ref<pipe::Fence> fence;
    ctx->flush(&fence, pipe::kFlushEndOfFrame);
    ASSERT_TRUE(screen().fence_finish(fence.get(), UINT64_MAX));
    if (frame == 2) calls_after_warmup = stat("descriptor.allocate_calls");
  }
  EXPECT_EQ(stat("descriptor.allocate_calls"), calls_after_warmup) << "no vkAllocateDescriptorSets once warm";
  EXPECT_EQ(center(), views_.size() ? rgba(180, 75, 0) : 0u);
}

TEST_F(DescriptorTest, CachedModeReusesSetsWithTheSameContents) {
  if (mode() != DescriptorMode::Cached) GTEST_SKIP() << "cached mode only (pipe_tests_cached)";
  // UBOs (set 1): the samplers set may be a push set, which is never cached.
  use_uniform_program();
  const float tints[2][4] = {{1, 0, 0, 0}, {0, 0, 1, 0}};
  auto ubo = make_buffer(512);
  ctx->buffer_subdata(ubo.get(), 0, 0, 16, tints[0]);
  ctx->buffer_subdata(ubo.get(), 0, 256, 16, tints[1]);
  auto draw_tint = [&](int i) {
    bind_ubo_range(ubo.get(), uint32_t(i) * 256);
    draw_strip();
  };
  draw_tint(0);
  draw_tint(1);
  const uint64_t a = stat("descriptor.cached.a_hits"), b = stat("descriptor.cached.b_hits");
  const uint64_t updates = stat("descriptor.cached.updates");
  for (int i = 0; i < 10; ++i) draw_tint(i % 2);
  EXPECT_EQ(stat("descriptor.cached.a_hits"), a + 10) << "sets of this batch found again";
  EXPECT_EQ(stat("descriptor.cached.updates"), updates) << "a hit writes nothing";
  EXPECT_EQ(center(), rgba(0, 0, 255));
  // Once their batches retired, the sets are idle but still valid (B).
  retire_all_batches();
  draw_tint(0);
  EXPECT_EQ(stat("descriptor.cached.b_hits"), b + 1);
  EXPECT_EQ(center(), rgba(255, 0, 0));
  // Renaming the storage of a buffer the recording batch uses (an idle one
  // may keep its storage): no set names the new storage yet.
  draw_tint(0);
  const uint64_t misses = stat("descriptor.cached.misses");
  const uint64_t swaps = stat("resource.invalidate_swaps");
  ctx->invalidate_resource(ubo.get());
  ASSERT_EQ(stat("resource.invalidate_swaps"), swaps + 1);
  ctx->buffer_subdata(ubo.get(), 0, 0, 16, tints[1]);
  draw_tint(0);
  EXPECT_EQ(stat("descriptor.cached.misses"), misses + 1);
  EXPECT_EQ(center(), rgba(0, 0, 255));
}

TEST_F(DescriptorTest, DescriptorBufferWritesOnlyChangedSets) {
  if (mode() != DescriptorMode::DescriptorBuffer)
    GTEST_SKIP() << "descriptor-buffer mode only (pipe_tests_db on a device with VK_EXT_descriptor_buffer)";
  use_uniform_program();
  const float tints[2][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}};
  auto ubo = make_buffer(512);
  ctx->buffer_subdata(ubo.get(), 0, 0, 16, tints[0]);
  ctx->buffer_subdata(ubo.get(), 0, 256, 16, tints[1]);
  auto bind_tint = [&](int i) { bind_ubo_range(ubo.get(), uint32_t(i) * 256); };
  bind_tint(0);
  draw_strip();
  const uint64_t updates = stat("descriptor.db.updates");
  draw_strip();
  EXPECT_EQ(stat("descriptor.db.updates"), updates) << "nothing changed, nothing written";
  bind_tint(0);
  draw_strip();
  EXPECT_EQ(stat("descriptor.db.updates"), updates) << "rebound as it was: the same bytes, nothing written";
  bind_tint(1);
  draw_strip();
  EXPECT_EQ(stat("descriptor.db.updates"), updates + 1) << "the UBO set alone";
  // New default-uniform data: set 0 (no dynamic offsets in db mode).
  static const float black[4] = {0, 0, 0, 1};
  pipe::ConstantBuffer fcb{nullptr, 0, sizeof(black), black};
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
  draw_strip();
  EXPECT_EQ(stat("descriptor.db.updates"), updates + 2) << "the default-uniform set alone";
  // Back to the first range: a new set write, but its descriptor bytes are
  // known already (vkGetDescriptorEXT is not called again).
  const uint64_t get_calls = stat("descriptor.db.get_descriptor_calls");
  bind_tint(0);
  draw_strip();
  EXPECT_EQ(stat("descriptor.db.updates"), updates + 3);
  EXPECT_EQ(stat("descriptor.db.get_descriptor_calls"), get_calls);
  EXPECT_EQ(center(), rgba(255, 0, 0));
  EXPECT_EQ(stat("descriptor.allocate_calls"), 0u) << "no descriptor sets in db mode";
}

TEST_F(DescriptorTest, DescriptorBufferMovesOnToNewChunks) {
  if (mode() != DescriptorMode::DescriptorBuffer)
    GTEST_SKIP() << "descriptor-buffer mode only (pipe_tests_db on a device with VK_EXT_descriptor_buffer)";
  use_uniform_program();
  auto ubo = make_buffer(64 * 256);
  for (uint32_t i = 0; i < 64; ++i) {
    const float tint[4] = {float(i * 4) / 255.0f, 0, 1, 0};
    ctx->buffer_subdata(ubo.get(), 0, i * 256, sizeof(tint), tint);
  }
  // A UBO range per draw until the ring has moved on twice: every set of a
  // new chunk is written again, so the last draw still sees all its sets.
  const uint64_t binds = stat("descriptor.db.buffer_binds");
  uint32_t i = 0;
  for (; i < 400000 && stat("descriptor.db.buffer_binds") < binds + 3; ++i) {
    bind_ubo_range(ubo.get(), (i % 64) * 256);
    draw_strip();
  }
  EXPECT_GE(stat("descriptor.db.buffer_binds"), binds + 3);
  EXPECT_EQ(center(), rgba(uint8_t(((i - 1) % 64) * 4), 0, 255));
}

TEST_F(DescriptorTest, DestroyedTextureIsNeverSeenThroughAStaleSet) {
  use(texture_program());
  for (int round = 0; round < 8; ++round) {
    const uint32_t color = round % 2 ? rgba(0, 255, 0) : rgba(255, 0, 255);
    {
      // Created, drawn, destroyed: the next round's texture and view may get
      // the same memory and the same handle values.
      Ref<pipe::SamplerView> v = solid(color);
      draw_with(v.get());
      ASSERT_EQ(center(), color) << "round " << round;
      pipe::SamplerView* none[] = {nullptr};
      ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, none);
    }
    ctx->flush(nullptr, 0);
  }
}

TEST_F(DescriptorTest, PoolsGrowPastOneBucket) {
  if (mode() == DescriptorMode::DescriptorBuffer) GTEST_SKIP() << "no pools in descriptor-buffer mode";
  use_uniform_program();
  // 120 UBO ranges in one batch: more sets in flight than the first buckets
  // (8, 16, 32, 64) hold, so this program's pool must grow 4 times.
  auto ubo = make_buffer(120 * 256);
  for (uint32_t i = 0; i < 120; ++i) {
    const float tint[4] = {float(i) / 255.0f, 0, 1, 0};
    ctx->buffer_subdata(ubo.get(), 0, i * 256, sizeof(tint), tint);
  }
  const uint64_t pools = stat("descriptor.pools_created");
  for (uint32_t i = 0; i < 120; ++i) {
    bind_ubo_range(ubo.get(), i * 256);
    draw_strip();
  }
  EXPECT_GE(stat("descriptor.pools_created"), pools + 4);
  EXPECT_EQ(center(), rgba(119, 0, 255));
}

TEST_F(DescriptorTest, ThousandsOfProgramsComeAndGo) {
  views_.push_back(solid(rgba(10, 20, 30)));
  // Programs of earlier tests still held by their batches go first, or
  // their release during the loop would move the baseline.
  ThreadPool::shared().wait_idle();
  retire_all_batches();
  const uint64_t pool_bytes = stat("descriptor.pool_bytes");
  for (int i = 0; i < 2000; ++i) {
    auto* prog = texture_program();
    use(prog);
    draw_with(views_[0].get());
    ctx->bind_shader_program(nullptr);
    programs.pop_back();
    ctx->delete_shader_program(prog);  // batches in flight keep it until they complete
    if (i % 250 == 249) ctx->flush(nullptr, 0);
  }
  EXPECT_EQ(center(), rgba(10, 20, 30));
  ThreadPool::shared().wait_idle();  // background pipeline work holds programs too
  retire_all_batches();
  EXPECT_EQ(stat("descriptor.pool_bytes"), pool_bytes) << "every program's pools were freed";
}

}  // namespace
}  // namespace brass::test
