// Brass's VkAllocationCallbacks (src/device/host_allocator.h): alignment,
// the Vulkan rules of pfnReallocation, and host allocation points failing
// on request (src/util/fault_injection.h).
#include "device/host_allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "util/fault_injection.h"

namespace brass::vk {
namespace {

constexpr VkSystemAllocationScope kScope = VK_SYSTEM_ALLOCATION_SCOPE_OBJECT;

bool aligned(const void* p, size_t alignment) { return reinterpret_cast<uintptr_t>(p) % alignment == 0; }

TEST(HostAllocator, AllocationsHaveTheAlignmentAskedFor) {
  const VkAllocationCallbacks* cb = host_allocation_callbacks();
  ASSERT_NE(cb, nullptr);
  EXPECT_EQ(cb->pfnInternalAllocation, nullptr);
  EXPECT_EQ(cb->pfnInternalFree, nullptr);
  for (size_t alignment : {1u, 2u, 8u, 16u, 64u, 256u, 4096u}) {
    for (size_t size : {1u, 3u, 64u, 1000u, 65536u}) {
      void* p = cb->pfnAllocation(cb->pUserData, size, alignment, kScope);
      ASSERT_NE(p, nullptr) << size << " bytes aligned to " << alignment;
      EXPECT_TRUE(aligned(p, alignment)) << size << " bytes aligned to " << alignment;
      std::memset(p, 0xab, size);  // all of it is usable (AddressSanitizer checks)
      cb->pfnFree(cb->pUserData, p);
    }
  }
  cb->pfnFree(cb->pUserData, nullptr);  // freeing null does nothing
}

TEST(HostAllocator, ReallocationFollowsTheVulkanRules) {
  const VkAllocationCallbacks* cb = host_allocation_callbacks();
  // A null original: an allocation.
  auto* p = static_cast<unsigned char*>(cb->pfnReallocation(cb->pUserData, nullptr, 32, 64, kScope));
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(aligned(p, 64));
  for (int i = 0; i < 32; ++i) p[i] = static_cast<unsigned char>(i);
  // Growing keeps the contents and the alignment.
  auto* grown = static_cast<unsigned char*>(cb->pfnReallocation(cb->pUserData, p, 5000, 64, kScope));
  ASSERT_NE(grown, nullptr);
  EXPECT_TRUE(aligned(grown, 64));
  for (int i = 0; i < 32; ++i) EXPECT_EQ(grown[i], i);
  std::memset(grown + 32, 0, 5000 - 32);
  // Shrinking keeps the smaller size's contents.
  auto* shrunk = static_cast<unsigned char*>(cb->pfnReallocation(cb->pUserData, grown, 8, 64, kScope));
  ASSERT_NE(shrunk, nullptr);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(shrunk[i], i);
  // Size 0: freed, null returned (LeakSanitizer would report it otherwise).
  EXPECT_EQ(cb->pfnReallocation(cb->pUserData, shrunk, 0, 64, kScope), nullptr);
}

TEST(HostAllocator, ArmedHostAllocationPointsFail) {
  const VkAllocationCallbacks* cb = host_allocation_callbacks();
  const uint64_t before = fault::host_allocation_count();
  void* kept = cb->pfnAllocation(cb->pUserData, 16, 16, kScope);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(fault::host_allocation_count(), before + 1);

  // The second allocation from now fails, once.
  fault::fail_host_allocation(2);
  void* first = cb->pfnAllocation(cb->pUserData, 16, 16, kScope);
  EXPECT_NE(first, nullptr);
  EXPECT_FALSE(fault::host_injected(nullptr));
  EXPECT_EQ(cb->pfnAllocation(cb->pUserData, 16, 16, kScope), nullptr);
  bool on_arming_thread = false;
  EXPECT_TRUE(fault::host_injected(&on_arming_thread));
  EXPECT_TRUE(on_arming_thread);
  void* after = cb->pfnAllocation(cb->pUserData, 16, 16, kScope);
  EXPECT_NE(after, nullptr);
  cb->pfnFree(cb->pUserData, first);
  cb->pfnFree(cb->pUserData, after);

  // A reallocation that fails leaves the original as it was.
  std::memset(kept, 0x5a, 16);
  fault::fail_host_allocation(1);
  EXPECT_EQ(cb->pfnReallocation(cb->pUserData, kept, 4096, 16, kScope), nullptr);
  EXPECT_TRUE(fault::host_injected(nullptr));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(static_cast<unsigned char*>(kept)[i], 0x5a);
  cb->pfnFree(cb->pUserData, kept);

  // Device allocation points are counted apart.
  EXPECT_FALSE(fault::injected(nullptr));
}

TEST(HostAllocator, UseIsDecidedOnceForTheProcess) {
  // The first question decides: here nothing asked before, so it is off
  // and a later request is too late.
  EXPECT_FALSE(fault::host_allocator_in_use());
  EXPECT_FALSE(fault::use_host_allocator());
  EXPECT_FALSE(fault::host_allocator_in_use());
}

}  // namespace
}  // namespace brass::vk
