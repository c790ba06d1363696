// The commands of VK_EXT_shader_object, per device. Debian 12's volk and
// loader headers predate the extension, so they are fetched with
// vkGetDeviceProcAddr from the device that enabled it (null elsewhere).
#pragma once

#include "device/vk.h"

namespace brass::vk {

struct ShaderObjectFunctions {
  PFN_vkCreateShadersEXT create_shaders = nullptr;
  PFN_vkDestroyShaderEXT destroy_shader = nullptr;
  PFN_vkCmdBindShadersEXT bind_shaders = nullptr;

  bool loaded() const { return create_shaders && destroy_shader && bind_shaders; }
  // All three or none (a device that lacks one has none of them).
  static ShaderObjectFunctions load(VkDevice device);
};

}  // namespace brass::vk
