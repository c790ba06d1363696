// Writes RGBA8 pixels to a PNG file with libpng.
#pragma once

#include <cstdint>
#include <string>

namespace brass::demo {

// `rows_bottom_up`: GL's glReadPixels order (first row is the bottom one).
bool write_png(const std::string& path, const uint8_t* rgba, int width, int height, bool rows_bottom_up,
               std::string* error);

}  // namespace brass::demo
