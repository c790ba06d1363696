#include "device/device.h"

#include "device/exit_drain.h"
#include "device/physical_device_choice.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"

namespace brass::vk {

namespace {
// Devices made with per-mapping border samplers: tests read which path the
// device they run on took.
StatCounter g_border_per_view_devices("device.border_sampler_per_view_mapping");
// Devices whose pipelines carry their vertex input (no dynamic vertex input,
// or BRASS_DEBUG=nodynvertexinput): tests check that the flag took effect.
StatCounter g_static_vertex_input_devices("device.static_vertex_input");
}  // namespace


std::unique_ptr<Device> Device::create(std::shared_ptr<Instance> instance, const DeviceConfig& config,
                                       std::string* why_not) {
  auto candidates = enumerate_physical_devices(instance->handle());
  const int chosen = choose_physical_device(candidates, config.device_request, why_not);
  if (chosen < 0) return nullptr;
  PhysicalDeviceCandidate& c = candidates[chosen];

  // One queue family that does graphics and compute (GL needs both on one
  // timeline); presentation support is checked per surface later.
  uint32_t n = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(c.handle, &n, nullptr);
  std::vector<VkQueueFamilyProperties> families(n);
  vkGetPhysicalDeviceQueueFamilyProperties(c.handle, &n, families.data());
  int family = -1;
  for (uint32_t i = 0; i < n; ++i) {
    if ((families[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) ==
        (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) {
      family = static_cast<int>(i);
      break;
    }
  }
  if (family < 0) {
    *why_not = c.caps.device_name + ": no graphics+compute queue family";
    return nullptr;
  }

  std::unique_ptr<Device> dev(new Device());
  dev->instance_ = std::move(instance);
  dev->physical_device_ = c.handle;
  dev->physical_index_ = c.index;
  dev->caps_ = std::move(c.caps);
  dev->queue_family_ = static_cast<uint32_t>(family);
  dev->caps_.limits.timestamp_valid_bits = families[family].timestampValidBits;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = dev->queue_family_;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;

  std::vector<const char*> extensions;
  for (const auto& e : dev->caps_.enabled_extensions) extensions.push_back(e.c_str());

  // The paths are decided before the device exists: some turn features off
  // (border colours), some turn features on (robust buffer access).
  std::string warning;
  dev->paths_ = resolve_device_paths(dev->caps_, options(), &warning);
  if (!warning.empty()) BRASS_WARN_ONCE("%s", warning.c_str());
  FeatureChain enable = dev->caps_.enable;
  // Samplers carry the view's mapping: the device must not be told it may
  // take the mapping from the image (so that a debug run tests what a device
  // without the feature does).
  if (dev->paths_.border_color_swizzle != BorderColorSwizzle::FromImage)
    enable.border_color_swizzle.borderColorSwizzleFromImage = VK_FALSE;
  if (dev->paths_.border_color_swizzle == BorderColorSwizzle::SamplerPerViewMapping) g_border_per_view_devices.add();
  if (!dev->paths_.dynamic_vertex_input) g_static_vertex_input_devices.add();
  enable_robust_access(dev->caps_, dev->paths_, &enable);
  if (dev->paths_.robust_access == RobustAccessPath::DeviceWide) {
    // Buffer descriptors written into descriptor buffers take their robust
    // sizes on a device with robustBufferAccess enabled.
    DescriptorBufferLimits& d = dev->caps_.descriptor_buffer_limits;
    d.uniform_texel_buffer_size = d.robust_uniform_texel_buffer_size;
    d.storage_texel_buffer_size = d.robust_storage_texel_buffer_size;
    d.uniform_buffer_size = d.robust_uniform_buffer_size;
    d.storage_buffer_size = d.robust_storage_buffer_size;
  }
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &enable.core;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue_info;
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  const VkResult r = vkCreateDevice(dev->physical_device_, &info, nullptr, &dev->device_);
  if (r != VK_SUCCESS) {
    *why_not = dev->caps_.device_name + ": vkCreateDevice failed: " + result_string(r);
    return nullptr;
  }
  vkGetDeviceQueue(dev->device_, dev->queue_family_, 0, &dev->queue_);
  if (dev->paths_.shader_object) {
    dev->shader_objects_ = ShaderObjectFunctions::load(dev->device_);
    if (!dev->shader_objects_.loaded()) {
      dev->paths_.shader_object = false;
      dev->paths_.shader_object_reason = "off (vkCreateShadersEXT/vkDestroyShaderEXT/vkCmdBindShadersEXT not found)";
    }
  }
  register_exit_drain(dev->queue_, &dev->queue_mutex_);

  MemoryAllocatorConfig mem = config.memory;
  mem.buffer_device_address = dev->caps_.buffer_device_address;
  dev->memory_ = std::make_unique<MemoryAllocator>(dev->device_, dev->physical_device_,
                                                   dev->caps_.limits.non_coherent_atom_size, mem);
  dev->formats_ = std::make_unique<FormatTable>(dev->physical_device_);

  BRASS_INFO("device: %s (%s %s)", dev->caps_.device_name.c_str(), dev->caps_.driver_name.c_str(),
             driver_version_string(dev->caps_).c_str());
  return dev;
}

std::unique_ptr<Device> Device::create_from_options(std::string* why_not) {
  InstanceConfig ic;
  ic.validation = options().has(kDebugValidation);
  Status st;
  std::shared_ptr<Instance> instance = Instance::create(ic, &st);
  if (!instance) {
    *why_not = std::string("cannot create a Vulkan instance: ") + result_string(st.result);
    return nullptr;
  }
  DeviceConfig dc;
  dc.device_request = options().device;
  return create(std::move(instance), dc, why_not);
}

Device::~Device() {
  if (queue_) unregister_exit_drain(queue_);
  // In an exit handler or static destructor that runs after the drain (an
  // application's EGL teardown) the driver may be half torn down: the
  // device and its memory are left to the end of the process
  // (util/process_exit.h).
  if (process_exiting()) {
    park_until_exit(memory_.release());
    park_until_exit(device_);
    return;
  }
  if (device_) vkDeviceWaitIdle(device_);
  memory_.reset();
  if (device_) vkDestroyDevice(device_, nullptr);
}

}  // namespace brass::vk
