// The GL extensions a context advertises (GL_EXTENSIONS, glGetStringi) and
// the format features that follow from the device.
#pragma once

#include <string>
#include <vector>

#include "gl/pixel/format_table.h"

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

// The ES format extensions the device can back (float rendering and
// filtering); the rest of the ES format extensions need nothing from it.
pixel::FormatFeatures format_features_for(const pipe::Screen& screen);

// Only extensions whose entry points, enums and shading-language side are
// really implemented are listed; some depend on what the device can do.
// `es31`: the context is ES 3.1 (extensions of ES 3.1 functionality).
std::vector<std::string> supported_extensions(const pipe::Screen& screen, const pixel::FormatFeatures& features,
                                              bool es31);

// The extensions of a desktop core-profile context.
std::vector<std::string> supported_desktop_extensions(const pipe::Screen& screen,
                                                      const pixel::FormatFeatures& features);

}  // namespace brass::gl
