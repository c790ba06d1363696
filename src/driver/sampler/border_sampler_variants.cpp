#include "driver/sampler/border_sampler_variants.h"

#include "driver/state_objects.h"
#include "util/stats.h"

namespace brass::driver {

namespace {

StatCounter g_variants_created("sampler.border_variants_created");

constexpr unsigned kBitsPerComponent = 3;
constexpr BorderViewMapping kSrgbBit = 1u << 12;

}  // namespace

BorderViewMapping border_view_mapping(const VkComponentMapping& components, bool srgb) {
  const VkComponentSwizzle c[4] = {components.r, components.g, components.b, components.a};
  BorderViewMapping key = 0;
  bool identity = true;
  for (unsigned i = 0; i < 4; ++i) {
    const auto own = static_cast<VkComponentSwizzle>(VK_COMPONENT_SWIZZLE_R + i);
    const VkComponentSwizzle s = c[i] == VK_COMPONENT_SWIZZLE_IDENTITY ? own : c[i];
    if (s != own) identity = false;
    // ZERO (1) .. A (6): never 0, so a non-identity key is never 0 either.
    key = static_cast<BorderViewMapping>(key | (static_cast<unsigned>(s) << (kBitsPerComponent * i)));
  }
  if (identity) return 0;
  return srgb ? static_cast<BorderViewMapping>(key | kSrgbBit) : key;
}

VkSamplerBorderColorComponentMappingCreateInfoEXT border_mapping_info(BorderViewMapping mapping) {
  VkSamplerBorderColorComponentMappingCreateInfoEXT info{
      VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT};
  auto component = [&](unsigned i) {
    return static_cast<VkComponentSwizzle>((mapping >> (kBitsPerComponent * i)) & 7u);
  };
  info.components = {component(0), component(1), component(2), component(3)};
  info.srgb = (mapping & kSrgbBit) ? VK_TRUE : VK_FALSE;
  return info;
}

bool border_follows_view(const pipe::SamplerState& s, VkBorderColor border) {
  // Unnormalized samplers are clamped to the edge (create_sampler).
  if (!s.normalized_coords) return false;
  const bool reaches = s.wrap_s == pipe::Wrap::ClampToBorder || s.wrap_t == pipe::Wrap::ClampToBorder ||
                       s.wrap_r == pipe::Wrap::ClampToBorder;
  if (!reaches) return false;
  switch (border) {
    case VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK:
    case VK_BORDER_COLOR_INT_OPAQUE_BLACK:
    case VK_BORDER_COLOR_FLOAT_CUSTOM_EXT:
    case VK_BORDER_COLOR_INT_CUSTOM_EXT: return true;
    default: return false;  // transparent black, opaque white: defined through any view mapping
  }
}

vk::Status BorderSamplerVariants::get(VkDevice device, const vk::Capabilities& caps, BorderViewMapping mapping,
                                      VkSampler* out) {
  for (const Variant& v : variants_) {
    if (v.mapping == mapping) {
      *out = v.sampler;
      return {};
    }
  }
  VkSampler sampler = VK_NULL_HANDLE;
  const vk::Status st = create_sampler(device, caps, state_, &sampler, mapping);
  if (!st) return st;
  variants_.push_back({mapping, sampler});
  g_variants_created.add();
  *out = sampler;
  return {};
}

}  // namespace brass::driver
