// The Vulkan instance: loader initialisation through volk, the validation
// layer and debug messenger when BRASS_DEBUG=validation, and the count of
// validation messages that tests assert to be zero.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "device/vk.h"

namespace brass::vk {

struct InstanceConfig {
  bool validation = false;
  // Surface extensions for window-system platforms (EGL x11); enabled when present.
  bool want_xlib_surface = false;
  bool want_xcb_surface = false;
};

class Instance {
 public:
  // Returns null and logs on failure (no loader, no Vulkan 1.3 instance, ...).
  static std::unique_ptr<Instance> create(const InstanceConfig& config, Status* status = nullptr);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return instance_; }
  bool validation_enabled() const { return messenger_ != VK_NULL_HANDLE; }
  bool has_extension(const char* name) const;
  uint32_t api_version() const { return api_version_; }

  // Validation errors and warnings seen by the debug messenger, process-wide
  // (expected ones included). Those not expected are also the BRASS_STATS
  // counter "validation.messages", which every test suite checks.
  static uint64_t validation_message_count();
  // For a test that makes an invalid call on purpose: while one of these
  // lives, messages are counted by validation_message_count() only, and
  // logged at info level without the "vulkan validation" prefix that fails
  // a ctest. Process-wide, so other threads' messages are excused too: hold
  // it around the bad call only.
  struct ExpectValidationMessages {
    ExpectValidationMessages();
    ~ExpectValidationMessages();
    ExpectValidationMessages(const ExpectValidationMessages&) = delete;
    ExpectValidationMessages& operator=(const ExpectValidationMessages&) = delete;
  };
  static std::string last_validation_message();
  // The header version (patch of specVersion) of the validation layer this
  // process enabled, 0 without one. A layer older than an extension reports
  // every use of it as an error, so device creation leaves such extensions
  // off while validating (capabilities.cpp).
  static uint32_t validation_layer_header();

 private:
  Instance() = default;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  uint32_t api_version_ = 0;
  std::vector<std::string> extensions_;
};

}  // namespace brass::vk
