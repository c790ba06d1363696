#include "gl/pixel/packed_float.h"
#include "gl/pixel/half_float.h"

#include <gtest/gtest.h>

namespace brass::gl::pixel {
namespace {

TEST(PixelHalfFloat, Basic) { EXPECT_EQ(float_to_half(1.0f), 0x3C00); }

}  // namespace
}  // namespace brass::gl::pixel
