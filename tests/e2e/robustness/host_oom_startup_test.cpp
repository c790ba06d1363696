// Start-up out of memory: the first host allocation of the process (the
// Vulkan instance's, while EGL enumerates devices) fails. That EGL call
// fails, and the next one, with memory back, must find the devices: an
// enumeration that failed is not remembered as "no devices" (issue 18).
// ctest runs each test of this binary in a process of its own, so this one
// is the process's first EGL call.
#include <dlfcn.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <gtest/gtest.h>

#include <cstdint>

namespace brass::e2e {
namespace {

TEST(HostOutOfMemoryAtStartup, AFailedFirstEnumerationIsTriedAgain) {
  void* lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOW);
  ASSERT_NE(lib, nullptr) << dlerror();
  auto use_host_allocator = reinterpret_cast<bool (*)()>(dlsym(lib, "brass_test_use_host_allocator"));
  auto fail_host_allocation = reinterpret_cast<void (*)(uint64_t)>(dlsym(lib, "brass_test_fail_host_allocation"));
  auto host_allocation_failed = reinterpret_cast<bool (*)(bool*)>(dlsym(lib, "brass_test_host_allocation_failed"));
  ASSERT_TRUE(use_host_allocator && fail_host_allocation && host_allocation_failed);
  ASSERT_TRUE(use_host_allocator()) << "a Vulkan instance was made before this test";
  fail_host_allocation(1);  // the next host allocation: the instance's first

  EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  EGLint major = 0, minor = 0;
  const bool first = dpy != EGL_NO_DISPLAY && eglInitialize(dpy, &major, &minor);
  bool on_thread = false;
  ASSERT_TRUE(host_allocation_failed(&on_thread)) << "no host allocation was made";
  EXPECT_FALSE(first) << "the instance's allocation failed, yet EGL initialized";
  fail_host_allocation(0);

  // Memory is back: the same calls work.
  dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  ASSERT_NE(dpy, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(dpy, &major, &minor)) << "EGL error 0x" << std::hex << eglGetError();
  EXPECT_GE(major * 10 + minor, 14);
  EGLint n = 0;
  EXPECT_TRUE(eglGetConfigs(dpy, nullptr, 0, &n));
  EXPECT_GT(n, 0);
  eglTerminate(dpy);
  dlclose(lib);
}

}  // namespace
}  // namespace brass::e2e
