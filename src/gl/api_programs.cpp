// Program objects (ES 3.0 §2.11.3-2.11.6, §2.12.3, §2.15): attachment,
// linking, use, deletion, binaries, attribute bindings, transform feedback
// varyings and the program queries.
#include <algorithm>

#include "gl/context.h"
#include "gl/context_executables.h"
#include "gl/program_link.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl/program_validation.h"
#include "gl_functions.h"

namespace brass::gl {

Program::~Program() = default;

namespace api {

namespace {

bool xfb_active_unpaused(const Context& ctx) {
  const TransformFeedback* x = ctx.transform_feedback.get();
  return x && x->active && !x->paused;
}

}  // namespace

GLuint CreateProgram(Context& ctx) {
  const Ref<ShaderOrProgram> p = ctx.share_group().programs.create(
      [](GLuint name) { return Ref<ShaderOrProgram>::adopt(new Program(name)); });
  if (!p) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return 0;
  }
  return p->name();
}

void AttachShader(Context& ctx, GLuint program, GLuint shader) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  for (const Ref<Shader>& a : p->attached) {
    // Already attached, or (GL ES: one shader per stage) a shader of that
    // type is; desktop GL links several of one type (GL 4.6 §7.3).
    if (a.get() == s || (!ctx.desktop() && a->type == s->type)) return ctx.set_error(GL_INVALID_OPERATION);
  }
  p->attached.push_back(s);
  ++s->attached_count;
}

void DetachShader(Context& ctx, GLuint program, GLuint shader) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  auto it = std::find_if(p->attached.begin(), p->attached.end(), [s](const Ref<Shader>& a) { return a.get() == s; });
  if (it == p->attached.end()) return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Shader> keep = std::move(*it);
  p->attached.erase(it);
  if (--s->attached_count == 0 && s->delete_pending) ctx.share_group().programs.remove_object(shader, s.get());
}

void LinkProgram(Context& ctx, GLuint program) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  if (p->transform_feedback_uses > 0) return ctx.set_error(GL_INVALID_OPERATION);
  std::string log;
  std::shared_ptr<LinkedProgram> lp = link(ctx, *p, &log);
  p->set_link_result(lp, std::move(log));
  // Where this context uses the program, the new executable is current at
  // once (GL 4.6 §7.3); after a failed link it keeps the old one until it
  // binds the program again, and so does every other context (each holds
  // its own reference, context_executables.h).
  if (lp) install_relinked_executable(ctx, *p, lp);
  if (ctx.current_program.get() == p) ctx.dirty(kDirtyProgram);
}

void ValidateProgram(Context& ctx, GLuint program) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp = p->queryable();
  if (!lp) return p->set_validation(false, "error: program is not linked\n");
  if (samplers_conflict(*lp)) return p->set_validation(false, "error: samplers of different types use one texture unit\n");
  p->set_validation(true, p->info_log());
}

