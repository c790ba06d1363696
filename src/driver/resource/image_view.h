// The one place VkImageViews of resource objects are made: sampler views,
// framebuffer surfaces, storage images and the driver's fallbacks. The view
// type follows what the view is used for: sampling uses the GL target's type
// (3D, cube, arrays); attachments see one slice or layer range as 2D (a 3D
// image's slices as layers, which its 2D-array-compatible creation allows);
// storage images see 3D images whole and layer ranges as 2D arrays, or, bound
// layered, as what the resource is (2D array, cube). Each view is created
// with only its own use's usage bits, so a view that reinterprets the format
// needs support for that use alone, not for every use of the image.
#pragma once
#include <cstdint>

#include "device/vk.h"
#include "pipe/resource.h"

namespace brass::driver {

class ResourceObject;

enum class ImageViewUse : uint8_t { Sampled, Attachment, Storage };

struct ImageViewRequest {
  ImageViewUse use = ImageViewUse::Sampled;
  pipe::Target target = pipe::Target::Texture2D;  // the view's GL target (Sampled)
  VkFormat format = VK_FORMAT_UNDEFINED;          // UNDEFINED: the object's stored format
  VkComponentMapping components{};                // identity
  VkImageAspectFlags aspect = 0;                  // 0: the object's aspects
  uint32_t first_level = 0, levels = 1;
  uint32_t first_layer = 0, layers = 1;
  // Storage: the resource's own view type (pipe::ImageView::layered) rather
  // than one 2D layer or a 2D array of several.
  bool layered = false;
};

VkImageViewType image_view_type(const ResourceObject& o, pipe::Target resource_target, const ImageViewRequest& r);
[[nodiscard]] vk::Status create_image_view(VkDevice device, const ResourceObject& o, pipe::Target resource_target,
                                           const ImageViewRequest& r, VkImageView* out);

}  // namespace brass::driver
