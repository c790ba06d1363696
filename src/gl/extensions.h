// The GL extensions a context advertises (GL_EXTENSIONS, glGetStringi).
#pragma once

#include <string>
#include <vector>

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

// Only extensions whose entry points, enums and shading-language side are
// really implemented are listed; some depend on what the device can do.
std::vector<std::string> supported_extensions(const pipe::Screen& screen);

}  // namespace brass::gl
