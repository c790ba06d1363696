#include "driver/transfer/copy_commands.h"

#include <algorithm>

#include "driver/resource/resource_object.h"

namespace brass::driver {

namespace {
constexpr AccessRequest kCopyRead{VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false};
constexpr AccessRequest kCopyWrite{VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true};
constexpr AccessRequest kBlitRead{VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false};
constexpr AccessRequest kBlitWrite{VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true};

// Every layer of one level: accesses are tracked per level.
VkImageSubresourceRange level_range(const ResourceObject* o, uint32_t level) {
  return {o->aspect, level, 1, 0, VK_REMAINING_ARRAY_LAYERS};
}
}  // namespace

void record_image_copy(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* d, ResourceObject* s,
                       const ImageCopyRegion& r) {
  BarrierBatch& barriers = sync.barriers();
  sync.image_read(s, kCopyRead, level_range(s, r.src_level));
  barriers.image_access(d->levels, kCopyWrite, d->image, level_range(d, r.dst_level));
  barriers.emit(cmd);
  const pipe::Box& box = r.box;
  // A 3D side addresses box.depth slices of its one layer, a layered side
  // box.depth layers; between a 3D and a layered image the slices and
  // layers pair up (Vulkan 1.1's rule for copies between 2D and 3D images).
  const uint32_t layers = uint32_t(box.depth);
  VkImageCopy region{};
  region.srcSubresource = {r.aspects ? r.aspects : s->aspect, r.src_level, r.src_3d ? 0u : uint32_t(box.z),
                           r.src_3d ? 1u : layers};
  region.srcOffset = {box.x, box.y, r.src_3d ? box.z : 0};
  region.dstSubresource = {r.aspects ? r.aspects : d->aspect, r.dst_level, r.dst_3d ? 0u : r.dst_z,
                           r.dst_3d ? 1u : layers};
  region.dstOffset = {int32_t(r.dst_x), int32_t(r.dst_y), r.dst_3d ? int32_t(r.dst_z) : 0};
  region.extent = {uint32_t(box.width), uint32_t(box.height), (r.src_3d || r.dst_3d) ? layers : 1};
  vkCmdCopyImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                 &region);
  sync.mark_read(s);
  sync.mark_write(d);
}

void record_buffer_copy(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* d, uint64_t dst_offset, VkBuffer src,
                        uint64_t src_offset, uint64_t size, ResourceObject* s) {
  BarrierBatch& barriers = sync.barriers();
  if (s) {
    barriers.buffer_access(s->access, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                                       VK_IMAGE_LAYOUT_UNDEFINED, false});
    sync.mark_read(s);
  }
  barriers.buffer_access(d->access, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                     VK_IMAGE_LAYOUT_UNDEFINED, true});
  barriers.emit(cmd);
  const VkBufferCopy region{src_offset, dst_offset, size};
  vkCmdCopyBuffer(cmd, src, d->buffer, 1, &region);
  sync.mark_write(d);
}

void record_transfer_blit(VkCommandBuffer cmd, SyncTracker& sync, const pipe::BlitInfo& info, ResourceObject* d,
                          ResourceObject* s, bool resolve) {
  BarrierBatch& barriers = sync.barriers();
  sync.image_read(s, kBlitRead, level_range(s, info.src.level));
  barriers.image_access(d->levels, kBlitWrite, d->image, level_range(d, info.dst.level));
  barriers.emit(cmd);
  VkImageAspectFlags aspect = 0;
  if (info.mask & pipe::kBlitColor) aspect |= VK_IMAGE_ASPECT_COLOR_BIT;
  if (info.mask & pipe::kBlitDepth) aspect |= VK_IMAGE_ASPECT_DEPTH_BIT;
  if (info.mask & pipe::kBlitStencil) aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
  aspect &= s->aspect & d->aspect;
  const pipe::Box& sb = info.src.box;
  const pipe::Box& db = info.dst.box;
  const uint32_t layers = std::max(1, sb.depth);
  const VkImageSubresourceLayers src_layers{aspect, info.src.level, uint32_t(sb.z), layers};
  const VkImageSubresourceLayers dst_layers{aspect, info.dst.level, uint32_t(db.z), layers};
  if (resolve) {
    VkImageResolve r{};
    r.srcSubresource = src_layers;
    r.srcOffset = {sb.x, sb.y, 0};
    r.dstSubresource = dst_layers;
    r.dstOffset = {db.x, db.y, 0};
    r.extent = {uint32_t(sb.width), uint32_t(sb.height), 1};
    vkCmdResolveImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image,
                      VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
  } else {
    VkImageBlit r{};
    r.srcSubresource = src_layers;
    r.srcOffsets[0] = {sb.x, sb.y, 0};
    r.srcOffsets[1] = {sb.x + sb.width, sb.y + sb.height, 1};
    r.dstSubresource = dst_layers;
    r.dstOffsets[0] = {db.x, db.y, 0};
    r.dstOffsets[1] = {db.x + db.width, db.y + db.height, 1};
    vkCmdBlitImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                   1, &r, info.filter == pipe::Filter::Linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
  }
  sync.mark_read(s);
  sync.mark_write(d);
}

