// QueryTracker (src/driver/query/query_tracker.h) hooked into a
// RenderPassState on a real color surface: query types the device cannot
// count, beginning a query ends the open pass (a segment's reset must be
// outside it), one segment per pass, the shared slot of two queries of one
// kind, occlusion suspension by meta draws until the pass ends, results.
#include "driver/query/query_tracker.h"

#include <optional>

#include "driver_device_fixture.h"
#include "util/stats.h"

namespace brass::driver::test {
namespace {

uint64_t end_query_count() { return stat_value("render_pass.end.query").value(); }

class QueryTrackerTest : public DriverDeviceTest {
 protected:
  void SetUp() override {
    DriverDeviceTest::SetUp();
    if (HasFatalFailure()) return;
    sync_ = std::make_unique<SyncTracker>(screen(), ring(), device().caps().synchronization2);
    rps_ = std::make_unique<RenderPassState>(vk_device(), ring(), *sync_, screen().dynamic_rendering());
    queries_ = std::make_unique<QueryTracker>(vk_device(), ring(), *rps_, QueryTracker::Features{});
    rps_->add_hooks(queries_.get());
    texture_ = make_texture(8, 8, pipe::Format::RGBA8_UNORM);
    ASSERT_TRUE(texture_);
    surface_ = make_surface(texture_.get());
    ASSERT_TRUE(surface_);
    pipe::FramebufferState fb;
    fb.width = fb.height = 8;
    fb.nr_cbufs = 1;
    fb.cbufs[0] = surface_.get();
    bool changed = false;
    ASSERT_TRUE(rps_->set_framebuffer(fb, &changed));
  }
  void TearDown() override {
    if (rps_) {
      if (rps_->active()) rps_->end(RenderPassEnd::Submit);
      submit();
      EXPECT_TRUE(ring().wait_idle());
      for (pipe::Query* q : created_) queries_->destroy(q);
      queries_.reset();
      rps_.reset();
    }
    sync_.reset();
    surface_ = {};
    texture_ = {};
    DriverDeviceTest::TearDown();
  }
  pipe::Query* create(pipe::QueryType t) {
    pipe::Query* q = queries_->create(t);
    if (q) created_.push_back(q);
    return q;
  }
  // Submits the open batch (ending its pass) and waits for it.
  void submit_and_wait() {
    rps_->end(RenderPassEnd::Submit);
    const uint64_t serial = submit();
    ASSERT_TRUE(ring().wait(serial));
  }

  std::unique_ptr<SyncTracker> sync_;
  std::unique_ptr<RenderPassState> rps_;
  std::unique_ptr<QueryTracker> queries_;
  Ref<pipe::Resource> texture_;
  Ref<pipe::Surface> surface_;
  std::vector<pipe::Query*> created_;
};

TEST_F(QueryTrackerTest, PrimitiveQueriesNeedDeviceSupport) {
  EXPECT_EQ(queries_->create(pipe::QueryType::PrimitivesWritten), nullptr);
  QueryTracker::Features features;
  features.primitive_queries = true;
  QueryTracker with(vk_device(), ring(), *rps_, features);
  pipe::Query* q = with.create(pipe::QueryType::PrimitivesWritten);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->type, pipe::QueryType::PrimitivesWritten);
  with.destroy(q);
}

TEST_F(QueryTrackerTest, OcclusionQueriesAreCreatedInactive) {
  for (auto t : {pipe::QueryType::OcclusionPredicate, pipe::QueryType::OcclusionPredicateConservative}) {
    pipe::Query* q = create(t);
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->type, t);
    EXPECT_FALSE(q->active);
    EXPECT_TRUE(q->segments.empty());
  }
}

TEST_F(QueryTrackerTest, BeginEndsTheActivePassWithReasonQuery) {
  pipe::Query* q = create(pipe::QueryType::OcclusionPredicate);
  ASSERT_TRUE(rps_->begin());
  const uint64_t before = end_query_count();
  queries_->begin(q);
  EXPECT_TRUE(q->active);
  EXPECT_FALSE(rps_->active()) << "the segment's reset must be recorded outside a pass";
  EXPECT_EQ(end_query_count(), before + 1);
}

TEST_F(QueryTrackerTest, BeginOutsideAPassEndsNothing) {
  pipe::Query* q = create(pipe::QueryType::OcclusionPredicate);
  const uint64_t before = end_query_count();
  queries_->begin(q);
  EXPECT_TRUE(q->active);
  EXPECT_EQ(end_query_count(), before);
}

