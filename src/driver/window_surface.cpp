#include "driver/window_surface.h"

#include <algorithm>

#include "driver/resource/resource.h"
#include "driver/screen.h"
#include "driver/status.h"
#include "pipe/context.h"
#include "util/log.h"
#include "util/stats.h"

// The Xlib/xcb surface structures without the X11 headers (Xlib's macros,
// Status among them, would collide with ours). These are the types the
// headers declare; the driver never calls into Xlib or xcb itself.
typedef struct _XDisplay Display;
typedef unsigned long Window;    // XID
typedef unsigned long VisualID;  // XID
typedef struct xcb_connection_t xcb_connection_t;
typedef uint32_t xcb_window_t;
typedef uint32_t xcb_visualid_t;
#include <vulkan/vulkan_xcb.h>
#include <vulkan/vulkan_xlib.h>

namespace brass::driver {

namespace {

StatCounter g_presents("present.frames");
StatCounter g_recreates("present.swapchain_recreates");

constexpr VkImageSubresourceRange kColorRange{VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,
                                              VK_REMAINING_ARRAY_LAYERS};

pipe::Status surface_status(VkResult r) {
  if (r == VK_ERROR_SURFACE_LOST_KHR || r == VK_ERROR_NATIVE_WINDOW_IN_USE_KHR) return pipe::Status::InvalidArgument;
  return to_pipe_status(vk::Status{r});
}

VkImageMemoryBarrier2 image_barrier(VkImage image, VkImageLayout from, VkImageLayout to) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = kColorRange;
  return b;
}

void emit(VkCommandBuffer cmd, const VkImageMemoryBarrier2* barriers, uint32_t count) {
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = count;
  dep.pImageMemoryBarriers = barriers;
  vkCmdPipelineBarrier2(cmd, &dep);
}

}  // namespace

std::unique_ptr<pipe::WindowSurface> VulkanScreen::create_window_surface(const pipe::NativeWindow& window,
                                                                         pipe::Status* status) {
  return VulkanWindowSurface::create(*this, window, status);
}

VulkanWindowSurface::VulkanWindowSurface(VulkanScreen& screen) : screen_(screen), dev_(screen.vk_device()) {}

std::unique_ptr<VulkanWindowSurface> VulkanWindowSurface::create(VulkanScreen& screen,
                                                                 const pipe::NativeWindow& window,
                                                                 pipe::Status* status) {
  std::unique_ptr<VulkanWindowSurface> ws(new VulkanWindowSurface(screen));
  pipe::Status st = pipe::Status::Ok;
  const vk::Status s = ws->init(window);
  if (!s) {
    st = s.result == VK_ERROR_EXTENSION_NOT_PRESENT || s.result == VK_ERROR_FORMAT_NOT_SUPPORTED ||
                 s.result == VK_ERROR_FEATURE_NOT_PRESENT
             ? pipe::Status::Unsupported
             : surface_status(s.result);
    if (s.result == VK_ERROR_INITIALIZATION_FAILED) st = pipe::Status::InvalidArgument;
    ws.reset();
  }
  if (status) *status = st;
  return ws;
}

