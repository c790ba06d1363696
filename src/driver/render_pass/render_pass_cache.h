// The VkRenderPass path (no dynamic rendering, or BRASS_DEBUG=nodynrender):
// render passes and framebuffers from caches keyed by packed descriptions,
// looked up when a render pass begins, never at set_framebuffer_state.
// Attachments stay in their attachment layouts across the pass; barriers
// outside the pass do every transition.
#pragma once
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include "device/vk.h"
#include "util/hash.h"

namespace brass::driver {

struct RenderPassKey {
  uint32_t color_formats[8] = {};
  uint32_t depth_stencil_format = 0;
  uint8_t color_count = 0;
  uint8_t samples = 1;
  uint16_t clear_mask = 0;  // bit i: color i loads with CLEAR; bit 8 depth; bit 9 stencil
  bool operator==(const RenderPassKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(RenderPassKey) == 40);

struct FramebufferKey {
  uint64_t render_pass = 0;  // VkRenderPass
  uint64_t surface_ids[9] = {};
  uint32_t width = 0, height = 0, layers = 0, pad = 0;
  bool operator==(const FramebufferKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(FramebufferKey) == 96);

class GarbageList;

class RenderPassCache {
 public:
  static constexpr size_t kMaxFramebuffers = 256;

  explicit RenderPassCache(VkDevice device) : device_(device) {}
  ~RenderPassCache();
  RenderPassCache(const RenderPassCache&) = delete;
  RenderPassCache& operator=(const RenderPassCache&) = delete;

  vk::Status render_pass(const RenderPassKey& key, VkRenderPass* out);
  // `views` in attachment order (colors, then depth/stencil). When the cache
  // is full its framebuffers go to `garbage` (their surfaces may be gone).
  vk::Status framebuffer(const FramebufferKey& key, const VkImageView* views, uint32_t view_count,
                         GarbageList& garbage, uint64_t serial, VkFramebuffer* out);

 private:
  VkDevice device_;
  std::unordered_map<RenderPassKey, VkRenderPass, KeyHash<RenderPassKey>> passes_;
  std::unordered_map<FramebufferKey, VkFramebuffer, KeyHash<FramebufferKey>> framebuffers_;
};

// Layouts attachments and sampled images are kept in.
VkImageLayout attachment_layout(VkImageAspectFlags aspect);
VkImageLayout sampled_layout(VkImageAspectFlags aspect);
bool format_has_depth(VkFormat f);
bool format_has_stencil(VkFormat f);

}  // namespace brass::driver
