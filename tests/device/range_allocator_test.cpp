#include "device/range_allocator.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace brass::vk {
namespace {

TEST(RangeAllocator, AllocatesAlignedNonOverlapping) {
  RangeAllocator a(1 << 20);
  std::vector<std::pair<uint64_t, uint64_t>> got;
  for (uint64_t align : {1, 16, 256, 4096, 65536}) {
    auto off = a.allocate(1000, align);
    ASSERT_TRUE(off);
    EXPECT_EQ(*off % align, 0u) << align;
    got.emplace_back(*off, 1000);
  }
  for (size_t i = 0; i < got.size(); ++i)
    for (size_t j = i + 1; j < got.size(); ++j)
      EXPECT_TRUE(got[i].first + got[i].second <= got[j].first || got[j].first + got[j].second <= got[i].first);
  EXPECT_EQ(a.used(), 5000u);
}

TEST(RangeAllocator, FullReturnsNulloptNotCrash) {
  RangeAllocator a(4096);
  EXPECT_TRUE(a.allocate(4096, 1));
  EXPECT_FALSE(a.allocate(1, 1));
  EXPECT_FALSE(a.allocate(0, 1));
  RangeAllocator b(4096);
  EXPECT_FALSE(b.allocate(8192, 1));
}

TEST(RangeAllocator, FreeCoalescesNeighbours) {
  RangeAllocator a(3000);
  auto x = a.allocate(1000, 1), y = a.allocate(1000, 1), z = a.allocate(1000, 1);
  ASSERT_TRUE(x && y && z);
  a.free(*x, 1000);
  a.free(*z, 1000);
  EXPECT_EQ(a.free_range_count(), 2u);
  EXPECT_FALSE(a.allocate(2000, 1));  // fragmented: two holes of 1000
  a.free(*y, 1000);
  EXPECT_EQ(a.free_range_count(), 1u);
  EXPECT_EQ(a.largest_free(), 3000u);
  EXPECT_TRUE(a.allocate(3000, 1));
}

TEST(RangeAllocator, BestFitKeepsLargeHolesForLargeRequests) {
  RangeAllocator a(10000);
  auto small_hole = a.allocate(100, 1);
  auto sep = a.allocate(100, 1);
  auto big_hole = a.allocate(5000, 1);
  auto sep2 = a.allocate(100, 1);
  ASSERT_TRUE(small_hole && sep && big_hole && sep2);
  a.free(*small_hole, 100);
  a.free(*big_hole, 5000);
  auto fit = a.allocate(90, 1);
  ASSERT_TRUE(fit);
  EXPECT_EQ(*fit, *small_hole);  // the 100-byte hole, not the 5000 one
  EXPECT_TRUE(a.allocate(5000, 1));
}

TEST(RangeAllocator, RandomPatternKeepsInvariants) {
  RangeAllocator a(1 << 20);
  std::mt19937 rng(42);
  std::vector<std::pair<uint64_t, uint64_t>> live;
  for (int step = 0; step < 5000; ++step) {
    if (live.empty() || rng() % 3) {
      const uint64_t size = 1 + rng() % 4096;
      const uint64_t align = 1ull << (rng() % 9);
      if (auto off = a.allocate(size, align)) {
        EXPECT_EQ(*off % align, 0u);
        EXPECT_LE(*off + size, a.capacity());
        live.emplace_back(*off, size);
      }
    } else {
      const size_t i = rng() % live.size();
      a.free(live[i].first, live[i].second);
      live.erase(live.begin() + static_cast<long>(i));
    }
  }
  uint64_t used = 0;
  std::set<uint64_t> starts;
  for (auto& [o, s] : live) {
    used += s;
    starts.insert(o);
  }
  EXPECT_EQ(a.used(), used);
  EXPECT_EQ(starts.size(), live.size());
  for (auto& [o, s] : live) a.free(o, s);
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.free_range_count(), 1u);
}

TEST(SlabAllocator, SlotsUntilFullThenReuse) {
  SlabAllocator s(256, 70);
  std::set<uint32_t> slots;
  for (int i = 0; i < 70; ++i) {
    auto slot = s.allocate();
    ASSERT_TRUE(slot);
    EXPECT_LT(*slot, 70u);
    slots.insert(*slot);
  }
  EXPECT_EQ(slots.size(), 70u);
  EXPECT_TRUE(s.full());
  EXPECT_FALSE(s.allocate());
  s.free(65);
  EXPECT_EQ(s.allocate(), 65u);
  for (uint32_t i : slots) s.free(i);
  EXPECT_TRUE(s.empty());
}

}  // namespace
}  // namespace brass::vk
