// The one way Brass includes Vulkan: through volk, so that no Vulkan symbol is
// linked from the loader and an application's own loader use cannot clash.
#pragma once

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <volk.h>

#include "device/vk_compat.h"

namespace brass::vk {

const char* result_string(VkResult result);

// A VkResult in a form every caller can propagate: Status{} is success.
struct [[nodiscard]] Status {
  VkResult result = VK_SUCCESS;
  bool ok() const { return result >= VK_SUCCESS; }
  explicit operator bool() const { return ok(); }
  bool out_of_memory() const {
    return result == VK_ERROR_OUT_OF_HOST_MEMORY || result == VK_ERROR_OUT_OF_DEVICE_MEMORY;
  }
  bool device_lost() const { return result == VK_ERROR_DEVICE_LOST; }
};

}  // namespace brass::vk

// Evaluates a Vulkan call; on failure logs it with the call text and returns
// the Status from the enclosing function.
#define BRASS_VK_RETURN_IF_FAILED(call)                                                   \
  do {                                                                                    \
    const VkResult brass_r_ = (call);                                                     \
    if (brass_r_ < VK_SUCCESS) {                                                          \
      BRASS_WARN("%s failed: %s", #call, ::brass::vk::result_string(brass_r_));           \
      return ::brass::vk::Status{brass_r_};                                               \
    }                                                                                     \
  } while (0)
