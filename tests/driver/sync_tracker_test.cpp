// SyncTracker (src/driver/sync/sync_tracker.h): usage marks per batch, busy
// checks against the GPU (a gated batch is deterministically in flight),
// whether a CPU wait needs the open batch submitted, whether a transfer may
// be reordered into the upload stream, and the write epoch.
#include "driver/sync/sync_tracker.h"

#include "driver/resource/resource.h"
#include "driver_device_fixture.h"

namespace brass::driver::test {
namespace {

class SyncTrackerTest : public DriverDeviceTest {
 protected:
  void SetUp() override {
    DriverDeviceTest::SetUp();
    if (HasFatalFailure()) return;
    sync_ = std::make_unique<SyncTracker>(screen(), ring(), device().caps().synchronization2);
    a_ = make_buffer_resource(256);
    b_ = make_buffer_resource(256);
    ASSERT_TRUE(a_ && b_);
  }
  void TearDown() override {
    a_ = {};
    b_ = {};
    sync_.reset();
    DriverDeviceTest::TearDown();
  }
  ResourceObject* a() { return driver_resource(a_.get())->obj(); }
  ResourceObject* b() { return driver_resource(b_.get())->obj(); }
  SyncTracker& sync() { return *sync_; }

  std::unique_ptr<SyncTracker> sync_;
  Ref<pipe::Resource> a_, b_;
};

TEST_F(SyncTrackerTest, ANewObjectIsUnusedAndIdle) {
  EXPECT_FALSE(sync().used_this_batch(a()));
  EXPECT_FALSE(sync().written_this_batch(a()));
  EXPECT_FALSE(sync().busy(a(), false));
  EXPECT_FALSE(sync().busy(a(), true));
  EXPECT_FALSE(sync().wait_needs_submit(a(), false));
  EXPECT_TRUE(sync().can_reorder_transfer(a(), b()));
  EXPECT_TRUE(sync().wait(a(), false)) << "waiting for an idle object succeeds at once";
}

TEST_F(SyncTrackerTest, AReadIsAUseButNotAWrite) {
  sync().mark_read(a());
  EXPECT_TRUE(sync().used_this_batch(a()));
  EXPECT_FALSE(sync().written_this_batch(a()));
  EXPECT_EQ(a()->usage.ring_id(), ring().id());
  EXPECT_EQ(a()->usage.read_serial(), ring().current_serial());
  EXPECT_EQ(a()->usage.write_serial(), 0u);
  EXPECT_FALSE(sync().used_this_batch(b())) << "marks are per object";
}

TEST_F(SyncTrackerTest, AWriteIsAUseAndAWrite) {
  sync().mark_write(a());
  EXPECT_TRUE(sync().used_this_batch(a()));
  EXPECT_TRUE(sync().written_this_batch(a()));
  EXPECT_EQ(a()->usage.write_serial(), ring().current_serial());
}

TEST_F(SyncTrackerTest, MarksBelongToTheirBatch) {
  sync().mark_write(a());
  submit();
  EXPECT_FALSE(sync().used_this_batch(a())) << "the next batch has not used it";
  EXPECT_FALSE(sync().written_this_batch(a()));
}

TEST_F(SyncTrackerTest, WaitNeedsSubmitForTheOpenBatchOnly) {
  sync().mark_write(a());
  sync().mark_read(b());
  EXPECT_TRUE(sync().wait_needs_submit(a(), true));
  EXPECT_TRUE(sync().wait_needs_submit(a(), false));
  EXPECT_FALSE(sync().wait_needs_submit(b(), true)) << "b was only read: a wait for writers needs nothing";
  EXPECT_TRUE(sync().wait_needs_submit(b(), false));
  submit();
  EXPECT_FALSE(sync().wait_needs_submit(a(), true)) << "submitted: a wait can wait for the serial";
  EXPECT_FALSE(sync().wait_needs_submit(b(), false));
}

TEST_F(SyncTrackerTest, BusyWhileItsBatchIsOnTheGpu) {
  sync().mark_write(a());
  sync().mark_read(b());
  const uint64_t serial = submit_gated();
  EXPECT_TRUE(sync().busy(a(), false));
  EXPECT_TRUE(sync().busy(a(), true));
  EXPECT_TRUE(sync().busy(b(), false));
  EXPECT_FALSE(sync().busy(b(), true)) << "b has no writer";
  EXPECT_FALSE(ring().is_complete(serial));
  release_gate();
  ASSERT_TRUE(ring().wait(serial));
  EXPECT_FALSE(sync().busy(a(), false));
  EXPECT_FALSE(sync().busy(a(), true));
  EXPECT_FALSE(sync().busy(b(), false));
}

TEST_F(SyncTrackerTest, WaitReturnsOnceTheBatchCompleted) {
  sync().mark_write(a());
  submit();
  ASSERT_TRUE(sync().wait(a(), true));
  EXPECT_FALSE(sync().busy(a(), true));
}

TEST_F(SyncTrackerTest, AnObjectOfAGoneRingIsNotBusy) {
  // Marked by another context's ring that has since gone (unregistered).
  const uint32_t other = screen().register_ring(&ring());
  a()->usage.mark(other, ring().current_serial() + 100, true);  // never completes on this ring
  ASSERT_NE(other, ring().id());
  EXPECT_TRUE(sync().busy(a(), true)) << "a registered ring's unfinished serial is busy";
  screen().unregister_ring(other);
  EXPECT_FALSE(sync().busy(a(), true));
  EXPECT_FALSE(sync().wait_needs_submit(a(), true)) << "not this context's batch";
  a()->usage = {};
}

TEST_F(SyncTrackerTest, ReorderingATransferNeedsBothUntouchedThisBatch) {
  EXPECT_TRUE(sync().can_reorder_transfer(a(), nullptr));
  sync().mark_read(a());
  EXPECT_FALSE(sync().can_reorder_transfer(a(), nullptr)) << "dst read this batch: the write must follow it";
  EXPECT_FALSE(sync().can_reorder_transfer(a(), b()));
  EXPECT_TRUE(sync().can_reorder_transfer(b(), a())) << "src only read this batch: reading it earlier is fine";
  sync().mark_write(a());
  EXPECT_FALSE(sync().can_reorder_transfer(b(), a())) << "src written this batch: the copy must follow the write";
  submit();
  EXPECT_TRUE(sync().can_reorder_transfer(a(), b())) << "a new batch has touched neither";
  EXPECT_TRUE(sync().can_reorder_transfer(b(), a()));
}

TEST_F(SyncTrackerTest, TheWriteEpochCountsWritesOutsideDraws) {
  const uint64_t e = sync().write_epoch();
  sync().mark_write(a());
  EXPECT_EQ(sync().write_epoch(), e) << "usage marks do not bump it";
  sync().note_write_outside_draw();
  EXPECT_EQ(sync().write_epoch(), e + 1);
  sync().note_write_outside_draw();
  EXPECT_EQ(sync().write_epoch(), e + 2);
}

TEST_F(SyncTrackerTest, GenericMarksTrackAnyUsage) {
  GpuUsage u;
  sync().mark(u, false);
  EXPECT_EQ(u.ring_id(), ring().id());
  EXPECT_EQ(u.read_serial(), ring().current_serial());
  EXPECT_EQ(u.write_serial(), 0u);
  sync().mark(u, true);
  EXPECT_EQ(u.write_serial(), ring().current_serial());
}

}  // namespace
}  // namespace brass::driver::test
