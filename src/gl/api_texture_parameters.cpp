// Texture parameters (ES 3.2 §8.10): glTexParameter* and glGetTexParameter*,
// the sampler state a texture carries (shared with sampler objects,
// texture_storage.cpp) and the texture's own (levels, swizzle, depth/stencil
// mode), TEXTURE_BORDER_COLOR's vector and integer forms
// (EXT/OES_texture_border_clamp).
#include "gl/context.h"
#include "gl/texture_storage.h"
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

void tex_param(Context& ctx, GLenum target, GLenum pname, const ParamValue& v) {
  Texture* t = parameter_texture(ctx, target);
  if (!t) return ctx.set_error(GL_INVALID_ENUM);
  const bool multisample = target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
  bool known = false;
  SamplerParams p = t->sampler;
  GLenum err = set_sampler_param(p, pname, v, ctx.has_feature("GL_EXT_texture_border_clamp"), &known,
                                 anisotropic_filtering(ctx), mirror_clamp_to_edge(ctx));
  if (known) {
    // Multisample textures are fetched, never sampled: the sampler state
    // of table 20.11 is no parameter of theirs (ES 3.1 §8.10).
    if (multisample) return ctx.set_error(GL_INVALID_ENUM);
    if (err != GL_NO_ERROR) return ctx.set_error(err);
    if (target == GL_TEXTURE_RECTANGLE && !rectangle_sampler_ok(p)) return ctx.set_error(GL_INVALID_ENUM);
    t->sampler = p;
  } else {
    const GLint i = v.as_int();
    switch (pname) {
      case GL_TEXTURE_BASE_LEVEL:
        if (i < 0) return ctx.set_error(GL_INVALID_VALUE);
        // Their one level is level 0 (ES 3.1 §8.10).
        // So is a rectangle's (GL 4.6 §8.10).
        if ((multisample || target == GL_TEXTURE_RECTANGLE) && i != 0) return ctx.set_error(GL_INVALID_OPERATION);
        t->base_level = i;
        break;
      case GL_TEXTURE_MAX_LEVEL:
        if (i < 0) return ctx.set_error(GL_INVALID_VALUE);
        t->max_level = i;
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
bool tex_swizzle_rgba(Context& ctx, GLenum target, GLenum pname, const T* values) {
  if (pname != GL_TEXTURE_SWIZZLE_RGBA || !ctx.desktop()) return false;
  Texture* t = parameter_texture(ctx, target);
  if (!t) return fail(ctx, GL_INVALID_ENUM), true;
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
bool tex_swizzle_rgba_query(Context& ctx, GLenum target, GLenum pname, T* out) {
  if (pname != GL_TEXTURE_SWIZZLE_RGBA || !ctx.desktop()) return false;
  const Texture* t = parameter_texture(ctx, target);
  if (!t) return fail(ctx, GL_INVALID_ENUM), true;
  if (out)
    for (int i = 0; i < 4; ++i) out[i] = static_cast<T>(t->swizzle[i]);
  return true;
}

// TEXTURE_BORDER_COLOR through a vector form; false when `pname` is another
// name (the scalar path takes it).
bool tex_border_color(Context& ctx, GLenum target, GLenum pname, BorderColorForm form, const void* values) {
  if (pname != GL_TEXTURE_BORDER_COLOR || !ctx.has_feature("GL_EXT_texture_border_clamp")) return false;
  Texture* t = parameter_texture(ctx, target);
  if (!t || t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
    ctx.set_error(GL_INVALID_ENUM);
    return true;
  }
  if (!values) return true;
  set_border_color(t->sampler, form, values);
  t->changed();
  ctx.dirty(kDirtyTextures);
  return true;
}

bool tex_border_color_query(Context& ctx, GLenum target, GLenum pname, BorderColorForm form, void* out) {
  if (pname != GL_TEXTURE_BORDER_COLOR || !ctx.has_feature("GL_EXT_texture_border_clamp")) return false;
  Texture* t = parameter_texture(ctx, target);
  if (!t || t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
    ctx.set_error(GL_INVALID_ENUM);
    return true;
  }
  if (out) get_border_color(t->sampler, form, out);
  return true;
}

bool tex_query(Context& ctx, GLenum target, GLenum pname, ParamValue* out) {
  Texture* t = parameter_texture(ctx, target);
  if (!t) return fail(ctx, GL_INVALID_ENUM);
  if (get_sampler_param(t->sampler, pname, out, anisotropic_filtering(ctx))) return true;
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
    // ES 3.1 §8.23: image units take formats of the texture's texel size.
    case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
      if (!ctx.es31()) return fail(ctx, GL_INVALID_ENUM);
      out->i = GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE;
      return true;
    default: return fail(ctx, GL_INVALID_ENUM);
  }
}

}  // namespace

void TexParameteri(Context& ctx, GLenum target, GLenum pname, GLint param) {
  tex_param(ctx, target, pname, ParamValue{false, param, 0});
}
void TexParameteriv(Context& ctx, GLenum target, GLenum pname, const GLint* params) {
  if (tex_swizzle_rgba(ctx, target, pname, params)) return;
  if (tex_border_color(ctx, target, pname, BorderColorForm::NormalizedInt, params) || !params) return;
  tex_param(ctx, target, pname, ParamValue{false, params[0], 0});
}
void TexParameterIiv(Context& ctx, GLenum target, GLenum pname, const GLint* params) {
  if (tex_swizzle_rgba(ctx, target, pname, params)) return;
  if (tex_border_color(ctx, target, pname, BorderColorForm::Int, params) || !params) return;
  tex_param(ctx, target, pname, ParamValue{false, params[0], 0});
}
void TexParameterIuiv(Context& ctx, GLenum target, GLenum pname, const GLuint* params) {
  if (tex_swizzle_rgba(ctx, target, pname, params)) return;
  if (tex_border_color(ctx, target, pname, BorderColorForm::Uint, params) || !params) return;
  tex_param(ctx, target, pname, ParamValue{false, static_cast<GLint>(params[0]), 0});
}
void TexParameterf(Context& ctx, GLenum target, GLenum pname, GLfloat param) {
  tex_param(ctx, target, pname, ParamValue{true, 0, param});
}
void TexParameterfv(Context& ctx, GLenum target, GLenum pname, const GLfloat* params) {
  if (tex_swizzle_rgba(ctx, target, pname, params)) return;
  if (tex_border_color(ctx, target, pname, BorderColorForm::Float, params) || !params) return;
  tex_param(ctx, target, pname, ParamValue{true, 0, params[0]});
}

void GetTexParameteriv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  if (tex_swizzle_rgba_query(ctx, target, pname, params)) return;
  if (tex_border_color_query(ctx, target, pname, BorderColorForm::NormalizedInt, params)) return;
  ParamValue v;
  if (!tex_query(ctx, target, pname, &v) || !params) return;
  params[0] = v.as_int();
}
void GetTexParameterfv(Context& ctx, GLenum target, GLenum pname, GLfloat* params) {
  if (tex_swizzle_rgba_query(ctx, target, pname, params)) return;
  if (tex_border_color_query(ctx, target, pname, BorderColorForm::Float, params)) return;
  ParamValue v;
  if (!tex_query(ctx, target, pname, &v) || !params) return;
  params[0] = v.as_float();
}
void GetTexParameterIiv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  if (tex_swizzle_rgba_query(ctx, target, pname, params)) return;
  if (tex_border_color_query(ctx, target, pname, BorderColorForm::Int, params)) return;
  ParamValue v;
  if (!tex_query(ctx, target, pname, &v) || !params) return;
  params[0] = v.as_int();
}
void GetTexParameterIuiv(Context& ctx, GLenum target, GLenum pname, GLuint* params) {
  if (tex_swizzle_rgba_query(ctx, target, pname, params)) return;
  if (tex_border_color_query(ctx, target, pname, BorderColorForm::Uint, params)) return;
  ParamValue v;
  if (!tex_query(ctx, target, pname, &v) || !params) return;
  params[0] = static_cast<GLuint>(v.as_int());
}

}  // namespace brass::gl::api
