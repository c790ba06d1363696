// Errors GLSL lets an implementation report at compile or at link time.
// ARB_enhanced_layouts (GLSL 4.60 §4.4.1, §4.4.2) makes location and
// component aliasing "a compile-time or link-time error"; glslang finds it
// while compiling. For a shader that enables the extension, Brass reports it
// when the program links, as other desktop drivers do (and piglit's linker
// tests expect): the shader compiles, its info log keeping the messages as
// warnings, and the link, which parses it again, fails with them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace brass::compiler {

// Whether every error in glslang's (tidied) `log` is one of the aliasing
// errors above, and there is at least one.
bool only_link_time_errors(std::string_view log);

// `log` with those errors marked as warnings that the link reports, and the
// error count line dropped.
std::string as_link_time_warnings(std::string_view log);

// Whether a desktop `source` enables ARB_enhanced_layouts (exposed).
bool defers_aliasing_errors(std::string_view source, const std::vector<std::string>& unexposed);

}  // namespace brass::compiler
