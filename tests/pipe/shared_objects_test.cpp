// Objects of a share group used by several contexts (rings): their GPU usage
// names only the last ring, so they must outlive every ring's work, not
// just the last one's.
#include "pipe_fixture.h"

namespace brass::test {
namespace {

class SharedObjectsTest : public PipeTest {
 protected:
  // Records on `c` a copy that reads `src` (not submitted). Buffers, so
  // that two contexts using one object need no layout agreement (image
  // layouts recorded by several contexts are a limit, docs/driver.md).
  void read_on(pipe::Context& c, pipe::Resource* src) {
    Ref<pipe::Resource> dst = make_buffer(64);
    pipe::Box box;
    box.x = 0;
    box.y = box.z = 0;
    box.width = 64;
    box.height = box.depth = 1;
    c.resource_copy_region(dst.get(), 0, 0, 0, 0, src, 0, box);
  }
};

// Context A records a use of a buffer; context B uses it too, submits and
// finishes; then the last reference goes while A's use is still unsubmitted.
// Before, the object was destroyed at once (its usage named B's finished
// batch) and A's batch then ran on a destroyed buffer (a crash).
TEST_F(SharedObjectsTest, ObjectUsedByTwoRingsOutlivesTheEarlierRingsWork) {
  pipe::Status status;
  std::unique_ptr<pipe::Context> other = screen().context_create(&status);
  ASSERT_TRUE(other);
  auto shared = make_buffer(64);
  read_on(*ctx, shared.get());
  read_on(*other, shared.get());
  Ref<pipe::Fence> other_done;
  other->flush(&other_done, 0);
  ASSERT_TRUE(screen().fence_finish(other_done.get(), UINT64_MAX));

  const uint64_t live = screen().device().memory().stats().live_allocations;
  shared = nullptr;  // the last reference, while A's copy is still recorded only
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
  auto shared = make_buffer(64);
  read_on(*ctx, shared.get());
  Ref<pipe::Fence> done;
  ctx->flush(&done, 0);
  read_on(*other, shared.get());
  Ref<pipe::Fence> other_done;
  other->flush(&other_done, 0);
  ASSERT_TRUE(screen().fence_finish(done.get(), UINT64_MAX));
  ASSERT_TRUE(screen().fence_finish(other_done.get(), UINT64_MAX));
  // A third context records nothing with it but is recording a batch.
  std::unique_ptr<pipe::Context> idle = screen().context_create(&status);
  ASSERT_TRUE(idle);
  const uint64_t live = screen().device().memory().stats().live_allocations;
  shared = nullptr;
  idle.reset();
  other.reset();
  // The entry waits for the batch this context was recording too.
  auto other_buffer = make_buffer(64);
  read_on(*ctx, other_buffer.get());
  Ref<pipe::Fence> again;
  ctx->flush(&again, 0);
  ASSERT_TRUE(screen().fence_finish(again.get(), UINT64_MAX));
  screen().collect_shared_garbage();
  EXPECT_LT(screen().device().memory().stats().live_allocations, live);
}

}  // namespace
}  // namespace brass::test
