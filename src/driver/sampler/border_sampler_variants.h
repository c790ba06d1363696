// Samplers whose border colour must be told the component mapping of the
// view it is seen through. GL swizzles border texels like any other (the
// texture's TEXTURE_SWIZZLE_* and Brass's format emulation, e.g. LUMINANCE
// as R with (R,R,R,1)); Vulkan does the same for a custom or opaque-black
// border only where the device has borderColorSwizzleFromImage. Elsewhere
// (NVIDIA) a sampler used with a non-identity view must be created with
// that view's mapping and whether the view is sRGB
// (VkSamplerBorderColorComponentMappingCreateInfoEXT), or the border is
// undefined. Such a sampler object keeps one VkSampler per mapping met, made
// at the first descriptor write that pairs it with such a view and kept
// while the sampler object lives, so steady-state draws create nothing and
// a (sampler, view) pair always resolves to the same VkSampler (descriptor
// caches key on the pair's ids, which stay valid).
#pragma once
#include <cstdint>
#include <vector>

#include "device/capabilities.h"
#include "device/vk.h"
#include "pipe/state.h"

namespace brass::driver {

// A sampled view's component mapping and sRGB-ness, packed: 3 bits per
// component (VkComponentSwizzle ZERO..A, IDENTITY resolved to its own
// component), bit 12 for sRGB. 0 for an identity mapping, which needs no
// variant (sRGB-ness matters only with a mapping).
using BorderViewMapping = uint16_t;
BorderViewMapping border_view_mapping(const VkComponentMapping& components, bool srgb);
// The create-info a mapping stands for (pNext null).
VkSamplerBorderColorComponentMappingCreateInfoEXT border_mapping_info(BorderViewMapping mapping);

// Whether a sampler of state `s` (border colour `border`, as created)
// reads a border colour that the view's mapping must reach: a wrap mode
// reaches the border and the colour is custom or opaque black (the ones
// VK_EXT_border_color_swizzle says are undefined through a swizzle).
bool border_follows_view(const pipe::SamplerState& s, VkBorderColor border);

class BorderSamplerVariants {
 public:
  explicit BorderSamplerVariants(const pipe::SamplerState& s) : state_(s) {}
  BorderSamplerVariants(const BorderSamplerVariants&) = delete;
  BorderSamplerVariants& operator=(const BorderSamplerVariants&) = delete;

  // The VkSampler for views of `mapping` (non-zero), created on first use.
  [[nodiscard]] vk::Status get(VkDevice device, const vk::Capabilities& caps, BorderViewMapping mapping,
                               VkSampler* out);
  // Every variant made (for retirement with the sampler object).
  template <typename F>
  void for_each(F&& f) const {
    for (const Variant& v : variants_) f(v.sampler);
  }
  size_t size() const { return variants_.size(); }

 private:
  struct Variant {
    BorderViewMapping mapping;
    VkSampler sampler;
  };
  pipe::SamplerState state_;
  std::vector<Variant> variants_;
};

}  // namespace brass::driver
