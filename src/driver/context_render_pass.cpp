// Lazy render passes: set_framebuffer_state only records state; the pass
// begins at the first draw or clear (dynamic rendering, or a cached
// VkRenderPass + VkFramebuffer), and whole-surface clears recorded before it
// become load-op clears.
#include <cstring>

#include "driver/context.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_rp_begun("render_pass.begun");
StatCounter g_rp_end[] = {StatCounter("render_pass.end.submit"), StatCounter("render_pass.end.barrier"),
                          StatCounter("render_pass.end.transfer"), StatCounter("render_pass.end.readback"),
                          StatCounter("render_pass.end.framebuffer_change")};
static_assert(sizeof(g_rp_end) / sizeof(g_rp_end[0]) == static_cast<size_t>(RenderPassEnd::Count));
StatCounter g_load_op_clears("render_pass.load_op_clears");
}  // namespace

VkClearColorValue stored_clear_color(const pipe::ColorValue& color, const vk::FormatChoice& stored) {
  VkClearColorValue out;
  std::memcpy(&out, &color, sizeof(out));
  if (!stored.swizzled()) return out;
  // The stored channel a GL channel is read from gets that channel's value
  // (A8 = 000R: stored red holds GL alpha).
  for (unsigned j = 0; j < 4; ++j) {
    const auto c = static_cast<unsigned>(stored.swizzle[j]);
    if (c <= static_cast<unsigned>(pipe::Swizzle::A)) out.uint32[c] = color.ui[j];
  }
  return out;
}

