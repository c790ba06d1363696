// Shader binaries (GL 4.6 §7.2) and SPIR-V shader specialization
// (§7.2.1, ARB_gl_spirv): glShaderBinary with SHADER_BINARY_FORMAT_SPIR_V
// associates a module with shaders, glSpecializeShader picks the entry point
// and the constants and compiles the stage (compiler/spirv_to_glsl.h).
#include <limits>
#include <memory>
#include <new>

#include "compiler/compiler.h"
#include "compiler/spirv_to_glsl.h"
#include "gl/context.h"
#include "gl/program_link.h"
#include "gl/program_util.h"
#include "gl/spirv_extensions.h"
#include "gl_functions.h"

namespace brass::gl::api {

void ShaderBinary(Context& ctx, GLsizei count, const GLuint* shaders, GLenum binaryFormat, const void* binary,
                  GLsizei length) {
  if (count < 0 || length < 0) return ctx.set_error(GL_INVALID_VALUE);
  // SPIR-V is the only format (SHADER_BINARY_FORMATS), where ARB_gl_spirv
  // is exposed.
  if (binaryFormat != GL_SHADER_BINARY_FORMAT_SPIR_V || !ctx.has_extension("GL_ARB_gl_spirv"))
    return ctx.set_error(GL_INVALID_ENUM);
  if (count > 0 && !shaders) return ctx.set_error(GL_INVALID_VALUE);
  std::vector<Ref<Shader>> targets;
  for (GLsizei i = 0; i < count; ++i) {
    Ref<Shader> s = lookup_shader(ctx, shaders[i]);  // INVALID_VALUE / INVALID_OPERATION
    if (!s) return;
    targets.push_back(std::move(s));
  }
  std::optional<std::vector<uint32_t>> words = compiler::load_spirv_binary(binary, static_cast<size_t>(length));
  if (!words) return ctx.set_error(GL_INVALID_VALUE);  // not SPIR-V
  std::shared_ptr<const std::vector<uint32_t>> module(new (std::nothrow) std::vector<uint32_t>(std::move(*words)));
  if (!module) return ctx.set_error(GL_OUT_OF_MEMORY);
  for (const Ref<Shader>& s : targets) {
    s->spirv_binary = true;
    s->spirv_module = module;
    s->compiled = false;
    s->compiled_es = false;
    s->source.clear();
    s->compiled_source.clear();
    s->info_log.clear();
  }
}

void SpecializeShader(Context& ctx, GLuint shader, const GLchar* pEntryPoint, GLuint numSpecializationConstants,
                      const GLuint* pConstantIndex, const GLuint* pConstantValue) {
  Ref<Shader> s = lookup_shader(ctx, shader);
  if (!s) return;
  // A shader is specialized once per glShaderBinary: its compile status
  // is TRUE from a successful specialization on.
  if (!s->spirv_binary || !s->spirv_module || s->compiled) return ctx.set_error(GL_INVALID_OPERATION);
  if (!pEntryPoint) return ctx.set_error(GL_INVALID_VALUE);
  if (numSpecializationConstants > 0 && (!pConstantIndex || !pConstantValue)) return ctx.set_error(GL_INVALID_VALUE);
  std::vector<compiler::SpecializationConstant> constants(numSpecializationConstants);
  for (GLuint i = 0; i < numSpecializationConstants; ++i) constants[i] = {pConstantIndex[i], pConstantValue[i]};
  const compiler::ShaderStage stage = to_compiler_stage(s->type);
  compiler::SpecializeResult r = compiler::specialize_spirv(*s->spirv_module, stage, pEntryPoint, constants, spirv_extensions(ctx));
  switch (r.status) {
    case compiler::SpecializeStatus::UnknownEntryPoint:
    case compiler::SpecializeStatus::UnknownConstant: return ctx.set_error(GL_INVALID_VALUE);
    case compiler::SpecializeStatus::Failed:
      s->compiled = false;
      s->compiled_source.clear();
      s->info_log = std::move(r.info_log);
      return;
    case compiler::SpecializeStatus::Ok: break;
  }
  // The translation is desktop GLSL 4.50 and compiles as such; what it
  // fails on (a capability Brass lacks) fails the specialization.
  compiler::CompileOptions options;
  options.api = compiler::Api::GL;
  options.unexposed_extensions = ctx.unexposed_glsl_extensions();
  options.limits = shader_limits(ctx);
  compiler::CompileResult c = compiler::compile_shader({stage, r.glsl}, options);
  s->compiled = c.ok;
  s->compiled_es = false;
  s->info_log = std::move(c.info_log);
  if (c.ok) s->compiled_source = std::move(r.glsl);
  else s->compiled_source.clear();
}

}  // namespace brass::gl::api
