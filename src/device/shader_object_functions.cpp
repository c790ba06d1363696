#include "device/shader_object_functions.h"

namespace brass::vk {

ShaderObjectFunctions ShaderObjectFunctions::load(VkDevice device) {
  ShaderObjectFunctions f;
  f.create_shaders = reinterpret_cast<PFN_vkCreateShadersEXT>(vkGetDeviceProcAddr(device, "vkCreateShadersEXT"));
  f.destroy_shader = reinterpret_cast<PFN_vkDestroyShaderEXT>(vkGetDeviceProcAddr(device, "vkDestroyShaderEXT"));
  f.bind_shaders = reinterpret_cast<PFN_vkCmdBindShadersEXT>(vkGetDeviceProcAddr(device, "vkCmdBindShadersEXT"));
  if (!f.loaded()) f = {};
  return f;
}

}  // namespace brass::vk
