// Driver-internal draws through MetaPipelines: clears that honour write
// masks, and blits vkCmdBlitImage / vkCmdResolveImage cannot do (scissored,
// format-converting, emulated formats, scaled multisample resolves).
#include <cstring>

#include "driver/context.h"
#include "driver/meta/meta_plans.h"
#include "util/bitset.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_masked_clears("clear.masked_draws");
StatCounter g_blits_shader("blit.shader");
// Stencil blits drawn bit by bit (blit_stencil_bit.frag).
StatCounter g_blits_stencil_bits("blit.stencil_bits");

}  // namespace

bool VulkanContext::meta_key_for_framebuffer(MetaKey* key) {
  *key = MetaKey{};
  const pipe::FramebufferState& fb = render_pass_.framebuffer();
  key->color_count = static_cast<uint8_t>(fb.nr_cbufs);
  key->samples = static_cast<uint8_t>(std::max(1u, fb.samples));
  for (unsigned i = 0; i < fb.nr_cbufs; ++i)
    if (auto* s = render_pass_.color(i)) key->color_formats[i] = s->format;
  if (auto* zs = render_pass_.depth_stencil()) key->depth_stencil_format = zs->format;
  if (!screen_.dynamic_rendering()) {
    RenderPassKey rk;
    std::memcpy(rk.color_formats, key->color_formats, sizeof(rk.color_formats));
    rk.depth_stencil_format = key->depth_stencil_format;
    rk.color_count = key->color_count;
    rk.samples = key->samples;
    VkRenderPass rp;
    vk::Status s = render_pass_.cache().render_pass(rk, &rp);
    if (!s) return fail(s), false;
    key->render_pass = reinterpret_cast<uint64_t>(rp);
  }
  return true;
}

bool VulkanContext::meta_draw(const MetaKey& key, const MetaPush& push, const VkViewport& viewport,
                              const VkRect2D& scissor, uint32_t stencil_mask, uint32_t stencil_ref,
                              const VkDescriptorImageInfo* image, uint32_t instances) {
  BRASS_ASSERT(render_pass_.active());
  VkPipeline p;
  vk::Status s = meta_->get(key, &p);
  if (!s) return fail(s), false;
  VkCommandBuffer cmd = ring_.main_cmd();
  // Meta draws are not the application's primitives: capture stops (the
  // next application draw resumes it from the counters).
  stream_output_.end(cmd);
  // Nor do they pass samples for occlusion queries (clears and blits draw
  // no fragments in GL).
  queries_.suspend_occlusion(cmd);
  // GL never predicates clears and blits on the GPU (the frontend decides).
  conditional_.suspend(cmd);
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
  vkCmdDraw(cmd, 3, instances, 0, 0);
  ring_.mark_recorded();
  // The application's pipeline, sets and dynamic state were disturbed.
  pipelines_.forget_bindings();
  descriptors_->forget_bindings();
  dirty_.mark_after_meta_draw();
  return true;
}

void VulkanContext::clear_masked(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                                 double depth, uint32_t stencil, const pipe::ClearMasks& masks) {
  if (failed()) return;
  const pipe::FramebufferState& fb = render_pass_.framebuffer();
  const RenderPassState::SurfaceRefs& surfaces = render_pass_.surfaces();
  const MaskedClearPlan plan = plan_masked_clear(buffers, masks, fb, surfaces.data());
  conditional_.suspend(ring_.main_cmd());  // vkCmdClearAttachments is predicated too
  if (plan.fast) fail(render_pass_.clear(plan.fast, scissor, color, depth, stencil));
  const bool masked_stencil = plan.masked_stencil && render_pass_.depth_stencil();
  if ((!plan.masked_colors && !plan.masked_stencil) || failed()) return;
  // A layered framebuffer is cleared in every layer: a triangle per layer,
  // routed by a geometry shader (layered framebuffers come with them).
  const bool layered = fb.layers > 1 && caps_.geometry_shader;
  if (fb.layers > 1 && !layered) BRASS_WARN_ONCE("masked clears of layered framebuffers clear layer 0 only");
  const uint32_t instances = layered ? fb.layers : 1;

  VkRect2D rect;
  if (!clip_to_framebuffer(fb, scissor, &rect)) return;
  if (!scissor) rect = render_pass_.full_area();
  MetaKey key;
  if (!meta_key_for_framebuffer(&key)) return;
  key.layered = layered ? 1 : 0;
  ring_.mark_recorded();
  if (vk::Status s = render_pass_.ensure_begun(); !s) return fail(s);
  const VkViewport vp{0, 0, float(rect.offset.x + rect.extent.width), float(rect.offset.y + rect.extent.height), 0, 1};
  MetaPush push;
  std::memcpy(push.value, &color, sizeof(push.value));
  for_each_bit(plan.masked_colors, [&](int i) {
    const VkClearColorValue c = stored_clear_color(color, driver_resource(surfaces[i]->resource())->obj()->format);
    std::memcpy(push.value, &c, sizeof(push.value));
    MetaKey k = key;
    k.shader = static_cast<uint8_t>(clear_shader(surface_format(surfaces[i].get())));
    k.location = static_cast<uint8_t>(i);
    k.write_mask = plan.write_masks[i];
    if (meta_draw(k, push, vp, rect, 0, 0, nullptr, instances)) g_masked_clears.add();
  });
  if (masked_stencil) {
    MetaKey k = key;
    k.shader = static_cast<uint8_t>(MetaShader::None);
    k.stencil_write = 1;
    if (meta_draw(k, push, vp, rect, masks.stencil, stencil & 0xff, nullptr, instances)) g_masked_clears.add();
  }
}

