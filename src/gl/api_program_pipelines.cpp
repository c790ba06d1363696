// Separate shader objects (ES 3.1 §7.3-7.4): program pipeline objects,
// glUseProgramStages / glActiveShaderProgram, their queries and validation,
// and glCreateShaderProgramv. A pipeline is drawn with when no program is
// current; the executable it draws with is combined from its stages
// (separable_link.h) at the first draw after they change.
#include <algorithm>
#include <bit>

#include "gl/context.h"
#include "gl/context_executables.h"
#include "gl/program_util.h"
#include "gl/program_validation.h"
#include "gl/separable_interfaces.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

constexpr GLbitfield kStageBits = GL_VERTEX_SHADER_BIT | GL_FRAGMENT_SHADER_BIT | GL_COMPUTE_SHADER_BIT |
                                   GL_GEOMETRY_SHADER_BIT | GL_TESS_CONTROL_SHADER_BIT |
                                   GL_TESS_EVALUATION_SHADER_BIT;

// The pipeline object of a name glGenProgramPipelines returned, created on
// first use as §7.4 says; null with INVALID_OPERATION for any other name.
// Container objects are per context: the table's reference keeps it alive.
ProgramPipeline* pipeline_object(Context& ctx, GLuint name) {
  ProgramPipeline* pp =
      name ? ctx.program_pipeline_objects.get_or_create(name, false, [](GLuint n) { return make_ref<ProgramPipeline>(n); }).get()
           : nullptr;
  if (!pp) ctx.set_error(GL_INVALID_OPERATION);
  return pp;
}

bool linked_separable(const LinkedProgram* lp) { return lp && lp->separable; }

// A program that a pipeline holds for a stage or as its active program is
// in use (ES 3.1 §7.3): glDeleteProgram only flags it, and its name goes
// when the last holder (a pipeline or glUseProgram) lets it go.
void hold_program(Context& ctx, Binding<Program>& slot, Ref<Program> p) {
  Ref<Program> old = slot;
  if (old.get() == p.get()) return;
  if (p) ++p->use_count;
  bind(slot, std::move(p));
  if (old && --old->use_count == 0 && old->delete_pending) release_program_name(ctx, *old);
}

// The graphics stages a program's executable has (pipe::stage_bit mask).
uint32_t linked_stages(const LinkedProgram& lp) {
  uint32_t m = 0;
  for (const compiler::StageBinary& b : lp.stages) m |= 1u << static_cast<unsigned>(b.stage);
  return m;
}

void program_changed(Context& ctx, const ProgramPipeline& pp) {
  if (ctx.program_pipeline.get() == &pp && !ctx.current_program) ctx.dirty(kDirtyProgram);
}

}  // namespace

