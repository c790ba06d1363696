// EXT_blend_func_extended's program commands: binding fragment outputs to a
// colour number and blend source index (applied by the next link, like
// glBindAttribLocation), and querying the index a linked output got
// (glGetFragDataIndexEXT, and with ES 3.1 glGetProgramResourceLocationIndexEXT).
#include <algorithm>
#include <string>
#include <string_view>

#include "gl/context.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// The colour index of the fragment output `name` denotes (-1: none, or one
// without a location).
GLint program_output_location_index(const LinkedProgram& lp, std::string_view name) {
  const std::optional<ResourceMatch> m = find_resource(lp, ResourceInterface::ProgramOutput, name, NameRule::Element);
  if (!m || resource_location(lp, ResourceInterface::ProgramOutput, m->index, m->element) < 0) return -1;
  // A located output is an application output, not a built-in.
  return lp.interface.fragment_outputs[m->index].index;
}

}  // namespace

void BindFragDataLocationIndexed(Context& ctx, GLuint program, GLuint colorNumber, GLuint index, const GLchar* name) {
  if (!ctx.has_feature("GL_EXT_blend_func_extended")) return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  // Index 1 is the second blend source, which only the first
  // MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT (1) colour numbers have.
  if (index > 1) return ctx.set_error(GL_INVALID_VALUE);
  if (index == 0 && colorNumber >= static_cast<GLuint>(ctx.limits.max_draw_buffers))
    return ctx.set_error(GL_INVALID_VALUE);
  if (index == 1 && colorNumber >= 1) return ctx.set_error(GL_INVALID_VALUE);
  if (!name) return;
  const std::string n(name);
  if (n.compare(0, 3, "gl_") == 0) return ctx.set_error(GL_INVALID_OPERATION);
  p->frag_data_bindings[n] = {colorNumber, index};
}

void BindFragDataLocation(Context& ctx, GLuint program, GLuint color, const GLchar* name) {
  BindFragDataLocationIndexed(ctx, program, color, 0, name);
}

GLint GetFragDataIndex(Context& ctx, GLuint program, const GLchar* name) {
  if (!ctx.has_feature("GL_EXT_blend_func_extended")) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return -1;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  if (!name) return -1;
  // GetProgramResourceLocationIndexEXT on PROGRAM_OUTPUT: built-in outputs
  // (ES 1.00's gl_FragColor/gl_FragData) have no location and no index.
  return program_output_location_index(*lp, name);
}

GLint GetProgramResourceLocationIndex(Context& ctx, GLuint program, GLenum programInterface, const GLchar* name) {
  if (!ctx.has_feature("GL_EXT_blend_func_extended")) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return -1;
  if (programInterface != GL_PROGRAM_OUTPUT) {
    ctx.set_error(GL_INVALID_ENUM);
    return -1;
  }
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  return name ? program_output_location_index(*lp, name) : -1;
}

}  // namespace brass::gl::api
