#include "gl/spirv_extensions.h"

#include <string>

#include "compiler/spirv_to_glsl.h"
#include "gl/context.h"

namespace brass::gl {

std::vector<const char*> spirv_extensions(const Context& ctx) {
  std::vector<const char*> out;
  if (!ctx.has_extension("GL_ARB_gl_spirv")) return out;
  for (const std::string& e : compiler::translatable_spirv_extensions()) {
    // The draw parameters translate to ARB_shader_draw_parameters' GLSL
    // built-ins, which the context has only with that extension.
    if (e == "SPV_KHR_shader_draw_parameters" && !ctx.has_extension("GL_ARB_shader_draw_parameters")) continue;
    out.push_back(e.c_str());
  }
  return out;
}

}  // namespace brass::gl
