// ThreadedContext over a fake pipe::Context that logs each call and the
// thread it ran on: recorded calls run on the driver thread in order,
// synchronizing calls on the caller's after everything recorded, copies and
// references keep what the application frees meanwhile.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "threaded/threaded_context.h"

namespace brass::threaded {
namespace {

// Counts live fake resources, so a test sees when one died.
std::atomic<int> g_live_resources{0};

class FakeResource : public pipe::Resource {
 public:
  FakeResource() : pipe::Resource(templ()) { g_live_resources.fetch_add(1); }
  ~FakeResource() override {
    alive = false;
    g_live_resources.fetch_sub(1);
  }
  static pipe::ResourceTemplate templ() {
    pipe::ResourceTemplate t;
    t.target = pipe::Target::Buffer;
    t.width = 64;
    return t;
  }
  std::atomic<bool> alive{true};
};

class FakeScreen final : public pipe::Screen {
 public:
  const char* name() const override { return "fake"; }
  int64_t get_cap(pipe::Cap) const override { return 0; }
  bool is_format_supported(pipe::Format, pipe::Target, uint32_t, uint32_t) const override { return false; }
  Ref<pipe::Resource> resource_create(const pipe::ResourceTemplate&, pipe::Status* status) override {
    *status = pipe::Status::Ok;
    return Ref<pipe::Resource>::adopt(new FakeResource());
  }
  bool fence_finish(pipe::Fence*, uint64_t) override { return true; }
  std::unique_ptr<pipe::Context> context_create(const pipe::ContextOptions&, pipe::Status* status) override {
    *status = pipe::Status::Unsupported;
    return nullptr;
  }
};

struct Call {
  std::string name;
  std::thread::id thread;
  uint64_t value = 0;
};

// Logs every call; what a test checks is in `calls` (read after a sync).
class FakeContext final : public pipe::Context {
 public:
  explicit FakeContext(FakeScreen& s) : screen_(s) {}
  std::vector<Call> calls;
  // While set, the next bind_blend_state waits until release() (the driver
  // thread held inside a call).
  void hold() {
    std::lock_guard<std::mutex> l(m_);
    held_ = true;
  }
  void release() {
    {
      std::lock_guard<std::mutex> l(m_);
      held_ = false;
    }
    cv_.notify_all();
  }
  bool fail_next_draw = false;
  uint64_t draws = 0;

  pipe::Screen& screen() override { return screen_; }
  pipe::Status status() const override { return status_; }
  pipe::Status take_failure() override {
    log("take_failure");
    pipe::Status s = status_;
    status_ = pipe::Status::Ok;
    failure_pending_ = false;
    return s;
  }
  ResetCause poll_reset() override { return ResetCause::None; }

