// Shader objects (ES 3.0 §2.11.1-2.11.2): creation, source, compilation
// through the Brass compiler, queries and deletion.
#include "compiler/compiler.h"
#include "compiler/line_continuation.h"
#include "gl/context.h"
#include "gl/program_link.h"
#include "gl/program_util.h"
#include "gl_functions.h"

namespace brass::gl::api {

GLuint CreateShader(Context& ctx, GLenum type) {
  if (type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER && !(type == GL_COMPUTE_SHADER && ctx.es31()) &&
      !(type == GL_GEOMETRY_SHADER && ctx.geometry_shaders()) &&
      !((type == GL_TESS_CONTROL_SHADER || type == GL_TESS_EVALUATION_SHADER) && ctx.tessellation_shaders())) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  const Ref<ShaderOrProgram> s = ctx.share_group().programs.create(
      [type](GLuint name) { return Ref<ShaderOrProgram>::adopt(new Shader(name, type)); });
  if (!s) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return 0;
  }
  return s->name();
}

void ShaderSource(Context& ctx, GLuint shader, GLsizei count, const GLchar* const* string, const GLint* length) {
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  std::string text;
  if (string) {
    for (GLsizei i = 0; i < count; ++i) {
      if (!string[i]) continue;
      if (length && length[i] >= 0) text.append(string[i], static_cast<size_t>(length[i]));
      else text.append(string[i]);
    }
  }
  s->source = std::move(text);
  // ARB_gl_spirv §7.1: source breaks the association with a SPIR-V module.
  s->spirv_binary = false;
  s->spirv_module.reset();
}

void CompileShader(Context& ctx, GLuint shader) {
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  // ARB_gl_spirv §7.1: a SPIR-V shader is specialized, not compiled.
  if (s->spirv_binary) return ctx.set_error(GL_INVALID_OPERATION);
  compiler::CompileOptions options;
  options.api = ctx.desktop() ? compiler::Api::GL : compiler::Api::GLES;
  options.unexposed_extensions = ctx.unexposed_glsl_extensions();
  options.limits = shader_limits(ctx);
  // A desktop context compiles GLSL ES shaders (as far as its version's
  // ES-compatibility allows) exactly as an ES context would.
  if (ctx.desktop() && compiler::declares_es_version(s->source)) options.api = compiler::Api::GLES;
  // Desktop GLSL's line continuations are joined for every version (what
  // glslang does from 4.20 on, and other desktop drivers below it);
  // glGetShaderSource still returns the application's text.
  std::string text = options.api == compiler::Api::GL ? compiler::splice_line_continuations(s->source) : s->source;
  compiler::CompileResult r = compiler::compile_shader({to_compiler_stage(s->type), text}, options);
  s->compiled = r.ok;
  s->compiled_es = r.es;
  s->info_log = std::move(r.info_log);
  if (r.ok) s->compiled_source = std::move(text);
  else s->compiled_source.clear();
}

void GetShaderiv(Context& ctx, GLuint shader, GLenum pname, GLint* params) {
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  GLint v = 0;
  switch (pname) {
    case GL_SHADER_TYPE: v = static_cast<GLint>(s->type); break;
    case GL_DELETE_STATUS: v = s->delete_pending ? GL_TRUE : GL_FALSE; break;
    case GL_COMPILE_STATUS: v = s->compiled ? GL_TRUE : GL_FALSE; break;
    // glCompileShader finishes before it returns (compiles run in parallel
    // only across application threads), so a compile is always complete.
    case GL_COMPLETION_STATUS_KHR: v = GL_TRUE; break;
    case GL_INFO_LOG_LENGTH: v = s->info_log.empty() ? 0 : static_cast<GLint>(s->info_log.size() + 1); break;
    case GL_SHADER_SOURCE_LENGTH: v = s->source.empty() ? 0 : static_cast<GLint>(s->source.size() + 1); break;
    case GL_SPIR_V_BINARY:
      if (!ctx.has_extension("GL_ARB_gl_spirv")) return ctx.set_error(GL_INVALID_ENUM);
      v = s->spirv_binary ? GL_TRUE : GL_FALSE;
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = v;
}

void GetShaderInfoLog(Context& ctx, GLuint shader, GLsizei bufSize, GLsizei* length, GLchar* infoLog) {
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  copy_gl_string(s->info_log, bufSize, length, infoLog);
}

void GetShaderSource(Context& ctx, GLuint shader, GLsizei bufSize, GLsizei* length, GLchar* source) {
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  copy_gl_string(s->source, bufSize, length, source);
}

void DeleteShader(Context& ctx, GLuint shader) {
  if (shader == 0) return;
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  // Flagged first, then the count read: a detach on another thread that
  // drops the count to 0 either sees the flag or is seen here (both may
  // free the name; remove_object makes that once).
  s->delete_pending = true;  // freed when the last program detaches it
  if (s->attached_count == 0) ctx.share_group().programs.remove_object(shader, s.get());
}

GLboolean IsShader(Context& ctx, GLuint shader) {
  const Ref<ShaderOrProgram> o = ctx.share_group().programs.lookup(shader);
  return o && o->kind == ShaderOrProgram::Kind::Shader ? GL_TRUE : GL_FALSE;
}

void GetShaderPrecisionFormat(Context& ctx, GLenum shadertype, GLenum precisiontype, GLint* range,
                              GLint* precision) {
  if (shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) return ctx.set_error(GL_INVALID_ENUM);
  // Every precision runs at 32 bits (Vulkan's RelaxedPrecision is a hint
  // Brass does not emit for GLSL ES precision qualifiers).
  GLint r[2] = {0, 0}, p = 0;
  switch (precisiontype) {
    case GL_LOW_FLOAT:
    case GL_MEDIUM_FLOAT:
    case GL_HIGH_FLOAT: r[0] = 127; r[1] = 127; p = 23; break;
    case GL_LOW_INT:
    case GL_MEDIUM_INT:
    case GL_HIGH_INT: r[0] = 31; r[1] = 30; p = 0; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (range) {
    range[0] = r[0];
    range[1] = r[1];
  }
  if (precision) *precision = p;
}

void ReleaseShaderCompiler(Context&) {}

// KHR_parallel_shader_compile: a hint. Brass compiles on the calling thread
// and links with the pipeline precompiles on its own worker pool, so the
// value is only recorded for glGet.
void MaxShaderCompilerThreadsKHR(Context& ctx, GLuint count) { ctx.state.max_shader_compiler_threads = count; }

}  // namespace brass::gl::api
