#include "util/hash.h"

#include <gtest/gtest.h>

#include <cstring>
#include <unordered_set>

namespace brass {
namespace {

struct PackedKey {
  uint32_t a;
  uint16_t b;
  uint8_t c;
  uint8_t pad;
};
static_assert(sizeof(PackedKey) == 8);

TEST(Hash, EqualKeysHashEqual) {
  PackedKey k1{1, 2, 3, 0}, k2{1, 2, 3, 0}, k3{1, 2, 4, 0};
  EXPECT_EQ(hash_key(k1), hash_key(k2));
  EXPECT_NE(hash_key(k1), hash_key(k3));
  std::unordered_set<PackedKey, KeyHash<PackedKey>, decltype([](const PackedKey& x, const PackedKey& y) {
                       return std::memcmp(&x, &y, sizeof(x)) == 0;
                     })>
      set;
  set.insert(k1);
  EXPECT_EQ(set.count(k2), 1u);
}

TEST(Hash, StreamingMatchesOneShot) {
  const char data[] = "brass hashes bytes";
  Hasher h;
  h.add(data, 5).add(data + 5, sizeof(data) - 5);
  EXPECT_EQ(h.digest(), hash_bytes(data, sizeof(data)));
}

TEST(Hash, SeedAndCombineChangeResult) {
  EXPECT_NE(hash_string("x", 1), hash_string("x", 2));
  EXPECT_NE(hash_combine(1, 2), hash_combine(2, 1));
  EXPECT_EQ(hash128_bytes("ab", 2), hash128_bytes("ab", 2));
}

}  // namespace
}  // namespace brass