bool VulkanContext::shader_blit(const pipe::BlitInfo& info) {
  ShaderBlitPlan plan;
  if (!meta_->blit_available() || !plan_shader_blit(info, device_.formats(), caps_.sample_rate_shading, &plan))
    return false;
  if (plan.empty) return true;
  pipe::Resource* src = info.src.resource;
  pipe::Resource* dst = info.dst.resource;
  ResourceObject* so = driver_resource(src)->obj();
  const pipe::Box& sb = info.src.box;
  const pipe::Box& db = info.dst.box;
  const bool color = plan.color;
  const int32_t dx0 = plan.dst_x0, dx1 = plan.dst_x1, dy0 = plan.dst_y0, dy1 = plan.dst_y1;
  const pipe::FramebufferState saved = render_pass_.framebuffer();
  const auto saved_refs = render_pass_.surfaces();  // keeps the saved surfaces alive
  const uint32_t layers = uint32_t(std::max(1, sb.depth));
  for (uint32_t l = 0; l < layers && !failed(); ++l) {
    pipe::SurfaceTemplate st;
    st.format = plan.dst_format;
    st.level = info.dst.level;
    st.first_layer = st.last_layer = uint32_t(db.z) + l;
    Ref<pipe::Surface> surf = create_surface(dst, st);
    pipe::SamplerViewTemplate vt;
    vt.format = plan.src_format;
    vt.swizzle = plan.src_swizzle;
    vt.target = pipe::Target::Texture2D;
    vt.first_level = vt.last_level = info.src.level;
    vt.first_layer = vt.last_layer = uint32_t(sb.z) + l;
    // A depth/stencil source: a view of each aspect the blit reads.
    const bool main_draw = color || plan.depth;
    Ref<pipe::SamplerView> view = main_draw ? create_sampler_view(src, vt) : nullptr;
    Ref<pipe::SamplerView> stencil_view;
    if (plan.stencil) {
      vt.depth_stencil_aspect = pipe::DepthStencilAspect::Stencil;
      stencil_view = create_sampler_view(src, vt);
    }
    if (!surf || (main_draw && !view) || (plan.stencil && !stencil_view)) break;
    pipe::FramebufferState fb;
    fb.width = surf->width();
    fb.height = surf->height();
    fb.samples = dst->templ().samples;
    if (color) {
      fb.nr_cbufs = 1;
      fb.cbufs[0] = surf.get();
    } else {
      fb.zsbuf = surf.get();
    }
    bind_framebuffer(fb);
    int32_t x0 = std::max(0, dx0), y0 = std::max(0, dy0);
    int64_t x1 = std::min<int64_t>(dx1, fb.width), y1 = std::min<int64_t>(dy1, fb.height);
    if (info.scissor_enable) {
      x0 = std::max(x0, info.scissor.x);
      y0 = std::max(y0, info.scissor.y);
      x1 = std::min<int64_t>(x1, int64_t(info.scissor.x) + info.scissor.width);
      y1 = std::min<int64_t>(y1, int64_t(info.scissor.y) + info.scissor.height);
    }
    if (x1 <= x0 || y1 <= y0) break;
    sync_.image_read(so, {VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                          sampled_layout(so->aspect), false},
                     {so->aspect, info.src.level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
    ring_.mark_recorded();
    vk::Status s = render_pass_.begin();
    if (!s) {
      fail(s);
      break;
    }
    MetaKey key;
    if (!meta_key_for_framebuffer(&key)) break;
    const VkViewport vp{float(dx0), float(dy0), float(dx1 - dx0), float(dy1 - dy0), 0, 1};
    const VkRect2D rect{{x0, y0}, {uint32_t(x1 - x0), uint32_t(y1 - y0)}};
    if (main_draw) {
      MetaKey k = key;
      k.shader = static_cast<uint8_t>(plan.shader);
      k.write_mask = 15;
      k.depth_write = plan.depth;
      auto* v = static_cast<VulkanSamplerView*>(view.get());
      const VkDescriptorImageInfo image{meta_->sampler(plan.linear), v->image_view, sampled_layout(so->aspect)};
      meta_draw(k, plan.push, vp, rect, 0, 0, &image);
      sync_.mark(v->usage, false);
    }
    if (plan.stencil) blit_stencil_bits(key, plan, vp, rect, static_cast<VulkanSamplerView*>(stencil_view.get()));
    sync_.mark_read(so);
    sync_.note_write_outside_draw();
  }
  bind_framebuffer(saved);
  g_blits_shader.add();
  return true;
}

void VulkanContext::blit_stencil_bits(const MetaKey& framebuffer_key, const ShaderBlitPlan& plan,
                                      const VkViewport& viewport, const VkRect2D& rect, VulkanSamplerView* source) {
  // GL blits bypass the stencil write mask (GL 4.6 §18.3.1): the rectangle
  // is cleared whole, then each set bit written where the source has it.
  MetaKey clear = framebuffer_key;
  clear.shader = static_cast<uint8_t>(MetaShader::None);
  clear.stencil_write = 1;
  if (!meta_draw(clear, plan.push, viewport, rect, 0xff, 0, nullptr)) return;
  MetaKey bit_key = clear;
  bit_key.shader = static_cast<uint8_t>(plan.stencil_shader);
  const VkDescriptorImageInfo image{meta_->sampler(false), source->image_view,
                                    sampled_layout(driver_resource(source->resource())->obj()->aspect)};
  MetaPush push = plan.push;
  for (uint32_t bit = 0; bit < 8; ++bit) {
    const uint32_t mask = 1u << bit;
    std::memcpy(&push.value[0], &mask, sizeof(mask));
    if (!meta_draw(bit_key, push, viewport, rect, mask, 0xff, &image)) return;
  }
  sync_.mark(source->usage, false);
  g_blits_stencil_bits.add();
}

void VulkanContext::clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                          double depth, uint32_t stencil) {
  conditional_.suspend(ring_.main_cmd());  // vkCmdClearAttachments is predicated too
  if (!failed()) fail(render_pass_.clear(buffers, scissor, color, depth, stencil));
}

void VulkanContext::clear_surface(pipe::Surface* dst, uint32_t buffers, const pipe::ColorValue& color, double depth,
                                  uint32_t stencil, uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
  // Through a temporary framebuffer, so it shares the lazy load-op path.
  const pipe::FramebufferState saved = render_pass_.framebuffer();
  const auto saved_refs = render_pass_.surfaces();  // keeps the saved surfaces alive
  pipe::FramebufferState fb;
  fb.width = dst->width();
  fb.height = dst->height();
  fb.samples = dst->resource()->templ().samples;
  if (buffers & pipe::kClearColor0) {
    fb.nr_cbufs = 1;
    fb.cbufs[0] = dst;
  } else {
    fb.zsbuf = dst;
  }
  bind_framebuffer(fb);
  const pipe::ScissorRect rect{int32_t(x), int32_t(y), w, h};
  clear(buffers, &rect, color, depth, stencil);
  bind_framebuffer(saved);
}

void VulkanContext::clear_render_target(pipe::Surface* dst, const pipe::ColorValue& color, uint32_t x, uint32_t y,
                                        uint32_t w, uint32_t h) {
  clear_surface(dst, pipe::kClearColor0, color, 0, 0, x, y, w, h);
}

void VulkanContext::clear_depth_stencil(pipe::Surface* dst, uint32_t flags, double depth, uint32_t stencil, uint32_t x,
                                        uint32_t y, uint32_t w, uint32_t h) {
  clear_surface(dst, flags & (pipe::kClearDepth | pipe::kClearStencil), {}, depth, stencil, x, y, w, h);
}

}  // namespace brass::driver