bool program_pipeline_valid(const ProgramPipeline& pp, const Limits& limits, std::string* why) {
  const unsigned vs = static_cast<unsigned>(pipe::ShaderStage::Vertex);
  const unsigned fs = static_cast<unsigned>(pipe::ShaderStage::Fragment);
  if (!pp.stages[vs] || !pp.stages[fs]) {
    *why = "error: the pipeline needs both a vertex and a fragment stage\n";
    return false;
  }
  // The executables this context took for the stages (context_executables.h).
  GLint samplers = 0;
  for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
    const Program* p = pp.stages[s].get();
    if (!p) continue;
    const LinkedProgram* lp = pp.executables[s].get();
    if (!linked_separable(lp)) {
      *why = "error: a stage's program is not a linked separable program\n";
      return false;
    }
    // A program must supply every stage it was linked with, or none.
    for (uint32_t m = linked_stages(*lp); m; m &= m - 1) {
      const auto t = static_cast<unsigned>(std::countr_zero(m));
      if (pp.stages[t].get() != p) {
        *why = "error: a program is active for some but not all of its stages\n";
        return false;
      }
    }
    if (samplers_conflict(*lp)) {
      *why = "error: samplers of different types use one texture unit\n";
      return false;
    }
    if (linked_stages(*lp) & (1u << s) && std::countr_zero(linked_stages(*lp)) == static_cast<int>(s))
      samplers += static_cast<GLint>(lp->samplers.size());
  }
  // ES 3.2 §11.1.3.11 (EXT_tessellation_shader): both tessellation stages
  // or neither.
  const bool tcs = pp.stages[static_cast<unsigned>(pipe::ShaderStage::TessControl)] != nullptr;
  const bool tes = pp.stages[static_cast<unsigned>(pipe::ShaderStage::TessEval)] != nullptr;
  if (tcs != tes) {
    *why = "error: the pipeline has one tessellation stage but not the other\n";
    return false;
  }
  // Stages of different programs must match (§7.4.1). The fragment stage's
  // inputs are checked here; the per-vertex arrays between the other
  // stages are matched when the stages are combined.
  const Program* producer = nullptr;
  const LinkedProgram* produced_by = nullptr;
  for (pipe::ShaderStage s : {pipe::ShaderStage::Vertex, pipe::ShaderStage::TessEval, pipe::ShaderStage::Geometry}) {
    if (const Program* p = pp.stages[static_cast<unsigned>(s)].get()) {
      producer = p;
      produced_by = pp.executables[static_cast<unsigned>(s)].get();
    }
  }
  const Program* consumer = pp.stages[fs].get();
  if (producer && producer != consumer &&
      !separable_interfaces_match(produced_by->interface.fragment_outputs, pp.executables[fs]->interface.attributes,
                                  limits.varying_interpolation_must_match, why))
    return false;
  if (samplers > limits.max_combined_texture_image_units) {
    *why = "error: too many active samplers\n";
    return false;
  }
  return true;
}

namespace api {

void GenProgramPipelines(Context& ctx, GLsizei n, GLuint* pipelines) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !pipelines) return;
  ctx.program_pipeline_objects.generate(n, pipelines);
}

// GL 4.6 §7.4: pipeline objects that exist at once, as if bound.
void CreateProgramPipelines(Context& ctx, GLsizei n, GLuint* pipelines) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !pipelines) return;
  if (!ctx.program_pipeline_objects.create_many(n, pipelines,
                                                [](GLuint name) { return make_ref<ProgramPipeline>(name); }))
    ctx.set_error(GL_OUT_OF_MEMORY);
}

void DeleteProgramPipelines(Context& ctx, GLsizei n, const GLuint* pipelines) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!pipelines) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (pipelines[i] == 0) continue;
    Ref<ProgramPipeline> pp = ctx.program_pipeline_objects.remove(pipelines[i]);
    if (pp && ctx.program_pipeline.get() == pp.get()) {
      bind(ctx.program_pipeline, static_cast<ProgramPipeline*>(nullptr));  // reverts to none (§7.4)
      ctx.dirty(kDirtyProgram);
    }
    if (!pp) continue;
    for (Binding<Program>& stage : pp->stages) hold_program(ctx, stage, nullptr);
    pp->executables = {};
    hold_program(ctx, pp->active, nullptr);
  }
}

GLboolean IsProgramPipeline(Context& ctx, GLuint pipeline) {
  return ctx.separate_shader_objects() && pipeline != 0 && ctx.program_pipeline_objects.lookup(pipeline) ? GL_TRUE : GL_FALSE;
}

void BindProgramPipeline(Context& ctx, GLuint pipeline) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  const TransformFeedback& tf = *ctx.transform_feedback;
  if (tf.active && !tf.paused) return ctx.set_error(GL_INVALID_OPERATION);
  ProgramPipeline* pp = nullptr;
  if (pipeline != 0 && !(pp = pipeline_object(ctx, pipeline))) return;
  // Subroutine uniforms go back to their defaults (GL 4.6 §7.10).
  ctx.subroutines.reset();
  ctx.dirty(kDirtyUniforms);
  // Bound, or bound again: the stages' executables as of now, another
  // context's relinks included (GL 4.6 §5.3).
  const bool relinked = pp && refresh_pipeline_executables(*pp);
  if (ctx.program_pipeline.get() == pp) {
    if (relinked) program_changed(ctx, *pp);
    return;
  }
  bind(ctx.program_pipeline, pp);
  ctx.dirty(kDirtyProgram);
}

