// Under AddressSanitizer, LeakSanitizer runs at exit, after the Vulkan loader
// has dlclose()d the driver and layers; their own leaks (lavapipe, LLVM, the
// validation layer) then show as "<unknown module>" and cannot be told apart
// from ours. Pinning those libraries with RTLD_NODELETE keeps them symbolized
// so tests/lsan.supp can suppress them by module while Brass's own leaks still
// fail the test.
#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>

#include <initializer_list>

namespace {
struct PinVulkanLibraries {
  PinVulkanLibraries() {
    for (const char* lib : {"libvulkan.so.1", "libvulkan_lvp.so", "libVkLayer_khronos_validation.so"})
      dlopen(lib, RTLD_NOW | RTLD_NODELETE | RTLD_GLOBAL);
  }
} g_pin_vulkan_libraries;
}  // namespace
#endif
