// Program interface queries (ES 3.1 §7.3.1): the active resources of a
// linked program enumerated per interface, their names and properties
// (table 7.2), and name look-ups of indices and locations. The lists and
// the name rules are program_resources.h's, shared with the older queries.
#include <algorithm>
#include <optional>

#include "gl/context.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// The interface an enum names, recording GL_INVALID_ENUM when none.
std::optional<ResourceInterface> lookup_interface(Context& ctx, GLenum program_interface) {
  const std::optional<ResourceInterface> iface = resource_interface(program_interface);
  if (!iface || !resource_interface_available(ctx, *iface)) {
    ctx.set_error(GL_INVALID_ENUM);
    return std::nullopt;
  }
  return iface;
}

bool holds_variables(ResourceInterface iface) {
  return iface == ResourceInterface::UniformBlock || iface == ResourceInterface::AtomicCounterBuffer ||
         iface == ResourceInterface::ShaderStorageBlock;
}

}  // namespace

void GetProgramInterfaceiv(Context& ctx, GLuint program, GLenum programInterface, GLenum pname, GLint* params) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::optional<ResourceInterface> iface = lookup_interface(ctx, programInterface);
  if (!iface) return;
  // A program never linked, or last linked unsuccessfully, has empty lists.
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  const size_t count = resource_count(lp, *iface);
  GLint v = 0;
  switch (pname) {
    case GL_ACTIVE_RESOURCES: v = static_cast<GLint>(count); break;
    case GL_MAX_NAME_LENGTH:
      // Atomic counter buffers have no names.
      if (*iface == ResourceInterface::AtomicCounterBuffer) return ctx.set_error(GL_INVALID_OPERATION);
      v = max_resource_name_length(lp, *iface);
      break;
    case GL_MAX_NUM_ACTIVE_VARIABLES:
      if (!holds_variables(*iface)) return ctx.set_error(GL_INVALID_OPERATION);
      for (size_t i = 0; i < count; ++i) {
        GLint n = 0;
        resource_property(*lp, *iface, i, GL_NUM_ACTIVE_VARIABLES, &n, 1);
        v = std::max(v, n);
      }
      break;
    case GL_MAX_NUM_COMPATIBLE_SUBROUTINES:
      if (!resource_interface_available(ctx, ResourceInterface::VertexSubroutineUniform))
        return ctx.set_error(GL_INVALID_ENUM);
      if (!is_subroutine_uniform_interface(*iface)) return ctx.set_error(GL_INVALID_OPERATION);
      for (size_t i = 0; i < count; ++i) {
        GLint n = 0;
        resource_property(*lp, *iface, i, GL_NUM_COMPATIBLE_SUBROUTINES, &n, 1);
        v = std::max(v, n);
      }
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = v;
}

GLuint GetProgramResourceIndex(Context& ctx, GLuint program, GLenum programInterface, const GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return GL_INVALID_INDEX;
  const std::optional<ResourceInterface> iface = lookup_interface(ctx, programInterface);
  if (!iface) return GL_INVALID_INDEX;
  // Atomic counter buffers have no names to look up.
  if (*iface == ResourceInterface::AtomicCounterBuffer) {
    ctx.set_error(GL_INVALID_ENUM);
    return GL_INVALID_INDEX;
  }
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp || !name) return GL_INVALID_INDEX;
  const std::optional<ResourceMatch> m = find_resource(*lp, *iface, name, NameRule::Entry);
  return m ? static_cast<GLuint>(m->index) : GL_INVALID_INDEX;
}

void GetProgramResourceName(Context& ctx, GLuint program, GLenum programInterface, GLuint index, GLsizei bufSize,
                            GLsizei* length, GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::optional<ResourceInterface> iface = lookup_interface(ctx, programInterface);
  if (!iface) return;
  if (*iface == ResourceInterface::AtomicCounterBuffer) return ctx.set_error(GL_INVALID_ENUM);
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (bufSize < 0 || index >= resource_count(lp, *iface)) return ctx.set_error(GL_INVALID_VALUE);
  copy_gl_string(resource_name(*lp, *iface, index), bufSize, length, name);
}

void GetProgramResourceiv(Context& ctx, GLuint program, GLenum programInterface, GLuint index, GLsizei propCount,
                          const GLenum* props, GLsizei bufSize, GLsizei* length, GLint* params) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::optional<ResourceInterface> iface = lookup_interface(ctx, programInterface);
  if (!iface) return;
  if (propCount <= 0 || bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (index >= resource_count(lp, *iface)) return ctx.set_error(GL_INVALID_VALUE);
  if (!props) return;
  // Every property is checked before anything is written: a call that
  // records an error returns nothing.
  for (GLsizei i = 0; i < propCount; ++i)
    if (const GLenum e = check_resource_property(ctx, *iface, props[i]); e != GL_NO_ERROR) return ctx.set_error(e);
  // Values go out in the order of `props`, at most bufSize of them.
  const size_t capacity = params ? static_cast<size_t>(bufSize) : 0;
  size_t written = 0;
  for (GLsizei i = 0; i < propCount && written < capacity; ++i)
    written += resource_property(*lp, *iface, index, props[i], params + written, capacity - written);
  if (length) *length = static_cast<GLsizei>(written);
}

GLint GetProgramResourceLocation(Context& ctx, GLuint program, GLenum programInterface, const GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return -1;
  const std::optional<ResourceInterface> iface = lookup_interface(ctx, programInterface);
  if (!iface) return -1;
  // Only variables of these interfaces have locations.
  if (*iface != ResourceInterface::Uniform && *iface != ResourceInterface::ProgramInput &&
      *iface != ResourceInterface::ProgramOutput && !is_subroutine_uniform_interface(*iface)) {
    ctx.set_error(GL_INVALID_ENUM);
    return -1;
  }
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  if (!name) return -1;
  const std::optional<ResourceMatch> m = find_resource(*lp, *iface, name, NameRule::Element);
  return m ? resource_location(*lp, *iface, m->index, m->element) : -1;
}

}  // namespace brass::gl::api