void UseProgramStages(Context& ctx, GLuint pipeline, GLbitfield stages, GLuint program) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  // Compute is ES 3.1's; EXT_separate_shader_objects has vertex and fragment.
  // Geometry with EXT/OES_geometry_shader.
  GLbitfield known = ctx.es31() ? kStageBits : kStageBits & ~GLbitfield{GL_COMPUTE_SHADER_BIT};
  if (!ctx.geometry_shaders()) known &= ~GLbitfield{GL_GEOMETRY_SHADER_BIT};
  if (!ctx.tessellation_shaders()) known &= ~GLbitfield{GL_TESS_CONTROL_SHADER_BIT | GL_TESS_EVALUATION_SHADER_BIT};
  if (stages != GL_ALL_SHADER_BITS && (stages & ~known)) return ctx.set_error(GL_INVALID_VALUE);
  ProgramPipeline* pp = pipeline_object(ctx, pipeline);
  if (!pp) return;
  Ref<Program> p;
  // The program's executable as of now: this pipeline's stages use it until
  // set or bound again (context_executables.h).
  std::shared_ptr<LinkedProgram> executable;
  if (program != 0) {
    p = lookup_program(ctx, program);
    if (!p) return;
    executable = p->executable();
    if (!linked_separable(executable.get())) return ctx.set_error(GL_INVALID_OPERATION);
  }
  const uint32_t has = executable ? linked_stages(*executable) : 0;
  const std::pair<GLbitfield, pipe::ShaderStage> bits[] = {{GL_VERTEX_SHADER_BIT, pipe::ShaderStage::Vertex},
                                                           {GL_FRAGMENT_SHADER_BIT, pipe::ShaderStage::Fragment},
                                                           {GL_COMPUTE_SHADER_BIT, pipe::ShaderStage::Compute},
                                                           {GL_GEOMETRY_SHADER_BIT, pipe::ShaderStage::Geometry},
                                                           {GL_TESS_CONTROL_SHADER_BIT, pipe::ShaderStage::TessControl},
                                                           {GL_TESS_EVALUATION_SHADER_BIT, pipe::ShaderStage::TessEval}};
  for (const auto& [bit, stage] : bits) {
    if (!(stages & bit)) continue;
    const auto s = static_cast<unsigned>(stage);
    // A program without the stage clears it (§7.4).
    const bool supplies = (has & (1u << s)) != 0;
    hold_program(ctx, pp->stages[s], supplies ? p : nullptr);
    pp->executables[s] = supplies ? executable : nullptr;
  }
  // Subroutine uniforms go back to their defaults (GL 4.6 §7.10).
  ctx.subroutines.reset();
  ctx.dirty(kDirtyUniforms);
  program_changed(ctx, *pp);
}

void ActiveShaderProgram(Context& ctx, GLuint pipeline, GLuint program) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Program> p;
  if (program != 0) {
    p = lookup_program(ctx, program);
    if (!p) return;
    if (!p->link_status) return ctx.set_error(GL_INVALID_OPERATION);
  }
  ProgramPipeline* pp = pipeline_object(ctx, pipeline);
  if (!pp) return;
  hold_program(ctx, pp->active, std::move(p));
}

