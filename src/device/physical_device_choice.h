// Which physical device Brass runs on: BRASS_DEVICE (an index into the
// enumeration, or a case-insensitive substring of the device name), else the
// best type: discrete > integrated > virtual > CPU.
#pragma once

#include <string>
#include <vector>

#include "device/capabilities.h"

namespace brass::vk {

struct PhysicalDeviceCandidate {
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  uint32_t index = 0;
  Capabilities caps;
  bool usable = false;
  std::string why_not;  // when !usable
};

std::vector<PhysicalDeviceCandidate> enumerate_physical_devices(VkInstance instance);

// Returns the index into `candidates` of the chosen device, or -1 (with a
// reason in *why) when none is usable or the request matches none.
int choose_physical_device(const std::vector<PhysicalDeviceCandidate>& candidates, const std::string& request,
                           std::string* why);

// Rank used when nothing is requested; higher is better. Exposed for tests.
int device_type_rank(VkPhysicalDeviceType type);

}  // namespace brass::vk
