// Driver-internal draws through MetaPipelines: clears that honour write
// masks, and blits vkCmdBlitImage / vkCmdResolveImage cannot do (scissored,
// format-converting, emulated formats, scaled multisample resolves).
#include <cstring>

#include "driver/context.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_masked_clears("clear.masked_draws");
StatCounter g_blits_shader("blit.shader");

pipe::Format surface_format(const pipe::Surface* s) {
  return s->templ().format == pipe::Format::None ? s->resource()->templ().format : s->templ().format;
}

MetaShader clear_shader(pipe::Format f) {
  switch (pipe::describe(f).kind) {
    case pipe::FormatKind::Uint: return MetaShader::ClearUint;
    case pipe::FormatKind::Sint: return MetaShader::ClearSint;
    default: return MetaShader::ClearFloat;
  }
}
}  // namespace

bool VulkanContext::meta_key_for_framebuffer(MetaKey* key) {
  *key = MetaKey{};
  key->color_count = static_cast<uint8_t>(fb_.nr_cbufs);
  key->samples = static_cast<uint8_t>(std::max(1u, fb_.samples));
  for (unsigned i = 0; i < fb_.nr_cbufs; ++i)
    if (auto* s = static_cast<VulkanSurface*>(fb_refs_[i].get())) key->color_formats[i] = s->format;
  if (auto* zs = static_cast<VulkanSurface*>(fb_refs_[8].get())) key->depth_stencil_format = zs->format;
  if (!dynamic_rendering_) {
    RenderPassKey rk;
    std::memcpy(rk.color_formats, key->color_formats, sizeof(rk.color_formats));
    rk.depth_stencil_format = key->depth_stencil_format;
    rk.color_count = key->color_count;
    rk.samples = key->samples;
    VkRenderPass rp;
    vk::Status s = rp_cache_.render_pass(rk, &rp);
    if (!s) return fail(s), false;
    key->render_pass = reinterpret_cast<uint64_t>(rp);
  }
  return true;
}

bool VulkanContext::meta_draw(const MetaKey& key, const MetaPush& push, const VkViewport& viewport,
                              const VkRect2D& scissor, uint32_t stencil_mask, uint32_t stencil_ref,
                              const VkDescriptorImageInfo* image) {
  BRASS_ASSERT(rp_active_);
  VkPipeline p;
  vk::Status s = meta_->get(key, &p);
  if (!s) return fail(s), false;
  VkCommandBuffer cmd = ring_->main_cmd();
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
  if (image) {
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstBinding = 0;
    w.descriptorCount = 1;
    w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    w.pImageInfo = image;
    vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, meta_->layout(), 0, 1, &w);
  }
  vkCmdPushConstants(cmd, meta_->layout(), VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                     sizeof(MetaPush), &push);
  vkCmdSetViewportWithCount(cmd, 1, &viewport);
  vkCmdSetScissorWithCount(cmd, 1, &scissor);
  vkCmdSetStencilWriteMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, stencil_mask);
  vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, stencil_ref);
  vkCmdDraw(cmd, 3, 1, 0, 0);
  ring_->mark_recorded();
  // The application's pipeline, sets and dynamic state were disturbed.
  bound_pipeline_ = VK_NULL_HANDLE;
  bound_layout_ = VK_NULL_HANDLE;
  dirty_ |= kDirtyAll & ~kDirtyResources;
  dirty_sets_ = 0x1f;
  topology_dirty_ = true;
  return true;
}

void VulkanContext::clear_masked(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                                 double depth, uint32_t stencil, const pipe::ClearMasks& masks) {
  if (failed()) return;
  uint32_t fast = buffers & pipe::kClearDepth;
  uint32_t masked = 0;  // color buffers needing a draw
  std::array<uint8_t, 8> write{};
  for (unsigned i = 0; i < fb_.nr_cbufs; ++i) {
    if (!(buffers & (pipe::kClearColor0 << i)) || !fb_refs_[i]) continue;
    const pipe::Format f = surface_format(fb_refs_[i].get());
    const vk::FormatChoice& stored = driver_resource(fb_refs_[i]->resource())->obj()->format;
    // Channels the stored format has; a swizzled emulation maps GL channels
    // to others, so only a full or empty mask is taken as such.
    const uint8_t present = stored.swizzled() ? 15 : uint8_t((1u << pipe::describe(f).channels) - 1);
    const uint8_t m = masks.color[i] & 15;
    if ((m & present) == present || (stored.swizzled() && m == 15)) fast |= pipe::kClearColor0 << i;
    else if ((m & present) == 0) continue;
    else {
      masked |= 1u << i;
      write[i] = m;
    }
  }
  bool masked_stencil = false;
  if (buffers & pipe::kClearStencil) {
    if (masks.stencil == 0xff) fast |= pipe::kClearStencil;
    else if (masks.stencil) masked_stencil = true;
  }
  if (fast) clear(fast, scissor, color, depth, stencil);
  if ((!masked && !masked_stencil) || failed()) return;
  if (!fb_refs_[8]) masked_stencil = false;
  if (fb_.layers > 1) BRASS_WARN_ONCE("masked clears of layered framebuffers clear layer 0 only");

  VkRect2D rect{{0, 0}, {std::max(1u, fb_.width), std::max(1u, fb_.height)}};
  if (scissor) {
    const int32_t x0 = std::max(0, scissor->x), y0 = std::max(0, scissor->y);
    const int64_t x1 = std::min<int64_t>(fb_.width, int64_t(scissor->x) + scissor->width);
    const int64_t y1 = std::min<int64_t>(fb_.height, int64_t(scissor->y) + scissor->height);
    if (x1 <= x0 || y1 <= y0) return;
    rect = {{x0, y0}, {uint32_t(x1 - x0), uint32_t(y1 - y0)}};
  }
  MetaKey key;
  if (!meta_key_for_framebuffer(&key)) return;
  ring_->mark_recorded();
  if (!rp_active_) {
    vk::Status s = begin_render_pass();
    if (!s) return fail(s);
  }
  const VkViewport vp{0, 0, float(rect.offset.x + rect.extent.width), float(rect.offset.y + rect.extent.height), 0, 1};
  MetaPush push;
  std::memcpy(push.value, &color, sizeof(push.value));
  for_each_bit(masked, [&](int i) {
    MetaKey k = key;
    k.shader = static_cast<uint8_t>(clear_shader(surface_format(fb_refs_[i].get())));
    k.location = static_cast<uint8_t>(i);
    k.write_mask = write[i];
    if (meta_draw(k, push, vp, rect, 0, 0, nullptr)) g_masked_clears.add();
  });
  if (masked_stencil) {
    MetaKey k = key;
    k.shader = static_cast<uint8_t>(MetaShader::None);
    k.stencil_write = 1;
    if (meta_draw(k, push, vp, rect, masks.stencil, stencil & 0xff, nullptr)) g_masked_clears.add();
  }
}

bool VulkanContext::shader_blit(const pipe::BlitInfo&) { return false; }

}  // namespace brass::driver
