// Copies, blits and mipmap generation. Each goes to the upload stream when
// it touches nothing this batch's main stream used (so an open render pass
// survives), else to the main stream after ending the pass.
#include "driver/context.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_blits_native("blit.vk_blit");
StatCounter g_blits_resolve("blit.vk_resolve");
StatCounter g_blits_unsupported("blit.unsupported");

VkImageSubresourceLayers layers_of(const ResourceObject* o, uint32_t level, uint32_t first, uint32_t count) {
  return {o->aspect, level, first, count};
}
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
    fail(copy_buffer(d, dstx, s->buffer, box.x, box.width, s));
    driver_resource(dst)->valid_range.add({dstx, uint64_t(dstx) + box.width});
    return;
  }
  bool upload;
  VkCommandBuffer cmd = transfer_stream(d, s, &upload);
  const VkImageSubresourceRange all{VK_IMAGE_ASPECT_NONE, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  VkImageSubresourceRange sr = all, dr = all;
  sr.aspectMask = s->aspect;
  sr.baseMipLevel = src_level;
  sr.levelCount = 1;
  dr.aspectMask = d->aspect;
  dr.baseMipLevel = dst_level;
  dr.levelCount = 1;
  sync_.barriers().image_access(s->levels, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false}, s->image, sr);
  sync_.barriers().image_access(d->levels, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true}, d->image, dr);
  sync_.barriers().emit(cmd);
  VkImageCopy region{};
  const uint32_t layers = is_3d(src) ? 1 : uint32_t(box.depth);
  region.srcSubresource = layers_of(s, src_level, is_3d(src) ? 0 : box.z, layers);
  region.srcOffset = {box.x, box.y, is_3d(src) ? box.z : 0};
  region.dstSubresource = layers_of(d, dst_level, is_3d(dst) ? 0 : dstz, layers);
  region.dstOffset = {int32_t(dstx), int32_t(dsty), is_3d(dst) ? int32_t(dstz) : 0};
  region.extent = {uint32_t(box.width), uint32_t(box.height), is_3d(src) ? uint32_t(box.depth) : 1};
  vkCmdCopyImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
  sync_.mark_read(s);
  sync_.mark_write(d);
  if (upload) sync_.release_after_upload(d, cmd);
}

vk::Status VulkanContext::copy_buffer(ResourceObject* d, uint64_t dst_offset, VkBuffer src, uint64_t src_offset,
                                      uint64_t size, ResourceObject* s) {
  bool upload;
  VkCommandBuffer cmd = transfer_stream(d, s, &upload);
  if (s) {
    sync_.barriers().buffer_access(s->access, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_UNDEFINED, false});
    sync_.mark_read(s);
  }
  sync_.barriers().buffer_access(d->access, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED, true});
  sync_.barriers().emit(cmd);
  const VkBufferCopy region{src_offset, dst_offset, size};
  vkCmdCopyBuffer(cmd, src, d->buffer, 1, &region);
  sync_.mark_write(d);
  if (upload) sync_.release_after_upload(d, cmd);
  return {};
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
  sync_.barriers().image_access(s->levels, {VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false},
                         s->image, {s->aspect, info.src.level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
  sync_.barriers().image_access(d->levels, {VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true},
                         d->image, {d->aspect, info.dst.level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
  sync_.barriers().emit(cmd);
  VkImageAspectFlags aspect = 0;
  if (info.mask & pipe::kBlitColor) aspect |= VK_IMAGE_ASPECT_COLOR_BIT;
  if (info.mask & pipe::kBlitDepth) aspect |= VK_IMAGE_ASPECT_DEPTH_BIT;
  if (info.mask & pipe::kBlitStencil) aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
  aspect &= s->aspect & d->aspect;
  const uint32_t layers = std::max(1, sb.depth);
  if (can_resolve) {
    VkImageResolve r{};
    r.srcSubresource = {aspect, info.src.level, uint32_t(sb.z), layers};
    r.srcOffset = {sb.x, sb.y, 0};
    r.dstSubresource = {aspect, info.dst.level, uint32_t(db.z), layers};
    r.dstOffset = {db.x, db.y, 0};
    r.extent = {uint32_t(sb.width), uint32_t(sb.height), 1};
    vkCmdResolveImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
    g_blits_resolve.add();
  } else {
    VkImageBlit r{};
    r.srcSubresource = {aspect, info.src.level, uint32_t(sb.z), layers};
    r.srcOffsets[0] = {sb.x, sb.y, 0};
    r.srcOffsets[1] = {sb.x + sb.width, sb.y + sb.height, 1};
    r.dstSubresource = {aspect, info.dst.level, uint32_t(db.z), layers};
    r.dstOffsets[0] = {db.x, db.y, 0};
    r.dstOffsets[1] = {db.x + db.width, db.y + db.height, 1};
    vkCmdBlitImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r,
                   info.filter == pipe::Filter::Linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
    g_blits_native.add();
  }
  sync_.mark_read(s);
  sync_.mark_write(d);
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
  const uint32_t layers = last_layer - first_layer + 1;
  // Whole image to TRANSFER_DST, then each level: DST -> SRC once written.
  sync_.barriers().image_access(o->levels, {VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_TRANSFER_READ_BIT,
                                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true},
                         o->image, {o->aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS});
  sync_.barriers().emit(cmd);
  BarrierNeed level_barrier;
  level_barrier.needed = true;
  level_barrier.src_stages = level_barrier.dst_stages = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  level_barrier.src_access = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  level_barrier.dst_access = VK_ACCESS_2_TRANSFER_READ_BIT;
  level_barrier.old_layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  level_barrier.new_layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  const uint32_t w = r->templ().width, h = r->templ().height;
  for (uint32_t l = base_level; l < last_level; ++l) {
    sync_.barriers().add_image_barrier(level_barrier, o->image, {o->aspect, l, 1, first_layer, layers});
    sync_.barriers().emit(cmd);
    VkImageBlit b{};
    b.srcSubresource = {o->aspect, l, first_layer, layers};
    b.srcOffsets[1] = {int32_t(std::max(1u, w >> l)), int32_t(std::max(1u, h >> l)), 1};
    b.dstSubresource = {o->aspect, l + 1, first_layer, layers};
    b.dstOffsets[1] = {int32_t(std::max(1u, w >> (l + 1))), int32_t(std::max(1u, h >> (l + 1))), 1};
    vkCmdBlitImage(cmd, o->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, o->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b,
                   VK_FILTER_LINEAR);
  }
  // Bring every level to TRANSFER_SRC so the image has one layout again.
  sync_.barriers().add_image_barrier(level_barrier, o->image, {o->aspect, last_level, 1, first_layer, layers});
  if (base_level > 0) sync_.barriers().add_image_barrier(level_barrier, o->image, {o->aspect, 0, base_level, first_layer, layers});
  const uint32_t total = r->templ().levels;
  if (last_level + 1 < total)
    sync_.barriers().add_image_barrier(level_barrier, o->image, {o->aspect, last_level + 1, total - last_level - 1, first_layer, layers});
  sync_.barriers().emit(cmd);
  AccessState after;
  after.layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  after.write_stages = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  after.write_access = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  after.read_stages = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  after.read_access = VK_ACCESS_2_TRANSFER_READ_BIT;
  o->levels.set_all(after);
  sync_.mark_write(o);
  if (upload) sync_.release_after_upload(o, cmd);
  return true;
}

}  // namespace brass::driver
