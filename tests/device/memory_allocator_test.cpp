#include "device/memory_allocator.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "device/device.h"
#include "device/handle.h"

namespace brass::vk {
namespace {

class MemoryAllocatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    device_ = Device::create_from_options(&why);
    ASSERT_TRUE(device_) << why;
    validation_before_ = Instance::validation_message_count();
  }
  void TearDown() override {
    EXPECT_EQ(Instance::validation_message_count(), validation_before_) << Instance::last_validation_message();
  }

  // A real buffer's requirements, so allocations are bound and validated.
  Handle<VkBuffer> make_buffer(VkDeviceSize size, VkMemoryRequirements* reqs) {
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer b = VK_NULL_HANDLE;
    EXPECT_EQ(vkCreateBuffer(device_->handle(), &info, nullptr, &b), VK_SUCCESS);
    vkGetBufferMemoryRequirements(device_->handle(), b, reqs);
    return Handle<VkBuffer>(device_->handle(), b);
  }

  std::unique_ptr<Device> device_;
  uint64_t validation_before_ = 0;
};

TEST_F(MemoryAllocatorTest, SmallBuffersShareSlabsAndBindValidly) {
  MemoryAllocator alloc(device_->handle(), device_->physical_device(), 64);
  std::vector<Handle<VkBuffer>> buffers;
  std::vector<Allocation> allocations;
  for (int i = 0; i < 200; ++i) {
    VkMemoryRequirements reqs;
    buffers.push_back(make_buffer(64 + (i % 7) * 100, &reqs));
    MemoryRequest req;
    req.requirements = reqs;
    req.usage = MemoryUsage::Upload;
    Allocation a;
    ASSERT_TRUE(alloc.allocate(req, &a));
    EXPECT_EQ(a.offset % reqs.alignment, 0u);
    EXPECT_EQ(a.kind, Allocation::Kind::Slab);
    ASSERT_NE(a.mapped, nullptr);
    std::memset(a.mapped, i, reqs.size);  // host-visible and writable
    ASSERT_EQ(vkBindBufferMemory(device_->handle(), buffers.back().get(), a.memory, a.offset), VK_SUCCESS);
    allocations.push_back(a);
  }
  // Each allocation still holds its own bytes: nothing overlapped.
  for (size_t i = 0; i < allocations.size(); ++i)
    EXPECT_EQ(static_cast<unsigned char*>(allocations[i].mapped)[0], static_cast<unsigned char>(i));
  MemoryStats s = alloc.stats();
  EXPECT_EQ(s.live_allocations, 200u);
  EXPECT_LE(s.device_memory_objects, 2u);  // 200 buffers, at most a couple of VkDeviceMemory
  EXPECT_GT(s.slabs, 0u);
  buffers.clear();
  for (auto& a : allocations) alloc.free(a);
  s = alloc.stats();
  EXPECT_EQ(s.live_allocations, 0u);
  EXPECT_EQ(s.bytes_in_use, 0u);
}

TEST_F(MemoryAllocatorTest, MediumAllocationsComeFromBlocksLargeOnesAreDedicated) {
  MemoryAllocatorConfig cfg;
  cfg.block_size = 4 << 20;
  MemoryAllocator alloc(device_->handle(), device_->physical_device(), 64, cfg);
  VkMemoryRequirements reqs;
  auto medium = make_buffer(256 << 10, &reqs);
  MemoryRequest req;
  req.requirements = reqs;
  Allocation a;
  ASSERT_TRUE(alloc.allocate(req, &a));
  EXPECT_EQ(a.kind, Allocation::Kind::Block);
  ASSERT_EQ(vkBindBufferMemory(device_->handle(), medium.get(), a.memory, a.offset), VK_SUCCESS);

  auto large = make_buffer(8 << 20, &reqs);
  req.requirements = reqs;
  Allocation b;
  ASSERT_TRUE(alloc.allocate(req, &b));
  EXPECT_EQ(b.kind, Allocation::Kind::Dedicated);
  EXPECT_EQ(b.offset, 0u);
  ASSERT_EQ(vkBindBufferMemory(device_->handle(), large.get(), b.memory, b.offset), VK_SUCCESS);
  EXPECT_EQ(alloc.stats().dedicated_allocations, 1u);
  medium.reset();
  large.reset();
  alloc.free(a);
  alloc.free(b);
  EXPECT_EQ(alloc.stats().dedicated_allocations, 0u);
}

TEST_F(MemoryAllocatorTest, FragmentationIsReusedAfterFree) {
  MemoryAllocatorConfig cfg;
  cfg.block_size = 4 << 20;
  MemoryAllocator alloc(device_->handle(), device_->physical_device(), 64, cfg);
  MemoryRequest req;
  req.requirements = {128 << 10, 256, ~0u};
  std::vector<Allocation> live;
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    for (int i = 0; i < 20; ++i) {
      Allocation a;
      ASSERT_TRUE(alloc.allocate(req, &a));
      live.push_back(a);
    }
    std::shuffle(live.begin(), live.end(), rng);
    for (int i = 0; i < 20; ++i) {
      alloc.free(live.back());
      live.pop_back();
    }
  }
  // Steady churn must not keep growing device memory.
  EXPECT_LE(alloc.stats().blocks, 2u);
  for (auto& a : live) alloc.free(a);
}

TEST_F(MemoryAllocatorTest, OutOfMemoryIsAnErrorNotACrash) {
  MemoryAllocatorConfig cfg;
  cfg.block_size = 1 << 20;
  cfg.budget = 3 << 20;
  MemoryAllocator alloc(device_->handle(), device_->physical_device(), 64, cfg);
  MemoryRequest req;
  req.requirements = {900 << 10, 256, ~0u};
  std::vector<Allocation> live;
  Status last;
  for (int i = 0; i < 10; ++i) {
    Allocation a;
    last = alloc.allocate(req, &a);
    if (!last) {
      EXPECT_FALSE(a);
      break;
    }
    live.push_back(a);
  }
  EXPECT_TRUE(last.out_of_memory());
  EXPECT_GT(alloc.stats().failed_allocations, 0u);
  // A request no memory type satisfies is an error too.
  MemoryRequest impossible;
  impossible.requirements = {4096, 256, 0};
  Allocation a;
  EXPECT_FALSE(alloc.allocate(impossible, &a));
  for (auto& x : live) alloc.free(x);
  // After freeing, allocation succeeds again.
  Allocation again;
  EXPECT_TRUE(alloc.allocate(req, &again));
  alloc.free(again);
}

TEST_F(MemoryAllocatorTest, MemoryTypeChoiceFollowsUsage) {
  MemoryAllocator& alloc = device_->memory();
  const auto& props = alloc.memory_properties();
  const int upload = alloc.choose_memory_type(~0u, MemoryUsage::Upload);
  const int readback = alloc.choose_memory_type(~0u, MemoryUsage::Readback);
  ASSERT_GE(upload, 0);
  ASSERT_GE(readback, 0);
  EXPECT_TRUE(props.memoryTypes[upload].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  EXPECT_TRUE(props.memoryTypes[readback].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  EXPECT_EQ(alloc.choose_memory_type(0, MemoryUsage::GpuOnly), -1);
}

}  // namespace
}  // namespace brass::vk
