#include "util/stats.h"

#include <gtest/gtest.h>

namespace brass {
namespace {

StatCounter g_test_counter("test.counter");
StatCounter g_test_max("test.max");

TEST(Stats, CountersAreRegisteredAndSummed) {
  g_test_counter.reset();
  g_test_counter.add();
  g_test_counter.add(4);
  EXPECT_EQ(stat_value("test.counter"), std::optional<uint64_t>(5));
  g_test_max.reset();
  g_test_max.max(7);
  g_test_max.max(3);
  EXPECT_EQ(stat_value("test.max"), std::optional<uint64_t>(7));
  const std::string text = stats_format();
  EXPECT_NE(text.find("test.counter"), std::string::npos);
  EXPECT_EQ(stat_value("no.such.counter"), std::nullopt);
}

TEST(Stats, ARegisteredCounterNeverBumpedIsKnownAtZero) {
  static StatCounter never_bumped("test.never_bumped");
  EXPECT_EQ(stat_value("test.never_bumped"), std::optional<uint64_t>(0));
}

}  // namespace
}  // namespace brass
