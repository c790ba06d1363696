// The extension strings of compatibility contexts whose functionality is
// the pixel path's and which add no entry points: GL_ARB_depth_texture
// (DEPTH_TEXTURE_MODE), GL_EXT_packed_depth_stencil (DEPTH_STENCIL
// DrawPixels/ReadPixels/CopyPixels), GL_ARB_pixel_buffer_object (the pixel
// commands read and write pixel buffers). Implemented in pixel_transfer.cpp.
#pragma once

#include <string>
#include <vector>

namespace brass::gl::compat {

void add_pixel_extensions(std::vector<std::string>* extensions);

}  // namespace brass::gl::compat
