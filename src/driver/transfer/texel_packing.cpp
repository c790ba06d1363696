#include "driver/transfer/texel_packing.h"

#include <algorithm>
#include <cstring>

#include "driver/resource/resource_object.h"

namespace brass::driver {

bool packed_depth_stencil(const ResourceObject* o) {
  return o->format.conversion == vk::FormatConversion::None &&
         o->aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT);
}

// GL packed texels <-> Vulkan planes (depth: 4 bytes, stencil: 1 byte).
// Z24_UNORM_S8_UINT is depth << 8 | stencil against X8D24 (depth in the low
// 24 bits); Z32_FLOAT_S8X24_UINT is a float then a word with the stencil
// in its low byte.
void split_depth_stencil(pipe::Format f, uint32_t w, uint32_t h, uint32_t d, const uint8_t* src, size_t stride,
                         size_t layer_stride, uint32_t* depth, uint8_t* stencil) {
  const bool z32 = f == pipe::Format::Z32_FLOAT_S8X24_UINT;
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y) {
      const uint8_t* row = src + z * layer_stride + y * stride;
      for (uint32_t x = 0; x < w; ++x, ++depth, ++stencil) {
        uint32_t v[2];
        std::memcpy(v, row + x * (z32 ? 8 : 4), z32 ? 8 : 4);
        *depth = z32 ? v[0] : v[0] >> 8;
        *stencil = uint8_t(z32 ? v[1] : v[0]);
      }
    }
}
void merge_depth_stencil(pipe::Format f, uint32_t w, uint32_t h, uint32_t d, const uint32_t* depth,
                         const uint8_t* stencil, uint8_t* dst, size_t stride, size_t layer_stride) {
  const bool z32 = f == pipe::Format::Z32_FLOAT_S8X24_UINT;
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y) {
      uint8_t* row = dst + z * layer_stride + y * stride;
      for (uint32_t x = 0; x < w; ++x, ++depth, ++stencil) {
        const uint32_t v[2] = {z32 ? *depth : (*depth & 0xffffffu) << 8 | *stencil, *stencil};
        std::memcpy(row + x * (z32 ? 8 : 4), v, z32 ? 8 : 4);
      }
    }
}

// Copy regions for `box` of `level` from a tightly packed buffer at
// `offset` (and, for DepthStencilRepack, the stencil plane at
// `stencil_offset`). Returns the region count.
uint32_t image_regions(const pipe::Resource* pr, const ResourceObject* o, uint32_t level, const pipe::Box& box,
                       VkDeviceSize offset, VkDeviceSize stencil_offset, VkBufferImageCopy (&c)[2]) {
  const bool is3d = pr->templ().target == pipe::Target::Texture3D;
  const uint32_t slices = uint32_t(std::max(1, box.depth));
  const bool repack = o->format.conversion == vk::FormatConversion::DepthStencilRepack || packed_depth_stencil(o);
  const bool ds = o->aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT);
  c[0] = {};
  c[0].bufferOffset = offset;
  c[0].imageSubresource = {ds ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT) : o->aspect, level,
                           is3d ? 0u : uint32_t(box.z), is3d ? 1u : slices};
  c[0].imageOffset = {box.x, box.y, is3d ? box.z : 0};
  c[0].imageExtent = {uint32_t(box.width), uint32_t(box.height), is3d ? slices : 1u};
  if (!repack) return 1;
  c[1] = c[0];
  c[1].bufferOffset = stencil_offset;
  c[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
  return 2;
}

// Bytes of a GL-layout region with the given pitches (the last row tight).
size_t source_bytes(pipe::Format f, const pipe::Box& box, uint32_t stride, uint32_t layer_stride) {
  const pipe::FormatDescription& d = pipe::describe(f);
  const size_t row = (size_t(box.width) + d.block_width - 1) / d.block_width * d.block_bytes;
  const size_t rows = (size_t(box.height) + d.block_height - 1) / d.block_height;
  const size_t slices = size_t(std::max(1, box.depth));
  return (slices - 1) * layer_stride + (rows - 1) * stride + row;
}
}  // namespace brass::driver