TEST_F(QueryTrackerTest, EachPassIsOneSegment) {
  pipe::Query* q = create(pipe::QueryType::OcclusionPredicate);
  queries_->begin(q);
  ASSERT_TRUE(rps_->begin());
  EXPECT_TRUE(q->segments.empty()) << "the segment is open while the pass is";
  rps_->end(RenderPassEnd::Barrier);
  EXPECT_EQ(q->segments.size(), 1u);
  EXPECT_EQ(q->serial, ring().current_serial());
  ASSERT_TRUE(rps_->begin());
  rps_->end(RenderPassEnd::Barrier);
  EXPECT_EQ(q->segments.size(), 2u);
  ASSERT_TRUE(rps_->begin());
  const uint64_t before = end_query_count();
  queries_->end(q);
  EXPECT_FALSE(q->active);
  EXPECT_TRUE(rps_->active()) << "ending the only query of its kind keeps the pass";
  EXPECT_EQ(end_query_count(), before);
  EXPECT_EQ(q->segments.size(), 3u);
  rps_->end(RenderPassEnd::Barrier);
  EXPECT_EQ(q->segments.size(), 3u) << "an ended query gets no more segments";
}

TEST_F(QueryTrackerTest, EndingOneOfTwoQueriesSharingASlotEndsThePass) {
  pipe::Query* a = create(pipe::QueryType::OcclusionPredicate);
  pipe::Query* b = create(pipe::QueryType::OcclusionPredicateConservative);
  queries_->begin(a);
  queries_->begin(b);
  ASSERT_TRUE(rps_->begin());
  const uint64_t before = end_query_count();
  queries_->end(a);
  EXPECT_FALSE(rps_->active()) << "the shared slot measures b too: closed for both";
  EXPECT_EQ(end_query_count(), before + 1);
  EXPECT_EQ(a->segments.size(), 1u);
  EXPECT_EQ(b->segments.size(), 1u);
  EXPECT_TRUE(b->active);
  ASSERT_TRUE(rps_->begin());
  queries_->end(b);
  EXPECT_TRUE(rps_->active());
  EXPECT_EQ(b->segments.size(), 2u);
  EXPECT_EQ(a->segments.size(), 1u);
}

TEST_F(QueryTrackerTest, SuspendedOcclusionLastsUntilThePassEnds) {
  pipe::Query* q = create(pipe::QueryType::OcclusionPredicate);
  queries_->begin(q);
  ASSERT_TRUE(rps_->begin());
  EXPECT_FALSE(queries_->occlusion_suspended());
  queries_->suspend_occlusion(ring().main_cmd());
  EXPECT_TRUE(queries_->occlusion_suspended());
  EXPECT_TRUE(rps_->active()) << "a meta draw goes on in the same pass";
  EXPECT_EQ(q->segments.size(), 1u) << "the segment closed at the suspension";
  queries_->suspend_occlusion(ring().main_cmd());
  EXPECT_EQ(q->segments.size(), 1u) << "nothing more to close";
  rps_->end(RenderPassEnd::OcclusionResume);
  EXPECT_FALSE(queries_->occlusion_suspended());
  EXPECT_EQ(q->segments.size(), 1u) << "the pass's end has no open segment to close";
  ASSERT_TRUE(rps_->begin());
  EXPECT_FALSE(queries_->occlusion_suspended());
  rps_->end(RenderPassEnd::Barrier);
  EXPECT_EQ(q->segments.size(), 2u) << "the next pass measures again";
}

TEST_F(QueryTrackerTest, SuspendingWithoutAnOpenSegmentDoesNothing) {
  ASSERT_TRUE(rps_->begin());
  queries_->suspend_occlusion(ring().main_cmd());
  EXPECT_FALSE(queries_->occlusion_suspended()) << "no occlusion query is measuring";
}

TEST_F(QueryTrackerTest, AResultIsReadOnceItsBatchCompleted) {
  pipe::Query* q = create(pipe::QueryType::OcclusionPredicate);
  queries_->begin(q);
  ASSERT_TRUE(rps_->begin());
  rps_->end(RenderPassEnd::Barrier);
  queries_->end(q);
  EXPECT_TRUE(queries_->result_needs_submit(q)) << "its segment is in the open batch";
  uint64_t result = 7;
  vk::Status s;
  submit_and_wait();
  EXPECT_FALSE(queries_->result_needs_submit(q));
  ASSERT_TRUE(queries_->read_result(q, false, &result, &s));
  EXPECT_TRUE(s);
  EXPECT_EQ(result, 0u) << "no draw passed a sample";
  EXPECT_TRUE(q->has_result);
  // Read again: the same result, no slot read.
  result = 7;
  ASSERT_TRUE(queries_->read_result(q, false, &result, &s));
  EXPECT_EQ(result, 0u);
}

TEST_F(QueryTrackerTest, APollDoesNotBlockOnABatchInFlight) {
  pipe::Query* q = create(pipe::QueryType::OcclusionPredicate);
  queries_->begin(q);
  ASSERT_TRUE(rps_->begin());
  rps_->end(RenderPassEnd::Submit);
  queries_->end(q);
  const uint64_t serial = submit_gated();
  uint64_t result = 7;
  vk::Status s;
  EXPECT_FALSE(queries_->read_result(q, false, &result, &s)) << "the batch is held on the GPU";
  EXPECT_TRUE(s);
  release_gate();
  ASSERT_TRUE(ring().wait(serial));
  EXPECT_TRUE(queries_->read_result(q, false, &result, &s));
  EXPECT_EQ(result, 0u);
}

}  // namespace
}  // namespace brass::driver::test