vk::Status VulkanWindowSurface::init(const pipe::NativeWindow& window) {
  vk::Device& device = screen_.device();
  vk::Instance& instance = device.instance();
  VkInstance inst = instance.handle();
  if (!window.display || !window.window) return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
  VkResult r = VK_ERROR_EXTENSION_NOT_PRESENT;
  switch (window.kind) {
    case pipe::WindowSystem::Xlib: {
      if (!instance.has_extension("VK_KHR_xlib_surface")) break;
      auto create = reinterpret_cast<PFN_vkCreateXlibSurfaceKHR>(vkGetInstanceProcAddr(inst, "vkCreateXlibSurfaceKHR"));
      if (!create) break;
      VkXlibSurfaceCreateInfoKHR ci{VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR};
      ci.dpy = static_cast<Display*>(window.display);
      ci.window = static_cast<Window>(window.window);
      r = create(inst, &ci, nullptr, &surface_);
      break;
    }
    case pipe::WindowSystem::Xcb: {
      if (!instance.has_extension("VK_KHR_xcb_surface")) break;
      auto create = reinterpret_cast<PFN_vkCreateXcbSurfaceKHR>(vkGetInstanceProcAddr(inst, "vkCreateXcbSurfaceKHR"));
      if (!create) break;
      VkXcbSurfaceCreateInfoKHR ci{VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR};
      ci.connection = static_cast<xcb_connection_t*>(window.display);
      ci.window = static_cast<xcb_window_t>(window.window);
      r = create(inst, &ci, nullptr, &surface_);
      break;
    }
  }
  if (r != VK_SUCCESS) {
    if (r == VK_ERROR_EXTENSION_NOT_PRESENT) BRASS_WARN("present: the Vulkan instance has no surface extension for this window system");
    return vk::Status{r};
  }
  if (!device.caps().swapchain) return vk::Status{VK_ERROR_EXTENSION_NOT_PRESENT};

  VkPhysicalDevice phys = device.physical_device();
  VkBool32 supported = VK_FALSE;
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfaceSupportKHR(phys, device.queue_family(), surface_, &supported));
  if (!supported) {
    BRASS_WARN("present: the queue cannot present to this window");
    return vk::Status{VK_ERROR_FEATURE_NOT_PRESENT};
  }

  // A UNORM format the blit can write (sRGB formats would encode GL's
  // linear values a second time).
  uint32_t n = 0;
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfaceFormatsKHR(phys, surface_, &n, nullptr));
  std::vector<VkSurfaceFormatKHR> formats(n);
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfaceFormatsKHR(phys, surface_, &n, formats.data()));
  auto blittable = [&](VkFormat f) {
    VkFormatProperties p{};
    vkGetPhysicalDeviceFormatProperties(phys, f, &p);
    return (p.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT) != 0;
  };
  for (VkFormat want : {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32,
                        VK_FORMAT_A2R10G10B10_UNORM_PACK32}) {
    for (const auto& f : formats) {
      if (f.format == want && format_ == VK_FORMAT_UNDEFINED && blittable(want)) {
        format_ = f.format;
        color_space_ = f.colorSpace;
      }
    }
  }
  if (format_ == VK_FORMAT_UNDEFINED) {
    BRASS_WARN("present: no blittable UNORM swapchain format");
    return vk::Status{VK_ERROR_FORMAT_NOT_SUPPORTED};
  }
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfacePresentModesKHR(phys, surface_, &n, nullptr));
  modes_.resize(n);
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfacePresentModesKHR(phys, surface_, &n, modes_.data()));

  VkSurfaceCapabilitiesKHR caps{};
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(phys, surface_, &caps));
  if (!(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT)) {
    BRASS_WARN("present: swapchain images cannot be transfer destinations");
    return vk::Status{VK_ERROR_FEATURE_NOT_PRESENT};
  }
  if (caps.currentExtent.width != UINT32_MAX) {
    width_ = caps.currentExtent.width;
    height_ = caps.currentExtent.height;
  }

  for (Frame& f : frames_) {
    if (vk::Status s = vk::CommandPool::create(dev_, device.queue_family(), &f.pool); !s) return s;
    if (vk::Status s = f.pool.allocate_primary(1, &f.cmd); !s) return s;
    VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore sem;
    BRASS_VK_RETURN_IF_FAILED(vkCreateSemaphore(dev_, &sci, nullptr, &sem));
    f.acquired = vk::Handle<VkSemaphore>(dev_, sem);
    if (vk::Status s = vk::create_fence(dev_, &f.done); !s) return s;
  }
  return {};
}

VulkanWindowSurface::~VulkanWindowSurface() {
  if (!wait_frames()) BRASS_WARN("window surface: waiting for its frames failed (device lost?); destroying anyway");
  if (swapchain_ || acquired_) {
    // Presentation has no fence: let the queue drain so that no present still
    // reads an image or waits a semaphore destroyed below.
    std::lock_guard<std::mutex> lock(screen_.device().queue_mutex());
    vkQueueWaitIdle(screen_.device().queue());
  }
  presentable_.clear();
  swapchain_.reset();
  for (Frame& f : frames_) {
    f.source.reset();
    f.resolved.reset();
  }
  if (surface_) vkDestroySurfaceKHR(screen_.device().instance().handle(), surface_, nullptr);
}

vk::Status VulkanWindowSurface::wait_frames() {
  for (Frame& f : frames_) {
    if (!f.pending) continue;
    VkFence fence = f.done.get();
    BRASS_VK_RETURN_IF_FAILED(vkWaitForFences(dev_, 1, &fence, VK_TRUE, UINT64_MAX));
    BRASS_VK_RETURN_IF_FAILED(vkResetFences(dev_, 1, &fence));
    f.pending = false;
    f.source.reset();
    f.resolved.reset();
  }
  return {};
}

pipe::Status VulkanWindowSurface::resize() {
  VkSurfaceCapabilitiesKHR caps{};
  const VkResult r =
      vkGetPhysicalDeviceSurfaceCapabilitiesKHR(screen_.device().physical_device(), surface_, &caps);
  if (r != VK_SUCCESS) return surface_status(r);
  if (caps.currentExtent.width == UINT32_MAX) return pipe::Status::Ok;  // the swapchain decides: keep ours
  width_ = caps.currentExtent.width;
  height_ = caps.currentExtent.height;
  if (width_ != extent_.width || height_ != extent_.height) recreate_ = true;
  return pipe::Status::Ok;
}

