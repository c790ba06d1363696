// Rectangle samplers (sampler2DRect, sampler2DRectShadow, isampler2DRect,
// usampler2DRect) on Vulkan, which has no Rect image dimension (the
// SampledRect capability is not one a Vulkan device may declare), and
// rectangle images (image2DRect, ImageRect), which become 2D storage images:
// their coordinates and sizes are texels either way.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Makes every Rect image type a 2D one and keeps GL's meaning of each
// image instruction on it: the coordinates of sampling and gather
// instructions (texture, textureProj, textureGrad's gradients too,
// textureGather and their offset forms) are texel coordinates, divided by
// the level-0 size (OpImageQuerySizeLod) before the 2D instruction; a fetch
// (texelFetch) reads level 0, and a size query (textureSize) is the size
// of level 0. The view bound is a one-level 2D view of the rectangle, so
// filtering, wrapping and depth comparison are the device's, and offsets
// stay in texels. Returns false (module unchanged) for malformed input;
// true, untouched, for a module without rectangle samplers.
bool lower_rectangle_samplers(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
