// Maps the seam's formats to VkFormats. Each GL-visible format has a list of
// candidates, native first, then emulations (RGB8 stored as RGBA8 with alpha
// read as one, luminance as R8 with a swizzle, ETC2 or ASTC decoded to RGBA8,
// ...).
// A lookup names the usage and gets the first candidate the device supports
// for all of it, with what the emulation costs: a swizzle on sampling and a
// conversion on upload/readback.
#pragma once

#include <array>
#include <unordered_map>
#include <vector>

#include "device/vk.h"
#include "pipe/format.h"

namespace brass::vk {

// CPU work needed between the GL-visible layout and the stored one.
enum class FormatConversion : uint8_t {
  None,
  ExpandToFourChannels,   // add a channel (RGB -> RGBA, 3-channel 16/32-bit): fill with one
  DepthStencilRepack,     // D24S8 packed <-> separate D32F + S8 planes
  DecodeEtc2,             // ETC2/EAC blocks decoded to RGBA8 / R16 / RG16
  DecodeBc,               // S3TC/RGTC decoded on the CPU
  DecodeAstc,             // ASTC LDR decoded to RGBA8 on the CPU (libastcenc)
  SwapRedBlue,            // BGRA data stored as RGBA
  DepthToFloat,           // Z16 / Z24X8 normalized depth stored as D32_SFLOAT
};

struct FormatChoice {
  VkFormat vk = VK_FORMAT_UNDEFINED;
  std::array<pipe::Swizzle, 4> swizzle{pipe::Swizzle::R, pipe::Swizzle::G, pipe::Swizzle::B, pipe::Swizzle::A};
  FormatConversion conversion = FormatConversion::None;
  bool native() const { return conversion == FormatConversion::None && !swizzled(); }
  bool swizzled() const {
    return swizzle != std::array<pipe::Swizzle, 4>{pipe::Swizzle::R, pipe::Swizzle::G, pipe::Swizzle::B, pipe::Swizzle::A};
  }
  explicit operator bool() const { return vk != VK_FORMAT_UNDEFINED; }
};

class FormatTable {
 public:
  explicit FormatTable(VkPhysicalDevice physical_device);

  // The stored form of `format` for `usage` (pipe::FormatUsage bits); an
  // empty choice when no candidate supports the usage.
  FormatChoice choose(pipe::Format format, uint32_t usage) const;
  bool supports(pipe::Format format, uint32_t usage) const { return static_cast<bool>(choose(format, usage)); }
  // Features of a VkFormat for optimal tiling and for buffers (every
  // candidate's are queried once at construction; the table is immutable
  // afterwards, so lookups from several threads need no lock).
  VkFormatProperties properties(VkFormat format) const;
  // The sample counts (VkSampleCountFlags) of an optimal-tiling 2D image of
  // `format` with this usage and these flags, from
  // vkGetPhysicalDeviceImageFormatProperties (0: no such image). Often more
  // than the device limits' per-kind guarantees (framebufferIntegerColorSampleCounts
  // and the like are what every format of a kind supports).
  uint32_t image_sample_counts(VkFormat format, VkImageUsageFlags usage, VkImageCreateFlags flags) const;
  // The candidate list (for brass-info and tests).
  const std::vector<FormatChoice>& candidates(pipe::Format format) const { return candidates_[static_cast<size_t>(format)]; }

  static VkFormatFeatureFlags required_features(uint32_t usage, bool buffer);

 private:
  VkPhysicalDevice physical_device_;
  std::array<std::vector<FormatChoice>, pipe::kFormatCount> candidates_;
  std::unordered_map<VkFormat, VkFormatProperties> props_;
};

}  // namespace brass::vk