  pipe::BlendObject* create_blend_state(const pipe::BlendState&) override {
    log("create_blend_state");
    return reinterpret_cast<pipe::BlendObject*>(uintptr_t{0x10});
  }
  void bind_blend_state(pipe::BlendObject* o) override {
    std::unique_lock<std::mutex> l(m_);
    cv_.wait(l, [this] { return !held_; });
    l.unlock();
    log("bind_blend_state", reinterpret_cast<uintptr_t>(o));
  }
  void delete_blend_state(pipe::BlendObject*) override { log("delete_blend_state"); }
  pipe::RasterizerObject* create_rasterizer_state(const pipe::RasterizerState&) override { return nullptr; }
  void bind_rasterizer_state(pipe::RasterizerObject*) override {}
  void delete_rasterizer_state(pipe::RasterizerObject*) override {}
  pipe::DepthStencilAlphaObject* create_depth_stencil_alpha_state(const pipe::DepthStencilAlphaState&) override {
    return nullptr;
  }
  void bind_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject*) override {}
  void delete_depth_stencil_alpha_state(pipe::DepthStencilAlphaObject*) override {}
  pipe::VertexElementsObject* create_vertex_elements_state(const pipe::VertexElementsState&) override { return nullptr; }
  void bind_vertex_elements_state(pipe::VertexElementsObject*) override {}
  void delete_vertex_elements_state(pipe::VertexElementsObject*) override {}
  pipe::SamplerObject* create_sampler_state(const pipe::SamplerState&) override { return nullptr; }
  void bind_sampler_states(pipe::ShaderStage, uint32_t, std::span<pipe::SamplerObject* const>) override {}
  void delete_sampler_state(pipe::SamplerObject*) override {}
  Ref<pipe::SamplerView> create_sampler_view(pipe::Resource*, const pipe::SamplerViewTemplate&) override {
    return nullptr;
  }
  void set_sampler_views(pipe::ShaderStage, uint32_t, std::span<pipe::SamplerView* const>) override {}
  Ref<pipe::Surface> create_surface(pipe::Resource*, const pipe::SurfaceTemplate&) override { return nullptr; }
  pipe::ShaderProgram* create_shader_program(const pipe::ShaderInfo&, pipe::Status*) override { return nullptr; }
  void bind_shader_program(pipe::ShaderProgram*) override {}
  void delete_shader_program(pipe::ShaderProgram*) override {}
  bool shader_program_ready(pipe::ShaderProgram*, bool) override { return true; }
  void set_framebuffer_state(const pipe::FramebufferState&) override {}
  void set_viewports(uint32_t, std::span<const pipe::Viewport>) override {}
  void set_scissors(uint32_t, std::span<const pipe::ScissorRect>) override {}
  void set_stencil_ref(const pipe::StencilRef&) override {}
  void set_blend_color(const pipe::BlendColor&) override {}
  void set_sample_mask(uint32_t mask) override { log("set_sample_mask", mask); }
  void set_vertex_buffers(uint32_t, std::span<const pipe::VertexBuffer> buffers) override {
    for (const pipe::VertexBuffer& b : buffers)
      log("set_vertex_buffers", b.buffer && static_cast<FakeResource*>(b.buffer)->alive.load() ? 1 : 0);
  }
  void set_index_buffer(pipe::Resource*, uint32_t, uint64_t) override {}
  void set_constant_buffer(pipe::ShaderStage, uint32_t, const pipe::ConstantBuffer* cb) override {
    uint32_t first = 0;
    if (cb && cb->user_data) std::memcpy(&first, cb->user_data, sizeof(first));
    log("set_constant_buffer", first);
  }
  void set_shader_buffers(pipe::ShaderStage, uint32_t, std::span<const pipe::ShaderBuffer>) override {}
  void set_shader_images(pipe::ShaderStage, uint32_t, std::span<const pipe::ImageView>) override {}
  void draw_vbo(const pipe::DrawInfo&, const pipe::DrawIndirect*, std::span<const pipe::DrawStart> d) override {
    uint64_t sum = 0;
    for (const pipe::DrawStart& s : d) sum += s.count;
    draws += d.size();
    if (fail_next_draw) {
      fail_next_draw = false;
      status_ = pipe::Status::OutOfMemory;
      failure_pending_ = true;
    }
    if (d.size() > 1) log("draw_vbo", sum);
  }
  void bind_compute_program(pipe::ShaderProgram*) override {}
  void launch_grid(const pipe::GridInfo&) override {}
  void clear(uint32_t, const pipe::ScissorRect*, const pipe::ColorValue&, double, uint32_t) override {}
  void clear_render_target(pipe::Surface*, const pipe::ColorValue&, uint32_t, uint32_t, uint32_t, uint32_t) override {}
  void clear_depth_stencil(pipe::Surface*, uint32_t, double, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) override {}
  void clear_texture(pipe::Resource*, uint32_t, const pipe::Box&, const void*, const pipe::TextureClearValue&) override {}
  void resource_copy_region(pipe::Resource*, uint32_t, uint32_t, uint32_t, uint32_t, pipe::Resource*, uint32_t,
                            const pipe::Box&) override {}
  void copy_image(pipe::Resource*, uint32_t, uint32_t, uint32_t, uint32_t, pipe::Resource*, uint32_t,
                  const pipe::Box&) override {}
  void blit(const pipe::BlitInfo&) override {}
  bool generate_mipmap(pipe::Resource*, uint32_t, uint32_t, uint32_t, uint32_t) override { return true; }
  void buffer_subdata(pipe::Resource*, uint32_t, uint64_t offset, uint64_t size, const void* data) override {
    uint8_t last = size ? static_cast<const uint8_t*>(data)[size - 1] : 0;
    log("buffer_subdata", offset << 32 | size << 8 | last);
  }
  void texture_subdata(pipe::Resource*, uint32_t, uint32_t, const pipe::Box&, const void*, uint32_t, uint32_t) override {}
  void* transfer_map(pipe::Resource*, uint32_t, uint32_t, const pipe::Box&, pipe::Transfer** t) override {
    log("transfer_map");
    *t = nullptr;
    return nullptr;
  }
  void transfer_flush_region(pipe::Transfer*, const pipe::Box&) override {}
  void transfer_unmap(pipe::Transfer*) override {}
  void invalidate_resource(pipe::Resource*) override { log("invalidate_resource"); }
  void flush(Ref<pipe::Fence>* fence, uint32_t) override { log(fence ? "flush_fence" : "flush"); }

