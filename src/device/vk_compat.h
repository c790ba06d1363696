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

// The commands and create info of VK_EXT_shader_object (header 246), which
// Debian 12's headers lack; loaded per device (device/shader_object_functions.h).
#ifndef VK_EXT_SHADER_OBJECT_SPEC_VERSION
VK_DEFINE_NON_DISPATCHABLE_HANDLE(VkShaderEXT)
constexpr VkStructureType VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT = static_cast<VkStructureType>(1000482002);
typedef VkFlags VkShaderCreateFlagsEXT;
enum VkShaderCodeTypeEXT { VK_SHADER_CODE_TYPE_BINARY_EXT = 0, VK_SHADER_CODE_TYPE_SPIRV_EXT = 1 };
struct VkShaderCreateInfoEXT {
  VkStructureType sType;
  const void* pNext;
  VkShaderCreateFlagsEXT flags;
  VkShaderStageFlagBits stage;
  VkShaderStageFlags nextStage;
  VkShaderCodeTypeEXT codeType;
  size_t codeSize;
  const void* pCode;
  const char* pName;
  uint32_t setLayoutCount;
  const VkDescriptorSetLayout* pSetLayouts;
  uint32_t pushConstantRangeCount;
  const VkPushConstantRange* pPushConstantRanges;
  const VkSpecializationInfo* pSpecializationInfo;
};
typedef VkResult(VKAPI_PTR* PFN_vkCreateShadersEXT)(VkDevice device, uint32_t createInfoCount,
                                                    const VkShaderCreateInfoEXT* pCreateInfos,
                                                    const VkAllocationCallbacks* pAllocator, VkShaderEXT* pShaders);
typedef void(VKAPI_PTR* PFN_vkDestroyShaderEXT)(VkDevice device, VkShaderEXT shader,
                                                const VkAllocationCallbacks* pAllocator);
typedef void(VKAPI_PTR* PFN_vkCmdBindShadersEXT)(VkCommandBuffer commandBuffer, uint32_t stageCount,
                                                 const VkShaderStageFlagBits* pStages, const VkShaderEXT* pShaders);
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
