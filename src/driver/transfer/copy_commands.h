// Recording of transfer commands — image and buffer copies, blits and
// resolves, mipmap chains, buffer-to-image uploads — each with the barriers
// it needs and its usage marks. Which command buffer they go to (the upload
// stream or the main stream) is the context's choice; these only record.
#pragma once
#include <cstdint>

#include "driver/sync/sync_tracker.h"
#include "pipe/context.h"

namespace brass::driver {

class ResourceObject;

// One region of `src_level` (box) to `dst_level` at dst_x/y/z; 3D resources
// address slices by z, others layers.
struct ImageCopyRegion {
  uint32_t dst_level = 0, dst_x = 0, dst_y = 0, dst_z = 0;
  uint32_t src_level = 0;
  pipe::Box box;
  bool dst_3d = false, src_3d = false;
  // The aspects copied (both images have them); 0: every aspect of the images.
  VkImageAspectFlags aspects = 0;
};
void record_image_copy(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* dst, ResourceObject* src,
                       const ImageCopyRegion& r);

// `src_obj`: the source's object when it is a resource (null: staging).
void record_buffer_copy(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* dst, uint64_t dst_offset, VkBuffer src,
                        uint64_t src_offset, uint64_t size, ResourceObject* src_obj);

// vkCmdResolveImage (resolve) or vkCmdBlitImage of info's boxes and mask.
void record_transfer_blit(VkCommandBuffer cmd, SyncTracker& sync, const pipe::BlitInfo& info, ResourceObject* dst,
                          ResourceObject* src, bool resolve);

// Levels base+1..last from base by linear blits; afterwards every level of
// the image is in TRANSFER_SRC.
void record_mipmap_chain(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* o, const pipe::ResourceTemplate& t,
                         uint32_t base_level, uint32_t last_level, uint32_t first_layer, uint32_t last_layer);

// Copies `count` regions from a staging buffer into `level` of `o`.
void record_buffer_to_image(VkCommandBuffer cmd, SyncTracker& sync, ResourceObject* o, uint32_t level, VkBuffer src,
                            const VkBufferImageCopy* regions, uint32_t count);

}  // namespace brass::driver
