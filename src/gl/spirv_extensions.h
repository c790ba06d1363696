// ARB_spirv_extensions: the SPIR-V extensions a context's SPIR-V shaders may
// declare (GL_SPIR_V_EXTENSIONS, GL_NUM_SPIR_V_EXTENSIONS).
#pragma once

#include <vector>

namespace brass::gl {

class Context;

// Empty where the context has no ARB_gl_spirv. The strings live for the
// whole process (glGetStringi returns them).
std::vector<const char*> spirv_extensions(const Context& ctx);

}  // namespace brass::gl
