// Finds the #version directive of a GLSL source the way GL does: it must be
// the first thing in the source apart from comments and white space.
#pragma once

#include <string>
#include <string_view>

#include "compiler/compiler.h"

namespace brass::compiler {

struct GlslVersion {
  int number = 0;          // 100, 300, 310, 320, 110 ... 460
  bool es = false;
  bool explicit_directive = false;  // false: defaulted (no #version)
  int directive_line = 0;  // 1-based line of #version, 0 when absent
  bool core = false;       // "core" given (or implied for desktop >= 150)
  bool compatibility = false;
};

// Never fails: a malformed directive is reported by glslang later. Without
// a directive the version is 100 (GL ES) or 110 (desktop GL).
GlslVersion detect_glsl_version(std::string_view source, Api api);

// "#line" text that makes the next line `next_line`, for a shader of that
// version (ES and GLSL >= 3.30 number the next line, older GLSL the line
// after).
std::string line_directive_for(const GlslVersion& version, int next_line);

// True for versions Brass compiles as they are for SPIR-V (ES 3.10+,
// desktop 1.40+); older ones go through the upgrader.
inline bool version_needs_upgrade(const GlslVersion& v) {
  return v.es ? v.number < 310 : v.number < 140;
}

}  // namespace brass::compiler
