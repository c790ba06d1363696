// Line continuations in desktop GLSL below 4.20 (a backslash right before a
// new-line), which glslang refuses there while other desktop drivers take
// them and shaders (multi-line #define macros above all) rely on them.
#pragma once

#include <string>

namespace brass::compiler {

// `source` with every backslash-newline pair removed, as GLSL 4.20 §3.1
// defines it (before comments and preprocessing), and each joined line
// followed by as many new-lines as it swallowed, so that later lines keep
// their numbers in diagnostics and __LINE__. The same text when there is
// nothing to join.
std::string splice_line_continuations(const std::string& source);

}  // namespace brass::compiler