VkPresentModeKHR VulkanWindowSurface::choose_mode(int swap_interval) const {
  auto has = [&](VkPresentModeKHR m) { return std::find(modes_.begin(), modes_.end(), m) != modes_.end(); };
  if (swap_interval <= 0) {
    if (has(VK_PRESENT_MODE_IMMEDIATE_KHR)) return VK_PRESENT_MODE_IMMEDIATE_KHR;
    if (has(VK_PRESENT_MODE_MAILBOX_KHR)) return VK_PRESENT_MODE_MAILBOX_KHR;
  }
  return VK_PRESENT_MODE_FIFO_KHR;  // always supported
}

vk::Status VulkanWindowSurface::recreate() {
  VkPhysicalDevice phys = screen_.device().physical_device();
  VkSurfaceCapabilitiesKHR caps{};
  BRASS_VK_RETURN_IF_FAILED(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(phys, surface_, &caps));
  VkExtent2D extent = caps.currentExtent;
  if (extent.width == UINT32_MAX) {
    extent.width = std::clamp(std::max(width_, 1u), caps.minImageExtent.width, caps.maxImageExtent.width);
    extent.height = std::clamp(std::max(height_, 1u), caps.minImageExtent.height, caps.maxImageExtent.height);
  } else {
    width_ = extent.width;
    height_ = extent.height;
  }
  if (extent.width == 0 || extent.height == 0) return {};  // hidden: nothing to build yet

  if (swapchain_) {
    // The old images may still be read by an in-flight blit or present.
    BRASS_VK_RETURN_IF_FAILED(wait_frames().result);
    std::lock_guard<std::mutex> lock(screen_.device().queue_mutex());
    BRASS_VK_RETURN_IF_FAILED(vkQueueWaitIdle(screen_.device().queue()));
  }

  uint32_t count = std::max(caps.minImageCount + 1, 3u);
  if (caps.maxImageCount) count = std::min(count, caps.maxImageCount);
  VkCompositeAlphaFlagBitsKHR alpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  if (!(caps.supportedCompositeAlpha & alpha)) {
    for (uint32_t bit = 1; bit; bit <<= 1) {
      if (caps.supportedCompositeAlpha & bit) {
        alpha = static_cast<VkCompositeAlphaFlagBitsKHR>(bit);
        break;
      }
    }
  }
  const VkPresentModeKHR mode = choose_mode(interval_);

  VkSwapchainCreateInfoKHR ci{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  ci.surface = surface_;
  ci.minImageCount = count;
  ci.imageFormat = format_;
  ci.imageColorSpace = color_space_;
  ci.imageExtent = extent;
  ci.imageArrayLayers = 1;
  ci.imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  ci.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  ci.preTransform = caps.currentTransform;
  ci.compositeAlpha = alpha;
  ci.presentMode = mode;
  ci.clipped = VK_TRUE;
  ci.oldSwapchain = swapchain_.get();
  VkSwapchainKHR sc;
  BRASS_VK_RETURN_IF_FAILED(vkCreateSwapchainKHR(dev_, &ci, nullptr, &sc));
  swapchain_ = vk::Handle<VkSwapchainKHR>(dev_, sc);  // destroys the old one (retired by the create)
  uint32_t n = 0;
  BRASS_VK_RETURN_IF_FAILED(vkGetSwapchainImagesKHR(dev_, sc, &n, nullptr));
  images_.resize(n);
  BRASS_VK_RETURN_IF_FAILED(vkGetSwapchainImagesKHR(dev_, sc, &n, images_.data()));
  presentable_.clear();
  for (uint32_t i = 0; i < n; ++i) {
    VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore sem;
    BRASS_VK_RETURN_IF_FAILED(vkCreateSemaphore(dev_, &sci, nullptr, &sem));
    presentable_.emplace_back(dev_, sem);
  }
  extent_ = extent;
  mode_ = mode;
  recreate_ = false;
  ++generation_;
  g_recreates.add();
  return {};
}

pipe::Status VulkanWindowSurface::acquire() {
  if (acquired_) return pipe::Status::Ok;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (recreate_ || !swapchain_) {
      if (vk::Status s = recreate(); !s) return surface_status(s.result);
      if (!swapchain_ || recreate_) return pipe::Status::Ok;  // zero-sized window: nothing to acquire
    }
    Frame& f = frames_[frame_];
    if (f.pending) {
      VkFence fence = f.done.get();
      if (VkResult r = vkWaitForFences(dev_, 1, &fence, VK_TRUE, UINT64_MAX); r != VK_SUCCESS)
        return to_pipe_status(vk::Status{r});
      vkResetFences(dev_, 1, &fence);
      f.pending = false;
      f.source.reset();
      f.resolved.reset();
    }
    const VkResult r =
        vkAcquireNextImageKHR(dev_, swapchain_.get(), UINT64_MAX, f.acquired.get(), VK_NULL_HANDLE, &image_index_);
    if (r == VK_SUCCESS || r == VK_SUBOPTIMAL_KHR) {
      // Suboptimal still presents; the swapchain is rebuilt after this frame.
      if (r == VK_SUBOPTIMAL_KHR) recreate_ = true;
      acquired_ = true;
      return pipe::Status::Ok;
    }
    if (r != VK_ERROR_OUT_OF_DATE_KHR) return surface_status(r);
    recreate_ = true;
  }
  return pipe::Status::Ok;  // still out of date (resizing): skip this frame
}

