// Copies, blits and mipmap generation. Each goes to the upload stream when
// it touches nothing this batch's main stream used (so an open render pass
// survives), else to the main stream after ending the pass.
#include <algorithm>
#include <cstdlib>

#include "driver/context.h"
#include "driver/transfer/copy_commands.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_blits_native("blit.vk_blit");
StatCounter g_blits_resolve("blit.vk_resolve");
StatCounter g_blits_unsupported("blit.unsupported");
StatCounter g_blits_copy("blit.multisample_copy");

bool is_3d(const pipe::Resource* r) { return r->templ().target == pipe::Target::Texture3D; }
}  // namespace

void VulkanContext::resource_copy_region(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty,
                                         uint32_t dstz, pipe::Resource* src, uint32_t src_level,
                                         const pipe::Box& box) {
  if (failed() || !dst || !src) return;
  ResourceObject* d = driver_resource(dst)->obj();
  ResourceObject* s = driver_resource(src)->obj();
  if (dst->is_buffer() != src->is_buffer()) {
    BRASS_WARN("resource_copy_region between a buffer and a texture");
    return;
  }
  if (dst->is_buffer()) {
    fail(transfers_.copy_buffer(d, dstx, s->buffer, box.x, box.width, s));
    driver_resource(dst)->valid_range.add({dstx, uint64_t(dstx) + box.width});
    return;
  }
  bool upload;
  VkCommandBuffer cmd = transfer_stream(d, s, &upload);
  const ImageCopyRegion region{dst_level, dstx, dsty, dstz, src_level, box, is_3d(dst), is_3d(src)};
  record_image_copy(cmd, sync_, d, s, region);
  if (upload) sync_.release_after_upload(d, cmd);
  copy_shadow(driver_resource(dst), dst_level, dstx, dsty, dstz, driver_resource(src), src_level, box);
}

