// Driver definitions of the seam's opaque state objects and views. Each
// constant state object precomputes the part of the pipeline key it owns
// and the dynamic state it sets, so binding it is a copy.
#pragma once
#include <cstdint>
#include "device/device.h"
#include "device/handle.h"
#include "driver/batch/gpu_usage.h"
#include "driver/object_uid.h"
#include "driver/pipeline/pipeline_key.h"
#include "pipe/context.h"

namespace brass::driver {
class VulkanScreen;
class ResourceObject;
}  // namespace brass::driver

namespace brass::pipe {

struct BlendObject {
  BlendState state;
  uint32_t blend_rt[8];
};

struct RasterizerObject {
  RasterizerState state;
  VkCullModeFlags cull_mode;
  VkFrontFace front_face;
  uint8_t polygon_mode, depth_clamp, provoking_last, negative_one_to_one;
};

struct DepthStencilAlphaObject {
  DepthStencilAlphaState state;
};

struct VertexElementsObject {
  VertexElementsState state;
  uint64_t id;                      // unique, never reused (pipeline key)
  uint32_t binding_mask;            // vertex buffers it reads
  VkVertexInputRate rates[kMaxVertexBuffers];
  uint32_t divisors[kMaxVertexBuffers];
  VkFormat formats[kMaxVertexElements];
};

struct SamplerObject {
  VkSampler sampler;
  uint64_t uid;            // never reused (driver/object_uid.h)
  driver::GpuUsage usage;  // retired to garbage by its last use
};

}  // namespace brass::pipe

namespace brass::driver {

// A sampler view: an image view (with swizzle) or a texel buffer view.
class VulkanSamplerView final : public pipe::SamplerView {
 public:
  VulkanSamplerView(VulkanScreen& screen, pipe::Resource* r, const pipe::SamplerViewTemplate& t)
      : pipe::SamplerView(r, t), screen(screen) {}
  ~VulkanSamplerView() override;
  VulkanScreen& screen;
  VkImageView image_view = VK_NULL_HANDLE;
  VkBufferView buffer_view = VK_NULL_HANDLE;
  const ResourceObject* buffer_view_object = nullptr;  // the storage the buffer view was made for
  const uint64_t uid = next_object_uid();
  GpuUsage usage;
};

// A render target view; `id` keys framebuffers (never reused).
class VulkanSurface final : public pipe::Surface {
 public:
  VulkanSurface(VulkanScreen& screen, pipe::Resource* r, const pipe::SurfaceTemplate& t)
      : pipe::Surface(r, t), screen(screen) {}
  ~VulkanSurface() override;
  VulkanScreen& screen;
  VkImageView view = VK_NULL_HANDLE;
  VkFormat format = VK_FORMAT_UNDEFINED;
  // The format blends (COLOR_ATTACHMENT_BLEND): pipelines drawing to one
  // that does not (SNORM on some devices, integer formats) write unblended.
  bool blendable = true;
  uint64_t id = 0;
  GpuUsage usage;
};

// Views of a resource (resource/image_view.h chooses the view type). Null
// with *status on failure.
Ref<pipe::SamplerView> make_sampler_view(VulkanScreen& screen, pipe::Resource* r, const pipe::SamplerViewTemplate& t,
                                         vk::Status* status);
Ref<pipe::Surface> make_surface(VulkanScreen& screen, pipe::Resource* r, const pipe::SurfaceTemplate& t,
                                vk::Status* status);

// Retires a view-like handle to the garbage of the ring that used it last.
template <typename T>
void retire_handle(VulkanScreen& screen, const GpuUsage& usage, T handle);

// Null with *status on failure.
pipe::SamplerObject* make_sampler_object(VkDevice device, const vk::Capabilities& caps, const pipe::SamplerState& s,
                                         vk::Status* status);
vk::Status create_sampler(VkDevice device, const vk::Capabilities& caps, const pipe::SamplerState& s, VkSampler* out);
pipe::BlendObject* make_blend_object(const pipe::BlendState& s);
pipe::RasterizerObject* make_rasterizer_object(const pipe::RasterizerState& s, bool depth_clip_control);
pipe::VertexElementsObject* make_vertex_elements_object(const pipe::VertexElementsState& s, const vk::Device& device);

}  // namespace brass::driver
