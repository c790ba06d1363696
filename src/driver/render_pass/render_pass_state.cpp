#include "driver/render_pass/render_pass_state.h"

#include <algorithm>
#include <cstring>

#include "driver/resource/resource.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_rp_begun("render_pass.begun");
StatCounter g_rp_end[] = {StatCounter("render_pass.end.submit"),
                          StatCounter("render_pass.end.barrier"),
                          StatCounter("render_pass.end.transfer"),
                          StatCounter("render_pass.end.readback"),
                          StatCounter("render_pass.end.framebuffer_change"),
                          StatCounter("render_pass.end.query"),
                          StatCounter("render_pass.end.occlusion_resume"),
                          StatCounter("render_pass.end.stream_output_pause"),
                          StatCounter("render_pass.end.stream_output_rebind"),
                          StatCounter("render_pass.end.compute")};
static_assert(sizeof(g_rp_end) / sizeof(g_rp_end[0]) == static_cast<size_t>(RenderPassEnd::Count));
StatCounter g_load_op_clears("render_pass.load_op_clears");

constexpr uint16_t kDepthBit = 1u << 8, kStencilBit = 1u << 9;
}  // namespace

bool clip_to_framebuffer(const pipe::FramebufferState& fb, const pipe::ScissorRect* scissor, VkRect2D* out) {
  *out = {{0, 0}, {fb.width, fb.height}};
  if (!scissor) return true;
  const int32_t x0 = std::max(0, scissor->x), y0 = std::max(0, scissor->y);
  const int64_t x1 = std::min<int64_t>(fb.width, int64_t(scissor->x) + scissor->width);
  const int64_t y1 = std::min<int64_t>(fb.height, int64_t(scissor->y) + scissor->height);
  if (x1 <= x0 || y1 <= y0) return false;
  *out = {{x0, y0}, {uint32_t(x1 - x0), uint32_t(y1 - y0)}};
  return true;
}

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

RenderPassState::RenderPassState(VkDevice device, BatchRing& ring, SyncTracker& sync, bool dynamic_rendering)
    : ring_(ring), sync_(sync), cache_(device), dynamic_rendering_(dynamic_rendering) {}

void RenderPassState::add_hooks(RenderPassHooks* hooks) {
  BRASS_ASSERT(hook_count_ < hooks_.size());
  hooks_[hook_count_++] = hooks;
}

VkRect2D RenderPassState::full_area() const {
  return {{0, 0}, {std::max(1u, fb_.width), std::max(1u, fb_.height)}};
}

vk::Status RenderPassState::set_framebuffer(const pipe::FramebufferState& fb, bool* changed) {
  bool same = fb.width == fb_.width && fb.height == fb_.height && fb.layers == fb_.layers &&
              fb.nr_cbufs == fb_.nr_cbufs && fb.zsbuf == fb_.zsbuf && fb.samples == fb_.samples;
  for (unsigned i = 0; same && i < fb.nr_cbufs; ++i) same = fb.cbufs[i] == fb_.cbufs[i];
  *changed = !same;
  if (same) return {};
  vk::Status s = finish(RenderPassEnd::FramebufferChange);
  fb_ = fb;
  for (unsigned i = 0; i < pipe::kMaxColorBuffers; ++i)
    surfaces_[i] = Ref<pipe::Surface>::share(i < fb.nr_cbufs ? fb.cbufs[i] : nullptr);
  surfaces_[kDepthStencil] = Ref<pipe::Surface>::share(fb.zsbuf);
  for (unsigned i = fb.nr_cbufs; i < pipe::kMaxColorBuffers; ++i) fb_.cbufs[i] = nullptr;
  return s;
}