void GetProgramPipelineiv(Context& ctx, GLuint pipeline, GLenum pname, GLint* params) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  ProgramPipeline* pp = pipeline_object(ctx, pipeline);
  if (!pp) return;
  auto name = [](const Binding<Program>& p) { return p ? static_cast<GLint>(p->name()) : 0; };
  GLint v = 0;
  switch (pname) {
    case GL_ACTIVE_PROGRAM: v = name(pp->active); break;
    case GL_VERTEX_SHADER: v = name(pp->stages[static_cast<unsigned>(pipe::ShaderStage::Vertex)]); break;
    case GL_FRAGMENT_SHADER: v = name(pp->stages[static_cast<unsigned>(pipe::ShaderStage::Fragment)]); break;
    case GL_COMPUTE_SHADER:
      if (!ctx.es31()) return ctx.set_error(GL_INVALID_ENUM);
      v = name(pp->stages[static_cast<unsigned>(pipe::ShaderStage::Compute)]);
      break;
    case GL_GEOMETRY_SHADER:
      if (!ctx.geometry_shaders()) return ctx.set_error(GL_INVALID_ENUM);
      v = name(pp->stages[static_cast<unsigned>(pipe::ShaderStage::Geometry)]);
      break;
    case GL_TESS_CONTROL_SHADER:
    case GL_TESS_EVALUATION_SHADER:
      if (!ctx.tessellation_shaders()) return ctx.set_error(GL_INVALID_ENUM);
      v = name(pp->stages[static_cast<unsigned>(pname == GL_TESS_CONTROL_SHADER ? pipe::ShaderStage::TessControl
                                                                                : pipe::ShaderStage::TessEval)]);
      break;
    case GL_VALIDATE_STATUS: v = pp->validate_status ? GL_TRUE : GL_FALSE; break;
    case GL_INFO_LOG_LENGTH: v = pp->info_log.empty() ? 0 : static_cast<GLint>(pp->info_log.size() + 1); break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = v;
}

void ValidateProgramPipeline(Context& ctx, GLuint pipeline) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  ProgramPipeline* pp = pipeline_object(ctx, pipeline);
  if (!pp) return;
  std::string why;
  pp->validate_status = program_pipeline_valid(*pp, ctx.limits, &why);
  pp->info_log = std::move(why);
}

void GetProgramPipelineInfoLog(Context& ctx, GLuint pipeline, GLsizei bufSize, GLsizei* length, GLchar* infoLog) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  ProgramPipeline* pp = pipeline_object(ctx, pipeline);
  if (!pp) return;
  copy_gl_string(pp->info_log, bufSize, length, infoLog);
}

GLuint CreateShaderProgramv(Context& ctx, GLenum type, GLsizei count, const GLchar* const* strings) {
  if (!ctx.separate_shader_objects()) {
    ctx.set_error(GL_INVALID_OPERATION);
    return 0;
  }
  if (type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER && !(type == GL_COMPUTE_SHADER && ctx.es31()) &&
      !(type == GL_GEOMETRY_SHADER && ctx.geometry_shaders()) &&
      !((type == GL_TESS_CONTROL_SHADER || type == GL_TESS_EVALUATION_SHADER) && ctx.tessellation_shaders())) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  if (count < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  // ES 3.1 §7.3: as if by CreateShader, ShaderSource, CompileShader,
  // CreateProgram, ProgramParameteri(SEPARABLE), AttachShader, LinkProgram,
  // DetachShader and DeleteShader, with the compile log appended to the
  // program's.
  const GLuint shader = CreateShader(ctx, type);
  if (!shader) return 0;
  ShaderSource(ctx, shader, count, strings, nullptr);
  CompileShader(ctx, shader);
  const GLuint program = CreateProgram(ctx);
  const Ref<ShaderOrProgram> s_ref = ctx.share_group().programs.lookup(shader);
  const Ref<ShaderOrProgram> p_ref = ctx.share_group().programs.lookup(program);
  auto* s = static_cast<Shader*>(s_ref.get());
  auto* p = static_cast<Program*>(p_ref.get());
  if (program && s && p) {
    p->separable = true;
    if (s->compiled) {
      AttachShader(ctx, program, shader);
      LinkProgram(ctx, program);
      DetachShader(ctx, program, shader);
    }
    p->append_info_log(s->info_log);
  }
  DeleteShader(ctx, shader);
  return program;
}

}  // namespace api
}  // namespace brass::gl
