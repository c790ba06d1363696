// Sampler objects (ES 3.0 §3.8.2): names, unit bindings and parameters. A
// sampler bound to a unit replaces the sampling parameters of every texture
// on that unit (texture_validation.cpp).
#include "gl/compat/legacy_textures.h"
#include "gl/context.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

Ref<Sampler> lookup_sampler(Context& ctx, GLuint name) { return ctx.share_group().samplers.lookup(name); }

void sampler_param(Context& ctx, GLuint name, GLenum pname, const ParamValue& v) {
  Ref<Sampler> s = lookup_sampler(ctx, name);
  if (!s) return ctx.set_error(GL_INVALID_OPERATION);
  SamplerParams p = s->params;
  bool known = false;
  const GLenum err = compat::legacy_sampler_parameter(ctx, p, pname, v)
                         ? GL_NO_ERROR
                         : set_sampler_param(p, pname, v, ctx.has_feature("GL_EXT_texture_border_clamp"), &known,
                                             anisotropic_filtering(ctx), mirror_clamp_to_edge(ctx), ctx.desktop());
  if (err != GL_NO_ERROR) return ctx.set_error(err);
  s->params = p;
  s->changed();
  ctx.dirty(kDirtyTextures);
}

bool sampler_query(Context& ctx, GLuint name, GLenum pname, ParamValue* out) {
  Ref<Sampler> s = lookup_sampler(ctx, name);
  if (!s) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  if (!get_sampler_param(s->params, pname, out, anisotropic_filtering(ctx), ctx.desktop())) {
    ctx.set_error(GL_INVALID_ENUM);
    return false;
  }
  return true;
}

// TEXTURE_BORDER_COLOR through a vector form; false when `pname` is another
// name (the scalar path takes it).
bool sampler_border_color(Context& ctx, GLuint name, GLenum pname, BorderColorForm form, const void* values) {
  if (pname != GL_TEXTURE_BORDER_COLOR || !ctx.has_feature("GL_EXT_texture_border_clamp")) return false;
  Ref<Sampler> s = lookup_sampler(ctx, name);
  if (!s) {
    ctx.set_error(GL_INVALID_OPERATION);
    return true;
  }
  if (!values) return true;
  set_border_color(s->params, form, values);
  s->changed();
  ctx.dirty(kDirtyTextures);
  return true;
}

bool sampler_border_color_query(Context& ctx, GLuint name, GLenum pname, BorderColorForm form, void* out) {
  if (pname != GL_TEXTURE_BORDER_COLOR || !ctx.has_feature("GL_EXT_texture_border_clamp")) return false;
  Ref<Sampler> s = lookup_sampler(ctx, name);
  if (!s) {
    ctx.set_error(GL_INVALID_OPERATION);
    return true;
  }
  if (out) get_border_color(s->params, form, out);
  return true;
}

}  // namespace

void GenSamplers(Context& ctx, GLsizei count, GLuint* samplers) {
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!samplers) return;
  ObjectTable<Sampler>& table = ctx.share_group().samplers;
  // Sampler names name objects at once (glIsSampler is true before any bind).
  for (GLsizei i = 0; i < count; ++i) {
    const Ref<Sampler> s = table.create([](GLuint name) { return make_ref<Sampler>(name); });
    samplers[i] = s ? s->name() : 0;
    if (!s) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
}

// Sampler names already name objects (GenSamplers above): creating them is
// generating them (GL 4.6 §8.2).
void CreateSamplers(Context& ctx, GLsizei n, GLuint* samplers) { GenSamplers(ctx, n, samplers); }

void DeleteSamplers(Context& ctx, GLsizei count, const GLuint* samplers) {
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!samplers) return;
  for (GLsizei i = 0; i < count; ++i) {
    if (samplers[i] == 0) continue;
    Ref<Sampler> s = ctx.share_group().samplers.remove(samplers[i]);
    if (!s) continue;
    for (TextureUnit& u : ctx.textures.units)
      if (u.sampler.get() == s.get()) u.sampler.reset();
    ctx.dirty(kDirtyTextures);
  }
}

