#include "util/log.h"
#include "driver//render_pass/render_pass_cache.h"

#include <array>

#include "driver/batch/garbage_list.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_passes_created("render_pass.objects_created");
StatCounter g_framebuffers_created("render_pass.framebuffers_created");
}  // namespace

bool format_has_depth(VkFormat f) {
  switch (f) {
    case VK_FORMAT_D16_UNORM: case VK_FORMAT_X8_D24_UNORM_PACK32: case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_D16_UNORM_S8_UINT: case VK_FORMAT_D24_UNORM_S8_UINT: case VK_FORMAT_D32_SFLOAT_S8_UINT: return true;
    default: return false;
  }
}
bool format_has_stencil(VkFormat f) {
  switch (f) {
    case VK_FORMAT_S8_UINT: case VK_FORMAT_D16_UNORM_S8_UINT: case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT: return true;
    default: return false;
  }
}

VkImageLayout attachment_layout(VkImageAspectFlags aspect) {
  return (aspect & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT))
             ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL
             : VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
}
VkImageLayout sampled_layout(VkImageAspectFlags aspect) {
  return (aspect & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT))
             ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
             : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
}

RenderPassCache::~RenderPassCache() {
  for (auto& [k, fb] : framebuffers_) vkDestroyFramebuffer(device_, fb, nullptr);
  for (auto& [k, rp] : passes_) vkDestroyRenderPass(device_, rp, nullptr);
}

vk::Status RenderPassCache::render_pass(const RenderPassKey& key, VkRenderPass* out) {
  auto it = passes_.find(key);
  if (it != passes_.end()) {
    *out = it->second;
    return {};
  }
  std::array<VkAttachmentDescription, 9> att{};
  std::array<VkAttachmentReference, 8> color_refs{};
  VkAttachmentReference ds_ref{};
  uint32_t n = 0;
  const VkSampleCountFlagBits samples = static_cast<VkSampleCountFlagBits>(key.samples);
  for (unsigned i = 0; i < key.color_count; ++i) {
    const VkFormat f = static_cast<VkFormat>(key.color_formats[i]);
    if (f == VK_FORMAT_UNDEFINED) {
      color_refs[i] = {VK_ATTACHMENT_UNUSED, VK_IMAGE_LAYOUT_UNDEFINED};
      continue;
    }
    VkAttachmentDescription& a = att[n];
    a.format = f;
    a.samples = samples;
    a.loadOp = (key.clear_mask & (1u << i)) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    a.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    a.initialLayout = a.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color_refs[i] = {n++, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  }
  VkSubpassDescription sub{};
  sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  sub.colorAttachmentCount = key.color_count;
  sub.pColorAttachments = color_refs.data();
  const VkFormat dsf = static_cast<VkFormat>(key.depth_stencil_format);
  if (dsf != VK_FORMAT_UNDEFINED) {
    VkAttachmentDescription& a = att[n];
    a.format = dsf;
    a.samples = samples;
    a.loadOp = (key.clear_mask & (1u << 8)) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    a.stencilLoadOp = (key.clear_mask & (1u << 9)) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE;
    if (!format_has_depth(dsf)) a.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, a.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    if (!format_has_stencil(dsf))
      a.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    a.initialLayout = a.finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    ds_ref = {n++, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
    sub.pDepthStencilAttachment = &ds_ref;
  }
  VkRenderPassCreateInfo ci{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  ci.attachmentCount = n;
  ci.pAttachments = att.data();
  ci.subpassCount = 1;
  ci.pSubpasses = &sub;
  VkRenderPass rp;
  BRASS_VK_RETURN_IF_FAILED(vkCreateRenderPass(device_, &ci, nullptr, &rp));
  g_passes_created.add();
  passes_.emplace(key, rp);
  *out = rp;
  return {};
}

vk::Status RenderPassCache::framebuffer(const FramebufferKey& key, const VkImageView* views, uint32_t view_count,
                                        GarbageList& garbage, uint64_t serial, VkFramebuffer* out) {
  auto it = framebuffers_.find(key);
  if (it != framebuffers_.end()) {
    *out = it->second;
    return {};
  }
  if (framebuffers_.size() >= kMaxFramebuffers) {
    for (auto& [k, fb] : framebuffers_) garbage.add(serial, fb);
    framebuffers_.clear();
  }
  VkFramebufferCreateInfo ci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  ci.renderPass = reinterpret_cast<VkRenderPass>(key.render_pass);
  ci.attachmentCount = view_count;
  ci.pAttachments = views;
  ci.width = key.width;
  ci.height = key.height;
  ci.layers = key.layers;
  VkFramebuffer fb;
  BRASS_VK_RETURN_IF_FAILED(vkCreateFramebuffer(device_, &ci, nullptr, &fb));
  g_framebuffers_created.add();
  framebuffers_.emplace(key, fb);
  *out = fb;
  return {};
}

}  // namespace brass::driver