void VulkanContext::blit(const pipe::BlitInfo& info) {
  if (failed() || !info.dst.resource || !info.src.resource) return;
  ResourceObject* d = driver_resource(info.dst.resource)->obj();
  ResourceObject* s = driver_resource(info.src.resource)->obj();
  if (!d->image || !s->image) return;
  const pipe::Box& sb = info.src.box;
  const pipe::Box& db = info.dst.box;
  const bool same_size = sb.width == db.width && sb.height == db.height;
  const bool resolve = s->samples != VK_SAMPLE_COUNT_1_BIT && d->samples == VK_SAMPLE_COUNT_1_BIT;
  const VkFormatFeatureFlags sf = device_.formats().properties(s->format.vk).optimalTilingFeatures;
  const VkFormatFeatureFlags df = device_.formats().properties(d->format.vk).optimalTilingFeatures;
  // vkCmdBlitImage takes single-sampled images only, and depth/stencil
  // images only of one format on both sides (GL also blits the depth of a
  // DEPTH_COMPONENT24 buffer into a DEPTH24_STENCIL8 one: the shader path).
  const bool single = s->samples == VK_SAMPLE_COUNT_1_BIT && d->samples == VK_SAMPLE_COUNT_1_BIT;
  const bool blit_formats = d->aspect == VK_IMAGE_ASPECT_COLOR_BIT || s->format.vk == d->format.vk;
  const bool can_blit = single && blit_formats && (sf & VK_FORMAT_FEATURE_BLIT_SRC_BIT) && (df & VK_FORMAT_FEATURE_BLIT_DST_BIT) &&
                        (info.filter == pipe::Filter::Nearest || (sf & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)) &&
                        !info.scissor_enable;
  // vkCmdResolveImage resolves color only; depth and stencil resolves take
  // the shader path (one sample, as GL 4.6 §18.3.1 allows).
  const bool can_resolve = resolve && same_size && s->format.vk == d->format.vk && sb.width > 0 && sb.height > 0 &&
                           !info.scissor_enable && d->aspect == VK_IMAGE_ASPECT_COLOR_BIT;
  // Between multisampled images of as many samples (GL's multisample to
  // multisample blit, same size and format): the samples copied as they
  // are, which neither vkCmdBlitImage (single-sampled only) nor the shader
  // path (it resolves) does; of a depth/stencil image only the blit's
  // aspects, except where the device's copies, like its blits, write both
  // (lavapipe: the e2e test of a depth-only blit saw the stencil change).
  const VkImageAspectFlags blit_aspects =
      ((info.mask & pipe::kBlitColor) ? VK_IMAGE_ASPECT_COLOR_BIT : 0) |
      ((info.mask & pipe::kBlitDepth) ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
      ((info.mask & pipe::kBlitStencil) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
  const bool same_view = (info.src.format == pipe::Format::None || info.src.format == info.src.resource->templ().format) &&
                         (info.dst.format == pipe::Format::None || info.dst.format == info.dst.resource->templ().format);
  if (s->samples != VK_SAMPLE_COUNT_1_BIT && s->samples == d->samples && same_size && sb.width > 0 &&
      sb.height > 0 && sb.depth == db.depth && s->format.vk == d->format.vk && same_view && !info.scissor_enable &&
      (d->aspect & blit_aspects) != 0 &&
      ((d->aspect & ~blit_aspects) == 0 || !device_.caps().blit_writes_all_aspects)) {
    bool upload;
    VkCommandBuffer cmd = transfer_stream(d, s, &upload);
    ImageCopyRegion region{info.dst.level, uint32_t(db.x), uint32_t(db.y), uint32_t(db.z), info.src.level, sb};
    region.aspects = d->aspect & blit_aspects;
    record_image_copy(cmd, sync_, d, s, region);
    if (upload) sync_.release_after_upload(d, cmd);
    g_blits_copy.add();
    return;
  }
  // One aspect of combined depth/stencil images, on a device whose blits
  // write both: through the shader path, which writes only the aspects it
  // draws (stencil bit by bit); stencil alone, where the shader path cannot
  // (a source without sampled usage), with the destination's depth saved
  // and restored around a blit of both.
  const VkImageAspectFlags zs = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
  const uint8_t zs_mask = info.mask & (pipe::kBlitDepth | pipe::kBlitStencil);
  if (device_.caps().blit_writes_all_aspects && !resolve && (s->aspect & zs) == zs && (d->aspect & zs) == zs &&
      (zs_mask == pipe::kBlitDepth || zs_mask == pipe::kBlitStencil)) {
    if (shader_blit(info) || (zs_mask == pipe::kBlitStencil && !failed() && blit_stencil_keeping_depth(info))) return;
    if (failed()) return;
  }
  // Transfer blits copy stored channels: emulated formats (swizzles,
  // conversions) and view formats other than the resources' go through the
  // shader path, which samples and renders through views.
  const bool plain = s->format.native() && d->format.native() &&
                     (info.src.format == pipe::Format::None || info.src.format == info.src.resource->templ().format) &&
                     (info.dst.format == pipe::Format::None || info.dst.format == info.dst.resource->templ().format);
  const bool transfer_ok = can_blit || can_resolve;
  // Stencil keeps the transfer path where it has one: one command against
  // the shader path's nine draws.
  if (!transfer_ok || (!plain && !(info.mask & pipe::kBlitStencil))) {
    if (shader_blit(info) || failed()) return;
    if (!transfer_ok) {
      g_blits_unsupported.add();
      BRASS_WARN_ONCE("blit unsupported by both vkCmdBlitImage/vkCmdResolveImage and the shader path");
      return;
    }
  }
  bool upload;
  VkCommandBuffer cmd = transfer_stream(d, s, &upload);
  record_transfer_blit(cmd, sync_, info, d, s, can_resolve);
  (can_resolve ? g_blits_resolve : g_blits_native).add();
  if (upload) sync_.release_after_upload(d, cmd);
}

bool VulkanContext::blit_stencil_keeping_depth(const pipe::BlitInfo& info) {
  const pipe::Box& db = info.dst.box;
  if (db.depth > 1 || db.width == 0 || db.height == 0) return false;
  const int32_t x = std::min(db.x, db.x + db.width), y = std::min(db.y, db.y + db.height);
  const int32_t w = std::abs(db.width), h = std::abs(db.height);
  pipe::ResourceTemplate t;
  t.format = info.dst.resource->templ().format;
  t.width = static_cast<uint32_t>(w);
  t.height = static_cast<uint32_t>(h);
  t.bind = pipe::kBindDepthStencil | pipe::kBindSamplerView;
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> saved = screen_.resource_create(t, &status);
  if (!saved) return false;
  pipe::BlitInfo save;
  save.mask = pipe::kBlitDepth;
  save.src = info.dst;
  save.src.box = {x, y, db.z, w, h, 1};
  save.dst.resource = saved.get();
  save.dst.box = {0, 0, 0, w, h, 1};
  if (!shader_blit(save)) return false;  // nothing written yet: the caller's path goes on
  pipe::BlitInfo both = info;
  both.mask = pipe::kBlitDepth | pipe::kBlitStencil;
  blit(both);
  pipe::BlitInfo restore;
  restore.mask = pipe::kBlitDepth;
  restore.src.resource = saved.get();
  restore.src.box = {0, 0, 0, w, h, 1};
  restore.dst = info.dst;
  restore.dst.box = {x, y, db.z, w, h, 1};
  // The path that saved the depth restores it (same formats, sizes, usage).
  shader_blit(restore);
  return true;
}

bool VulkanContext::generate_mipmap(pipe::Resource* r, uint32_t base_level, uint32_t last_level, uint32_t first_layer,
                                    uint32_t last_layer) {
  if (failed() || !r || r->is_buffer() || last_level <= base_level) return false;
  ResourceObject* o = driver_resource(r)->obj();
  const VkFormatFeatureFlags f = device_.formats().properties(o->format.vk).optimalTilingFeatures;
  if (!(f & VK_FORMAT_FEATURE_BLIT_SRC_BIT) || !(f & VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
      !(f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT))
    return false;  // the frontend falls back to a shader path
  bool upload;
  VkCommandBuffer cmd = transfer_stream(o, nullptr, &upload);
  record_mipmap_chain(cmd, sync_, o, r->templ(), base_level, last_level, first_layer, last_layer);
  if (upload) sync_.release_after_upload(o, cmd);
  return true;
}

}  // namespace brass::driver
