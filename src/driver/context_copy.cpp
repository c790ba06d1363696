// Copies, blits and mipmap generation. Each goes to the upload stream when
// it touches nothing this batch's main stream used (so an open render pass
// survives), else to the main stream after ending the pass.
#include "driver/context.h"
#include "driver/transfer/copy_commands.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_blits_native("blit.vk_blit");
StatCounter g_blits_resolve("blit.vk_resolve");
StatCounter g_blits_unsupported("blit.unsupported");

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
  const bool can_blit = !resolve && (sf & VK_FORMAT_FEATURE_BLIT_SRC_BIT) && (df & VK_FORMAT_FEATURE_BLIT_DST_BIT) &&
                        (info.filter == pipe::Filter::Nearest || (sf & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)) &&
                        !info.scissor_enable;
  const bool can_resolve = resolve && same_size && s->format.vk == d->format.vk && sb.width > 0 && sb.height > 0 &&
                           !info.scissor_enable;
  // Transfer blits copy stored channels: emulated formats (swizzles,
  // conversions) and view formats other than the resources' go through the
  // shader path, which samples and renders through views.
  const bool plain = s->format.native() && d->format.native() &&
                     (info.src.format == pipe::Format::None || info.src.format == info.src.resource->templ().format) &&
                     (info.dst.format == pipe::Format::None || info.dst.format == info.dst.resource->templ().format);
  const bool transfer_ok = can_blit || can_resolve;
  // Stencil has no shader path (no stencil export): keep the transfer one.
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
