// How the pixel rectangle commands (glDrawPixels, glCopyPixels, glBitmap)
// make fragments: the rectangle's values are uploaded to a texture and a
// window-aligned quad is drawn through the ordinary draw path with an
// internal program that samples it, so every per-fragment operation of the
// context (pixel ownership, scissor, alpha, stencil and depth tests,
// occlusion queries, blending, dithering, logic op, masks, conditional
// rendering, RASTERIZER_DISCARD) applies to them exactly as to a
// primitive's fragments (GL 4.6 compatibility §18.1.5, §14.8).
//
// During the draw the command's own program, texture, vertex array and a
// viewport covering the whole framebuffer replace the application's, and
// the polygon state that does not apply to pixel rectangles (culling,
// polygon mode, polygon offset) is neutral; all of it is restored after.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// What the fragment shader makes of the texel at each fragment.
enum class RectKind : uint8_t {
  Color,   // RGBA32F texels are the fragment colour
  Depth,   // R32F texels are the fragment depth; the colour is `color`
  Bitmap,  // R8 texels: a fragment where the texel is set, with `color`
};

// One pixel rectangle: `width` x `height` texels in `texels` (tightly
// packed rows, bottom row first: RGBA floats for Color, one float for
// Depth, one byte for Bitmap), drawn with its lower-left corner at window
// position (x, y), each texel covering zoom_x x zoom_y pixels (negative
// zooms mirror), at window depth `z`.
struct PixelRect {
  RectKind kind = RectKind::Color;
  uint32_t width = 0, height = 0;
  const void* texels = nullptr;
  GLfloat x = 0, y = 0, z = 0;
  GLfloat zoom_x = 1, zoom_y = 1;
  GLfloat color[4] = {1, 1, 1, 1};
};

// Draws the rectangle (split into tiles no larger than the texture size
// limit). Records INVALID_FRAMEBUFFER_OPERATION for an incomplete draw
// framebuffer, as the draw would.
void draw_pixel_rect(Context& ctx, const PixelRect& rect);

// Writes stencil indices (`indices`: width x height, as PixelRect's texels)
// into the stencil buffer at the rectangle: only the pixel ownership and
// scissor tests and the stencil write masks apply (§18.1.5 "the stencil
// index values are written... the stencil test and depth buffer test are
// not applied"). Drawn one bit plane at a time: for each plane the
// fragments whose bit is set replace it with 1, the others with 0, through
// the stencil operations with a write mask of that plane.
void draw_stencil_rect(Context& ctx, const PixelRect& rect, const uint32_t* indices, int stencil_bits);

}  // namespace brass::gl::compat
