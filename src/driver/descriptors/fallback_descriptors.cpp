#include "driver/descriptors/fallback_descriptors.h"

#include <cstring>

#include "driver/resource/image_view.h"
#include "driver/resource/resource.h"
#include "driver/screen.h"
#include "util/log.h"
#include "driver/state_objects.h"

namespace brass::driver {

const ResourceObject* FallbackDescriptors::buffer() const { return driver_resource(buffer_.get())->obj(); }

vk::Status FallbackDescriptors::init(VulkanScreen& screen, BatchRing& ring, SyncTracker& sync) {
  const VkDevice dev = screen.vk_device();
  pipe::Status ps;
  pipe::ResourceTemplate bt;
  bt.target = pipe::Target::Buffer;
  bt.format = pipe::Format::None;
  bt.width = kBufferSize;
  buffer_ = screen.resource_create(bt, &ps);
  pipe::ResourceTemplate it;
  it.bind = pipe::kBindSamplerView;
  image_ = screen.resource_create(it, &ps);
  if (!buffer_ || !image_) return vk::Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
  ResourceObject* buf = driver_resource(buffer_.get())->obj();
  std::memset(buf->memory.mapped, 0, kBufferSize);
  vk_buffer_ = buf->buffer;
  ResourceObject* img = driver_resource(image_.get())->obj();
  VkImageView view;
  BRASS_VK_RETURN_IF_FAILED(create_image_view(dev, *img, pipe::Target::Texture2D, ImageViewRequest{}, &view).result);
  image_view_ = vk::Handle<VkImageView>(dev, view);
  VkBufferViewCreateInfo bvci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
  bvci.buffer = buf->buffer;
  bvci.format = VK_FORMAT_R8G8B8A8_UNORM;
  bvci.range = VK_WHOLE_SIZE;
  VkBufferView buffer_view;
  BRASS_VK_RETURN_IF_FAILED(vkCreateBufferView(dev, &bvci, nullptr, &buffer_view));
  buffer_view_ = vk::Handle<VkBufferView>(dev, buffer_view);
  VkSampler sampler;
  if (vk::Status s = create_sampler(dev, screen.caps(), pipe::SamplerState{}, &sampler); !s) return s;
  sampler_ = vk::Handle<VkSampler>(dev, sampler);

  // The image starts cleared and in the sampled layout.
  const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkCommandBuffer cmd = ring.main_cmd();
  BarrierBatch& barriers = sync.barriers();
  barriers.image_access(img->levels, {VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                      VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true},
                        img->image, range);
  barriers.emit(cmd);
  const VkClearColorValue zero{};
  vkCmdClearColorImage(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1, &range);
  barriers.image_access(img->levels, {VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                                      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, false},
                        img->image, range);
  barriers.emit(cmd);
  sync.mark_write(img);
  ring.mark_recorded();
  return {};
}

}  // namespace brass::driver
