// ARB_shader_subroutine's commands (GL 4.6 §7.10). The name, index and
// property queries are the program interface queries on a stage's
// *_SUBROUTINE and *_SUBROUTINE_UNIFORM interfaces, as the specification
// defines them (program_resources.h); glUniformSubroutinesuiv and
// glGetUniformSubroutineuiv work on the context's selections
// (subroutines.h).
#include <algorithm>
#include <optional>

#include "gl/context.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl/program_validation.h"
#include "gl/subroutines.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

using compiler::ShaderStage;

// The stage a shadertype names, in a context that has it; records
// GL_INVALID_ENUM otherwise.
std::optional<ShaderStage> subroutine_stage(Context& ctx, GLenum shadertype) {
  std::optional<ShaderStage> stage;
  switch (shadertype) {
    case GL_VERTEX_SHADER: stage = ShaderStage::Vertex; break;
    case GL_TESS_CONTROL_SHADER: stage = ShaderStage::TessControl; break;
    case GL_TESS_EVALUATION_SHADER: stage = ShaderStage::TessEval; break;
    case GL_GEOMETRY_SHADER: stage = ShaderStage::Geometry; break;
    case GL_FRAGMENT_SHADER: stage = ShaderStage::Fragment; break;
    case GL_COMPUTE_SHADER: stage = ShaderStage::Compute; break;
    default: break;
  }
  if (!stage || !resource_interface_available(ctx, subroutine_interface(*stage))) {
    ctx.set_error(GL_INVALID_ENUM);
    return std::nullopt;
  }
  return stage;
}

GLenum interface_enum(ResourceInterface iface) {
  static constexpr GLenum kSubroutine[] = {GL_VERTEX_SUBROUTINE,   GL_TESS_CONTROL_SUBROUTINE,
                                           GL_TESS_EVALUATION_SUBROUTINE, GL_GEOMETRY_SUBROUTINE,
                                           GL_FRAGMENT_SUBROUTINE, GL_COMPUTE_SUBROUTINE};
  static constexpr GLenum kUniform[] = {GL_VERTEX_SUBROUTINE_UNIFORM,   GL_TESS_CONTROL_SUBROUTINE_UNIFORM,
                                        GL_TESS_EVALUATION_SUBROUTINE_UNIFORM, GL_GEOMETRY_SUBROUTINE_UNIFORM,
                                        GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_COMPUTE_SUBROUTINE_UNIFORM};
  const auto s = static_cast<size_t>(subroutine_interface_stage(iface));
  return is_subroutine_uniform_interface(iface) ? kUniform[s] : kSubroutine[s];
}

// The executable active for `stage` (the current program, else the bound
// pipeline's program for the stage) when it has that stage; records
// GL_INVALID_OPERATION otherwise.
LinkedProgram* active_program(Context& ctx, ShaderStage stage) {
  LinkedProgram* lp = stage_executable(ctx, static_cast<pipe::ShaderStage>(stage));
  if (lp && std::any_of(lp->stages.begin(), lp->stages.end(),
                        [stage](const compiler::StageBinary& b) { return b.stage == stage; }))
    return lp;
  ctx.set_error(GL_INVALID_OPERATION);
  return nullptr;
}

}  // namespace

GLint GetSubroutineUniformLocation(Context& ctx, GLuint program, GLenum shadertype, const GLchar* name) {
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return -1;
  return GetProgramResourceLocation(ctx, program, interface_enum(subroutine_uniform_interface(*stage)), name);
}

GLuint GetSubroutineIndex(Context& ctx, GLuint program, GLenum shadertype, const GLchar* name) {
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return GL_INVALID_INDEX;
  return GetProgramResourceIndex(ctx, program, interface_enum(subroutine_interface(*stage)), name);
}

void GetActiveSubroutineName(Context& ctx, GLuint program, GLenum shadertype, GLuint index, GLsizei bufSize,
                             GLsizei* length, GLchar* name) {
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return;
  GetProgramResourceName(ctx, program, interface_enum(subroutine_interface(*stage)), index, bufSize, length, name);
}

void GetActiveSubroutineUniformName(Context& ctx, GLuint program, GLenum shadertype, GLuint index, GLsizei bufSize,
                                    GLsizei* length, GLchar* name) {
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return;
  GetProgramResourceName(ctx, program, interface_enum(subroutine_uniform_interface(*stage)), index, bufSize, length,
                         name);
}

