// The DeviceProvider of EGL and GLX over src/device: devices are the usable
// Vulkan physical devices. Lives outside src/platform because it includes
// Vulkan (through device/*.h), and opens devices as driver::VulkanScreen.
#include <cstring>

#include "device/device.h"
#include "device/instance.h"
#include "driver/screen.h"
#include "device/physical_device_choice.h"
#include "platform/device_provider.h"
#include "util/log.h"
#include "util/options.h"

namespace brass::platform {

namespace {

class VulkanDeviceProvider final : public DeviceProvider {
 public:
  std::vector<DeviceInfo> enumerate() override {
    std::vector<DeviceInfo> out;
    vk::InstanceConfig config;  // enumeration needs no layers or surfaces
    auto instance = vk::Instance::create(config);
    if (!instance) {
      BRASS_WARN("no Vulkan 1.3 instance; no devices for EGL or GLX");
      return out;
    }
    auto candidates = vk::enumerate_physical_devices(instance->handle());
    std::vector<vk::PhysicalDeviceCandidate> usable;
    for (auto& c : candidates) {
      if (!c.usable) {
        BRASS_INFO("skipping device %s: %s", c.caps.device_name.c_str(), c.why_not.c_str());
        continue;
      }
      DeviceInfo info;
      info.name = c.caps.device_name;
      info.driver_name = c.caps.driver_name;
      std::memcpy(info.uuid, c.caps.device_uuid, sizeof(info.uuid));
      info.software = c.caps.device_type == VK_PHYSICAL_DEVICE_TYPE_CPU;
      out.push_back(std::move(info));
      physical_index_.push_back(c.index);
      usable.push_back(std::move(c));
    }
    std::string why;
    default_ = usable.empty() ? -1 : vk::choose_physical_device(usable, options().device, &why);
    if (!usable.empty() && default_ < 0) BRASS_WARN("%s", why.c_str());
    return out;
  }

  int default_device() override { return default_; }

  std::unique_ptr<pipe::Screen> create_screen(int index, std::string* why_not) override {
    if (index < 0 || static_cast<size_t>(index) >= physical_index_.size()) {
      *why_not = "no such device";
      return nullptr;
    }
    vk::InstanceConfig config;
    config.validation = options().has(kDebugValidation);
    // Window surfaces (EGL's X11 platform, GLX windows) present through the screen's device.
    config.want_xlib_surface = true;
    config.want_xcb_surface = true;
    vk::Status st;
    std::shared_ptr<vk::Instance> instance = vk::Instance::create(config, &st);
    if (!instance) {
      *why_not = std::string("no Vulkan instance: ") + vk::result_string(st.result);
      return nullptr;
    }
    vk::DeviceConfig dc;
    // By enumeration index: names need not be unique.
    dc.device_request = std::to_string(physical_index_[static_cast<size_t>(index)]);
    auto device = vk::Device::create(std::move(instance), dc, why_not);
    if (!device) return nullptr;
    return std::make_unique<driver::VulkanScreen>(std::move(device));
  }

 private:
  int default_ = -1;
  std::vector<uint32_t> physical_index_;  // enumerate() index -> Vulkan enumeration index
};

}  // namespace

std::unique_ptr<DeviceProvider> create_device_provider() { return std::make_unique<VulkanDeviceProvider>(); }

}  // namespace brass::platform