 private:
  void log(const char* name, uint64_t value = 0) { calls.push_back({name, std::this_thread::get_id(), value}); }
  FakeScreen& screen_;
  pipe::Status status_ = pipe::Status::Ok;
  std::mutex m_;
  std::condition_variable cv_;
  bool held_ = false;
};

class ThreadedContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto f = std::make_unique<FakeContext>(screen_);
    fake_ = f.get();
    std::unique_ptr<pipe::Context> inner = std::move(f);
    ctx_ = ThreadedContext::create(inner);
    ASSERT_TRUE(ctx_);
  }
  FakeScreen screen_;
  FakeContext* fake_ = nullptr;
  std::unique_ptr<ThreadedContext> ctx_;
};

TEST_F(ThreadedContextTest, RecordedCallsRunOnTheDriverThreadInOrderBeforeASynchronizingCall) {
  ctx_->set_sample_mask(1);
  ctx_->set_sample_mask(2);
  ctx_->flush(nullptr, 0);
  ctx_->set_sample_mask(3);
  pipe::BlendObject* b = ctx_->create_blend_state(pipe::BlendState{});
  EXPECT_EQ(b, reinterpret_cast<pipe::BlendObject*>(uintptr_t{0x10}));
  const std::vector<Call>& calls = fake_->calls;
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(calls[0].value, 1u);
  EXPECT_EQ(calls[1].value, 2u);
  EXPECT_EQ(calls[2].name, "flush");
  EXPECT_EQ(calls[3].value, 3u);
  EXPECT_EQ(calls[4].name, "create_blend_state");
  const std::thread::id me = std::this_thread::get_id();
  for (int i = 0; i < 4; ++i) EXPECT_NE(calls[i].thread, me) << calls[i].name;
  EXPECT_EQ(calls[4].thread, me);  // after a sync, on the application's thread
}

TEST_F(ThreadedContextTest, RecordingDoesNotWaitForTheDriverThread) {
  fake_->hold();  // the driver thread stops inside the first call
  ctx_->bind_blend_state(nullptr);
  ctx_->flush(nullptr, 0);  // hands the batch over
  for (uint32_t i = 0; i < 1000; ++i) ctx_->set_sample_mask(i);  // returns although nothing ran
  fake_->release();
  ctx_->synced_target();
  EXPECT_EQ(fake_->calls.size(), 1002u);  // bind, flush, 1000 masks
  EXPECT_EQ(fake_->calls.back().value, 999u);
}

TEST_F(ThreadedContextTest, ResourcesLiveUntilTheRecordedCallRan) {
  fake_->hold();
  ctx_->bind_blend_state(nullptr);
  {
    pipe::Status s;
    Ref<pipe::Resource> buffer = screen_.resource_create(FakeResource::templ(), &s);
    pipe::VertexBuffer vb{buffer.get(), 0, 16};
    ctx_->set_vertex_buffers(0, {&vb, 1});
  }  // the application's reference is gone; the recorded call holds one
  fake_->release();
  ctx_->synced_target();
  ASSERT_EQ(fake_->calls.size(), 2u);
  EXPECT_EQ(fake_->calls[1].value, 1u) << "the buffer died before the call that names it ran";
  EXPECT_EQ(g_live_resources.load(), 0) << "the recorded call's reference was not released";
}

TEST_F(ThreadedContextTest, ArgumentsAreCopiedWhenRecorded) {
  fake_->hold();
  ctx_->bind_blend_state(nullptr);
  uint32_t uniforms[4] = {7, 0, 0, 0};
  pipe::ConstantBuffer cb;
  cb.user_data = uniforms;
  cb.size = sizeof(uniforms);
  ctx_->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  std::vector<uint8_t> data(100, 5);
  pipe::Status s;
  Ref<pipe::Resource> buffer = screen_.resource_create(FakeResource::templ(), &s);
  ctx_->buffer_subdata(buffer.get(), 0, 4, data.size(), data.data());
  uniforms[0] = 99;  // GL lets the application reuse both at once
  data.back() = 9;
  fake_->release();
  ctx_->synced_target();
  ASSERT_EQ(fake_->calls.size(), 3u);
  EXPECT_EQ(fake_->calls[1].value, 7u);
  EXPECT_EQ(fake_->calls[2].value, uint64_t{4} << 32 | 100u << 8 | 5u);
}

