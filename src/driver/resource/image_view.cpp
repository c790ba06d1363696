#include "driver/resource/image_view.h"

#include "driver/resource/resource_object.h"
#include "driver/vk_translate.h"

namespace brass::driver {

VkImageViewType image_view_type(const ResourceObject&, pipe::Target resource_target, const ImageViewRequest& r) {
  const bool is_3d = resource_target == pipe::Target::Texture3D;
  switch (r.use) {
    case ImageViewUse::Sampled: return vk_view_type(r.target);
    case ImageViewUse::Storage:
      // The whole 3D image, or one slice as a 2D image (a non-layered GL
      // image unit; the frontend asks for it only where the device has
      // image2DViewOf3D, with which 3D images are made 2D-view compatible).
      if (is_3d) return r.layered ? VK_IMAGE_VIEW_TYPE_3D : VK_IMAGE_VIEW_TYPE_2D;
      if (r.layered) {
        switch (resource_target) {
          case pipe::Target::Texture2DArray: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
          // image1DArray: an array view even of one layer.
          case pipe::Target::Texture1DArray: return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
          case pipe::Target::TextureCube: return r.layers == 6 ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_2D_ARRAY;
          case pipe::Target::TextureCubeArray:
            return r.layers % 6 == 0 ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY : VK_IMAGE_VIEW_TYPE_2D_ARRAY;
          default: break;
        }
      }
      break;
    case ImageViewUse::Attachment: break;
  }
  // A 1D image has 1D views only (VUID-VkImageViewCreateInfo-subResourceRange-01021).
  if (resource_target == pipe::Target::Texture1D || resource_target == pipe::Target::Texture1DArray)
    return r.layers > 1 ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D;
  return r.layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
}

vk::Status create_image_view(VkDevice device, const ResourceObject& o, pipe::Target resource_target,
                             const ImageViewRequest& r, VkImageView* out) {
  VkImageViewCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  ci.image = o.image;
  ci.viewType = image_view_type(o, resource_target, r);
  ci.format = r.format != VK_FORMAT_UNDEFINED ? r.format : o.format.vk;
  ci.components = r.components;
  const bool whole_3d = resource_target == pipe::Target::Texture3D && ci.viewType == VK_IMAGE_VIEW_TYPE_3D;
  ci.subresourceRange = {r.aspect ? r.aspect : o.aspect, r.first_level, r.levels, whole_3d ? 0 : r.first_layer,
                         whole_3d ? 1 : r.layers};
  // A view inherits every usage of its image, and its format must support
  // all of them: an RGBA8 image that is also a render target and a storage
  // image, viewed as R32UI for storage or as sRGB for sampling, would need
  // R32UI attachments or sRGB storage. Only the view's own use is asked for.
  VkImageUsageFlags use = 0;
  switch (r.use) {
    case ImageViewUse::Sampled: use = VK_IMAGE_USAGE_SAMPLED_BIT; break;
    case ImageViewUse::Attachment:
      use = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
      break;
    case ImageViewUse::Storage: use = VK_IMAGE_USAGE_STORAGE_BIT; break;
  }
  VkImageViewUsageCreateInfo usage{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
  usage.usage = use & o.image_usage;
  if (usage.usage) ci.pNext = &usage;
  return vk::Status{vkCreateImageView(device, &ci, nullptr, out)};
}

}  // namespace brass::driver
