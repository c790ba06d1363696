// glClearTexImage / glClearTexSubImage of single-sampled textures
// (EXT/ARB_clear_texture). A clear of whole subresources (every texel of a
// level's layers, or a 3D level's every slice) in a natively stored format
// is one vkCmdClearColorImage / vkCmdClearDepthStencilImage with the value
// the frontend converted. Anything else (a sub-rectangle, which Vulkan's
// clear commands cannot address outside a render pass, or an emulated
// format whose stored texels differ from GL's) is filled through the upload
// path with the texel repeated, so the texel reaches the stored format by
// the conversion uploads use.
#include <algorithm>
#include <cstring>
#include <vector>

#include "driver/context.h"
#include "driver/transfer/texel_packing.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_clear_texture_command("clear_texture.clear_command");
StatCounter g_clear_texture_filled("clear_texture.filled");

constexpr AccessRequest kClearWrite{VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true};

// The fill path uploads at most this many bytes at once.
constexpr uint64_t kFillChunkBytes = 4u << 20;

uint32_t minified(uint32_t size, uint32_t level) { return std::max(1u, size >> level); }
}  // namespace

void VulkanContext::clear_texture(pipe::Resource* pr, uint32_t level, const pipe::Box& box, const void* texel,
                                  const pipe::TextureClearValue& value) {
  if (failed() || !pr || pr->is_buffer() || !texel) return;
  const pipe::ResourceTemplate& t = pr->templ();
  if (level >= t.levels || t.samples > 1) return;
  if (box.width <= 0 || box.height <= 0 || box.depth <= 0 || box.x < 0 || box.y < 0 || box.z < 0) return;
  const bool three_d = t.target == pipe::Target::Texture3D;
  const uint32_t w = minified(t.width, level), h = minified(t.height, level);
  const uint32_t d = three_d ? minified(t.depth, level) : t.array_size;
  if (uint64_t(box.x) + uint64_t(box.width) > w || uint64_t(box.y) + uint64_t(box.height) > h ||
      uint64_t(box.z) + uint64_t(box.depth) > d)
    return;
  ResourceObject* o = driver_resource(pr)->obj();
  const pipe::FormatDescription& desc = pipe::describe(t.format);
  if (desc.is_compressed()) return;

  const bool whole = box.x == 0 && box.y == 0 && uint32_t(box.width) == w && uint32_t(box.height) == h &&
                     (!three_d || (box.z == 0 && uint32_t(box.depth) == d));
  // Depth clear commands take [0, 1] only (without
  // VK_EXT_depth_range_unrestricted); float depth outside it is filled.
  const bool depth_in_range = value.depth >= 0.0 && value.depth <= 1.0;
  if (whole && o->format.native() && depth_in_range) {
    bool upload;
    VkCommandBuffer cmd = transfer_stream(o, nullptr, &upload);
    const VkImageSubresourceRange range{o->aspect, level, 1, three_d ? 0u : uint32_t(box.z),
                                        three_d ? 1u : uint32_t(box.depth)};
    // Accesses are tracked per level: the barrier covers all its layers.
    BarrierBatch& barriers = sync_.barriers();
    barriers.image_access(o->levels, kClearWrite, o->image, {o->aspect, level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
    barriers.emit(cmd);
    if (o->aspect & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
      const VkClearDepthStencilValue v{static_cast<float>(value.depth), value.stencil};
      vkCmdClearDepthStencilImage(cmd, o->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &v, 1, &range);
    } else {
      VkClearColorValue v;
      static_assert(sizeof(v) == sizeof(value.color));
      std::memcpy(&v, &value.color, sizeof(v));
      vkCmdClearColorImage(cmd, o->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &v, 1, &range);
    }
    sync_.mark_write(o);
    if (upload) sync_.release_after_upload(o, cmd);
    g_clear_texture_command.add();
    return;
  }

  // Fill: one buffer of rows of the texel, uploaded as often as the box needs.
  const uint32_t texel_bytes = desc.block_bytes;
  const uint64_t row = uint64_t(texel_bytes) * uint32_t(box.width);
  const uint64_t slice = row * uint32_t(box.height);
  uint32_t rows_per = static_cast<uint32_t>(std::clamp<uint64_t>(kFillChunkBytes / row, 1, uint32_t(box.height)));
  uint32_t slices_per = 1;
  if (rows_per == uint32_t(box.height))
    slices_per = static_cast<uint32_t>(std::clamp<uint64_t>(kFillChunkBytes / slice, 1, uint32_t(box.depth)));
  std::vector<uint8_t> fill;
  try {
    fill.resize(row * rows_per * slices_per);
  } catch (const std::bad_alloc&) {
    return fail(vk::Status{VK_ERROR_OUT_OF_HOST_MEMORY});
  }
  for (size_t at = 0; at < fill.size(); at += texel_bytes) std::memcpy(fill.data() + at, texel, texel_bytes);
  for (uint32_t z = 0; z < uint32_t(box.depth); z += slices_per) {
    const uint32_t slices = std::min(slices_per, uint32_t(box.depth) - z);
    for (uint32_t y = 0; y < uint32_t(box.height); y += rows_per) {
      const uint32_t rows = std::min(rows_per, uint32_t(box.height) - y);
      const pipe::Box part{box.x, box.y + int32_t(y), box.z + int32_t(z), box.width, int32_t(rows), int32_t(slices)};
      transfers_.texture_subdata(pr, level, pipe::kMapWrite, part, fill.data(), static_cast<uint32_t>(row),
                                 static_cast<uint32_t>(row * rows));
      if (failed()) return;
    }
  }
  g_clear_texture_filled.add();
}

}  // namespace brass::driver