TEST_F(ThreadedContextTest, DiscardingWriteMapsAreStagedWithoutWaiting) {
  pipe::Status s;
  Ref<pipe::Resource> buffer = screen_.resource_create(FakeResource::templ(), &s);
  fake_->hold();  // the driver thread is busy: a wait would never end
  ctx_->bind_blend_state(nullptr);
  ctx_->flush(nullptr, 0);
  const pipe::Box box{4, 0, 0, 40, 1, 1};
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<uint8_t*>(ctx_->transfer_map(buffer.get(), 0, pipe::kMapWrite | pipe::kMapDiscardRange, box, &t));
  ASSERT_NE(p, nullptr);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ((reinterpret_cast<uintptr_t>(p) - 4) % pipe::kMinMapBufferAlignment, 0u);
  std::memset(p, 3, 40);
  ctx_->transfer_unmap(t);
  fake_->release();
  ctx_->synced_target();
  ASSERT_EQ(fake_->calls.size(), 3u);  // bind, flush, the upload; no map of the real context
  EXPECT_EQ(fake_->calls[2].name, "buffer_subdata");
  EXPECT_EQ(fake_->calls[2].value, uint64_t{4} << 32 | 40u << 8 | 3u);
  // A map that reads goes to the real context.
  ctx_->transfer_map(buffer.get(), 0, pipe::kMapRead, box, &t);
  EXPECT_EQ(fake_->calls.back().name, "transfer_map");
}

TEST_F(ThreadedContextTest, AFailureOnTheDriverThreadReachesTheApplication) {
  fake_->fail_next_draw = true;
  pipe::DrawStart d{0, 3, 0};
  ctx_->draw_vbo(pipe::DrawInfo{}, nullptr, {&d, 1});
  ctx_->flush(nullptr, 0);
  // The driver thread may not have run the draw yet; the status waits for it.
  EXPECT_EQ(ctx_->status(), pipe::Status::OutOfMemory);
  ctx_->set_sample_mask(1);  // the next call shows it pending
  EXPECT_TRUE(ctx_->failure_pending());
  EXPECT_EQ(ctx_->take_failure(), pipe::Status::OutOfMemory);
  EXPECT_FALSE(ctx_->failure_pending());
}

TEST_F(ThreadedContextTest, ManyBatchesOfDrawsAndMultiDrawsRunCompletely) {
  // More than the ring holds, with multi-draws whose starts fill most of a
  // batch and one too big for any batch (run directly after a sync).
  std::vector<pipe::DrawStart> starts(BatchQueue::kBatchBytes / sizeof(pipe::DrawStart) * 3 / 4, {0, 1, 0});
  std::vector<pipe::DrawStart> huge(BatchQueue::kBatchBytes / sizeof(pipe::DrawStart) + 1, {0, 2, 0});
  pipe::DrawStart one{0, 3, 0};
  uint64_t expected = 0;
  for (int frame = 0; frame < 20; ++frame) {
    for (int i = 0; i < 5000; ++i) ctx_->draw_vbo(pipe::DrawInfo{}, nullptr, {&one, 1});
    ctx_->draw_vbo(pipe::DrawInfo{}, nullptr, starts);
    expected += 5000 + starts.size();
    if (frame % 5 == 0) {
      ctx_->draw_vbo(pipe::DrawInfo{}, nullptr, huge);
      expected += huge.size();
    }
    ctx_->flush(nullptr, 0);
  }
  ctx_->synced_target();
  EXPECT_EQ(fake_->draws, expected);
  EXPECT_GT(ctx_->queue().batches_submitted(), BatchQueue::kBatches);
}

TEST_F(ThreadedContextTest, ContextsOfOneScreenRunOnDriverThreadsOfTheirOwn) {
  auto f2 = std::make_unique<FakeContext>(screen_);
  FakeContext* fake2 = f2.get();
  std::unique_ptr<pipe::Context> inner = std::move(f2);
  std::unique_ptr<ThreadedContext> ctx2 = ThreadedContext::create(inner);
  ASSERT_TRUE(ctx2);
  std::thread other([&] {
    for (uint32_t i = 0; i < 2000; ++i) ctx2->set_sample_mask(i);
    ctx2->synced_target();
  });
  for (uint32_t i = 0; i < 2000; ++i) ctx_->set_sample_mask(i);
  ctx_->synced_target();
  other.join();
  ASSERT_EQ(fake_->calls.size(), 2000u);
  ASSERT_EQ(fake2->calls.size(), 2000u);
  EXPECT_NE(fake_->calls[0].thread, fake2->calls[0].thread);
}

}  // namespace
}  // namespace brass::threaded