void VulkanWindowSurface::record_blit(VkCommandBuffer cmd, ResourceObject* src, uint32_t src_w,
                                            uint32_t src_h) {
  VkImage dst = images_[image_index_];
  VkImageMemoryBarrier2 b[2];
  // The color buffer: its last use by the context was submitted earlier on
  // this queue; ALL_COMMANDS/MEMORY_WRITE covers it whatever it was.
  b[0] = image_barrier(src->image, src->access.layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  b[0].srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  b[0].srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  b[0].dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b[0].dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
  // The swapchain image: the acquire semaphore is waited at TRANSFER, so the
  // transition chains after it.
  b[1] = image_barrier(dst, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  b[1].srcStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b[1].dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b[1].dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  emit(cmd, b, 2);

  const uint32_t w = std::min(src_w, extent_.width);
  const uint32_t h = std::min(src_h, extent_.height);
  if (w < extent_.width || h < extent_.height) {
    // The window grew since the buffers were sized: the uncovered part is black.
    const VkClearColorValue black{};
    vkCmdClearColorImage(cmd, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &kColorRange);
    VkImageMemoryBarrier2 wb = image_barrier(dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    wb.srcStageMask = wb.dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
    wb.srcAccessMask = wb.dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    emit(cmd, &wb, 1);
  }
  if (w && h) {
    // GL row y (bottom-up) is window row src_h-1-y: the window's top h rows
    // come from GL rows [src_h-h, src_h), read top-down.
    VkImageBlit region{};
    region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.srcOffsets[0] = {0, static_cast<int32_t>(src_h), 0};
    region.srcOffsets[1] = {static_cast<int32_t>(w), static_cast<int32_t>(src_h - h), 1};
    region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.dstOffsets[0] = {0, 0, 0};
    region.dstOffsets[1] = {static_cast<int32_t>(w), static_cast<int32_t>(h), 1};
    vkCmdBlitImage(cmd, src->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                   1, &region, VK_FILTER_NEAREST);
  }
  VkImageMemoryBarrier2 pb = image_barrier(dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
  pb.srcStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  pb.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  pb.dstStageMask = VK_PIPELINE_STAGE_2_NONE;
  emit(cmd, &pb, 1);

  // The context's tracking: the image now sits in TRANSFER_SRC with a
  // transfer read since its last (now visible) write. Its next use by the
  // context is recorded after this submission, so its barrier orders after
  // the blit.
  src->access.reset();
  src->access.layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  src->access.read_stages = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  src->access.read_access = VK_ACCESS_2_TRANSFER_READ_BIT;
}

ResourceObject* VulkanWindowSurface::record_resolve(VkCommandBuffer cmd, pipe::Resource* color,
                                                   pipe::Status* status) {
  const pipe::ResourceTemplate& ct = color->templ();
  if (!resolve_ || resolve_->templ().width != ct.width || resolve_->templ().height != ct.height ||
      resolve_->templ().format != ct.format) {
    pipe::ResourceTemplate t = ct;
    t.samples = 1;
    t.levels = 1;
    t.bind = pipe::kBindRenderTarget;
    resolve_ = screen_.resource_create(t, status);
    if (!resolve_) return nullptr;
  }
  ResourceObject* src = driver_resource(color)->obj();
  ResourceObject* dst = driver_resource(resolve_.get())->obj();
  VkImageMemoryBarrier2 b[2];
  b[0] = image_barrier(src->image, src->access.layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  b[0].srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  b[0].srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  b[0].dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b[0].dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
  // Its previous contents are dead; the previous frame's blit read it
  // earlier on this queue (TRANSFER covers that read).
  b[1] = image_barrier(dst->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  b[1].srcStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b[1].dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b[1].dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  emit(cmd, b, 2);
  VkImageResolve r{};
  r.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  r.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  r.extent = {ct.width, ct.height, 1};
  vkCmdResolveImage(cmd, src->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst->image,
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
  src->access.reset();
  src->access.layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  src->access.read_stages = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  src->access.read_access = VK_ACCESS_2_TRANSFER_READ_BIT;
  // record_blit's source barrier (ALL_COMMANDS/MEMORY_WRITE) makes the
  // resolve's write visible to the blit.
  dst->access.reset();
  dst->access.layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  return dst;
}

pipe::Status VulkanWindowSurface::present(pipe::Context& ctx, pipe::Resource* color, int swap_interval) {
  ctx.flush(nullptr, pipe::kFlushEndOfFrame);
  if (pipe::Status s = ctx.status(); s != pipe::Status::Ok) return s;
  if (!color) return pipe::Status::InvalidArgument;
  const int interval = swap_interval <= 0 ? 0 : 1;
  if (interval != interval_) {
    interval_ = interval;
    if (choose_mode(interval) != mode_) recreate_ = true;
  }
  if (recreate_ && acquired_) {
    // An image acquired under the old mode/size is presented first, below.
  } else if (pipe::Status s = acquire(); s != pipe::Status::Ok) {
    return s;
  }
  if (!acquired_) return pipe::Status::Ok;  // hidden or still out of date

  ResourceObject* src = driver_resource(color)->obj();
  Frame& f = frames_[frame_];
  BRASS_ASSERT(!f.pending);
  VkCommandBuffer cmd = f.cmd;
  auto fail = [&](VkResult r) {
    BRASS_WARN("present: %s", vk::result_string(r));
    return to_pipe_status(vk::Status{r});
  };
  if (VkResult r = vkResetCommandPool(dev_, f.pool.get(), 0); r != VK_SUCCESS) return fail(r);
  VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (VkResult r = vkBeginCommandBuffer(cmd, &bi); r != VK_SUCCESS) return fail(r);
  ResourceObject* resolved = nullptr;
  if (color->templ().samples > 1) {
    pipe::Status rs = pipe::Status::Ok;
    resolved = record_resolve(cmd, color, &rs);
    if (!resolved) {
      vkEndCommandBuffer(cmd);
      return rs;
    }
  }
  record_blit(cmd, resolved ? resolved : src, color->templ().width, color->templ().height);
  if (VkResult r = vkEndCommandBuffer(cmd); r != VK_SUCCESS) return fail(r);

  VkSemaphoreSubmitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  wait.semaphore = f.acquired.get();
  wait.stageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal.semaphore = presentable_[image_index_].get();
  signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  VkCommandBufferSubmitInfo cbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cbi.commandBuffer = cmd;
  VkSubmitInfo2 si{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  si.waitSemaphoreInfoCount = 1;
  si.pWaitSemaphoreInfos = &wait;
  si.commandBufferInfoCount = 1;
  si.pCommandBufferInfos = &cbi;
  si.signalSemaphoreInfoCount = 1;
  si.pSignalSemaphoreInfos = &signal;

  VkSemaphore presentable = presentable_[image_index_].get();
  VkSwapchainKHR sc = swapchain_.get();
  VkPresentInfoKHR pi{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  pi.waitSemaphoreCount = 1;
  pi.pWaitSemaphores = &presentable;
  pi.swapchainCount = 1;
  pi.pSwapchains = &sc;
  pi.pImageIndices = &image_index_;
  VkResult pr;
  {
    vk::Device& device = screen_.device();
    std::lock_guard<std::mutex> lock(device.queue_mutex());
    if (VkResult r = vkQueueSubmit2(device.queue(), 1, &si, f.done.get()); r != VK_SUCCESS) return fail(r);
    pr = vkQueuePresentKHR(device.queue(), &pi);
  }
  f.pending = true;
  f.source = driver_resource(color)->object;
  if (resolved) f.resolved = driver_resource(resolve_.get())->object;
  frame_ = (frame_ + 1) % frames_.size();
  acquired_ = false;
  g_presents.add();
  if (pr == VK_SUBOPTIMAL_KHR || pr == VK_ERROR_OUT_OF_DATE_KHR) {
    recreate_ = true;
    return pipe::Status::Ok;
  }
  if (pr != VK_SUCCESS) return surface_status(pr);
  return pipe::Status::Ok;
}

}  // namespace brass::driver