void record_mipmap_chain(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* o, const pipe::ResourceTemplate& t,
                         uint32_t base_level, uint32_t last_level, uint32_t first_layer, uint32_t last_layer) {
  BarrierBatch& barriers = sync.barriers();
  const uint32_t layers = last_layer - first_layer + 1;
  // Whole image to TRANSFER_DST, then each level: DST -> SRC once written.
  barriers.image_access(o->levels, {VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_TRANSFER_READ_BIT,
                                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true},
                        o->image, {o->aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS});
  barriers.emit(cmd);
  BarrierNeed level_barrier;
  level_barrier.needed = true;
  level_barrier.src_stages = level_barrier.dst_stages = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  level_barrier.src_access = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  level_barrier.dst_access = VK_ACCESS_2_TRANSFER_READ_BIT;
  level_barrier.old_layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  level_barrier.new_layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  for (uint32_t l = base_level; l < last_level; ++l) {
    barriers.add_image_barrier(level_barrier, o->image, {o->aspect, l, 1, first_layer, layers});
    barriers.emit(cmd);
    // A 3D level is a box of slices that also halves in depth: the blit
    // covers all of them (a depth of 1 would leave every slice past the
    // first of each derived level unwritten).
    const auto slices = [&](uint32_t level) {
      return t.target == pipe::Target::Texture3D ? int32_t(std::max(1u, t.depth >> level)) : 1;
    };
    VkImageBlit b{};
    b.srcSubresource = {o->aspect, l, first_layer, layers};
    b.srcOffsets[1] = {int32_t(std::max(1u, t.width >> l)), int32_t(std::max(1u, t.height >> l)), slices(l)};
    b.dstSubresource = {o->aspect, l + 1, first_layer, layers};
    b.dstOffsets[1] = {int32_t(std::max(1u, t.width >> (l + 1))), int32_t(std::max(1u, t.height >> (l + 1))),
                       slices(l + 1)};
    vkCmdBlitImage(cmd, o->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, o->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                   1, &b, VK_FILTER_LINEAR);
  }
  // Bring every level to TRANSFER_SRC so the image has one layout again.
  barriers.add_image_barrier(level_barrier, o->image, {o->aspect, last_level, 1, first_layer, layers});
  if (base_level > 0) barriers.add_image_barrier(level_barrier, o->image, {o->aspect, 0, base_level, first_layer, layers});
  if (last_level + 1 < t.levels)
    barriers.add_image_barrier(level_barrier, o->image,
                               {o->aspect, last_level + 1, t.levels - last_level - 1, first_layer, layers});
  barriers.emit(cmd);
  AccessState after;
  after.layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  after.write_stages = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  after.write_access = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  after.read_stages = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  after.read_access = VK_ACCESS_2_TRANSFER_READ_BIT;
  o->levels.set_all(after);
  sync.mark_write(o);
}

void record_buffer_to_image(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* o, uint32_t level, VkBuffer src,
                            const VkBufferImageCopy* regions, uint32_t count) {
  sync.barriers().image_access(o->levels, kCopyWrite, o->image, level_range(o, level));
  sync.barriers().emit(cmd);
  vkCmdCopyBufferToImage(cmd, src, o->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, count, regions);
  sync.mark_write(o);
}

}  // namespace brass::driver
