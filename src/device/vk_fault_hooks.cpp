#include "device/vk_fault_hooks.h"

#include "device/vk.h"
#include "util/fault_injection.h"

namespace brass::vk {
namespace {

// One hook per allocating command: `real_<name>` keeps the loader's entry
// point; the hook fails with `result` when fault injection says so, leaving
// the outputs as a failing driver would.
#define BRASS_FAULT_HOOK(name, result, clear_outputs, params, args) \
  PFN_##name real_##name = nullptr;                                   \
  VKAPI_ATTR VkResult VKAPI_CALL hook_##name params {                 \
    if (fault::allocation_should_fail()) [[unlikely]] {                \
      clear_outputs;                                                  \
      return result;                                                  \
    }                                                                 \
    return real_##name args;                                          \
  }

constexpr VkResult kHost = VK_ERROR_OUT_OF_HOST_MEMORY;
constexpr VkResult kDevice = VK_ERROR_OUT_OF_DEVICE_MEMORY;

BRASS_FAULT_HOOK(vkAllocateMemory, kDevice, *m = VK_NULL_HANDLE,
                 (VkDevice d, const VkMemoryAllocateInfo* i, const VkAllocationCallbacks* a, VkDeviceMemory* m),
                 (d, i, a, m))
BRASS_FAULT_HOOK(vkMapMemory, kHost, *p = nullptr,
                 (VkDevice d, VkDeviceMemory m, VkDeviceSize o, VkDeviceSize s, VkMemoryMapFlags f, void** p),
                 (d, m, o, s, f, p))
BRASS_FAULT_HOOK(vkCreateBuffer, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkBufferCreateInfo* i, const VkAllocationCallbacks* a, VkBuffer* b), (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateImage, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkImageCreateInfo* i, const VkAllocationCallbacks* a, VkImage* b), (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateImageView, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkImageViewCreateInfo* i, const VkAllocationCallbacks* a, VkImageView* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateBufferView, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkBufferViewCreateInfo* i, const VkAllocationCallbacks* a, VkBufferView* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateSampler, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkSamplerCreateInfo* i, const VkAllocationCallbacks* a, VkSampler* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateDescriptorPool, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkDescriptorPoolCreateInfo* i, const VkAllocationCallbacks* a,
                  VkDescriptorPool* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkAllocateDescriptorSets, kHost,
                 for (uint32_t k = 0; k < i->descriptorSetCount; ++k) s[k] = VK_NULL_HANDLE,
                 (VkDevice d, const VkDescriptorSetAllocateInfo* i, VkDescriptorSet* s), (d, i, s))
BRASS_FAULT_HOOK(vkCreateDescriptorSetLayout, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkDescriptorSetLayoutCreateInfo* i, const VkAllocationCallbacks* a,
                  VkDescriptorSetLayout* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreatePipelineLayout, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkPipelineLayoutCreateInfo* i, const VkAllocationCallbacks* a,
                  VkPipelineLayout* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateDescriptorUpdateTemplate, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkDescriptorUpdateTemplateCreateInfo* i, const VkAllocationCallbacks* a,
                  VkDescriptorUpdateTemplate* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateCommandPool, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkCommandPoolCreateInfo* i, const VkAllocationCallbacks* a, VkCommandPool* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkAllocateCommandBuffers, kHost,
                 for (uint32_t k = 0; k < i->commandBufferCount; ++k) c[k] = VK_NULL_HANDLE,
                 (VkDevice d, const VkCommandBufferAllocateInfo* i, VkCommandBuffer* c), (d, i, c))
BRASS_FAULT_HOOK(vkCreateShaderModule, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkShaderModuleCreateInfo* i, const VkAllocationCallbacks* a, VkShaderModule* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateGraphicsPipelines, kHost, for (uint32_t k = 0; k < n; ++k) p[k] = VK_NULL_HANDLE,
                 (VkDevice d, VkPipelineCache c, uint32_t n, const VkGraphicsPipelineCreateInfo* i,
                  const VkAllocationCallbacks* a, VkPipeline* p),
                 (d, c, n, i, a, p))
BRASS_FAULT_HOOK(vkCreateComputePipelines, kHost, for (uint32_t k = 0; k < n; ++k) p[k] = VK_NULL_HANDLE,
                 (VkDevice d, VkPipelineCache c, uint32_t n, const VkComputePipelineCreateInfo* i,
                  const VkAllocationCallbacks* a, VkPipeline* p),
                 (d, c, n, i, a, p))
BRASS_FAULT_HOOK(vkCreatePipelineCache, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkPipelineCacheCreateInfo* i, const VkAllocationCallbacks* a, VkPipelineCache* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateSemaphore, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkSemaphoreCreateInfo* i, const VkAllocationCallbacks* a, VkSemaphore* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateFence, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkFenceCreateInfo* i, const VkAllocationCallbacks* a, VkFence* b), (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateQueryPool, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkQueryPoolCreateInfo* i, const VkAllocationCallbacks* a, VkQueryPool* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateRenderPass, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkRenderPassCreateInfo* i, const VkAllocationCallbacks* a, VkRenderPass* b),
                 (d, i, a, b))
BRASS_FAULT_HOOK(vkCreateFramebuffer, kHost, *b = VK_NULL_HANDLE,
                 (VkDevice d, const VkFramebufferCreateInfo* i, const VkAllocationCallbacks* a, VkFramebuffer* b),
                 (d, i, a, b))

#undef BRASS_FAULT_HOOK

template <typename Fn>
void hook(Fn& slot, Fn& real, Fn replacement) {
  if (!slot || slot == replacement) return;  // absent, or hooked already
  real = slot;
  slot = replacement;
}

}  // namespace

void install_fault_hooks() {
#define BRASS_INSTALL(name) hook(name, real_##name, &hook_##name)
  BRASS_INSTALL(vkAllocateMemory);
  BRASS_INSTALL(vkMapMemory);
  BRASS_INSTALL(vkCreateBuffer);
  BRASS_INSTALL(vkCreateImage);
  BRASS_INSTALL(vkCreateImageView);
  BRASS_INSTALL(vkCreateBufferView);
  BRASS_INSTALL(vkCreateSampler);
  BRASS_INSTALL(vkCreateDescriptorPool);
  BRASS_INSTALL(vkAllocateDescriptorSets);
  BRASS_INSTALL(vkCreateDescriptorSetLayout);
  BRASS_INSTALL(vkCreatePipelineLayout);
  BRASS_INSTALL(vkCreateDescriptorUpdateTemplate);
  BRASS_INSTALL(vkCreateCommandPool);
  BRASS_INSTALL(vkAllocateCommandBuffers);
  BRASS_INSTALL(vkCreateShaderModule);
  BRASS_INSTALL(vkCreateGraphicsPipelines);
  BRASS_INSTALL(vkCreateComputePipelines);
  BRASS_INSTALL(vkCreatePipelineCache);
  BRASS_INSTALL(vkCreateSemaphore);
  BRASS_INSTALL(vkCreateFence);
  BRASS_INSTALL(vkCreateQueryPool);
  BRASS_INSTALL(vkCreateRenderPass);
  BRASS_INSTALL(vkCreateFramebuffer);
#undef BRASS_INSTALL
}

}  // namespace brass::vk