GLboolean IsSampler(Context& ctx, GLuint sampler) {
  return sampler != 0 && lookup_sampler(ctx, sampler) ? GL_TRUE : GL_FALSE;
}

void BindSampler(Context& ctx, GLuint unit, GLuint sampler) {
  if (unit >= static_cast<GLuint>(ctx.limits.max_combined_texture_image_units) || unit >= kMaxTextureUnits)
    return ctx.set_error(GL_INVALID_VALUE);
  Ref<Sampler> s;
  if (sampler != 0) {
    s = lookup_sampler(ctx, sampler);
    if (!s) return ctx.set_error(GL_INVALID_OPERATION);
  }
  bind(ctx.textures.units[unit].sampler, s);
  ctx.dirty(kDirtyTextures);
}

void SamplerParameteri(Context& ctx, GLuint sampler, GLenum pname, GLint param) {
  sampler_param(ctx, sampler, pname, ParamValue{false, param, 0});
}
void SamplerParameteriv(Context& ctx, GLuint sampler, GLenum pname, const GLint* param) {
  if (sampler_border_color(ctx, sampler, pname, BorderColorForm::NormalizedInt, param) || !param) return;
  sampler_param(ctx, sampler, pname, ParamValue{false, param[0], 0});
}
void SamplerParameterIiv(Context& ctx, GLuint sampler, GLenum pname, const GLint* param) {
  if (sampler_border_color(ctx, sampler, pname, BorderColorForm::Int, param) || !param) return;
  sampler_param(ctx, sampler, pname, ParamValue{false, param[0], 0});
}
void SamplerParameterIuiv(Context& ctx, GLuint sampler, GLenum pname, const GLuint* param) {
  if (sampler_border_color(ctx, sampler, pname, BorderColorForm::Uint, param) || !param) return;
  sampler_param(ctx, sampler, pname, ParamValue{false, static_cast<GLint>(param[0]), 0});
}
void SamplerParameterf(Context& ctx, GLuint sampler, GLenum pname, GLfloat param) {
  sampler_param(ctx, sampler, pname, ParamValue{true, 0, param});
}
void SamplerParameterfv(Context& ctx, GLuint sampler, GLenum pname, const GLfloat* param) {
  if (sampler_border_color(ctx, sampler, pname, BorderColorForm::Float, param) || !param) return;
  sampler_param(ctx, sampler, pname, ParamValue{true, 0, param[0]});
}

void GetSamplerParameteriv(Context& ctx, GLuint sampler, GLenum pname, GLint* params) {
  if (sampler_border_color_query(ctx, sampler, pname, BorderColorForm::NormalizedInt, params)) return;
  ParamValue v;
  if (!sampler_query(ctx, sampler, pname, &v) || !params) return;
  params[0] = v.as_int();
}
void GetSamplerParameterfv(Context& ctx, GLuint sampler, GLenum pname, GLfloat* params) {
  if (sampler_border_color_query(ctx, sampler, pname, BorderColorForm::Float, params)) return;
  ParamValue v;
  if (!sampler_query(ctx, sampler, pname, &v) || !params) return;
  params[0] = v.as_float();
}
void GetSamplerParameterIiv(Context& ctx, GLuint sampler, GLenum pname, GLint* params) {
  if (sampler_border_color_query(ctx, sampler, pname, BorderColorForm::Int, params)) return;
  ParamValue v;
  if (!sampler_query(ctx, sampler, pname, &v) || !params) return;
  params[0] = v.as_int();
}
void GetSamplerParameterIuiv(Context& ctx, GLuint sampler, GLenum pname, GLuint* params) {
  if (sampler_border_color_query(ctx, sampler, pname, BorderColorForm::Uint, params)) return;
  ParamValue v;
  if (!sampler_query(ctx, sampler, pname, &v) || !params) return;
  params[0] = static_cast<GLuint>(v.as_int());
}

}  // namespace brass::gl::api
