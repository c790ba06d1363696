#include "device/physical_device_choice.h"

#include <cctype>

namespace brass::vk {

namespace {
std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}
bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s)
    if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
  return true;
}
}  // namespace

int device_type_rank(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 1;
    default: return 0;
  }
}

std::vector<PhysicalDeviceCandidate> enumerate_physical_devices(VkInstance instance) {
  uint32_t n = 0;
  std::vector<PhysicalDeviceCandidate> out;
  if (vkEnumeratePhysicalDevices(instance, &n, nullptr) != VK_SUCCESS || n == 0) return out;
  std::vector<VkPhysicalDevice> handles(n);
  if (vkEnumeratePhysicalDevices(instance, &n, handles.data()) < VK_SUCCESS) return out;
  handles.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    PhysicalDeviceCandidate c;
    c.handle = handles[i];
    c.index = i;
    c.usable = probe_capabilities(handles[i], &c.caps, &c.why_not);
    out.push_back(std::move(c));
  }
  return out;
}

int choose_physical_device(const std::vector<PhysicalDeviceCandidate>& candidates, const std::string& request,
                           std::string* why) {
  if (candidates.empty()) {
    *why = "no Vulkan physical devices";
    return -1;
  }
  if (!request.empty()) {
    if (all_digits(request)) {
      const unsigned long idx = std::stoul(request);
      if (idx >= candidates.size()) {
        *why = "BRASS_DEVICE=" + request + ": only " + std::to_string(candidates.size()) + " devices";
        return -1;
      }
      if (!candidates[idx].usable) {
        *why = "BRASS_DEVICE=" + request + " (" + candidates[idx].caps.device_name + "): " + candidates[idx].why_not;
        return -1;
      }
      return static_cast<int>(idx);
    }
    const std::string needle = lower(request);
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (lower(candidates[i].caps.device_name).find(needle) != std::string::npos && candidates[i].usable)
        return static_cast<int>(i);
    }
    *why = "BRASS_DEVICE=" + request + " matches no usable device";
    return -1;
  }
  int best = -1;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (!candidates[i].usable) continue;
    if (best < 0 || device_type_rank(candidates[i].caps.device_type) >
                        device_type_rank(candidates[best].caps.device_type))
      best = static_cast<int>(i);
  }
  if (best < 0) *why = "no device supports Vulkan 1.3 with the features Brass needs";
  return best;
}

}  // namespace brass::vk
