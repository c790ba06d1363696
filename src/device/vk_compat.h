// Declarations from Vulkan registry versions newer than Debian 12's headers
// (1.3.239): only the structs and enums Brass probes. Each block disappears
// on its own once the installed headers define the extension.
#pragma once

#ifndef VK_EXT_shader_object
#define VK_EXT_shader_object 1
#define VK_EXT_SHADER_OBJECT_EXTENSION_NAME "VK_EXT_shader_object"
constexpr VkStructureType VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT =
    static_cast<VkStructureType>(1000482000);
struct VkPhysicalDeviceShaderObjectFeaturesEXT {
  VkStructureType sType;
  void* pNext;
  VkBool32 shaderObject;
};
#endif

#ifndef VK_KHR_maintenance5
#define VK_KHR_maintenance5 1
#define VK_KHR_MAINTENANCE_5_EXTENSION_NAME "VK_KHR_maintenance5"
constexpr VkStructureType VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR =
    static_cast<VkStructureType>(1000470000);
struct VkPhysicalDeviceMaintenance5FeaturesKHR {
  VkStructureType sType;
  void* pNext;
  VkBool32 maintenance5;
};
#endif
