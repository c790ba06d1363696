// Objects of a share group used by several contexts (rings): their GPU usage
// names only the last ring, so they must outlive every ring's work, not
// just the last one's.
#include "pipe_fixture.h"

namespace brass::test {
namespace {

class SharedObjectsTest : public PipeTest {
 protected:
  // Clears `rt` on `c` (recorded, not submitted).
  static void clear_on(pipe::Context& c, pipe::Resource* rt) {
    Ref<pipe::Surface> surf = c.create_surface(rt, pipe::SurfaceTemplate{});
    ASSERT_TRUE(surf);
    pipe::FramebufferState fb;
    fb.width = fb.height = 16;
    fb.nr_cbufs = 1;
    fb.cbufs[0] = surf.get();
    c.set_framebuffer_state(fb);
    c.clear(pipe::kClearColor0, nullptr, {{1, 0, 0, 1}}, 0, 0);
    c.set_framebuffer_state(pipe::FramebufferState{});
  }
};

// Context A records a use of a texture; context B uses it too, submits and
// finishes; then the last reference goes while A's use is still unsubmitted.
// Before, the object was destroyed at once (its usage named B's finished
// batch) and A's batch then ran on a destroyed image.
TEST_F(SharedObjectsTest, ObjectUsedByTwoRingsOutlivesTheEarlierRingsWork) {
  pipe::Status status;
  std::unique_ptr<pipe::Context> other = screen().context_create(&status);
  ASSERT_TRUE(other);
  auto rt = make_texture(16, 16);
  clear_on(*ctx, rt.get());
  clear_on(*other, rt.get());
  Ref<pipe::Fence> other_done;
  other->flush(&other_done, 0);
  ASSERT_TRUE(screen().fence_finish(other_done.get(), UINT64_MAX));

  const uint64_t live = screen().device().memory().stats().live_allocations;
  rt = nullptr;  // the last reference, while A's clear is still recorded only
  EXPECT_EQ(screen().device().memory().stats().live_allocations, live) << "destroyed under A's recorded batch";

  Ref<pipe::Fence> done;
  ctx->flush(&done, 0);
  ASSERT_TRUE(screen().fence_finish(done.get(), UINT64_MAX));
  screen().collect_shared_garbage();
  EXPECT_LT(screen().device().memory().stats().live_allocations, live) << "never freed";
}

// A ring that goes away with a batch it never submitted does not hold the
// shared garbage forever: its timeline then counts as reached.
TEST_F(SharedObjectsTest, SharedGarbageIsFreedWhenARingGoesWithAnUnsubmittedBatch) {
  pipe::Status status;
  std::unique_ptr<pipe::Context> other = screen().context_create(&status);
  ASSERT_TRUE(other);
  auto rt = make_texture(16, 16);
  clear_on(*ctx, rt.get());
  Ref<pipe::Fence> done;
  ctx->flush(&done, 0);
  clear_on(*other, rt.get());
  Ref<pipe::Fence> other_done;
  other->flush(&other_done, 0);
  ASSERT_TRUE(screen().fence_finish(done.get(), UINT64_MAX));
  ASSERT_TRUE(screen().fence_finish(other_done.get(), UINT64_MAX));
  // A third context records nothing with it but is recording a batch.
  std::unique_ptr<pipe::Context> idle = screen().context_create(&status);
  ASSERT_TRUE(idle);
  const uint64_t live = screen().device().memory().stats().live_allocations;
  rt = nullptr;
  idle.reset();
  other.reset();
  // The entry waits for the batch this context was recording too.
  auto rt2 = make_texture(16, 16);
  clear_on(*ctx, rt2.get());
  Ref<pipe::Fence> again;
  ctx->flush(&again, 0);
  ASSERT_TRUE(screen().fence_finish(again.get(), UINT64_MAX));
  screen().collect_shared_garbage();
  EXPECT_LT(screen().device().memory().stats().live_allocations, live);
}

}  // namespace
}  // namespace brass::test
