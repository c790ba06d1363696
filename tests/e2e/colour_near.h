// Colour comparison for end-to-end tests that read back 8-bit pixels.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

// Each channel of `actual` (RGBA bytes packed as glReadPixels stores them)
// within one step of `expected`. GL converts a colour that falls between two
// 8-bit values to either of them (GL 4.6 section 2.3.5.2 and ES 3.2 section
// 2.3.5.2, convert_float_uint: "one of the two ... closest"), so a shader's
// 0.5 may be stored as 127 (NVIDIA) or 128 (lavapipe).
inline ::testing::AssertionResult colour_near(uint32_t actual, uint32_t expected, int steps = 1) {
  for (int shift = 0; shift < 32; shift += 8) {
    const int a = static_cast<int>(actual >> shift & 0xff), e = static_cast<int>(expected >> shift & 0xff);
    if (a - e > steps || e - a > steps)
      return ::testing::AssertionFailure() << std::hex << "0x" << actual << " is not within " << std::dec << steps
                                           << " step(s) per channel of 0x" << std::hex << expected << " (ABGR)";
  }
  return ::testing::AssertionSuccess();
}
