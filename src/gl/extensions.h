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

// Whether an ES 3.1 context with these extensions (supported_extensions
// with es31) has everything OpenGL ES 3.2 adds to 3.1 (ES 3.2 §1.3.1 /
// Appendix F.1: the Android extension pack's extensions, KHR_debug,
// KHR_robustness, KHR_blend_equation_advanced, ASTC LDR, texture_stencil8,
// color_buffer_float, copy_image, draw_elements_base_vertex, ...), so that
// the context can be ES 3.2 with all of them core.
bool es32_complete(const std::vector<std::string>& es31_extensions);
// The ES 3.2 extensions es32_complete finds missing (for the log).
std::vector<std::string> es32_missing(const std::vector<std::string>& es31_extensions);

// The extensions of a desktop core-profile context.
std::vector<std::string> supported_desktop_extensions(const pipe::Screen& screen,
                                                      const pixel::FormatFeatures& features);
// Adds to `extensions` (supported_desktop_extensions' list, kept sorted)
// the desktop extensions whose specifications require a GL version as well
// as the device: those of a context of `version` (major * 10 + minor).
void add_desktop_version_extensions(const pipe::Screen& screen, int version, std::vector<std::string>* extensions);
// Adds to `extensions` (a desktop list) the extensions only compatibility
// contexts list: old EXT names of core functionality whose GLSL forms need
// the GLSL 1.10 - 1.30 a compatibility context compiles.
void add_compatibility_extensions(const pipe::Screen& screen, std::vector<std::string>* extensions);

}  // namespace brass::gl
