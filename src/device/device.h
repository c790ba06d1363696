// A Vulkan device ready for the driver: the chosen physical device, its
// capability probe, the logical device with every known extension/feature
// that is present enabled, one graphics+compute queue, the memory
// suballocator and the format table.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "device/capabilities.h"
#include "device/device_paths.h"
#include "device/format_table.h"
#include "device/instance.h"
#include "device/memory_allocator.h"
#include "device/shader_object_functions.h"

namespace brass::vk {

struct DeviceConfig {
  std::string device_request;   // BRASS_DEVICE
  MemoryAllocatorConfig memory;
};

class Device {
 public:
  // Chooses and creates a device on `instance`. Returns null with a reason on
  // failure; never aborts.
  static std::unique_ptr<Device> create(std::shared_ptr<Instance> instance, const DeviceConfig& config,
                                        std::string* why_not);
  // Instance + device from the process options (BRASS_DEBUG, BRASS_DEVICE).
  static std::unique_ptr<Device> create_from_options(std::string* why_not);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  VkDevice handle() const { return device_; }
  VkPhysicalDevice physical_device() const { return physical_device_; }
  VkQueue queue() const { return queue_; }
  uint32_t queue_family() const { return queue_family_; }
  uint32_t physical_device_index() const { return physical_index_; }
  // Several contexts may share one device; submissions to the queue are serialised.
  std::mutex& queue_mutex() { return queue_mutex_; }

  const Capabilities& caps() const { return caps_; }
  const DevicePaths& paths() const { return paths_; }
  // VK_EXT_shader_object's commands: loaded where DevicePaths::shader_object.
  const ShaderObjectFunctions& shader_objects() const { return shader_objects_; }
  MemoryAllocator& memory() { return *memory_; }
  const FormatTable& formats() const { return *formats_; }
  Instance& instance() { return *instance_; }
  const std::shared_ptr<Instance>& shared_instance() const { return instance_; }

 private:
  Device() = default;
  std::shared_ptr<Instance> instance_;
  VkPhysicalDevice physical_device_ = VK_NULL_HANDLE;
  uint32_t physical_index_ = 0;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t queue_family_ = 0;
  std::mutex queue_mutex_;
  Capabilities caps_;
  DevicePaths paths_;
  ShaderObjectFunctions shader_objects_;
  std::unique_ptr<MemoryAllocator> memory_;
  std::unique_ptr<FormatTable> formats_;
};

}  // namespace brass::vk
