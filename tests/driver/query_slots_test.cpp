// QuerySlots (src/driver/query/query_slots.h): slots are distinct while held,
// shared through references, reused only after the batch that last used them
// completed, and pools grow by chunks.
#include "driver/query/query_slots.h"

#include <set>
#include <utility>

#include "driver_device_fixture.h"

namespace brass::driver::test {
namespace {

using QuerySlotsTest = DriverDeviceTest;

bool same(QuerySlot a, QuerySlot b) { return a.pool == b.pool && a.index == b.index; }

TEST_F(QuerySlotsTest, HeldSlotsAreDistinct) {
  QuerySlots slots(vk_device(), VK_QUERY_TYPE_OCCLUSION, 1);
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (int i = 0; i < 10; ++i) {
    QuerySlot s;
    ASSERT_TRUE(slots.acquire(ring(), &s));
    EXPECT_TRUE(seen.insert({s.pool, s.index}).second) << "slot handed out twice";
    EXPECT_NE(slots.pool(s), VK_NULL_HANDLE);
  }
}

TEST_F(QuerySlotsTest, AReleasedSlotIsReusedOnlyAfterItsBatchCompleted) {
  QuerySlots slots(vk_device(), VK_QUERY_TYPE_OCCLUSION, 1);
  QuerySlot a;
  ASSERT_TRUE(slots.acquire(ring(), &a));
  slots.release(a, ring().current_serial());
  const uint64_t serial = submit_gated();  // the batch that used `a` is in flight
  QuerySlot b;
  ASSERT_TRUE(slots.acquire(ring(), &b));
  EXPECT_FALSE(same(a, b)) << "reused while its batch is still on the GPU";
  release_gate();
  ASSERT_TRUE(ring().wait(serial));
  QuerySlot c;
  ASSERT_TRUE(slots.acquire(ring(), &c));
  EXPECT_TRUE(same(a, c)) << "a completed slot should be reused before the pool grows";
}

TEST_F(QuerySlotsTest, ASharedSlotIsFreedByItsLastReference) {
  QuerySlots slots(vk_device(), VK_QUERY_TYPE_OCCLUSION, 1);
  QuerySlot a;
  ASSERT_TRUE(slots.acquire(ring(), &a));
  slots.add_ref(a);  // two GL queries measure the same render pass
  slots.release(a, ring().current_serial());
  const uint64_t serial = submit();
  ASSERT_TRUE(ring().wait(serial));
  QuerySlot b;
  ASSERT_TRUE(slots.acquire(ring(), &b));
  EXPECT_FALSE(same(a, b)) << "freed while a reference remained";
  slots.release(a, ring().current_serial());
  ASSERT_TRUE(ring().wait(submit()));
  QuerySlot c;
  ASSERT_TRUE(slots.acquire(ring(), &c));
  EXPECT_TRUE(same(a, c));
}

TEST_F(QuerySlotsTest, ReleasingAFreeSlotAgainDoesNotListItTwice) {
  QuerySlots slots(vk_device(), VK_QUERY_TYPE_OCCLUSION, 1);
  QuerySlot a;
  ASSERT_TRUE(slots.acquire(ring(), &a));
  slots.release(a, ring().current_serial());
  slots.release(a, ring().current_serial());  // a stray extra release
  ASSERT_TRUE(ring().wait(submit()));
  QuerySlot b, c;
  ASSERT_TRUE(slots.acquire(ring(), &b));
  ASSERT_TRUE(slots.acquire(ring(), &c));
  EXPECT_TRUE(same(a, b));
  EXPECT_FALSE(same(b, c)) << "one slot handed to two holders";
}

TEST_F(QuerySlotsTest, PoolsGrowByChunksWhenEverySlotIsHeld) {
  QuerySlots slots(vk_device(), VK_QUERY_TYPE_OCCLUSION, 1);
  QuerySlot first, s;
  ASSERT_TRUE(slots.acquire(ring(), &first));
  for (int i = 1; i < 64; ++i) ASSERT_TRUE(slots.acquire(ring(), &s));
  EXPECT_EQ(s.pool, first.pool);
  EXPECT_EQ(s.index, 63u);
  QuerySlot next;
  ASSERT_TRUE(slots.acquire(ring(), &next));
  EXPECT_NE(next.pool, first.pool);
  EXPECT_EQ(next.index, 0u);
  EXPECT_NE(slots.pool(next), slots.pool(first));
}

TEST_F(QuerySlotsTest, ReadsTheResultOfACompletedQuery) {
  // A reset and an empty begin/end outside a render pass: occlusion count 0.
  QuerySlots slots(vk_device(), VK_QUERY_TYPE_OCCLUSION, 1);
  QuerySlot a;
  ASSERT_TRUE(slots.acquire(ring(), &a));
  VkCommandBuffer cmd = ring().main_cmd();
  vkCmdResetQueryPool(cmd, slots.pool(a), a.index, 1);
  vkCmdBeginQuery(cmd, slots.pool(a), a.index, 0);
  vkCmdEndQuery(cmd, slots.pool(a), a.index);
  ring().mark_recorded();
  ASSERT_TRUE(ring().wait(submit()));
  uint64_t value = 12345;
  ASSERT_TRUE(slots.read(a, &value));
  EXPECT_EQ(value, 0u);
  EXPECT_EQ(slots.values(), 1u);
}

}  // namespace
}  // namespace brass::driver::test
