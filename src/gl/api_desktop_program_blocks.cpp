// Desktop GL commands on a program's storage blocks and atomic counter
// buffers that ES 3.1 does without (GL 4.6 §7.6.2 and §7.7):
// glShaderStorageBlockBinding (ARB_shader_storage_buffer_object) and
// glGetActiveAtomicCounterBufferiv (ARB_shader_atomic_counters). Both are
// forms of the program interface queries of program_resources.h.
#include "gl/context.h"
#include "gl/context_executables.h"
#include "gl/draw_validation.h"
#include "gl/linked_program.h"
#include "gl/program.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl_functions.h"

namespace brass::gl::api {

void ShaderStorageBlockBinding(Context& ctx, GLuint program, GLuint storageBlockIndex, GLuint storageBlockBinding) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  std::shared_ptr<LinkedProgram> keep;
  LinkedProgram* lp = p->link_status ? context_executable(ctx, *p, &keep) : nullptr;
  // GL 4.6 §7.8: an index that is not an active block of the program, or a
  // binding at or past MAX_SHADER_STORAGE_BUFFER_BINDINGS, is INVALID_VALUE.
  if (!lp || storageBlockIndex >= lp->storage_block_bindings.size()) return ctx.set_error(GL_INVALID_VALUE);
  if (storageBlockBinding >= kMaxShaderStorageBufferBindings)
    return ctx.set_error(GL_INVALID_VALUE);
  lp->storage_block_bindings[storageBlockIndex] = storageBlockBinding;
  ctx.dirty(kDirtyStorageBuffers);
}

void GetActiveAtomicCounterBufferiv(Context& ctx, GLuint program, GLuint bufferIndex, GLenum pname, GLint* params) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  // GL 4.6 §7.7: GetProgramResourceiv on ATOMIC_COUNTER_BUFFER with the
  // property each name stands for.
  GLenum prop = GL_NONE;
  switch (pname) {
    case GL_ATOMIC_COUNTER_BUFFER_BINDING: prop = GL_BUFFER_BINDING; break;
    case GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE: prop = GL_BUFFER_DATA_SIZE; break;
    case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS: prop = GL_NUM_ACTIVE_VARIABLES; break;
    case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES: prop = GL_ACTIVE_VARIABLES; break;
    case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER: prop = GL_REFERENCED_BY_VERTEX_SHADER; break;
    case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER:
      prop = GL_REFERENCED_BY_TESS_CONTROL_SHADER;
      break;
    case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER:
      prop = GL_REFERENCED_BY_TESS_EVALUATION_SHADER;
      break;
    case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER: prop = GL_REFERENCED_BY_GEOMETRY_SHADER; break;
    case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER: prop = GL_REFERENCED_BY_FRAGMENT_SHADER; break;
    case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER: prop = GL_REFERENCED_BY_COMPUTE_SHADER; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!lp) return ctx.set_error(GL_INVALID_OPERATION);  // §7.7: not linked
  if (bufferIndex >= resource_count(lp, ResourceInterface::AtomicCounterBuffer)) return ctx.set_error(GL_INVALID_VALUE);
  if (!params) return;
  resource_property(*lp, ResourceInterface::AtomicCounterBuffer, bufferIndex, prop, params, SIZE_MAX);
}

}  // namespace brass::gl::api
