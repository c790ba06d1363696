// GL texel layouts against Vulkan copy layouts: packed depth/stencil texels
// against Vulkan's separate depth and stencil planes, buffer<->image copy
// regions for a box of a level, and the bytes a GL-layout region spans.
#pragma once
#include <cstddef>
#include <cstdint>

#include "device/vk.h"
#include "pipe/resource.h"

namespace brass::driver {

class ResourceObject;

// A native packed depth/stencil format (D24S8, D32S8): Vulkan copies its
// two aspects as separate planes, GL packs them per texel.
bool packed_depth_stencil(const ResourceObject* o);

// GL packed texels <-> Vulkan planes (depth: 4 bytes, stencil: 1 byte).
void split_depth_stencil(pipe::Format f, uint32_t w, uint32_t h, uint32_t d, const uint8_t* src, size_t stride,
                         size_t layer_stride, uint32_t* depth, uint8_t* stencil);
void merge_depth_stencil(pipe::Format f, uint32_t w, uint32_t h, uint32_t d, const uint32_t* depth,
                         const uint8_t* stencil, uint8_t* dst, size_t stride, size_t layer_stride);

// Copy regions for `box` of `level` from a tightly packed buffer at
// `offset` (and, for depth/stencil repacks, the stencil plane at
// `stencil_offset`). Returns the region count.
uint32_t image_regions(const pipe::Resource* pr, const ResourceObject* o, uint32_t level, const pipe::Box& box,
                       VkDeviceSize offset, VkDeviceSize stencil_offset, VkBufferImageCopy (&c)[2]);

// Bytes of a GL-layout region with the given pitches (the last row tight).
size_t source_bytes(pipe::Format f, const pipe::Box& box, uint32_t stride, uint32_t layer_stride);

}  // namespace brass::driver