void UseProgram(Context& ctx, GLuint program) {
  Ref<Program> p;
  // The program's executable as of now (taken once: another context may
  // relink it meanwhile); this context draws with it until it binds the
  // program again or relinks it itself (GL 4.6 §5.3).
  std::shared_ptr<LinkedProgram> executable;
  if (program != 0) {
    p = lookup_program(ctx, program);
    if (!p) return;
    executable = p->executable();
    if (!executable) return ctx.set_error(GL_INVALID_OPERATION);  // not linked
  }
  if (xfb_active_unpaused(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  // Every stage's subroutine uniforms go back to their defaults, the same
  // program made current again included (GL 4.6 §7.10).
  ctx.subroutines.reset();
  ctx.dirty(kDirtyUniforms);
  // Binding the same program again takes the executable another context
  // linked since (the rebind GL 4.6 §5.3 asks for).
  if (ctx.current_executable != executable) {
    ctx.current_executable = std::move(executable);
    ctx.dirty(kDirtyProgram);
  }
  Ref<Program> old = std::move(ctx.current_program);
  if (old.get() == p) {
    ctx.current_program = std::move(old);
    return;
  }
  if (p) ++p->use_count;
  bind(ctx.current_program, p);
  if (old && --old->use_count == 0 && old->delete_pending) release_program_name(ctx, *old);
  ctx.dirty(kDirtyProgram);
}

void DeleteProgram(Context& ctx, GLuint program) {
  if (program == 0) return;
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  // As DeleteShader: flag, then read the count; whichever of this and the
  // last glUseProgram away from it sees both frees the name, once.
  p->delete_pending = true;  // freed when no context uses it any more
  if (p->use_count == 0) release_program_name(ctx, *p);
}

GLboolean IsProgram(Context& ctx, GLuint program) {
  const Ref<ShaderOrProgram> o = ctx.share_group().programs.lookup(program);
  return o && o->kind == ShaderOrProgram::Kind::Program ? GL_TRUE : GL_FALSE;
}

void GetProgramiv(Context& ctx, GLuint program, GLenum pname, GLint* params) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  GLint v = 0;
  switch (pname) {
    case GL_DELETE_STATUS: v = p->delete_pending; break;
    // The front end links synchronously; the driver may still be
    // precompiling pipeline pieces on its workers. The link is complete
    // when those are done: LINK_STATUS waits (so the first draw does not),
    // COMPLETION_STATUS_KHR only asks (KHR_parallel_shader_compile).
    case GL_LINK_STATUS:
      if (lp && lp->pipe_program) ctx.pipe().shader_program_ready(lp->pipe_program, true);
      if (lp)  // a separable program's stages compiled alone (linked_program.h)
        for (pipe::ShaderProgram* sp : lp->stage_programs) ctx.pipe().shader_program_ready(sp, true);
      v = p->link_status;
      break;
    case GL_COMPLETION_STATUS_KHR:
      v = lp && lp->pipe_program ? ctx.pipe().shader_program_ready(lp->pipe_program, false) : GL_TRUE;
      if (lp)
        for (pipe::ShaderProgram* sp : lp->stage_programs) v = ctx.pipe().shader_program_ready(sp, false) && v;
      break;
    case GL_VALIDATE_STATUS: v = p->validate_status; break;
    case GL_INFO_LOG_LENGTH: v = static_cast<GLint>(p->info_log_length()); break;
    case GL_ATTACHED_SHADERS: v = static_cast<GLint>(p->attached.size()); break;
    case GL_ACTIVE_ATTRIBUTES: v = static_cast<GLint>(resource_count(lp, ResourceInterface::ProgramInput)); break;
    case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: v = max_resource_name_length(lp, ResourceInterface::ProgramInput); break;
    case GL_ACTIVE_UNIFORMS: v = static_cast<GLint>(resource_count(lp, ResourceInterface::Uniform)); break;
    case GL_ACTIVE_UNIFORM_MAX_LENGTH: v = max_resource_name_length(lp, ResourceInterface::Uniform); break;
    case GL_ACTIVE_UNIFORM_BLOCKS: v = static_cast<GLint>(resource_count(lp, ResourceInterface::UniformBlock)); break;
    case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH:
      v = max_resource_name_length(lp, ResourceInterface::UniformBlock);
      break;
    case GL_TRANSFORM_FEEDBACK_BUFFER_MODE: v = static_cast<GLint>(lp ? lp->xfb_mode : p->xfb_mode); break;
    case GL_TRANSFORM_FEEDBACK_VARYINGS:
      v = static_cast<GLint>(resource_count(lp, ResourceInterface::TransformFeedbackVarying));
      break;
    case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH:
      v = max_resource_name_length(lp, ResourceInterface::TransformFeedbackVarying);
      break;
    case GL_PROGRAM_BINARY_RETRIEVABLE_HINT: v = p->binary_retrievable_hint; break;
    case GL_PROGRAM_BINARY_LENGTH: v = 0; break;  // no binary formats
    case GL_COMPUTE_WORK_GROUP_SIZE:
      // Three values; INVALID_OPERATION unless linked with a compute shader.
      if (!ctx.es31()) return ctx.set_error(GL_INVALID_ENUM);
      if (!p->link_status || !lp || !lp->compute) return ctx.set_error(GL_INVALID_OPERATION);
      for (int i = 0; params && i < 3; ++i) params[i] = static_cast<GLint>(lp->interface.compute_local_size[i]);
      return;
    case GL_PROGRAM_SEPARABLE:
      if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_ENUM);
      v = p->separable;
      break;
    case GL_ACTIVE_ATOMIC_COUNTER_BUFFERS:
      if (!ctx.es31()) return ctx.set_error(GL_INVALID_ENUM);
      v = static_cast<GLint>(resource_count(lp, ResourceInterface::AtomicCounterBuffer));
      break;
    // EXT/OES_geometry_shader: the linked geometry stage's layout;
    // INVALID_OPERATION unless the program was linked with one.
    case GL_GEOMETRY_LINKED_VERTICES_OUT_EXT:
    case GL_GEOMETRY_LINKED_INPUT_TYPE_EXT:
    case GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT:
    case GL_GEOMETRY_SHADER_INVOCATIONS_EXT: {
      if (!ctx.geometry_shaders()) return ctx.set_error(GL_INVALID_ENUM);
      if (!p->link_status || !lp || lp->info.spirv[static_cast<unsigned>(pipe::ShaderStage::Geometry)].empty())
        return ctx.set_error(GL_INVALID_OPERATION);
      const compiler::ProgramInterface& pi = lp->interface;
      v = static_cast<GLint>(pname == GL_GEOMETRY_LINKED_VERTICES_OUT_EXT  ? pi.geometry_vertices_out
                             : pname == GL_GEOMETRY_LINKED_INPUT_TYPE_EXT  ? pi.geometry_input_type
                             : pname == GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT ? pi.geometry_output_type
                                                                           : pi.geometry_invocations);
      break;
    }
    // EXT/OES_tessellation_shader: the control stage's layout(vertices) and
    // the evaluation stage's layout; INVALID_OPERATION unless the program
    // was linked with that stage.
    case GL_TESS_CONTROL_OUTPUT_VERTICES_EXT:
    case GL_TESS_GEN_MODE_EXT:
    case GL_TESS_GEN_SPACING_EXT:
    case GL_TESS_GEN_VERTEX_ORDER_EXT:
    case GL_TESS_GEN_POINT_MODE_EXT: {
      if (!ctx.tessellation_shaders()) return ctx.set_error(GL_INVALID_ENUM);
      const pipe::ShaderStage stage =
          pname == GL_TESS_CONTROL_OUTPUT_VERTICES_EXT ? pipe::ShaderStage::TessControl : pipe::ShaderStage::TessEval;
      // (A control stage Brass made for desktop GL is not the program's.)
      if (!p->link_status || !lp || lp->info.spirv[static_cast<unsigned>(stage)].empty() ||
          (stage == pipe::ShaderStage::TessControl && lp->interface.passthrough_tess_control))
        return ctx.set_error(GL_INVALID_OPERATION);
      const compiler::ProgramInterface& pi = lp->interface;
      switch (pname) {
        case GL_TESS_CONTROL_OUTPUT_VERTICES_EXT: v = static_cast<GLint>(pi.tess_control_output_vertices); break;
        case GL_TESS_GEN_MODE_EXT: v = static_cast<GLint>(pi.tess_gen_mode); break;
        case GL_TESS_GEN_SPACING_EXT: v = static_cast<GLint>(pi.tess_gen_spacing); break;
        case GL_TESS_GEN_VERTEX_ORDER_EXT: v = static_cast<GLint>(pi.tess_gen_vertex_order); break;
        default: v = pi.tess_gen_point_mode ? GL_TRUE : GL_FALSE; break;
      }
      break;
    }
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = v;
}

void GetProgramInfoLog(Context& ctx, GLuint program, GLsizei bufSize, GLsizei* length, GLchar* infoLog) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  copy_gl_string(p->info_log(), bufSize, length, infoLog);
}

