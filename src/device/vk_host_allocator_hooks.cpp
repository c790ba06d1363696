#include "device/vk_host_allocator_hooks.h"

#include <type_traits>

#include "device/host_allocator.h"
#include "device/vk.h"
#include "util/fault_injection.h"

namespace brass::vk {
namespace {

// Every argument as it was, but the allocation callbacks.
template <typename T>
T with_brass_allocator(T arg) {
  return arg;
}
const VkAllocationCallbacks* with_brass_allocator(const VkAllocationCallbacks* /*null from Brass*/) {
  return host_allocation_callbacks();
}

// The hook of the volk table entry `Slot`: `real` keeps what the table held
// (the loader's entry point, or another hook).
template <auto* Slot, typename Fn = std::remove_pointer_t<decltype(Slot)>>
struct AllocatorHook;
template <auto* Slot, typename R, typename... Args>
struct AllocatorHook<Slot, R (*)(Args...)> {
  static inline R (*real)(Args...) = nullptr;
  static inline const char* name = nullptr;
  static VKAPI_ATTR R VKAPI_CALL call(Args... args) {
    // The command's host allocations are attributed to it (a test can
    // spare those of a command the driver mishandles).
    fault::enter_host_command(name);
    struct Leave {
      ~Leave() { fault::leave_host_command(); }
    } leave;
    return real(with_brass_allocator(args)...);
  }
  static void install(const char* command) {
    if (!*Slot || *Slot == &call) return;  // absent, or hooked already
    name = command;
    real = *Slot;
    *Slot = &call;
  }
};

}  // namespace

void install_host_allocator_hooks() {
  if (!fault::host_allocator_in_use()) [[likely]] return;
#define BRASS_HOOK(command) AllocatorHook<&command>::install(#command)
  // Creation and destruction in pairs: both or neither. Not here: surfaces
  // (vkCreateXlibSurfaceKHR and vkCreateXcbSurfaceKHR are fetched with
  // vkGetInstanceProcAddr by the window code, outside volk's table, so
  // vkDestroySurfaceKHR stays unhooked to match).
  BRASS_HOOK(vkCreateInstance);
  BRASS_HOOK(vkDestroyInstance);
  BRASS_HOOK(vkCreateDevice);
  BRASS_HOOK(vkDestroyDevice);
  BRASS_HOOK(vkCreateDebugUtilsMessengerEXT);
  BRASS_HOOK(vkDestroyDebugUtilsMessengerEXT);
  BRASS_HOOK(vkAllocateMemory);
  BRASS_HOOK(vkFreeMemory);
  BRASS_HOOK(vkCreateBuffer);
  BRASS_HOOK(vkDestroyBuffer);
  BRASS_HOOK(vkCreateBufferView);
  BRASS_HOOK(vkDestroyBufferView);
  BRASS_HOOK(vkCreateImage);
  BRASS_HOOK(vkDestroyImage);
  BRASS_HOOK(vkCreateImageView);
  BRASS_HOOK(vkDestroyImageView);
  BRASS_HOOK(vkCreateSampler);
  BRASS_HOOK(vkDestroySampler);
  BRASS_HOOK(vkCreateCommandPool);
  BRASS_HOOK(vkDestroyCommandPool);
  BRASS_HOOK(vkCreateDescriptorPool);
  BRASS_HOOK(vkDestroyDescriptorPool);
  BRASS_HOOK(vkCreateDescriptorSetLayout);
  BRASS_HOOK(vkDestroyDescriptorSetLayout);
  BRASS_HOOK(vkCreateDescriptorUpdateTemplate);
  BRASS_HOOK(vkDestroyDescriptorUpdateTemplate);
  BRASS_HOOK(vkCreatePipelineLayout);
  BRASS_HOOK(vkDestroyPipelineLayout);
  BRASS_HOOK(vkCreatePipelineCache);
  BRASS_HOOK(vkDestroyPipelineCache);
  BRASS_HOOK(vkCreateGraphicsPipelines);
  BRASS_HOOK(vkCreateComputePipelines);
  BRASS_HOOK(vkDestroyPipeline);
  BRASS_HOOK(vkCreateShaderModule);
  BRASS_HOOK(vkDestroyShaderModule);
  BRASS_HOOK(vkCreateSemaphore);
  BRASS_HOOK(vkDestroySemaphore);
  BRASS_HOOK(vkCreateFence);
  BRASS_HOOK(vkDestroyFence);
  BRASS_HOOK(vkCreateEvent);
  BRASS_HOOK(vkDestroyEvent);
  BRASS_HOOK(vkCreateQueryPool);
  BRASS_HOOK(vkDestroyQueryPool);
  BRASS_HOOK(vkCreateRenderPass);
  BRASS_HOOK(vkDestroyRenderPass);
  BRASS_HOOK(vkCreateFramebuffer);
  BRASS_HOOK(vkDestroyFramebuffer);
  BRASS_HOOK(vkCreateSwapchainKHR);
  BRASS_HOOK(vkDestroySwapchainKHR);
  // Commands that take no allocator but make the driver allocate: hooked
  // only to name them (failures are attributed, and can be spared, per
  // command). vkCmd* are not: their allocations count as outside any
  // command.
  BRASS_HOOK(vkEnumeratePhysicalDevices);
  BRASS_HOOK(vkAllocateCommandBuffers);
  BRASS_HOOK(vkResetCommandPool);
  BRASS_HOOK(vkBeginCommandBuffer);
  BRASS_HOOK(vkEndCommandBuffer);
  BRASS_HOOK(vkQueueSubmit2);
  BRASS_HOOK(vkAllocateDescriptorSets);
  BRASS_HOOK(vkResetDescriptorPool);
  BRASS_HOOK(vkUpdateDescriptorSets);
  BRASS_HOOK(vkMapMemory);
  BRASS_HOOK(vkBindBufferMemory);
  BRASS_HOOK(vkBindImageMemory);
  BRASS_HOOK(vkWaitSemaphores);
  BRASS_HOOK(vkSignalSemaphore);
  BRASS_HOOK(vkGetPipelineCacheData);
#undef BRASS_HOOK
}

}  // namespace brass::vk
