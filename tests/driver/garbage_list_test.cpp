// GarbageList (src/driver/batch/garbage_list.h): an object is destroyed only
// once the serial of its last use has completed, in serial order. Real
// handles on lavapipe: a double destroy or a leak at device teardown would be
// a validation message.
#include "driver/batch/garbage_list.h"

#include "driver_device_fixture.h"
#include "util/stats.h"

namespace brass::driver::test {
namespace {

using GarbageListTest = DriverDeviceTest;

TEST_F(GarbageListTest, ObjectsAreDestroyedOnlyOnceTheirSerialCompleted) {
  GarbageList list(vk_device(), &device().memory());
  list.add(5, make_buffer());
  list.add(6, make_buffer());
  list.add(6, make_buffer());
  list.add(9, make_buffer());
  EXPECT_EQ(list.size(), 4u);
  EXPECT_EQ(list.collect(4), 0u) << "serial 5 has not completed";
  EXPECT_EQ(list.size(), 4u);
  EXPECT_EQ(list.collect(5), 1u);
  EXPECT_EQ(list.collect(5), 0u) << "never destroyed twice";
  EXPECT_EQ(list.collect(8), 2u);
  EXPECT_EQ(list.size(), 1u);
  EXPECT_EQ(list.collect(9), 1u);
  EXPECT_EQ(list.size(), 0u);
}

TEST_F(GarbageListTest, NullHandlesAreNotListed) {
  GarbageList list(vk_device(), &device().memory());
  list.add(1, VkBuffer{VK_NULL_HANDLE});
  list.add_memory(1, vk::Allocation{});
  EXPECT_EQ(list.size(), 0u);
}

TEST_F(GarbageListTest, EveryHandleTypeAndMemoryIsFreed) {
  const uint64_t in_use_before = device().memory().stats().bytes_in_use;
  GarbageList list(vk_device(), &device().memory());
  VkBuffer buffer = make_buffer(4096);
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vk_device(), buffer, &req);
  vk::MemoryRequest mr;
  mr.requirements = req;
  mr.usage = vk::MemoryUsage::GpuOnly;
  vk::Allocation memory;
  ASSERT_TRUE(device().memory().allocate(mr, &memory));
  ASSERT_EQ(vkBindBufferMemory(vk_device(), buffer, memory.memory, memory.offset), VK_SUCCESS);
  EXPECT_GT(device().memory().stats().bytes_in_use, in_use_before);
  VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  VkSampler sampler = VK_NULL_HANDLE;
  ASSERT_EQ(vkCreateSampler(vk_device(), &sci, nullptr, &sampler), VK_SUCCESS);
  // The buffer goes before its memory, as the driver lists them.
  list.add(3, buffer);
  list.add_memory(3, memory);
  list.add(3, sampler);
  const uint64_t destroyed = stat_value("garbage.destroyed").value();
  EXPECT_EQ(list.collect(3), 3u);
  EXPECT_EQ(stat_value("garbage.destroyed").value(), destroyed + 3);
  EXPECT_EQ(device().memory().stats().bytes_in_use, in_use_before);
}

TEST_F(GarbageListTest, TheDestructorDestroysWhatIsLeft) {
  // The owner waits for the GPU before destroying the list; leftovers are
  // destroyed then, not leaked (a leak is a validation error at teardown of
  // the device, and bytes still in use here).
  const uint64_t destroyed = stat_value("garbage.destroyed").value();
  {
    GarbageList list(vk_device(), &device().memory());
    list.add(100, make_buffer());
    list.add(200, make_buffer());
  }
  EXPECT_EQ(stat_value("garbage.destroyed").value(), destroyed + 2);
}

TEST_F(GarbageListTest, TheRingCollectsGarbageWhenItsBatchCompletes) {
  // Through the batch ring: garbage of an in-flight batch survives the
  // submit of the next batch and is destroyed once the GPU is done.
  const uint64_t serial = ring().current_serial();
  ring().garbage().add(serial, make_buffer());
  submit_gated();  // in flight until released
  submit();        // the ring collects what has completed: not serial yet
  EXPECT_FALSE(ring().is_complete(serial));
  EXPECT_EQ(ring().garbage().size(), 1u);
  release_gate();
  ASSERT_TRUE(ring().wait(serial));
  EXPECT_EQ(ring().garbage().size(), 0u);
}

TEST_F(GarbageListTest, SteadyStateWithAlwaysSomethingPendingStaysBounded) {
  // One object per frame, collected one frame late: the list always holds
  // something, yet must not keep every entry it ever had.
  GarbageList list(vk_device(), &device().memory());
  for (uint64_t frame = 1; frame <= 1000; ++frame) {
    list.add(frame, make_buffer());
    list.collect(frame - 1);
    ASSERT_EQ(list.size(), 1u);
  }
  EXPECT_LE(list.stored_entries(), 64u) << "entries of destroyed objects are kept";
  list.collect(UINT64_MAX);
}

}  // namespace
}  // namespace brass::driver::test