void RenderPassState::request_attachment_access() {
  for (unsigned i = 0; i < surfaces_.size(); ++i) {
    auto* s = static_cast<VulkanSurface*>(surfaces_[i].get());
    if (!s) continue;
    ResourceObject* o = driver_resource(s->resource())->obj();
    const bool ds = i == kDepthStencil;
    AccessRequest req;
    req.write = true;
    req.stages = ds ? (VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT)
                    : VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    req.access = ds ? (VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT)
                    : (VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
    req.layout = attachment_layout(o->aspect);
    // Only the surface's level: others may be sampled meanwhile.
    sync_.barriers().image_access(o->levels, req, o->image, {o->aspect, s->templ().level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
    sync_.mark_write(o);
    sync_.mark(s->usage, false);
  }
}

vk::Status RenderPassState::begin() {
  BRASS_ASSERT(!active_);
  request_attachment_access();
  VkCommandBuffer cmd = ring_.main_cmd();
  sync_.barriers().emit(cmd);
  ring_.mark_recorded();
  for (uint32_t i = 0; i < hook_count_; ++i)
    if (vk::Status s = hooks_[i]->before_begin(cmd); !s) return s;
  const VkRect2D area = full_area();
  if (pending_clear_mask_) g_load_op_clears.add();
  if (dynamic_rendering_) {
    begin_dynamic_rendering(cmd, area);
  } else if (vk::Status s = begin_render_pass_object(cmd, area); !s) {
    return s;
  }
  pending_clear_mask_ = 0;
  active_ = true;
  for (uint32_t i = 0; i < hook_count_; ++i) hooks_[i]->after_begin(cmd);
  g_rp_begun.add();
  return {};
}

void RenderPassState::begin_dynamic_rendering(VkCommandBuffer cmd, const VkRect2D& area) {
  std::array<VkRenderingAttachmentInfo, 8> colors{};
  for (unsigned i = 0; i < fb_.nr_cbufs; ++i) {
    colors[i] = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    VulkanSurface* s = color(i);
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
  if (VulkanSurface* zs = depth_stencil()) {
    for (int a = 0; a < 2; ++a) {
      VkRenderingAttachmentInfo& att = a ? stencil : depth;
      const bool present = a ? format_has_stencil(zs->format) : format_has_depth(zs->format);
      if (!present) continue;
      att.imageView = zs->view;
      att.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
      att.loadOp = (pending_clear_mask_ & (kDepthBit << a)) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
      att.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
      att.clearValue = clear_values_[kDepthStencil];
      (a ? ri.pStencilAttachment : ri.pDepthAttachment) = &att;
    }
  }
  vkCmdBeginRendering(cmd, &ri);
}

vk::Status RenderPassState::begin_render_pass_object(VkCommandBuffer cmd, const VkRect2D& area) {
  RenderPassKey rk;
  FramebufferKey fk;
  std::array<VkImageView, 9> views{};
  std::array<VkClearValue, 9> clears{};
  uint32_t nv = 0;
  rk.color_count = static_cast<uint8_t>(fb_.nr_cbufs);
  rk.samples = static_cast<uint8_t>(std::max(1u, fb_.samples));
  rk.clear_mask = pending_clear_mask_;
  for (unsigned i = 0; i < surfaces_.size(); ++i) {
    auto* s = static_cast<VulkanSurface*>(surfaces_[i].get());
    if (!s) continue;
    if (i < kDepthStencil) rk.color_formats[i] = s->format;
    else rk.depth_stencil_format = s->format;
    fk.surface_ids[i] = s->id;
    clears[nv] = clear_values_[i];
    views[nv++] = s->view;
  }
  VkRenderPass rp;
  vk::Status st = cache_.render_pass(rk, &rp);
  if (!st) return st;
  // Framebuffers are keyed by the load-op-independent (compatible) pass.
  RenderPassKey compatible = rk;
  compatible.clear_mask = 0;
  VkRenderPass rp_compat;
  st = cache_.render_pass(compatible, &rp_compat);
  if (!st) return st;
  fk.render_pass = reinterpret_cast<uint64_t>(rp_compat);
  fk.width = area.extent.width;
  fk.height = area.extent.height;
  fk.layers = std::max(1u, fb_.layers);
  VkFramebuffer fb;
  st = cache_.framebuffer(fk, views.data(), nv, ring_.garbage(), ring_.current_serial(), &fb);
  if (!st) return st;
  VkRenderPassBeginInfo bi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  bi.renderPass = rp;
  bi.framebuffer = fb;
  bi.renderArea = area;
  bi.clearValueCount = nv;
  bi.pClearValues = clears.data();
  vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
  return {};
}

void RenderPassState::end(RenderPassEnd reason) {
  if (!active_) return;
  VkCommandBuffer cmd = ring_.main_cmd();
  for (uint32_t i = hook_count_; i-- > 0;) hooks_[i]->before_end(cmd);
  if (dynamic_rendering_) vkCmdEndRendering(cmd);
  else vkCmdEndRenderPass(cmd);
  active_ = false;
  g_rp_end[static_cast<size_t>(reason)].add();
}

vk::Status RenderPassState::execute_pending_clears() {
  if (!pending_clear_mask_ || active_) return {};
  return begin();
}

vk::Status RenderPassState::finish(RenderPassEnd reason) {
  vk::Status s = execute_pending_clears();
  end(reason);
  return s;
}

vk::Status RenderPassState::clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                                  double depth, uint32_t stencil) {
  uint16_t mask = 0;
  for (unsigned i = 0; i < fb_.nr_cbufs; ++i)
    if ((buffers & (pipe::kClearColor0 << i)) && surfaces_[i]) mask |= 1u << i;
  VulkanSurface* zs = depth_stencil();
  if (zs) {
    if ((buffers & pipe::kClearDepth) && format_has_depth(zs->format)) mask |= kDepthBit;
    if ((buffers & pipe::kClearStencil) && format_has_stencil(zs->format)) mask |= kStencilBit;
  }
  if (!mask) return {};
  VkClearValue dv;
  dv.depthStencil = {static_cast<float>(depth), stencil};
  ring_.mark_recorded();

  const bool whole = !scissor || (scissor->x <= 0 && scissor->y <= 0 && scissor->x + int64_t(scissor->width) >= fb_.width &&
                                  scissor->y + int64_t(scissor->height) >= fb_.height);
  // Both halves of a depth/stencil surface must agree on load ops; a partial
  // depth-only clear of a combined surface goes through vkCmdClearAttachments.
  const uint16_t ds_mask = mask & (kDepthBit | kStencilBit);
  const bool ds_split = ds_mask && zs && format_has_depth(zs->format) && format_has_stencil(zs->format) &&
                        ds_mask != (kDepthBit | kStencilBit) && !(pending_clear_mask_ & (kDepthBit | kStencilBit));
  auto stored_color = [&](unsigned i) {
    return stored_clear_color(color, driver_resource(surfaces_[i]->resource())->obj()->format);
  };
  if (!active_ && whole && !ds_split) {
    for (unsigned i = 0; i < kDepthStencil; ++i)
      if (mask & (1u << i)) clear_values_[i].color = stored_color(i);
    if (mask & kDepthBit) clear_values_[kDepthStencil].depthStencil.depth = dv.depthStencil.depth;
    if (mask & kStencilBit) clear_values_[kDepthStencil].depthStencil.stencil = stencil;
    pending_clear_mask_ |= mask;
    return {};
  }
  VkClearRect rect{};
  rect.layerCount = std::max(1u, fb_.layers);
  if (!clip_to_framebuffer(fb_, scissor, &rect.rect)) return {};  // nothing inside: no pass needed
  if (vk::Status s = ensure_begun(); !s) return s;
  std::array<VkClearAttachment, 9> atts{};
  uint32_t n = 0;
  for (unsigned i = 0; i < kDepthStencil; ++i)
    if (mask & (1u << i)) {
      atts[n] = {VK_IMAGE_ASPECT_COLOR_BIT, i, {}};
      atts[n++].clearValue.color = stored_color(i);
    }
  if (ds_mask) {
    VkImageAspectFlags aspect = 0;
    if (mask & kDepthBit) aspect |= VK_IMAGE_ASPECT_DEPTH_BIT;
    if (mask & kStencilBit) aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
    atts[n++] = {aspect, 0, dv};
  }
  vkCmdClearAttachments(ring_.main_cmd(), n, atts.data(), 1, &rect);
  return {};
}

}  // namespace brass::driver
