#include "driver/resource/image_view.h"

#include "driver/resource/resource_object.h"
#include "driver/vk_translate.h"

namespace brass::driver {

VkImageViewType image_view_type(const ResourceObject&, pipe::Target resource_target, const ImageViewRequest& r) {
  const bool is_3d = resource_target == pipe::Target::Texture3D;
  switch (r.use) {
    case ImageViewUse::Sampled: return vk_view_type(r.target);
    case ImageViewUse::Storage:
      if (is_3d) return VK_IMAGE_VIEW_TYPE_3D;
      break;
    case ImageViewUse::Attachment: break;
  }
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
  return vk::Status{vkCreateImageView(device, &ci, nullptr, out)};
}

}  // namespace brass::driver
