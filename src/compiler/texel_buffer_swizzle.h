// The component mapping of the compatibility profile's legacy buffer-texture
// formats (ARB_texture_buffer_object's table, GL 4.6 compatibility table
// 8.16): a buffer texture of an ALPHA, LUMINANCE, LUMINANCE_ALPHA or
// INTENSITY format holds one or two components per texel, which texelFetch
// returns as (0,0,0,R), (R,R,R,1), (R,R,R,G) or (R,R,R,R). The buffer is
// read through a Vulkan uniform texel buffer of the R or RG format, and
// buffer views have no component swizzle, so the draw-time variant
// (VariantKey::texel_buffer_swizzles) rearranges the result of every
// OpImageFetch from such a binding in the shader.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace brass::compiler {

// How a texel buffer's fetched components become texelFetch's result. The
// values are the key's 3-bit encoding (0: as fetched).
enum class TexelBufferSwizzle : uint8_t {
  Identity = 0,
  Alpha = 1,           // (0, 0, 0, R)
  Luminance = 2,       // (R, R, R, 1)
  LuminanceAlpha = 3,  // (R, R, R, G)
  Intensity = 4,       // (R, R, R, R)
};

// Bits per element in VariantKey::texel_buffer_swizzles, and how many
// samplerBuffer elements of a program the key describes.
inline constexpr unsigned kTexelBufferSwizzleBits = 3;
inline constexpr unsigned kMaxSwizzledTexelBuffers = 64 / kTexelBufferSwizzleBits;

// One swizzled element of a uniform texel buffer binding (descriptor set 2).
struct TexelBufferBindingSwizzle {
  uint32_t binding = 0;
  uint32_t element = 0;  // array element (0 for a non-array)
  TexelBufferSwizzle swizzle = TexelBufferSwizzle::Identity;
};

// Patches every OpImageFetch of the module that reads one of `swizzles`'
// elements. Arrays indexed with a non-constant index are first lowered to
// constant indices (opaque_array_indexing.h) so each fetch knows its
// element. A fetch whose image comes through a function parameter cannot be
// traced and keeps its components. False (module unchanged) when it could
// not be parsed or lowered.
bool swizzle_texel_buffer_fetches(std::vector<uint32_t>& spirv, std::span<const TexelBufferBindingSwizzle> swizzles);

}  // namespace brass::compiler
