#include "device/command_pool.h"

#include "util/log.h"

namespace brass::vk {

Status CommandPool::create(VkDevice device, uint32_t queue_family, CommandPool* out) {
  VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pci.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  pci.queueFamilyIndex = queue_family;
  // Created into a local: a failed create leaves its output undefined, which
  // the handle must not take (it would destroy it).
  VkCommandPool pool;
  BRASS_VK_RETURN_IF_FAILED(vkCreateCommandPool(device, &pci, nullptr, &pool));
  out->pool_ = Handle<VkCommandPool>(device, pool);
  return {};
}

Status CommandPool::allocate_primary(uint32_t count, VkCommandBuffer* out) const {
  VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  ai.commandPool = pool_.get();
  ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  ai.commandBufferCount = count;
  BRASS_VK_RETURN_IF_FAILED(vkAllocateCommandBuffers(pool_.device(), &ai, out));
  return {};
}

Status create_fence(VkDevice device, Handle<VkFence>* out) {
  VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  BRASS_VK_RETURN_IF_FAILED(vkCreateFence(device, &fci, nullptr, &fence));
  *out = Handle<VkFence>(device, fence);
  return {};
}

}  // namespace brass::vk
