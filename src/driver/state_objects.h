// Driver definitions of the seam's opaque state objects and views. Each
// constant state object precomputes the part of the pipeline key it owns
// and the dynamic state it sets, so binding it is a copy.
#pragma once
#include <cstdint>
#include <memory>
#include "device/device.h"
#include "device/handle.h"
#include "driver/batch/gpu_usage.h"
#include "driver/object_uid.h"
#include "driver/pipeline/pipeline_key.h"
#include "driver/sampler/border_sampler_variants.h"
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
  driver::GpuUsage usage;  // retired to garbage by its last use (its variants too)
  // Only where the device needs the view's mapping in the sampler and this
  // one's border colour depends on it (driver/sampler/border_sampler_variants.h):
  // the samplers for non-identity views, `sampler` serving identity ones.
  std::unique_ptr<driver::BorderSamplerVariants> border_variants;
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
  // The image view's component mapping as a border colour must be told it
  // (0: identity; driver/sampler/border_sampler_variants.h).
  BorderViewMapping border_mapping = 0;
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
  // pipe::Surface::blendable, set from `format`'s COLOR_ATTACHMENT_BLEND:
  // pipelines drawing to one that does not blend (SNORM on some devices,
  // integer formats) write unblended.
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

// Null with *status on failure. `per_view_mapping`: the device swizzles
// border colours only as the sampler says (vk::BorderColorSwizzle).
pipe::SamplerObject* make_sampler_object(VkDevice device, const vk::Capabilities& caps, const pipe::SamplerState& s,
                                         bool per_view_mapping, vk::Status* status);
// `view_mapping`: non-zero for a sampler made for views of that mapping.
vk::Status create_sampler(VkDevice device, const vk::Capabilities& caps, const pipe::SamplerState& s, VkSampler* out,
                          BorderViewMapping view_mapping = 0);
pipe::BlendObject* make_blend_object(const pipe::BlendState& s);
pipe::RasterizerObject* make_rasterizer_object(const pipe::RasterizerState& s, bool depth_clip_control);
pipe::VertexElementsObject* make_vertex_elements_object(const pipe::VertexElementsState& s, const vk::Device& device);

}  // namespace brass::driver