void VulkanContext::request_attachment_access() {
  for (unsigned i = 0; i < 9; ++i) {
    auto* s = static_cast<VulkanSurface*>(fb_refs_[i].get());
    if (!s) continue;
    ResourceObject* o = driver_resource(s->resource())->obj();
    const bool ds = i == 8;
    AccessRequest req;
    req.write = true;
    req.stages = ds ? (VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT)
                    : VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    req.access = ds ? (VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT)
                    : (VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
    req.layout = attachment_layout(o->aspect);
    // Only the surface's level: others may be sampled meanwhile.
    barriers_.image_access(o->levels, req, o->image, {o->aspect, s->templ().level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
    mark_write(o);
    mark(s->usage, false);
    if (o->is_buffer()) continue;
  }
}

vk::Status VulkanContext::begin_render_pass() {
  BRASS_ASSERT(!rp_active_);
  request_attachment_access();
  VkCommandBuffer cmd = ring_->main_cmd();
  barriers_.emit(cmd);
  ring_->mark_recorded();
  if (vk::Status qs = reset_query_segments(cmd); !qs) return qs;
  const VkRect2D area{{0, 0}, {std::max(1u, fb_.width), std::max(1u, fb_.height)}};
  if (pending_clear_mask_) g_load_op_clears.add();

  if (dynamic_rendering_) {
    std::array<VkRenderingAttachmentInfo, 8> colors{};
    for (unsigned i = 0; i < fb_.nr_cbufs; ++i) {
      colors[i] = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
      auto* s = static_cast<VulkanSurface*>(fb_refs_[i].get());
      if (!s) continue;
      colors[i].imageView = s->view;
      colors[i].imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
      colors[i].loadOp = (pending_clear_mask_ & (1u << i)) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
      colors[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
      colors[i].clearValue = clear_values_[i];
    }
    VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    VkRenderingAttachmentInfo stencil{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    VkRenderingInfo ri{VK_STRUCTURE_TYPE_RENDERING_INFO};
    ri.renderArea = area;
    ri.layerCount = std::max(1u, fb_.layers);
    ri.colorAttachmentCount = fb_.nr_cbufs;
    ri.pColorAttachments = colors.data();
    if (auto* zs = static_cast<VulkanSurface*>(fb_refs_[8].get())) {
      for (int a = 0; a < 2; ++a) {
        VkRenderingAttachmentInfo& att = a ? stencil : depth;
        const bool present = a ? format_has_stencil(zs->format) : format_has_depth(zs->format);
        if (!present) continue;
        att.imageView = zs->view;
        att.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
        att.loadOp = (pending_clear_mask_ & (1u << (8 + a))) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
        att.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        att.clearValue = clear_values_[8];
        (a ? ri.pStencilAttachment : ri.pDepthAttachment) = &att;
      }
    }
    vkCmdBeginRendering(cmd, &ri);
  } else {
    RenderPassKey rk;
    FramebufferKey fk;
    std::array<VkImageView, 9> views{};
    std::array<VkClearValue, 9> clears{};
    uint32_t nv = 0;
    rk.color_count = static_cast<uint8_t>(fb_.nr_cbufs);
    rk.samples = static_cast<uint8_t>(std::max(1u, fb_.samples));
    rk.clear_mask = pending_clear_mask_;
    for (unsigned i = 0; i < 9; ++i) {
      auto* s = static_cast<VulkanSurface*>(fb_refs_[i].get());
      if (!s) continue;
      if (i < 8) rk.color_formats[i] = s->format;
      else rk.depth_stencil_format = s->format;
      fk.surface_ids[i] = s->id;
      clears[nv] = clear_values_[i];
      views[nv++] = s->view;
    }
    VkRenderPass rp;
    vk::Status st = rp_cache_.render_pass(rk, &rp);
    if (!st) return st;
    // Framebuffers are keyed by the load-op-independent (compatible) pass.
    RenderPassKey compatible = rk;
    compatible.clear_mask = 0;
    VkRenderPass rp_compat;
    st = rp_cache_.render_pass(compatible, &rp_compat);
    if (!st) return st;
    fk.render_pass = reinterpret_cast<uint64_t>(rp_compat);
    fk.width = area.extent.width;
    fk.height = area.extent.height;
    fk.layers = std::max(1u, fb_.layers);
    VkFramebuffer fb;
    st = rp_cache_.framebuffer(fk, views.data(), nv, ring_->garbage(), ring_->current_serial(), &fb);
    if (!st) return st;
    VkRenderPassBeginInfo bi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    bi.renderPass = rp;
    bi.framebuffer = fb;
    bi.renderArea = area;
    bi.clearValueCount = nv;
    bi.pClearValues = clears.data();
    vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
  }
  pending_clear_mask_ = 0;
  rp_active_ = true;
  begin_query_segments(cmd);
  g_rp_begun.add();
  return {};
}

void VulkanContext::end_render_pass(RenderPassEnd reason) {
  if (!rp_active_) return;
  VkCommandBuffer cmd = ring_->main_cmd();
  end_stream_output(cmd);
  end_query_segments(cmd);
  occlusion_suspended_ = false;
  if (dynamic_rendering_) vkCmdEndRendering(cmd);
  else vkCmdEndRenderPass(cmd);
  rp_active_ = false;
  g_rp_end[static_cast<size_t>(reason)].add();
}

void VulkanContext::execute_pending_clears() {
  // Clears nobody drew after: an empty pass whose load ops do them.
  if (!pending_clear_mask_ || rp_active_) return;
  vk::Status s = begin_render_pass();
  if (!s) return fail(s);
}

void VulkanContext::clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                          double depth, uint32_t stencil) {
  if (failed()) return;
  uint16_t mask = 0;
  for (unsigned i = 0; i < fb_.nr_cbufs; ++i)
    if ((buffers & (pipe::kClearColor0 << i)) && fb_refs_[i]) mask |= 1u << i;
  if (auto* zs = static_cast<VulkanSurface*>(fb_refs_[8].get())) {
    if ((buffers & pipe::kClearDepth) && format_has_depth(zs->format)) mask |= 1u << 8;
    if ((buffers & pipe::kClearStencil) && format_has_stencil(zs->format)) mask |= 1u << 9;
  }
  if (!mask) return;
  VkClearValue dv;
  dv.depthStencil = {static_cast<float>(depth), stencil};
  ring_->mark_recorded();

  const bool whole = !scissor || (scissor->x <= 0 && scissor->y <= 0 && scissor->x + int64_t(scissor->width) >= fb_.width &&
                                  scissor->y + int64_t(scissor->height) >= fb_.height);
  // Both halves of a depth/stencil surface must agree on load ops; a partial
  // depth-only clear of a combined surface goes through vkCmdClearAttachments.
  const bool ds_split = ((mask >> 8) & 3) && fb_refs_[8] &&
                        format_has_depth(static_cast<VulkanSurface*>(fb_refs_[8].get())->format) &&
                        format_has_stencil(static_cast<VulkanSurface*>(fb_refs_[8].get())->format) &&
                        ((mask >> 8) & 3) != 3 && !(pending_clear_mask_ & (3u << 8));
  if (!rp_active_ && whole && !ds_split) {
    for (unsigned i = 0; i < 8; ++i)
      if (mask & (1u << i))
        clear_values_[i].color = stored_clear_color(color, driver_resource(fb_refs_[i]->resource())->obj()->format);
    if (mask & (3u << 8)) {
      if (mask & (1u << 8)) clear_values_[8].depthStencil.depth = dv.depthStencil.depth;
      if (mask & (1u << 9)) clear_values_[8].depthStencil.stencil = stencil;
    }
    pending_clear_mask_ |= mask;
    return;
  }
  if (!rp_active_) {
    vk::Status s = begin_render_pass();
    if (!s) return fail(s);
  }
  std::array<VkClearAttachment, 9> atts{};
  uint32_t n = 0;
  for (unsigned i = 0; i < 8; ++i)
    if (mask & (1u << i)) {
      atts[n] = {VK_IMAGE_ASPECT_COLOR_BIT, i, {}};
      atts[n++].clearValue.color = stored_clear_color(color, driver_resource(fb_refs_[i]->resource())->obj()->format);
    }
  if (mask & (3u << 8)) {
    VkImageAspectFlags aspect = 0;
    if (mask & (1u << 8)) aspect |= VK_IMAGE_ASPECT_DEPTH_BIT;
    if (mask & (1u << 9)) aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
    atts[n++] = {aspect, 0, dv};
  }
  VkClearRect rect{};
  rect.layerCount = std::max(1u, fb_.layers);
  if (scissor) {
    const int32_t x0 = std::max(0, scissor->x), y0 = std::max(0, scissor->y);
    const int64_t x1 = std::min<int64_t>(fb_.width, int64_t(scissor->x) + scissor->width);
    const int64_t y1 = std::min<int64_t>(fb_.height, int64_t(scissor->y) + scissor->height);
    if (x1 <= x0 || y1 <= y0) return;
    rect.rect = {{x0, y0}, {uint32_t(x1 - x0), uint32_t(y1 - y0)}};
  } else {
    rect.rect = {{0, 0}, {fb_.width, fb_.height}};
  }
  vkCmdClearAttachments(ring_->main_cmd(), n, atts.data(), 1, &rect);
}

void VulkanContext::clear_render_target(pipe::Surface* dst, const pipe::ColorValue& color, uint32_t x, uint32_t y,
                                        uint32_t w, uint32_t h) {
  // Through a temporary framebuffer, so it shares the lazy load-op path.
  const pipe::FramebufferState saved = fb_;
  const auto saved_refs = fb_refs_;  // keeps the saved surfaces alive
  pipe::FramebufferState fb;
  fb.width = dst->width();
  fb.height = dst->height();
  fb.samples = dst->resource()->templ().samples;
  fb.nr_cbufs = 1;
  fb.cbufs[0] = dst;
  set_framebuffer_state(fb);
  const pipe::ScissorRect rect{int32_t(x), int32_t(y), w, h};
  clear(pipe::kClearColor0, &rect, color, 0, 0);
  set_framebuffer_state(saved);
}

void VulkanContext::clear_depth_stencil(pipe::Surface* dst, uint32_t flags, double depth, uint32_t stencil, uint32_t x,
                                        uint32_t y, uint32_t w, uint32_t h) {
  const pipe::FramebufferState saved = fb_;
  const auto saved_refs = fb_refs_;  // keeps the saved surfaces alive
  pipe::FramebufferState fb;
  fb.width = dst->width();
  fb.height = dst->height();
  fb.samples = dst->resource()->templ().samples;
  fb.zsbuf = dst;
  set_framebuffer_state(fb);
  const pipe::ScissorRect rect{int32_t(x), int32_t(y), w, h};
  clear(flags & (pipe::kClearDepth | pipe::kClearStencil), &rect, {}, depth, stencil);
  set_framebuffer_state(saved);
}

}  // namespace brass::driver
