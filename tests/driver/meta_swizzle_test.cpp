// inverse_swizzle (meta/meta_plans.h): what a shader blit into a
// swizzle-emulated format writes into each stored channel.
#include <gtest/gtest.h>

#include "driver/meta/meta_plans.h"

namespace brass::driver::test {
namespace {

using S = pipe::Swizzle;
using Swz = std::array<S, 4>;

TEST(InverseSwizzle, IdentityStaysIdentity) {
  EXPECT_EQ(inverse_swizzle({S::R, S::G, S::B, S::A}), (Swz{S::R, S::G, S::B, S::A}));
}

TEST(InverseSwizzle, EmulatedLuminanceAlphaFormats) {
  // A8 stored as R8 (GL reads 000R): stored R takes GL alpha.
  EXPECT_EQ(inverse_swizzle({S::Zero, S::Zero, S::Zero, S::R}), (Swz{S::A, S::Zero, S::Zero, S::One}));
  // L8 stored as R8 (RRR1): stored R takes GL red (luminance).
  EXPECT_EQ(inverse_swizzle({S::R, S::R, S::R, S::One}), (Swz{S::R, S::Zero, S::Zero, S::One}));
  // LA8 stored as RG8 (RRRG): R takes red, G takes alpha.
  EXPECT_EQ(inverse_swizzle({S::R, S::R, S::R, S::G}), (Swz{S::R, S::A, S::Zero, S::One}));
  // RGB stored as RGBA (RGB1): the stored alpha nobody reads is one.
  EXPECT_EQ(inverse_swizzle({S::R, S::G, S::B, S::One}), (Swz{S::R, S::G, S::B, S::One}));
}

}  // namespace
}  // namespace brass::driver::test
