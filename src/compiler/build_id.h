// Identity of the Brass binary the compiler runs in, so that cached SPIR-V
// from any other build is never reused.
#pragma once

#include <string>

namespace brass::compiler {

// The GNU build-id of the object containing the compiler (hex), or, if it
// has none, the path, size and mtime of that file. Computed once.
const std::string& compiler_build_id();

}  // namespace brass::compiler
