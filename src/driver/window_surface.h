// pipe::WindowSurface over a Vulkan swapchain (VK_KHR_xlib_surface or
// VK_KHR_xcb_surface). Each present copies the GL color buffer into the
// acquired swapchain image with one blit that flips it vertically (Brass
// stores images bottom row first; windows are top row first) and presents.
// A multisampled color buffer is resolved first into a single-sampled image
// the window surface keeps.
//
// Synchronization, per frame slot (two in flight):
//   acquire  -> binary semaphore `acquired` (waited at the blit's stage)
//   the context's batch is flushed first, on the same queue: submission order
//     plus the blit's ALL_COMMANDS source barrier orders the blit after it, so
//     the frame never waits on (and outlives) the context's timeline
//   blit     -> binary semaphore `presentable[image]` + the slot's fence
//   present  waits `presentable[image]`
// The slot's fence is waited before the slot is reused (its command buffer,
// its acquire semaphore, the color storage it read). The CPU waits for the
// GPU only there and when the swapchain is recreated (resize, interval
// change), never per frame on the whole device.
#pragma once
#include <array>
#include <memory>
#include <vector>
#include "device/command_pool.h"
#include "device/handle.h"
#include "driver/resource/resource_object.h"
#include "pipe/window_surface.h"

namespace brass::driver {

class VulkanScreen;

class VulkanWindowSurface final : public pipe::WindowSurface {
 public:
  // Null with *status: Unsupported (no surface extension, no presentation
  // support on this queue, no blittable format), InvalidArgument (the
  // window cannot be used), OutOfMemory.
  static std::unique_ptr<VulkanWindowSurface> create(VulkanScreen& screen, const pipe::NativeWindow& window,
                                                     pipe::Status* status);
  ~VulkanWindowSurface() override;

  uint32_t width() const override { return width_; }
  uint32_t height() const override { return height_; }
  pipe::Status resize() override;
  pipe::Status acquire() override;
  pipe::Status present(pipe::Context& ctx, pipe::Resource* color, int swap_interval) override;

  // For tests: the present mode in use and how often the swapchain was built.
  VkPresentModeKHR present_mode() const { return mode_; }
  uint32_t swapchain_generation() const { return generation_; }

 private:
  explicit VulkanWindowSurface(VulkanScreen& screen);
  vk::Status init(const pipe::NativeWindow& window);
  vk::Status recreate();
  vk::Status wait_frames();
  VkPresentModeKHR choose_mode(int swap_interval) const;
  void record_blit(VkCommandBuffer cmd, ResourceObject* src, uint32_t src_w, uint32_t src_h);
  // Multisampled color: resolves into resolve_ (same format and size,
  // allocated on demand) and returns it; the blit then reads that.
  ResourceObject* record_resolve(VkCommandBuffer cmd, pipe::Resource* color, pipe::Status* status);

  struct Frame {
    vk::CommandPool pool;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    vk::Handle<VkSemaphore> acquired;
    vk::Handle<VkFence> done;
    Ref<ResourceObject> source;  // the color storage the blit reads
    Ref<ResourceObject> resolved;  // resolve_'s storage when this frame used it
    bool pending = false;        // submitted, fence not yet waited
  };

  VulkanScreen& screen_;
  VkDevice dev_;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  vk::Handle<VkSwapchainKHR> swapchain_;
  std::vector<VkImage> images_;
  std::vector<vk::Handle<VkSemaphore>> presentable_;  // per swapchain image
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  VkColorSpaceKHR color_space_ = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR;
  VkExtent2D extent_{0, 0};
  VkPresentModeKHR mode_ = VK_PRESENT_MODE_FIFO_KHR;
  std::vector<VkPresentModeKHR> modes_;
  uint32_t width_ = 0, height_ = 0;
  int interval_ = 1;
  bool recreate_ = true;
  bool acquired_ = false;
  uint32_t image_index_ = 0;
  uint32_t generation_ = 0;
  Ref<pipe::Resource> resolve_;  // single-sampled copy of a multisampled color buffer
  std::array<Frame, 2> frames_;
  unsigned frame_ = 0;
};

}  // namespace brass::driver
