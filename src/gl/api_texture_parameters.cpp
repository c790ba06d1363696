// Texture parameters (ES 3.2 §8.10): glTexParameter* and glGetTexParameter*,
// the sampler state a texture carries (shared with sampler objects,
// texture_storage.cpp) and the texture's own (levels, swizzle, depth/stencil
// mode), TEXTURE_BORDER_COLOR's vector and integer forms
// (EXT/OES_texture_border_clamp).
#include <algorithm>

#include "gl/compat/legacy_textures.h"
#include "gl/context.h"
#include "gl/texture_storage.h"
#include "gl/texture_parameters.h"
#include "gl/texture_view.h"
#include "gl_functions.h"

#ifndef GL_TEXTURE_SWIZZLE_RGBA
#define GL_TEXTURE_SWIZZLE_RGBA 0x8E46  // desktop GL 3.3 (not in the ES headers)
#endif

namespace brass::gl::api {

namespace {

bool fail(Context& ctx, GLenum error) {
  ctx.set_error(error);
  return false;
}

// Buffer textures have no parameters (ES 3.2 §8.10: TEXTURE_BUFFER is no
// target of glTexParameter or glGetTexParameter).
Texture* parameter_texture(Context& ctx, GLenum target) {
  return target == GL_TEXTURE_BUFFER ? nullptr : bound_texture(ctx, target);
}

// A rectangle texture has one level and is never repeated: mipmapping
// minification filters and the repeating and mirroring wraps are
// GL_INVALID_ENUM on it (GL 4.6 §8.10).
bool rectangle_sampler_ok(const SamplerParams& p) {
  for (GLenum w : {p.wrap_s, p.wrap_t, p.wrap_r})
    if (w == GL_REPEAT || w == GL_MIRRORED_REPEAT || w == GL_MIRROR_CLAMP_TO_EDGE) return false;
  return p.min_filter == GL_NEAREST || p.min_filter == GL_LINEAR;
}

// An external texture is never mipmapped nor repeated: NEAREST or LINEAR
// minification and CLAMP_TO_EDGE in s and t only, other values
// INVALID_ENUM (OES_EGL_image_external §3.7.4). Its r wrap is not limited.
bool external_sampler_ok(const SamplerParams& p) {
  return p.wrap_s == GL_CLAMP_TO_EDGE && p.wrap_t == GL_CLAMP_TO_EDGE &&
         (p.min_filter == GL_NEAREST || p.min_filter == GL_LINEAR);
}

void tex_param(Context& ctx, Texture* t, GLenum pname, const ParamValue& v, GLenum wrong_kind_error) {
  const GLenum target = t->target;
  const bool multisample = target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
  if (compat::legacy_texture_parameter(ctx, *t, pname, v)) return;
  bool known = false;
  SamplerParams p = t->sampler;
  GLenum err = set_sampler_param(p, pname, v, ctx.has_feature("GL_EXT_texture_border_clamp"), &known,
                                 anisotropic_filtering(ctx), mirror_clamp_to_edge(ctx), ctx.desktop());
  if (known) {
    // Multisample textures are fetched, never sampled: the sampler state
    // of table 20.11 is no parameter of theirs (ES 3.1 §8.10).
    if (multisample) return ctx.set_error(wrong_kind_error);
    if (err != GL_NO_ERROR) return ctx.set_error(err);
    if (target == GL_TEXTURE_RECTANGLE && !rectangle_sampler_ok(p)) return ctx.set_error(GL_INVALID_ENUM);
    if (target == GL_TEXTURE_EXTERNAL_OES && !external_sampler_ok(p)) return ctx.set_error(GL_INVALID_ENUM);
    t->sampler = p;
  } else {
    const GLint i = v.as_int();
    switch (pname) {
      case GL_TEXTURE_BASE_LEVEL:
        if (i < 0) return ctx.set_error(GL_INVALID_VALUE);
        // Their one level is level 0 (ES 3.1 §8.10).
        // So is a rectangle's (GL 4.6 §8.10), and an external texture's
        // (OES_EGL_image_external_essl3, in ES 3.0+ contexts, all Brass has).
        if ((multisample || target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_EXTERNAL_OES) && i != 0)
          return ctx.set_error(GL_INVALID_OPERATION);
        // An immutable texture's levels are fixed: the value is clamped to
        // them (GL 4.6 §8.17, as ARB_texture_storage defines it).
        t->base_level = t->immutable ? std::min(i, t->immutable_level_count() - 1) : i;
        break;
      case GL_TEXTURE_MAX_LEVEL:
        if (i < 0) return ctx.set_error(GL_INVALID_VALUE);
        t->max_level = t->immutable ? std::clamp(i, t->base_level, t->immutable_level_count() - 1) : i;
        break;
      case GL_TEXTURE_SWIZZLE_R:
      case GL_TEXTURE_SWIZZLE_G:
      case GL_TEXTURE_SWIZZLE_B:
      case GL_TEXTURE_SWIZZLE_A: {
        const GLenum e = static_cast<GLenum>(i);
        if (e != GL_RED && e != GL_GREEN && e != GL_BLUE && e != GL_ALPHA && e != GL_ZERO && e != GL_ONE)
          return ctx.set_error(GL_INVALID_ENUM);
        t->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = e;
        break;
      }
      case GL_DEPTH_STENCIL_TEXTURE_MODE: {
        const GLenum e = static_cast<GLenum>(i);
        if (e != GL_DEPTH_COMPONENT && e != GL_STENCIL_INDEX) return ctx.set_error(GL_INVALID_ENUM);
        t->depth_stencil_mode = e;
        break;
      }
      default: return ctx.set_error(GL_INVALID_ENUM);
    }
  }
  t->changed();
  ctx.dirty(kDirtyTextures);
}

// Desktop TEXTURE_SWIZZLE_RGBA (GL 4.6 §8.10, the vector forms only): all
// four swizzles at once, none changed when one is not a swizzle. False when
// `pname` is another name, or in ES, which has only the single ones.
template <typename T>
bool tex_swizzle_rgba(Context& ctx, Texture* t, GLenum pname, const T* values) {
  if (pname != GL_TEXTURE_SWIZZLE_RGBA || !ctx.desktop()) return false;
  if (!values) return true;
  GLenum swizzle[4];
  for (int i = 0; i < 4; ++i) {
    const GLenum e = static_cast<GLenum>(values[i]);
    if (e != GL_RED && e != GL_GREEN && e != GL_BLUE && e != GL_ALPHA && e != GL_ZERO && e != GL_ONE)
      return fail(ctx, GL_INVALID_ENUM), true;
    swizzle[i] = e;
  }
  for (int i = 0; i < 4; ++i) t->swizzle[i] = swizzle[i];
  t->changed();
  ctx.dirty(kDirtyTextures);
  return true;
}

template <typename T>
bool tex_swizzle_rgba_query(Context& ctx, const Texture* t, GLenum pname, T* out) {
  if (pname != GL_TEXTURE_SWIZZLE_RGBA || !ctx.desktop()) return false;
  if (out)
    for (int i = 0; i < 4; ++i) out[i] = static_cast<T>(t->swizzle[i]);
  return true;
}

// TEXTURE_BORDER_COLOR through a vector form; false when `pname` is another
// name (the scalar path takes it).
bool tex_border_color(Context& ctx, Texture* t, GLenum pname, BorderColorForm form, const void* values,
                      GLenum wrong_kind_error) {
  if (pname != GL_TEXTURE_BORDER_COLOR || !ctx.has_feature("GL_EXT_texture_border_clamp")) return false;
  if (t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
    ctx.set_error(wrong_kind_error);
    return true;
  }
  if (!values) return true;
  set_border_color(t->sampler, form, values);
  t->changed();
  ctx.dirty(kDirtyTextures);
  return true;
}

bool tex_border_color_query(Context& ctx, const Texture* t, GLenum pname, BorderColorForm form, void* out) {
  if (pname != GL_TEXTURE_BORDER_COLOR || !ctx.has_feature("GL_EXT_texture_border_clamp")) return false;
  if (t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
    ctx.set_error(GL_INVALID_ENUM);
    return true;
  }
  if (out) get_border_color(t->sampler, form, out);
  return true;
}

bool tex_query(Context& ctx, const Texture* t, GLenum pname, ParamValue* out) {
  if (compat::legacy_texture_query(ctx, *t, pname, out)) return true;
  if (get_sampler_param(t->sampler, pname, out, anisotropic_filtering(ctx), ctx.desktop())) return true;
  out->is_float = false;
  switch (pname) {
    case GL_TEXTURE_BASE_LEVEL: out->i = t->base_level; return true;
    case GL_TEXTURE_MAX_LEVEL: out->i = t->max_level; return true;
    case GL_TEXTURE_SWIZZLE_R:
    case GL_TEXTURE_SWIZZLE_G:
    case GL_TEXTURE_SWIZZLE_B:
    case GL_TEXTURE_SWIZZLE_A: out->i = static_cast<GLint>(t->swizzle[pname - GL_TEXTURE_SWIZZLE_R]); return true;
    case GL_DEPTH_STENCIL_TEXTURE_MODE: out->i = static_cast<GLint>(t->depth_stencil_mode); return true;
    case GL_TEXTURE_IMMUTABLE_FORMAT: out->i = t->immutable ? GL_TRUE : GL_FALSE; return true;
    case GL_TEXTURE_IMMUTABLE_LEVELS: out->i = t->immutable_levels; return true;
    // GL 4.5 §8.11.2: the texture's target (what glCreateTextures or the
    // first bind gave it).
    case GL_TEXTURE_TARGET:
      if (!ctx.desktop()) return fail(ctx, GL_INVALID_ENUM);
      out->i = static_cast<GLint>(t->target);
      return true;
    case GL_TEXTURE_VIEW_MIN_LEVEL:
    case GL_TEXTURE_VIEW_NUM_LEVELS:
    case GL_TEXTURE_VIEW_MIN_LAYER:
    case GL_TEXTURE_VIEW_NUM_LAYERS: {
      if (!has_texture_views(ctx)) return fail(ctx, GL_INVALID_ENUM);
      const GLuint v = pname == GL_TEXTURE_VIEW_MIN_LEVEL    ? t->view_min_level
                       : pname == GL_TEXTURE_VIEW_NUM_LEVELS ? t->view_num_levels
                       : pname == GL_TEXTURE_VIEW_MIN_LAYER  ? t->view_min_layer
                                                             : t->view_num_layers;
      out->i = static_cast<GLint>(v);
      return true;
    }
    // OES_EGL_image_external §3.7.14: the image units sampling the
    // texture takes. Brass's external textures hold RGB(A) images sampled
    // as they are (no multi-planar YUV), one unit each, as every other
    // target's.
    case GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES:
      if (ctx.desktop()) return fail(ctx, GL_INVALID_ENUM);
      out->i = 1;
      return true;
    // ES 3.1 §8.23: image units take formats of the texture's texel size.
    case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
      if (!ctx.es31()) return fail(ctx, GL_INVALID_ENUM);
      out->i = GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE;
      return true;
    default: return fail(ctx, GL_INVALID_ENUM);
  }
}

}  // namespace

namespace {

// A multisample texture's sampler state: the target takes none through
// glTexParameter (INVALID_ENUM, ES 3.1 §8.10); through glTextureParameter
// the texture is of the wrong kind (INVALID_OPERATION, GL 4.6 §8.10).
GLenum multisample_error(TextureCommand form) {
  return form == TextureCommand::Named ? GL_INVALID_OPERATION : GL_INVALID_ENUM;
}

}  // namespace

// --- the parameter commands on one texture (the bound one, or the one a
// direct state access command names) ---

void texture_parameter(Context& ctx, Texture& t, GLenum pname, const ParamValue& v, TextureCommand form) {
  tex_param(ctx, &t, pname, v, multisample_error(form));
}
void texture_parameteriv(Context& ctx, Texture& t, GLenum pname, const GLint* params, TextureCommand form) {
  if (tex_swizzle_rgba(ctx, &t, pname, params)) return;
  if (tex_border_color(ctx, &t, pname, BorderColorForm::NormalizedInt, params, multisample_error(form)) || !params) return;
  tex_param(ctx, &t, pname, ParamValue{false, params[0], 0}, multisample_error(form));
}
void texture_parameterIiv(Context& ctx, Texture& t, GLenum pname, const GLint* params, TextureCommand form) {
  if (tex_swizzle_rgba(ctx, &t, pname, params)) return;
  if (tex_border_color(ctx, &t, pname, BorderColorForm::Int, params, multisample_error(form)) || !params) return;
  tex_param(ctx, &t, pname, ParamValue{false, params[0], 0}, multisample_error(form));
}
void texture_parameterIuiv(Context& ctx, Texture& t, GLenum pname, const GLuint* params, TextureCommand form) {
  if (tex_swizzle_rgba(ctx, &t, pname, params)) return;
  if (tex_border_color(ctx, &t, pname, BorderColorForm::Uint, params, multisample_error(form)) || !params) return;
  tex_param(ctx, &t, pname, ParamValue{false, static_cast<GLint>(params[0]), 0}, multisample_error(form));
}
void texture_parameterfv(Context& ctx, Texture& t, GLenum pname, const GLfloat* params, TextureCommand form) {
  if (tex_swizzle_rgba(ctx, &t, pname, params)) return;
  if (tex_border_color(ctx, &t, pname, BorderColorForm::Float, params, multisample_error(form)) || !params) return;
  tex_param(ctx, &t, pname, ParamValue{true, 0, params[0]}, multisample_error(form));
}

void get_texture_parameteriv(Context& ctx, const Texture& t, GLenum pname, GLint* params) {
  if (tex_swizzle_rgba_query(ctx, &t, pname, params)) return;
  if (tex_border_color_query(ctx, &t, pname, BorderColorForm::NormalizedInt, params)) return;
  ParamValue v;
  if (!tex_query(ctx, &t, pname, &v) || !params) return;
  params[0] = v.as_int();
}
void get_texture_parameterfv(Context& ctx, const Texture& t, GLenum pname, GLfloat* params) {
  if (tex_swizzle_rgba_query(ctx, &t, pname, params)) return;
  if (tex_border_color_query(ctx, &t, pname, BorderColorForm::Float, params)) return;
  ParamValue v;
  if (!tex_query(ctx, &t, pname, &v) || !params) return;
  params[0] = v.as_float();
}
void get_texture_parameterIiv(Context& ctx, const Texture& t, GLenum pname, GLint* params) {
  if (tex_swizzle_rgba_query(ctx, &t, pname, params)) return;
  if (tex_border_color_query(ctx, &t, pname, BorderColorForm::Int, params)) return;
  ParamValue v;
  if (!tex_query(ctx, &t, pname, &v) || !params) return;
  params[0] = v.as_int();
}
void get_texture_parameterIuiv(Context& ctx, const Texture& t, GLenum pname, GLuint* params) {
  if (tex_swizzle_rgba_query(ctx, &t, pname, params)) return;
  if (tex_border_color_query(ctx, &t, pname, BorderColorForm::Uint, params)) return;
  ParamValue v;
  if (!tex_query(ctx, &t, pname, &v) || !params) return;
  params[0] = static_cast<GLuint>(v.as_int());
}

// --- bind-to-edit forms: the texture bound to `target` of the active unit ---

void TexParameteri(Context& ctx, GLenum target, GLenum pname, GLint param) {
  if (Texture* t = parameter_texture(ctx, target))
    return texture_parameter(ctx, *t, pname, ParamValue{false, param, 0}, TextureCommand::Bound);
  ctx.set_error(GL_INVALID_ENUM);
}
void TexParameterf(Context& ctx, GLenum target, GLenum pname, GLfloat param) {
  if (Texture* t = parameter_texture(ctx, target))
    return texture_parameter(ctx, *t, pname, ParamValue{true, 0, param}, TextureCommand::Bound);
  ctx.set_error(GL_INVALID_ENUM);
}
#define BRASS_BOUND_TEXTURE_FORM(Name, impl, Type, ...)                                        \
  void Name(Context& ctx, GLenum target, GLenum pname, Type params) {                          \
    if (Texture* t = parameter_texture(ctx, target)) return impl(ctx, *t, pname, params __VA_ARGS__); \
    ctx.set_error(GL_INVALID_ENUM);                                                            \
  }
BRASS_BOUND_TEXTURE_FORM(TexParameteriv, texture_parameteriv, const GLint*, , TextureCommand::Bound)
BRASS_BOUND_TEXTURE_FORM(TexParameterIiv, texture_parameterIiv, const GLint*, , TextureCommand::Bound)
BRASS_BOUND_TEXTURE_FORM(TexParameterIuiv, texture_parameterIuiv, const GLuint*, , TextureCommand::Bound)
BRASS_BOUND_TEXTURE_FORM(TexParameterfv, texture_parameterfv, const GLfloat*, , TextureCommand::Bound)
BRASS_BOUND_TEXTURE_FORM(GetTexParameteriv, get_texture_parameteriv, GLint*)
BRASS_BOUND_TEXTURE_FORM(GetTexParameterfv, get_texture_parameterfv, GLfloat*)
BRASS_BOUND_TEXTURE_FORM(GetTexParameterIiv, get_texture_parameterIiv, GLint*)
BRASS_BOUND_TEXTURE_FORM(GetTexParameterIuiv, get_texture_parameterIuiv, GLuint*)
#undef BRASS_BOUND_TEXTURE_FORM

}  // namespace brass::gl::api
