#include "device/format_table.h"

#include <algorithm>

namespace brass::vk {

namespace {

using pipe::Format;
using S = pipe::Swizzle;
using C = FormatConversion;

constexpr std::array<S, 4> kIdentity{S::R, S::G, S::B, S::A};
constexpr std::array<S, 4> kRgb1{S::R, S::G, S::B, S::One};

struct Candidate {
  VkFormat vk;
  std::array<S, 4> swizzle = kIdentity;
  C conversion = C::None;
};

// Candidate lists, native first. A format missing here has no Vulkan form.
std::vector<Candidate> candidates_for(Format f) {
  switch (f) {
    case Format::None: return {};
    case Format::R8_UNORM: return {{VK_FORMAT_R8_UNORM}};
    case Format::R8_SNORM: return {{VK_FORMAT_R8_SNORM}};
    case Format::R8_UINT: return {{VK_FORMAT_R8_UINT}};
    case Format::R8_SINT: return {{VK_FORMAT_R8_SINT}};
    case Format::RG8_UNORM: return {{VK_FORMAT_R8G8_UNORM}};
    case Format::RG8_SNORM: return {{VK_FORMAT_R8G8_SNORM}};
    case Format::RG8_UINT: return {{VK_FORMAT_R8G8_UINT}};
    case Format::RG8_SINT: return {{VK_FORMAT_R8G8_SINT}};
    // Devices that cannot sample R8/R8G8 sRGB (lavapipe) get them widened to
    // RGBA8 sRGB, the missing channels read through the swizzle.
    case Format::R8_SRGB:
      return {{VK_FORMAT_R8_SRGB}, {VK_FORMAT_R8G8B8A8_SRGB, {S::R, S::Zero, S::Zero, S::One}, C::ExpandToFourChannels}};
    case Format::RG8_SRGB:
      return {{VK_FORMAT_R8G8_SRGB}, {VK_FORMAT_R8G8B8A8_SRGB, {S::R, S::G, S::Zero, S::One}, C::ExpandToFourChannels}};
    case Format::RGB8_UNORM: return {{VK_FORMAT_R8G8B8_UNORM}, {VK_FORMAT_R8G8B8A8_UNORM, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB8_SNORM: return {{VK_FORMAT_R8G8B8_SNORM}, {VK_FORMAT_R8G8B8A8_SNORM, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB8_SRGB: return {{VK_FORMAT_R8G8B8_SRGB}, {VK_FORMAT_R8G8B8A8_SRGB, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB8_UINT: return {{VK_FORMAT_R8G8B8_UINT}, {VK_FORMAT_R8G8B8A8_UINT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB8_SINT: return {{VK_FORMAT_R8G8B8_SINT}, {VK_FORMAT_R8G8B8A8_SINT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGBA8_UNORM: return {{VK_FORMAT_R8G8B8A8_UNORM}};
    case Format::RGBA8_SNORM: return {{VK_FORMAT_R8G8B8A8_SNORM}};
    case Format::RGBA8_SRGB: return {{VK_FORMAT_R8G8B8A8_SRGB}};
    case Format::RGBA8_UINT: return {{VK_FORMAT_R8G8B8A8_UINT}};
    case Format::RGBA8_SINT: return {{VK_FORMAT_R8G8B8A8_SINT}};
    case Format::BGRA8_UNORM: return {{VK_FORMAT_B8G8R8A8_UNORM}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::SwapRedBlue}};
    case Format::BGRA8_SRGB: return {{VK_FORMAT_B8G8R8A8_SRGB}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::SwapRedBlue}};
    case Format::B5G6R5_UNORM: return {{VK_FORMAT_R5G6B5_UNORM_PACK16}, {VK_FORMAT_R8G8B8A8_UNORM, kRgb1, C::ExpandToFourChannels}};
    case Format::RGBA4_UNORM: return {{VK_FORMAT_R4G4B4A4_UNORM_PACK16}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::ExpandToFourChannels}};
    case Format::RGB5A1_UNORM: return {{VK_FORMAT_R5G5B5A1_UNORM_PACK16}, {VK_FORMAT_A1R5G5B5_UNORM_PACK16}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::ExpandToFourChannels}};
    case Format::RGB10A2_UNORM: return {{VK_FORMAT_A2B10G10R10_UNORM_PACK32}};
    case Format::RGB10A2_UINT: return {{VK_FORMAT_A2B10G10R10_UINT_PACK32}};
    case Format::R11G11B10_FLOAT: return {{VK_FORMAT_B10G11R11_UFLOAT_PACK32}, {VK_FORMAT_R16G16B16A16_SFLOAT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB9E5_FLOAT: return {{VK_FORMAT_E5B9G9R9_UFLOAT_PACK32}, {VK_FORMAT_R16G16B16A16_SFLOAT, kRgb1, C::ExpandToFourChannels}};
    case Format::R16_UNORM: return {{VK_FORMAT_R16_UNORM}};
    case Format::R16_SNORM: return {{VK_FORMAT_R16_SNORM}};
    case Format::R16_FLOAT: return {{VK_FORMAT_R16_SFLOAT}};
    case Format::R16_UINT: return {{VK_FORMAT_R16_UINT}};
    case Format::R16_SINT: return {{VK_FORMAT_R16_SINT}};
    case Format::RG16_UNORM: return {{VK_FORMAT_R16G16_UNORM}};
    case Format::RG16_SNORM: return {{VK_FORMAT_R16G16_SNORM}};
    case Format::RG16_FLOAT: return {{VK_FORMAT_R16G16_SFLOAT}};
    case Format::RG16_UINT: return {{VK_FORMAT_R16G16_UINT}};
    case Format::RG16_SINT: return {{VK_FORMAT_R16G16_SINT}};
    case Format::RGB16_UNORM: return {{VK_FORMAT_R16G16B16_UNORM}, {VK_FORMAT_R16G16B16A16_UNORM, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB16_SNORM: return {{VK_FORMAT_R16G16B16_SNORM}, {VK_FORMAT_R16G16B16A16_SNORM, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB16_FLOAT: return {{VK_FORMAT_R16G16B16_SFLOAT}, {VK_FORMAT_R16G16B16A16_SFLOAT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB16_UINT: return {{VK_FORMAT_R16G16B16_UINT}, {VK_FORMAT_R16G16B16A16_UINT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB16_SINT: return {{VK_FORMAT_R16G16B16_SINT}, {VK_FORMAT_R16G16B16A16_SINT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGBA16_UNORM: return {{VK_FORMAT_R16G16B16A16_UNORM}};
    case Format::RGBA16_SNORM: return {{VK_FORMAT_R16G16B16A16_SNORM}};
    case Format::RGBA16_FLOAT: return {{VK_FORMAT_R16G16B16A16_SFLOAT}};
    case Format::RGBA16_UINT: return {{VK_FORMAT_R16G16B16A16_UINT}};
    case Format::RGBA16_SINT: return {{VK_FORMAT_R16G16B16A16_SINT}};
    case Format::R32_FLOAT: return {{VK_FORMAT_R32_SFLOAT}};
    case Format::R32_UINT: return {{VK_FORMAT_R32_UINT}};
    case Format::R32_SINT: return {{VK_FORMAT_R32_SINT}};
    case Format::RG32_FLOAT: return {{VK_FORMAT_R32G32_SFLOAT}};
    case Format::RG32_UINT: return {{VK_FORMAT_R32G32_UINT}};
    case Format::RG32_SINT: return {{VK_FORMAT_R32G32_SINT}};
    case Format::RGB32_FLOAT: return {{VK_FORMAT_R32G32B32_SFLOAT}, {VK_FORMAT_R32G32B32A32_SFLOAT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB32_UINT: return {{VK_FORMAT_R32G32B32_UINT}, {VK_FORMAT_R32G32B32A32_UINT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGB32_SINT: return {{VK_FORMAT_R32G32B32_SINT}, {VK_FORMAT_R32G32B32A32_SINT, kRgb1, C::ExpandToFourChannels}};
    case Format::RGBA32_FLOAT: return {{VK_FORMAT_R32G32B32A32_SFLOAT}};
    case Format::RGBA32_UINT: return {{VK_FORMAT_R32G32B32A32_UINT}};
    case Format::RGBA32_SINT: return {{VK_FORMAT_R32G32B32A32_SINT}};
    case Format::R64_FLOAT: return {{VK_FORMAT_R64_SFLOAT}};
    case Format::RG64_FLOAT: return {{VK_FORMAT_R64G64_SFLOAT}};
    case Format::RGB64_FLOAT: return {{VK_FORMAT_R64G64B64_SFLOAT}};
    case Format::RGBA64_FLOAT: return {{VK_FORMAT_R64G64B64A64_SFLOAT}};
    // Legacy formats have no Vulkan equivalent: one or two channels plus a swizzle.
    case Format::A8_UNORM: return {{VK_FORMAT_R8_UNORM, {S::Zero, S::Zero, S::Zero, S::R}}};
    case Format::L8_UNORM: return {{VK_FORMAT_R8_UNORM, {S::R, S::R, S::R, S::One}}};
    case Format::L8A8_UNORM: return {{VK_FORMAT_R8G8_UNORM, {S::R, S::R, S::R, S::G}}};
    // X8_D24 is optional in Vulkan (D16 is not, but may lack a usage): the
    // fallback holds the same depth as a float, converted on upload.
    case Format::Z16_UNORM: return {{VK_FORMAT_D16_UNORM}, {VK_FORMAT_D32_SFLOAT, kIdentity, C::DepthToFloat}};
    case Format::Z24X8_UNORM:
      return {{VK_FORMAT_X8_D24_UNORM_PACK32}, {VK_FORMAT_D32_SFLOAT, kIdentity, C::DepthToFloat}};
    case Format::Z32_FLOAT: return {{VK_FORMAT_D32_SFLOAT}};
    case Format::Z24_UNORM_S8_UINT:
      return {{VK_FORMAT_D24_UNORM_S8_UINT}, {VK_FORMAT_D32_SFLOAT_S8_UINT, kIdentity, C::DepthStencilRepack}};
    case Format::Z32_FLOAT_S8X24_UINT: return {{VK_FORMAT_D32_SFLOAT_S8_UINT}};
    case Format::S8_UINT: return {{VK_FORMAT_S8_UINT}, {VK_FORMAT_D24_UNORM_S8_UINT}, {VK_FORMAT_D32_SFLOAT_S8_UINT}};
    case Format::ETC2_RGB8: return {{VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kRgb1, C::DecodeEtc2}};
    case Format::ETC2_SRGB8: return {{VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kRgb1, C::DecodeEtc2}};
    case Format::ETC2_RGB8A1: return {{VK_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeEtc2}};
    case Format::ETC2_SRGB8A1: return {{VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeEtc2}};
    case Format::ETC2_RGBA8: return {{VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeEtc2}};
    case Format::ETC2_SRGB8_A8: return {{VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeEtc2}};
    case Format::EAC_R11_UNORM: return {{VK_FORMAT_EAC_R11_UNORM_BLOCK}, {VK_FORMAT_R16_UNORM, kIdentity, C::DecodeEtc2}};
    case Format::EAC_R11_SNORM: return {{VK_FORMAT_EAC_R11_SNORM_BLOCK}, {VK_FORMAT_R16_SNORM, kIdentity, C::DecodeEtc2}};
    case Format::EAC_RG11_UNORM: return {{VK_FORMAT_EAC_R11G11_UNORM_BLOCK}, {VK_FORMAT_R16G16_UNORM, kIdentity, C::DecodeEtc2}};
    case Format::EAC_RG11_SNORM: return {{VK_FORMAT_EAC_R11G11_SNORM_BLOCK}, {VK_FORMAT_R16G16_SNORM, kIdentity, C::DecodeEtc2}};
    case Format::BC1_RGB_UNORM: return {{VK_FORMAT_BC1_RGB_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kRgb1, C::DecodeBc}};
    case Format::BC1_RGBA_UNORM: return {{VK_FORMAT_BC1_RGBA_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeBc}};
    case Format::BC2_UNORM: return {{VK_FORMAT_BC2_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeBc}};
    case Format::BC3_UNORM: return {{VK_FORMAT_BC3_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeBc}};
    case Format::BC1_RGB_SRGB: return {{VK_FORMAT_BC1_RGB_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kRgb1, C::DecodeBc}};
    case Format::BC1_RGBA_SRGB: return {{VK_FORMAT_BC1_RGBA_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeBc}};
    case Format::BC2_SRGB: return {{VK_FORMAT_BC2_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeBc}};
    case Format::BC3_SRGB: return {{VK_FORMAT_BC3_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeBc}};
    case Format::BC4_UNORM: return {{VK_FORMAT_BC4_UNORM_BLOCK}, {VK_FORMAT_R8_UNORM, kIdentity, C::DecodeBc}};
    case Format::BC4_SNORM: return {{VK_FORMAT_BC4_SNORM_BLOCK}, {VK_FORMAT_R8_SNORM, kIdentity, C::DecodeBc}};
    case Format::BC5_UNORM: return {{VK_FORMAT_BC5_UNORM_BLOCK}, {VK_FORMAT_R8G8_UNORM, kIdentity, C::DecodeBc}};
    case Format::BC5_SNORM: return {{VK_FORMAT_BC5_SNORM_BLOCK}, {VK_FORMAT_R8G8_SNORM, kIdentity, C::DecodeBc}};
    // BPTC: native only (the GL frontend offers the formats where the device samples all four).
    case Format::BC6H_UFLOAT: return {{VK_FORMAT_BC6H_UFLOAT_BLOCK}};
    case Format::BC6H_SFLOAT: return {{VK_FORMAT_BC6H_SFLOAT_BLOCK}};
    case Format::BC7_UNORM: return {{VK_FORMAT_BC7_UNORM_BLOCK}};
    case Format::BC7_SRGB: return {{VK_FORMAT_BC7_SRGB_BLOCK}};
    // ASTC LDR: 2D blocks decoded to RGBA8 (sRGB-encoded bytes for the SRGB forms) by libastcenc.
    case Format::ASTC_4x4_UNORM: return {{VK_FORMAT_ASTC_4x4_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_4x4_SRGB: return {{VK_FORMAT_ASTC_4x4_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_5x4_UNORM: return {{VK_FORMAT_ASTC_5x4_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_5x4_SRGB: return {{VK_FORMAT_ASTC_5x4_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_5x5_UNORM: return {{VK_FORMAT_ASTC_5x5_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_5x5_SRGB: return {{VK_FORMAT_ASTC_5x5_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_6x5_UNORM: return {{VK_FORMAT_ASTC_6x5_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_6x5_SRGB: return {{VK_FORMAT_ASTC_6x5_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_6x6_UNORM: return {{VK_FORMAT_ASTC_6x6_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_6x6_SRGB: return {{VK_FORMAT_ASTC_6x6_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_8x5_UNORM: return {{VK_FORMAT_ASTC_8x5_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_8x5_SRGB: return {{VK_FORMAT_ASTC_8x5_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_8x6_UNORM: return {{VK_FORMAT_ASTC_8x6_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_8x6_SRGB: return {{VK_FORMAT_ASTC_8x6_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_8x8_UNORM: return {{VK_FORMAT_ASTC_8x8_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_8x8_SRGB: return {{VK_FORMAT_ASTC_8x8_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x5_UNORM: return {{VK_FORMAT_ASTC_10x5_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x5_SRGB: return {{VK_FORMAT_ASTC_10x5_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x6_UNORM: return {{VK_FORMAT_ASTC_10x6_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x6_SRGB: return {{VK_FORMAT_ASTC_10x6_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x8_UNORM: return {{VK_FORMAT_ASTC_10x8_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x8_SRGB: return {{VK_FORMAT_ASTC_10x8_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x10_UNORM: return {{VK_FORMAT_ASTC_10x10_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_10x10_SRGB: return {{VK_FORMAT_ASTC_10x10_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_12x10_UNORM: return {{VK_FORMAT_ASTC_12x10_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_12x10_SRGB: return {{VK_FORMAT_ASTC_12x10_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::ASTC_12x12_UNORM: return {{VK_FORMAT_ASTC_12x12_UNORM_BLOCK}, {VK_FORMAT_R8G8B8A8_UNORM, kIdentity, C::DecodeAstc}};
    case Format::ASTC_12x12_SRGB: return {{VK_FORMAT_ASTC_12x12_SRGB_BLOCK}, {VK_FORMAT_R8G8B8A8_SRGB, kIdentity, C::DecodeAstc}};
    case Format::Count: return {};
  }
  return {};
}

}  // namespace

VkFormatFeatureFlags FormatTable::required_features(uint32_t usage, bool buffer) {
  VkFormatFeatureFlags f = 0;
  if (buffer) {
    if (usage & pipe::kUsageVertexBuffer) f |= VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT;
    if (usage & pipe::kUsageTexelBuffer) f |= VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT;
    if (usage & pipe::kUsageStorage) f |= VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT;
    return f;
  }
  if (usage & pipe::kUsageSampled) f |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
  if (usage & pipe::kUsageFilterLinear) f |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  if (usage & pipe::kUsageColorAttachment) f |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
  if (usage & pipe::kUsageBlend) f |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
  if (usage & pipe::kUsageDepthStencil) f |= VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
  if (usage & pipe::kUsageStorage) f |= VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT;
  if (usage & pipe::kUsageTransfer) f |= VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  return f;
}

FormatTable::FormatTable(VkPhysicalDevice physical_device) : physical_device_(physical_device) {
  for (size_t i = 0; i < pipe::kFormatCount; ++i) {
    for (const Candidate& c : candidates_for(static_cast<Format>(i))) {
      FormatChoice choice;
      choice.vk = c.vk;
      choice.swizzle = c.swizzle;
      choice.conversion = c.conversion;
      candidates_[i].push_back(choice);
      if (!props_.count(c.vk)) {
        VkFormatProperties props{};
        vkGetPhysicalDeviceFormatProperties(physical_device_, c.vk, &props);
        props_.emplace(c.vk, props);
      }
    }
  }
}

VkFormatProperties FormatTable::properties(VkFormat format) const {
  if (auto it = props_.find(format); it != props_.end()) return it->second;
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(physical_device_, format, &props);
  return props;
}

uint32_t FormatTable::image_sample_counts(VkFormat format, VkImageUsageFlags usage, VkImageCreateFlags flags) const {
  VkImageFormatProperties p{};
  if (vkGetPhysicalDeviceImageFormatProperties(physical_device_, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage,
                                               flags, &p) != VK_SUCCESS)
    return 0;
  return p.sampleCounts;
}

FormatChoice FormatTable::choose(pipe::Format format, uint32_t usage) const {
  const bool buffer_usage = usage & (pipe::kUsageVertexBuffer | pipe::kUsageTexelBuffer);
  for (const FormatChoice& c : candidates_[static_cast<size_t>(format)]) {
    const VkFormatProperties p = properties(c.vk);
    if (buffer_usage) {
      // Vertex and texel buffers read the data as stored: no conversion possible.
      if (c.conversion != FormatConversion::None || c.swizzled()) continue;
      const VkFormatFeatureFlags need = required_features(usage, true);
      if ((p.bufferFeatures & need) == need) return c;
      continue;
    }
    const VkFormatFeatureFlags need = required_features(usage, false);
    if ((p.optimalTilingFeatures & need) == need && (need || p.optimalTilingFeatures)) return c;
  }
  return {};
}

}  // namespace brass::vk
