// RAII ownership of exactly one Vulkan handle. A Handle knows its device and
// destroys its object when it goes out of scope (or when reset). Objects the
// GPU may still use are not destroyed through this directly: the driver's
// garbage list takes the handle with release() and destroys it by serial.
#pragma once

#include <utility>

#include "device/vk.h"

namespace brass::vk {

// Destroy traits per handle type, called with the owning device.
template <typename T> struct HandleTraits;

#define BRASS_DEVICE_HANDLE(Type, destroy_fn)                                     \
  template <> struct HandleTraits<Type> {                                         \
    static void destroy(VkDevice device, Type h) { destroy_fn(device, h, nullptr); } \
  };

BRASS_DEVICE_HANDLE(VkBuffer, vkDestroyBuffer)
BRASS_DEVICE_HANDLE(VkImage, vkDestroyImage)
BRASS_DEVICE_HANDLE(VkImageView, vkDestroyImageView)
BRASS_DEVICE_HANDLE(VkBufferView, vkDestroyBufferView)
BRASS_DEVICE_HANDLE(VkSampler, vkDestroySampler)
BRASS_DEVICE_HANDLE(VkDeviceMemory, vkFreeMemory)
BRASS_DEVICE_HANDLE(VkCommandPool, vkDestroyCommandPool)
BRASS_DEVICE_HANDLE(VkSemaphore, vkDestroySemaphore)
BRASS_DEVICE_HANDLE(VkFence, vkDestroyFence)
BRASS_DEVICE_HANDLE(VkEvent, vkDestroyEvent)
BRASS_DEVICE_HANDLE(VkQueryPool, vkDestroyQueryPool)
BRASS_DEVICE_HANDLE(VkShaderModule, vkDestroyShaderModule)
BRASS_DEVICE_HANDLE(VkPipeline, vkDestroyPipeline)
BRASS_DEVICE_HANDLE(VkPipelineLayout, vkDestroyPipelineLayout)
BRASS_DEVICE_HANDLE(VkPipelineCache, vkDestroyPipelineCache)
BRASS_DEVICE_HANDLE(VkDescriptorSetLayout, vkDestroyDescriptorSetLayout)
BRASS_DEVICE_HANDLE(VkDescriptorPool, vkDestroyDescriptorPool)
BRASS_DEVICE_HANDLE(VkDescriptorUpdateTemplate, vkDestroyDescriptorUpdateTemplate)
BRASS_DEVICE_HANDLE(VkRenderPass, vkDestroyRenderPass)
BRASS_DEVICE_HANDLE(VkFramebuffer, vkDestroyFramebuffer)
BRASS_DEVICE_HANDLE(VkSwapchainKHR, vkDestroySwapchainKHR)
#undef BRASS_DEVICE_HANDLE

template <typename T>
class Handle {
 public:
  Handle() = default;
  Handle(VkDevice device, T handle) : device_(device), handle_(handle) {}
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& o) noexcept : device_(o.device_), handle_(std::exchange(o.handle_, VK_NULL_HANDLE)) {}
  Handle& operator=(Handle&& o) noexcept {
    if (this != &o) {
      reset();
      device_ = o.device_;
      handle_ = std::exchange(o.handle_, VK_NULL_HANDLE);
    }
    return *this;
  }
  ~Handle() { reset(); }

  void reset() {
    if (handle_ != VK_NULL_HANDLE) HandleTraits<T>::destroy(device_, handle_);
    handle_ = VK_NULL_HANDLE;
  }
  // The output parameter of a vkCreate*: whatever was held is destroyed
  // first, and the new handle is owned with `device`.
  T* receive(VkDevice device) {
    reset();
    device_ = device;
    return &handle_;
  }
  // For create infos that take an array of handles (one here).
  const T* address() const { return &handle_; }
  // Gives up ownership (to a garbage list that destroys by serial).
  T release() { return std::exchange(handle_, VK_NULL_HANDLE); }
  T get() const { return handle_; }
  VkDevice device() const { return device_; }
  explicit operator bool() const { return handle_ != VK_NULL_HANDLE; }

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  T handle_ = VK_NULL_HANDLE;
};

}  // namespace brass::vk
