// CPU <-> GPU data: buffer_subdata, texture_subdata and map/unmap.
// Writes avoid waiting whenever they can: a range nobody initialised or an
// idle buffer is written directly; a whole-buffer write to a busy buffer
// swaps its storage; a partial write to a busy range goes through staging.
// Reads wait only for the last writer.
#include "driver/transfer/cpu_transfers.h"

#include <cstdint>
#include <cstring>
#include <numeric>

#include "device/format_conversion.h"
#include "driver/transfer/copy_commands.h"
#include "driver/transfer/texel_packing.h"
#include "util/log.h"
#include "util/range.h"
#include "util/stats.h"

namespace brass::driver {

CpuTransfers::CpuTransfers(TransferHost& host, vk::Device& device, BatchRing& ring, SyncTracker& sync,
                           StreamBuffer& stream)
    : host_(host), device_(device), ring_(ring), sync_(sync), stream_(stream) {}

namespace {

// Buffer-image copies need buffer offsets that are multiples of the image's
// texel block size: 12 bytes for RGB32 formats stored natively, which the
// stream's usual 16 is not.
VkDeviceSize staging_alignment(const ResourceObject& o, pipe::Format f) {
  const size_t texel = vk::stored_texel_size(f, o.format.conversion);
  return std::lcm<VkDeviceSize>(16, texel ? texel : 1);
}

StatCounter g_map_direct("transfer.map_direct");
StatCounter g_map_staged("transfer.map_staged");
StatCounter g_map_waited("transfer.map_waited");
}  // namespace

void CpuTransfers::buffer_subdata(pipe::Resource* pr, uint32_t usage, uint64_t offset, uint64_t size, const void* data) {
  if (host_.failed() || !pr || !pr->is_buffer() || size == 0 || !range_fits<uint64_t>(offset, size, pr->templ().width)) return;
  const pipe::Box box{int32_t(offset), 0, 0, int32_t(size), 1, 1};
  usage |= pipe::kMapWrite;
  if (offset == 0 && size == pr->templ().width) usage |= pipe::kMapDiscardWholeResource;
  else usage |= pipe::kMapDiscardRange;
  pipe::Transfer* t = nullptr;
  void* p = map(pr, 0, usage, box, &t);
  if (!p) return;
  std::memcpy(p, data, size);
  unmap(t);
}

vk::Status CpuTransfers::copy_buffer(ResourceObject* d, uint64_t dst_offset, VkBuffer src, uint64_t src_offset,
                                     uint64_t size, ResourceObject* s) {
  bool upload;
  VkCommandBuffer cmd = host_.transfer_stream(d, s, &upload);
  record_buffer_copy(cmd, sync_, d, dst_offset, src, src_offset, size, s);
  if (upload) sync_.release_after_upload(d, cmd);
  return {};
}

vk::Status CpuTransfers::upload_image(Resource* r, uint32_t level, const pipe::Box& box, const void* data,
                                       uint32_t stride, uint32_t layer_stride) {
  ResourceObject* o = r->obj();
  const pipe::Format f = r->templ().format;
  const vk::FormatConversion conv = o->format.conversion;
  const pipe::FormatDescription& d = pipe::describe(f);
  const uint32_t row = (box.width + d.block_width - 1) / d.block_width * d.block_bytes;
  const uint32_t rows = (box.height + d.block_height - 1) / d.block_height;
  const uint32_t slices = std::max(1, box.depth);
  if (!stride) stride = row;
  if (!layer_stride) layer_stride = stride * rows;
  // Decoded on upload: the blocks are kept for reading back (compressed_shadow.h).
  if (r->stores_decoded()) {
    CompressedShadow* shadow = r->shadow_for_write();
    if (!shadow || !shadow->write(level, box, static_cast<const uint8_t*>(data), stride, layer_stride))
      return vk::Status{VK_ERROR_OUT_OF_HOST_MEMORY};
  }
  StreamAllocation a;
  VkDeviceSize stencil_offset = 0;
  if (packed_depth_stencil(o)) {
    const size_t texels = size_t(box.width) * box.height * slices;
    const size_t stencil_at = (texels * 4 + 15) & ~size_t(15);
    vk::Status s = stream_.allocate(stencil_at + texels, 16, &a);
    if (!s) return s;
    stencil_offset = a.offset + stencil_at;
    split_depth_stencil(f, box.width, box.height, slices, static_cast<const uint8_t*>(data), stride, layer_stride,
                        reinterpret_cast<uint32_t*>(a.ptr), a.ptr + stencil_at);
  } else if (conv == vk::FormatConversion::None) {
    vk::Status s = stream_.allocate(uint64_t(row) * rows * slices, staging_alignment(*o, f), &a);
    if (!s) return s;
    for (uint32_t z = 0; z < slices; ++z)
      for (uint32_t y = 0; y < rows; ++y)
        std::memcpy(a.ptr + (uint64_t(z) * rows + y) * row,
                    static_cast<const uint8_t*>(data) + uint64_t(z) * layer_stride + uint64_t(y) * stride, row);
  } else {
    // Emulated format: converted on the CPU into the stored layout.
    if (!vk::can_convert_to_stored(f, conv)) {
      BRASS_WARN_ONCE("no upload conversion for this emulated format");
      return vk::Status{VK_ERROR_FORMAT_NOT_SUPPORTED};
    }
    const vk::ConversionExtent ext{uint32_t(box.width), uint32_t(box.height), slices};
    const size_t size = vk::converted_size(f, conv, ext);
    const bool repack = conv == vk::FormatConversion::DepthStencilRepack;
    const size_t stencil_size = repack ? vk::stencil_plane_size(ext) : 0;
    if (size == SIZE_MAX || stencil_size == SIZE_MAX) return vk::Status{VK_ERROR_OUT_OF_HOST_MEMORY};
    const size_t stencil_at = (size + 15) & ~size_t(15);
    vk::Status s = stream_.allocate(stencil_at + stencil_size, staging_alignment(*o, f), &a);
    if (!s) return s;
    stencil_offset = a.offset + stencil_at;
    const vk::ConstImageData src{data, source_bytes(f, box, stride, layer_stride), stride, layer_stride};
    const vk::ImageData dst{a.ptr, size, 0, 0};
    const vk::ImageData stencil{a.ptr + stencil_at, stencil_size, 0, 0};
    const vk::ConversionStatus cs = vk::convert_to_stored(f, conv, ext, src, dst, repack ? &stencil : nullptr);
    if (cs != vk::ConversionStatus::Ok) {
      BRASS_WARN("upload conversion failed: %s", vk::to_string(cs));
      return vk::Status{VK_ERROR_FORMAT_NOT_SUPPORTED};
    }
  }
  bool upload;
  VkCommandBuffer cmd = host_.transfer_stream(o, nullptr, &upload);
  VkBufferImageCopy c[2];
  const uint32_t n = image_regions(r, o, level, box, a.offset, stencil_offset, c);
  record_buffer_to_image(cmd, sync_, o, level, a.buffer, c, n);
  // An uploaded image is left in its sampled layout on either stream: a
  // texture uploaded by one context (a loading thread) is then sampled by
  // others, several at once, with no layout transition left for any of
  // them to race on.
  sync_.release_after_upload(o, cmd);
  return {};
}

void CpuTransfers::texture_subdata(pipe::Resource* pr, uint32_t level, uint32_t, const pipe::Box& box, const void* data,
                                    uint32_t stride, uint32_t layer_stride) {
  if (host_.failed() || !pr || pr->is_buffer()) return;
  // A stored form without an upload conversion (none the format table
  // lists: FormatTableTest) is reported too (GL_INVALID_OPERATION), not
  // dropped.
  host_.fail(upload_image(driver_resource(pr), level, box, data, stride, layer_stride));
}

void* CpuTransfers::map(pipe::Resource* pr, uint32_t level, uint32_t usage, const pipe::Box& box,
                                  pipe::Transfer** out) {
  if (host_.failed() || !pr) return nullptr;
  Slot* t = nullptr;
  for (auto& slot : slots_)
    if (!slot.in_use) {
      t = &slot;
      break;
    }
  if (!t) {
    BRASS_WARN("too many simultaneous maps");
    return nullptr;
  }
  Resource* r = driver_resource(pr);
  *t = Slot{};
  t->resource = pr;
  t->level = level;
  t->usage = usage;
  t->box = box;
  t->ref = Ref<pipe::Resource>::share(pr);

  if (r->is_buffer()) {
    const Range range{uint64_t(box.x), uint64_t(box.x) + uint64_t(box.width)};
    if (range.end > pr->templ().width) return nullptr;
    ResourceObject* o = r->obj();
    if (usage & pipe::kMapRead) {
      if (sync_.busy(o, true) || sync_.written_this_batch(o)) {
        if (usage & pipe::kMapDontBlock) return nullptr;
        vk::Status s = host_.wait_for(o, true);
        if (!s) return host_.fail(s), nullptr;
        g_map_waited.add();
      }
      if (vk::Status s = device_.memory().invalidate(o->memory, box.x, box.width); !s) return host_.fail(s), nullptr;
      if (usage & pipe::kMapWrite) r->valid_range.add(range);
    } else if (usage & pipe::kMapWrite) {
      const bool in_use = sync_.busy(o, false) || sync_.used_this_batch(o);
      // Immutable storage is never swapped; a persistent map points into
      // the storage itself, never into staging.
      const bool renamable = pr->templ().usage != pipe::Usage::Immutable;
      const bool direct = usage & pipe::kMapPersistent;
      if (!(usage & pipe::kMapUnsynchronized) && in_use) {
        if (renamable && ((usage & pipe::kMapDiscardWholeResource) ||
                          ((usage & pipe::kMapDiscardRange) && range.begin == 0 && range.end == pr->templ().width))) {
          r->valid_range.reset();
          host_.swap_storage(r);
          if (host_.failed()) return nullptr;
          o = r->obj();
        } else if (!r->valid_range.overlaps(range)) {
          // Nothing valid there: no reader can observe the write.
        } else if (!direct && (usage & (pipe::kMapDiscardRange | pipe::kMapDiscardWholeResource))) {
          // The returned pointer less the range's offset is a multiple of
          // MIN_MAP_BUFFER_ALIGNMENT, as for a direct map
          // (pipe::kMinMapBufferAlignment): staging starts that far into a
          // slightly larger allocation.
          constexpr uint64_t kAlign = pipe::kMinMapBufferAlignment;
          vk::Status s = stream_.allocate(box.width + kAlign - 1, kAlign, &t->staging);
          if (!s) return host_.fail(s), nullptr;
          const uint64_t skew =
              (static_cast<uint64_t>(box.x) - reinterpret_cast<uintptr_t>(t->staging.ptr)) & (kAlign - 1);
          t->staging.ptr += skew;
          t->staging.offset += skew;
          t->staged = true;
          t->staging_size = box.width;
          t->in_use = true;
          *out = t;
          r->valid_range.add(range);
          g_map_staged.add();
          return t->staging.ptr;
        } else {
          if (usage & pipe::kMapDontBlock) return nullptr;
          vk::Status s = host_.wait_for(o, false);
          if (!s) return host_.fail(s), nullptr;
          g_map_waited.add();
        }
      }
      r->valid_range.add(range);
    }
    g_map_direct.add();
    t->in_use = true;
    *out = t;
    return static_cast<uint8_t*>(o->memory.mapped) + box.x;
  }

  // Textures go through staging in the stream buffer.
  ResourceObject* o = r->obj();
  const pipe::FormatDescription& d = pipe::describe(pr->templ().format);
  const uint32_t row = (box.width + d.block_width - 1) / d.block_width * d.block_bytes;
  const uint32_t rows = (box.height + d.block_height - 1) / d.block_height;
  const uint32_t slices = std::max(1, box.depth);
  t->stride = row;
  t->layer_stride = row * rows;
  t->staging_size = uint64_t(row) * rows * slices;
  vk::Status s = stream_.allocate(t->staging_size, staging_alignment(*o, pr->templ().format), &t->staging);
  if (!s) return host_.fail(s), nullptr;
  t->staged = true;
  if ((usage & pipe::kMapRead) && r->stores_decoded()) {
    // The blocks as given, from the shadow: the GPU holds only their decoding.
    if (r->shadow) r->shadow->read(level, box, t->staging.ptr, t->stride, t->layer_stride);
    else std::memset(t->staging.ptr, 0, t->staging_size);
  } else if (usage & pipe::kMapRead) {
    const pipe::Format f = pr->templ().format;
    const vk::FormatConversion conv = o->format.conversion;
    const bool packed = packed_depth_stencil(o);
    const bool convert = conv != vk::FormatConversion::None || packed;
    if (convert && !vk::can_convert_from_stored(f, conv)) {
      BRASS_WARN_ONCE("no readback conversion for this emulated format");
      return host_.fail(vk::Status{VK_ERROR_FORMAT_NOT_SUPPORTED}), nullptr;
    }
    // Converted readbacks copy the stored layout to a second staging range
    // and convert into the GL-layout one after the wait.
    const vk::ConversionExtent ext{uint32_t(box.width), uint32_t(box.height), slices};
    const bool repack = conv == vk::FormatConversion::DepthStencilRepack;
    StreamAllocation stored = t->staging;
    size_t stored_size = 0, stencil_at = 0, stencil_size = 0;
    if (convert) {
      stored_size = packed ? size_t(box.width) * box.height * slices * 4 : vk::converted_size(f, conv, ext);
      stencil_size = repack || packed ? vk::stencil_plane_size(ext) : 0;
      stencil_at = (stored_size + 15) & ~size_t(15);
      s = stream_.allocate(stencil_at + stencil_size, staging_alignment(*o, f), &stored);
      if (!s) return host_.fail(s), nullptr;
    }
    VkCommandBuffer cmd = host_.readback_stream();
    ring_.mark_recorded();
    sync_.image_read(o, {VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false},
                     {o->aspect, level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
    sync_.barriers().emit(cmd);
    VkBufferImageCopy c[2];
    const uint32_t n = image_regions(pr, o, level, box, stored.offset, stored.offset + stencil_at, c);
    vkCmdCopyImageToBuffer(cmd, o->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, stored.buffer, n, c);
    // The CPU reads the staging buffer after the wait.
    VkMemoryBarrier2 host{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
    host.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
    host.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    host.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
    host.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
    VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dep.memoryBarrierCount = 1;
    dep.pMemoryBarriers = &host;
    vkCmdPipelineBarrier2(cmd, &dep);
    sync_.mark_read(o);
    const uint64_t serial = ring_.current_serial();
    s = host_.submit(SubmitReason::Readback);
    if (s) s = ring_.wait(serial);
    if (!s) return host_.fail(s), nullptr;
    s = stream_.invalidate(convert ? stored : t->staging, convert ? stencil_at + stencil_size : t->staging_size);
    if (!s) return host_.fail(s), nullptr;
    if (packed) {
      merge_depth_stencil(f, box.width, box.height, slices, reinterpret_cast<const uint32_t*>(stored.ptr),
                          stored.ptr + stencil_at, t->staging.ptr, t->stride, t->layer_stride);
    } else if (convert) {
      const vk::ConstImageData src{stored.ptr, stored_size, 0, 0};
      const vk::ConstImageData stencil{stored.ptr + stencil_at, stencil_size, 0, 0};
      const vk::ImageData dst{t->staging.ptr, t->staging_size, t->stride, t->layer_stride};
      const vk::ConversionStatus cs = vk::convert_from_stored(f, conv, ext, src, dst, repack ? &stencil : nullptr);
      if (cs != vk::ConversionStatus::Ok) {
        BRASS_WARN("readback conversion failed: %s", vk::to_string(cs));
        return host_.fail(vk::Status{VK_ERROR_FORMAT_NOT_SUPPORTED}), nullptr;
      }
    }
  }
  t->in_use = true;
  *out = t;
  return t->staging.ptr;
}

void CpuTransfers::flush_region(pipe::Transfer* pt, const pipe::Box& box) {
  auto* t = static_cast<Slot*>(pt);
  if (!t->staged && t->resource->is_buffer()) {
    ResourceObject* o = driver_resource(t->resource)->obj();
    host_.fail(device_.memory().flush(o->memory, t->box.x + box.x, box.width));
  }
}

void CpuTransfers::unmap(pipe::Transfer* pt) {
  auto* t = static_cast<Slot*>(pt);
  if (!t || !t->in_use) return;
  Resource* r = driver_resource(t->resource);
  if ((t->usage & pipe::kMapWrite) && !host_.failed()) {
    if (r->is_buffer()) {
      if (t->staged) {
        host_.fail(copy_buffer(r->obj(), t->box.x, t->staging.buffer, t->staging.offset, t->staging_size, nullptr));
      } else if (!(t->usage & pipe::kMapFlushExplicit)) {
        host_.fail(device_.memory().flush(r->obj()->memory, t->box.x, t->box.width));
      }
    } else {
      host_.fail(upload_image(r, t->level, t->box, t->staging.ptr, t->stride, t->layer_stride));
    }
  }
  t->in_use = false;
  t->ref = nullptr;
}

}  // namespace brass::driver
