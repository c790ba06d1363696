// brass-info: the device Brass chooses, its driver, API version, the
// capability probe, and what each option resolves to on this device.
//   brass-info [--json]
#include <cstdio>
#include <cstring>

#include "device/device.h"
#include "device/physical_device_choice.h"
#include "device_report.h"
#include "util/options.h"

int main(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) {
      json = true;
    } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::printf("usage: brass-info [--json]\nEnvironment: see docs/env.md (BRASS_DEVICE, BRASS_DEBUG, ...)\n");
      return 0;
    } else {
      std::fprintf(stderr, "brass-info: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  using namespace brass;
  vk::InstanceConfig ic;
  ic.validation = options().has(kDebugValidation);
  vk::Status st;
  std::shared_ptr<vk::Instance> instance = vk::Instance::create(ic, &st);
  if (!instance) {
    std::fprintf(stderr, "brass-info: no Vulkan instance (%s)\n", vk::result_string(st.result));
    return 1;
  }
  auto candidates = vk::enumerate_physical_devices(instance->handle());
  std::string why;
  const int chosen = vk::choose_physical_device(candidates, options().device, &why);
  vk::DeviceConfig dc;
  dc.device_request = options().device;
  auto device = vk::Device::create(instance, dc, &why);
  if (!device) {
    std::fprintf(stderr, "brass-info: %s\n", why.c_str());
    return 1;
  }
  const auto report = tools::build_report(candidates, chosen, *device);
  const std::string text = json ? tools::render_json(report) : tools::render_text(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}
