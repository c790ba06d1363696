#include "device/physical_device_choice.h"

#include <gtest/gtest.h>

namespace brass::vk {
namespace {

PhysicalDeviceCandidate make(uint32_t index, const char* name, VkPhysicalDeviceType type, bool usable = true) {
  PhysicalDeviceCandidate c;
  c.index = index;
  c.caps.device_name = name;
  c.caps.device_type = type;
  c.usable = usable;
  if (!usable) c.why_not = "Vulkan 1.1 < 1.3";
  return c;
}

std::vector<PhysicalDeviceCandidate> machine() {
  std::vector<PhysicalDeviceCandidate> v;
  v.push_back(make(0, "llvmpipe (LLVM 15)", VK_PHYSICAL_DEVICE_TYPE_CPU));
  v.push_back(make(1, "Intel(R) UHD Graphics", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU));
  v.push_back(make(2, "NVIDIA H100 80GB HBM3", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU));
  v.push_back(make(3, "Old GPU", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, false));
  return v;
}

TEST(PhysicalDeviceChoice, PrefersDiscreteThenIntegratedThenCpu) {
  std::string why;
  auto m = machine();
  EXPECT_EQ(choose_physical_device(m, "", &why), 2);
  m.erase(m.begin() + 2);
  EXPECT_EQ(choose_physical_device(m, "", &why), 1);  // the unusable discrete one is skipped
  EXPECT_GT(device_type_rank(VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU), device_type_rank(VK_PHYSICAL_DEVICE_TYPE_CPU));
}

TEST(PhysicalDeviceChoice, IndexAndNameSubstring) {
  std::string why;
  auto m = machine();
  EXPECT_EQ(choose_physical_device(m, "0", &why), 0);
  EXPECT_EQ(choose_physical_device(m, "LLVMPIPE", &why), 0);
  EXPECT_EQ(choose_physical_device(m, "h100", &why), 2);
}

TEST(PhysicalDeviceChoice, BadRequestsGiveReasons) {
  std::string why;
  auto m = machine();
  EXPECT_EQ(choose_physical_device(m, "9", &why), -1);
  EXPECT_NE(why.find("only 4"), std::string::npos);
  EXPECT_EQ(choose_physical_device(m, "3", &why), -1);
  EXPECT_NE(why.find("1.3"), std::string::npos);
  EXPECT_EQ(choose_physical_device(m, "radeon", &why), -1);
  EXPECT_EQ(choose_physical_device({}, "", &why), -1);
}

}  // namespace
}  // namespace brass::vk
