#include "gl/pixel/format_table.h"

#include <gtest/gtest.h>

namespace brass::gl::pixel {
namespace {

TEST(PixelFormatTable, EverySizedFormatIsUnique) {
  auto all = all_internal_formats();
  for (size_t i = 0; i < all.size(); ++i)
    for (size_t j = i + 1; j < all.size(); ++j) EXPECT_NE(all[i].internal_format, all[j].internal_format) << i << " " << j;
}

}  // namespace
}  // namespace brass::gl::pixel