void GetAttachedShaders(Context& ctx, GLuint program, GLsizei maxCount, GLsizei* count, GLuint* shaders) {
  if (maxCount < 0) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  GLsizei n = 0;
  for (const Ref<Shader>& s : p->attached) {
    if (n >= maxCount || !shaders) break;
    shaders[n++] = s->name();
  }
  if (count) *count = n;
}

void BindAttribLocation(Context& ctx, GLuint program, GLuint index, const GLchar* name) {
  if (index >= static_cast<GLuint>(ctx.limits.max_vertex_attribs)) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Program> p = lookup_program(ctx, program);
  if (!p || !name) return;
  const std::string n(name);
  if (n.compare(0, 3, "gl_") == 0) return ctx.set_error(GL_INVALID_OPERATION);
  p->attrib_bindings[n] = index;  // used by the next link
}

GLint GetAttribLocation(Context& ctx, GLuint program, const GLchar* name) {
  // ES 3.1 §11.1.1: GetProgramResourceLocation on PROGRAM_INPUT.
  return program_resource_location(ctx, program, ResourceInterface::ProgramInput, name);
}

GLint GetFragDataLocation(Context& ctx, GLuint program, const GLchar* name) {
  // ES 3.1 §14.2.3 (note): GetProgramResourceLocation on PROGRAM_OUTPUT.
  return program_resource_location(ctx, program, ResourceInterface::ProgramOutput, name);
}

