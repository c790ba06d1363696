#include <gtest/gtest.h>

#include "util/bitset.h"
#include "util/range.h"
#include "util/ref_counted.h"

namespace brass {
namespace {

TEST(BitSet, SetTestIterate) {
  BitSet<130> b;
  EXPECT_FALSE(b.any());
  b.set(0);
  b.set(64);
  b.set(129);
  EXPECT_TRUE(b.test(64));
  EXPECT_FALSE(b.test(65));
  EXPECT_EQ(b.count(), 3u);
  std::vector<unsigned> seen;
  b.for_each([&](unsigned i) { seen.push_back(i); });
  EXPECT_EQ(seen, (std::vector<unsigned>{0, 64, 129}));
  b.reset(64);
  EXPECT_EQ(b.count(), 2u);
}

TEST(BitSet, ScanAndRange) {
  uint32_t m = 0b1010;
  EXPECT_EQ(scan_bit(m), 1);
  EXPECT_EQ(scan_bit(m), 3);
  EXPECT_EQ(m, 0u);
  EXPECT_EQ(bit_range(2, 3), 0b11100u);
  EXPECT_EQ(bit_range(0, 64), ~0ull);
  EXPECT_EQ(bit_range(5, 0), 0u);
}

TEST(Range, AddOverlapContain) {
  Range r;
  EXPECT_TRUE(r.empty());
  r.add({10, 20});
  r.add({30, 40});
  EXPECT_EQ(r, (Range{10, 40}));
  EXPECT_TRUE(r.overlaps({39, 50}));
  EXPECT_FALSE(r.overlaps({40, 50}));
  EXPECT_TRUE(r.contains({10, 40}));
  EXPECT_FALSE(r.contains({9, 11}));
  EXPECT_EQ(align_up(13, 8), 16u);
  EXPECT_EQ(align_up(16, 8), 16u);
  EXPECT_TRUE(is_pow2(64));
  EXPECT_FALSE(is_pow2(48));
}

struct Counted : RefCounted {
  explicit Counted(int* d) : destroyed(d) {}
  ~Counted() { ++*destroyed; }
  int* destroyed;
};

TEST(RefCounted, LastReferenceDestroys) {
  int destroyed = 0;
  {
    Ref<Counted> a = make_ref<Counted>(&destroyed);
    Ref<Counted> b = a;
    EXPECT_EQ(a->ref_count(), 2u);
    Ref<Counted> c = std::move(b);
    EXPECT_FALSE(b);
    a.reset();
    EXPECT_EQ(destroyed, 0);
  }
  EXPECT_EQ(destroyed, 1);
}

}  // namespace
}  // namespace brass
