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
// checked. Messages between tests (a suite's set-up or tear-down) fail the
// next test, those after the last one the exit status; those during exit
// itself (static destructors) are caught by ctest's
// FAIL_REGULAR_EXPRESSION on the logged line instead (brass_test).
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>

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
 public:
  // Messages since the end of the last test (or the start of the program):
  // a test suite's set-up or tear-down, a global environment.
  uint64_t since_last_test() const { return delta(seen_, validation_messages()); }

 private:
  // A counter reset (stats_reset_all) makes it go down: count from zero.
  static uint64_t delta(uint64_t before, uint64_t after) { return after >= before ? after - before : after; }

  // GoogleTest allows failures from any event but OnTestPartResult; they
  // count against the test running (or about to).
  void OnTestStart(const testing::TestInfo&) override {
    const uint64_t outside = since_last_test();
    EXPECT_EQ(outside, 0u) << outside
                           << " Vulkan validation message(s) before this test, outside any test (a test suite's "
                              "set-up or the previous suite's tear-down; the \"vulkan validation:\" lines above)";
    seen_ = validation_messages();
  }
  // Runs before the result printer's OnTestEnd (end events go to listeners
  // in reverse order), so the test is reported as failed.
  void OnTestEnd(const testing::TestInfo&) override {
    const uint64_t now = validation_messages();
    const uint64_t during = delta(seen_, now);
    seen_ = now;
    EXPECT_EQ(during, 0u) << during
                          << " Vulkan validation message(s) during this test (the \"vulkan validation:\" lines "
                             "above; a message a background thread of an earlier test caused lands here too)";
  }

  uint64_t seen_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  auto* check = new ValidationMessageCheck;  // owned by the listener list
  testing::UnitTest::GetInstance()->listeners().Append(check);
  int result = RUN_ALL_TESTS();
  // After the last test: the last suite's tear-down (a fixture's screen
  // destroyed in TearDownTestSuite) and the global environments.
  if (const uint64_t after = check->since_last_test(); after != 0) {
    std::fprintf(stderr, "%llu Vulkan validation message(s) after the last test (a test suite's tear-down)\n",
                 static_cast<unsigned long long>(after));
    result = 1;
  }
  return result;
}