void GetActiveAttrib(Context& ctx, GLuint program, GLuint index, GLsizei bufSize, GLsizei* length, GLint* size,
                     GLenum* type, GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  // ES 3.1 §11.1.1: the PROGRAM_INPUT resources, the built-in gl_VertexID
  // and gl_InstanceID included.
  if (index >= resource_count(lp, ResourceInterface::ProgramInput) || bufSize < 0)
    return ctx.set_error(GL_INVALID_VALUE);
  copy_gl_string(resource_name(*lp, ResourceInterface::ProgramInput, index), bufSize, length, name);
  GLint v = 0;
  resource_property(*lp, ResourceInterface::ProgramInput, index, GL_ARRAY_SIZE, &v, 1);
  if (size) *size = v;
  resource_property(*lp, ResourceInterface::ProgramInput, index, GL_TYPE, &v, 1);
  if (type) *type = static_cast<GLenum>(v);
}

void GetProgramBinary(Context& ctx, GLuint program, GLsizei bufSize, GLsizei* length, GLenum* binaryFormat,
                      void* binary) {
  (void)binaryFormat;
  (void)binary;
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!p->link_status) return ctx.set_error(GL_INVALID_OPERATION);
  // GL_PROGRAM_BINARY_LENGTH is 0 (no formats): nothing to return.
  if (length) *length = 0;
}

void ProgramBinary(Context& ctx, GLuint program, GLenum binaryFormat, const void* binary, GLsizei length) {
  (void)binaryFormat;
  (void)binary;
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  if (length < 0) return ctx.set_error(GL_INVALID_VALUE);
  // GL_NUM_PROGRAM_BINARY_FORMATS is 0: no format is recognised.
  ctx.set_error(GL_INVALID_ENUM);
}

void ProgramParameteri(Context& ctx, GLuint program, GLenum pname, GLint value) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  if (pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT && !(pname == GL_PROGRAM_SEPARABLE && ctx.separate_shader_objects()))
    return ctx.set_error(GL_INVALID_ENUM);
  if (value != GL_FALSE && value != GL_TRUE) return ctx.set_error(GL_INVALID_VALUE);
  (pname == GL_PROGRAM_SEPARABLE ? p->separable : p->binary_retrievable_hint) = value == GL_TRUE;
}

void TransformFeedbackVaryings(Context& ctx, GLuint program, GLsizei count, const GLchar* const* varyings,
                               GLenum bufferMode) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (bufferMode != GL_INTERLEAVED_ATTRIBS && bufferMode != GL_SEPARATE_ATTRIBS) return ctx.set_error(GL_INVALID_ENUM);
  if (bufferMode == GL_SEPARATE_ATTRIBS && count > ctx.limits.max_transform_feedback_separate_attribs)
    return ctx.set_error(GL_INVALID_VALUE);
  std::vector<std::string> v;
  for (GLsizei i = 0; i < count && varyings; ++i) v.emplace_back(varyings[i] ? varyings[i] : "");
  if (ctx.desktop()) {
    // ARB_transform_feedback3: the markers only in interleaved mode, and
    // fewer gl_NextBuffer than there are binding points.
    GLint next_buffers = 0;
    for (const std::string& name : v) {
      const bool next = name == "gl_NextBuffer";
      const bool skip = name == "gl_SkipComponents1" || name == "gl_SkipComponents2" ||
                        name == "gl_SkipComponents3" || name == "gl_SkipComponents4";
      if ((next || skip) && bufferMode != GL_INTERLEAVED_ATTRIBS) return ctx.set_error(GL_INVALID_OPERATION);
      next_buffers += next ? 1 : 0;
    }
    const GLint buffers =
        std::min<GLint>(ctx.limits.max_transform_feedback_separate_attribs, kMaxTransformFeedbackBuffers);
    if (next_buffers >= buffers) return ctx.set_error(GL_INVALID_OPERATION);
  }
  p->xfb_varyings = std::move(v);
  p->xfb_mode = bufferMode;
}

void GetTransformFeedbackVarying(Context& ctx, GLuint program, GLuint index, GLsizei bufSize, GLsizei* length,
                                 GLsizei* size, GLenum* type, GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp || index >= lp->interface.transform_feedback.size() || bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  const compiler::InterfaceVariable& v = lp->interface.transform_feedback[index];
  copy_gl_string(resource_name(*lp, ResourceInterface::TransformFeedbackVarying, index), bufSize, length, name);
  // ARB_transform_feedback3's markers (type NONE) report their own size:
  // 0 for gl_NextBuffer, N for gl_SkipComponentsN.
  if (size) *size = v.type == GL_NONE ? v.array_size : std::max(v.array_size, 1);
  if (type) *type = v.type;
}

}  // namespace api
}  // namespace brass::gl