void GetActiveSubroutineUniformiv(Context& ctx, GLuint program, GLenum shadertype, GLuint index, GLenum pname,
                                  GLint* values) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return;
  GLenum prop = 0;
  switch (pname) {
    case GL_NUM_COMPATIBLE_SUBROUTINES:
    case GL_COMPATIBLE_SUBROUTINES: prop = pname; break;
    case GL_UNIFORM_SIZE: prop = GL_ARRAY_SIZE; break;
    case GL_UNIFORM_NAME_LENGTH: prop = GL_NAME_LENGTH; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  const ResourceInterface iface = subroutine_uniform_interface(*stage);
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (index >= resource_count(lp, iface)) return ctx.set_error(GL_INVALID_VALUE);
  if (!values) return;
  // COMPATIBLE_SUBROUTINES writes NUM_COMPATIBLE_SUBROUTINES values; the
  // application sized `values` for them.
  GLint count = 1;
  if (prop == GL_COMPATIBLE_SUBROUTINES) resource_property(*lp, iface, index, GL_NUM_COMPATIBLE_SUBROUTINES, &count, 1);
  resource_property(*lp, iface, index, prop, values, static_cast<size_t>(std::max(count, 0)));
}

void GetProgramStageiv(Context& ctx, GLuint program, GLenum shadertype, GLenum pname, GLint* values) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return;
  // A program never linked, or without the stage, has none of them: 0.
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  const ResourceInterface functions = subroutine_interface(*stage);
  const ResourceInterface uniforms = subroutine_uniform_interface(*stage);
  GLint v = 0;
  switch (pname) {
    case GL_ACTIVE_SUBROUTINE_UNIFORMS: v = static_cast<GLint>(resource_count(lp, uniforms)); break;
    case GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS:
      v = lp ? static_cast<GLint>(lp->interface.subroutines[static_cast<size_t>(*stage)].location_count) : 0;
      break;
    case GL_ACTIVE_SUBROUTINES: v = static_cast<GLint>(resource_count(lp, functions)); break;
    case GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH: v = max_resource_name_length(lp, uniforms); break;
    case GL_ACTIVE_SUBROUTINE_MAX_LENGTH: v = max_resource_name_length(lp, functions); break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (values) *values = v;
}

void UniformSubroutinesuiv(Context& ctx, GLenum shadertype, GLsizei count, const GLuint* indices) {
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return;
  LinkedProgram* lp = active_program(ctx, *stage);
  if (!lp) return;
  const compiler::StageSubroutines& subs = lp->interface.subroutines[static_cast<size_t>(*stage)];
  if (count < 0 || static_cast<uint32_t>(count) != subs.location_count) return ctx.set_error(GL_INVALID_VALUE);
  if (count == 0) return;
  if (!indices) return ctx.set_error(GL_INVALID_VALUE);
  // Every location an active uniform uses takes its index (the others'
  // values are ignored); nothing changes when any is wrong: first indices
  // out of range (INVALID_VALUE), then ones of subroutines not compatible
  // with the uniform (INVALID_OPERATION).
  auto each_used = [&subs](auto&& visit) {
    for (const compiler::SubroutineUniform& u : subs.uniforms)
      for (int32_t e = 0; e < u.array_size; ++e)
        if (!visit(u, static_cast<size_t>(u.location) + static_cast<size_t>(e))) return false;
    return true;
  };
  const size_t active_subroutines = subs.functions.size();
  if (!each_used([&](const compiler::SubroutineUniform&, size_t at) {
        return at >= static_cast<size_t>(count) || indices[at] < active_subroutines;
      }))
    return ctx.set_error(GL_INVALID_VALUE);
  if (!each_used([&](const compiler::SubroutineUniform& u, size_t at) {
        return at >= static_cast<size_t>(count) ||
               std::binary_search(u.compatible.begin(), u.compatible.end(), indices[at]);
      }))
    return ctx.set_error(GL_INVALID_OPERATION);
  std::vector<GLuint>& selection = subroutine_selection(ctx, *stage, *lp);
  each_used([&](const compiler::SubroutineUniform&, size_t at) {
    if (at < selection.size()) selection[at] = indices[at];
    return true;
  });
  ctx.dirty(kDirtyUniforms);
}

void GetUniformSubroutineuiv(Context& ctx, GLenum shadertype, GLint location, GLuint* params) {
  const std::optional<ShaderStage> stage = subroutine_stage(ctx, shadertype);
  if (!stage) return;
  LinkedProgram* lp = active_program(ctx, *stage);
  if (!lp) return;
  const std::vector<GLuint>& selection = subroutine_selection(ctx, *stage, *lp);
  if (location < 0 || static_cast<size_t>(location) >= selection.size()) return ctx.set_error(GL_INVALID_VALUE);
  if (params) *params = selection[static_cast<size_t>(location)];
}

}  // namespace brass::gl::api
