// main() of every Brass GoogleTest binary (brass_test links it instead of
// gtest_main): GoogleTest's, plus a listener that fails each test during
// which Brass's Vulkan debug messenger reported a validation message it was
// not told to expect (BRASS_DEBUG=validation, src/device/instance.cpp).
//
// The count is the BRASS_STATS counter "validation.messages", read
// from both places Brass can be: linked into this binary (pipe, driver, gl,
// egl suites: brass::stat_value), and loaded by glvnd as the EGL vendor
// (e2e suites: that library's brass_stats_value export). A binary without
// Vulkan has neither and checks nothing. Reading a counter needs no log
// output, so a test that captures stderr or a BRASS_LOG=off run is still
// checked; messages after the last test (teardown at exit) are caught by
// ctest's FAIL_REGULAR_EXPRESSION on the logged line instead (brass_test).
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>

#include "util/stats.h"

namespace {

constexpr const char* kCounter = "validation.messages";

using StatsValueFn = bool (*)(const char*, uint64_t*);

// The counter of the vendor library glvnd loaded, 0 while it is not loaded
// (it starts at 0 when it is). RTLD_NOLOAD never loads it here.
uint64_t vendor_messages() {
  void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
#ifdef BRASS_TEST_VENDOR_LIBRARY
  if (!lib) lib = dlopen(BRASS_TEST_VENDOR_LIBRARY, RTLD_NOLOAD | RTLD_NOW);
#endif
  if (!lib) return 0;
  uint64_t value = 0;
  auto fn = reinterpret_cast<StatsValueFn>(dlsym(lib, "brass_stats_value"));
  if (fn && !fn(kCounter, &value)) value = 0;
  dlclose(lib);  // drops only the reference NOLOAD took (the library is -z nodelete)
  return value;
}

uint64_t validation_messages() { return brass::stat_value(kCounter).value_or(0) + vendor_messages(); }

class ValidationMessageCheck : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo&) override { before_ = validation_messages(); }
  // GoogleTest allows failures from any event but OnTestPartResult; OnTestEnd
  // runs before the result printer's (end events go to listeners in reverse),
  // so the test is reported as failed.
  void OnTestEnd(const testing::TestInfo&) override {
    const uint64_t after = validation_messages();
    // A counter reset (stats_reset_all) makes it go down: count from zero.
    const uint64_t during = after >= before_ ? after - before_ : after;
    EXPECT_EQ(during, 0u) << during
                          << " Vulkan validation message(s) during this test (the \"vulkan validation:\" lines "
                             "above; a message a background thread of an earlier test caused lands here too)";
  }
  uint64_t before_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  testing::UnitTest::GetInstance()->listeners().Append(new ValidationMessageCheck);
  return RUN_ALL_TESTS();
}
