// Texture environments (GL 4.6 compatibility §16.1, GL 2.1 §3.8.13-3.8.14):
// glTexEnv / glGetTexEnv for the three targets, TEXTURE_ENV (the texture
// function and its combiner), TEXTURE_FILTER_CONTROL (the unit's LOD bias)
// and POINT_SPRITE (COORD_REPLACE), each per active texture unit.
#include <type_traits>

#include "gl/compat/compat_api.h"
#include "gl/context.h"

namespace brass::gl::compat {
namespace {

bool valid_env_mode(GLenum e) {
  return e == GL_MODULATE || e == GL_DECAL || e == GL_BLEND || e == GL_REPLACE || e == GL_ADD || e == GL_COMBINE;
}
bool valid_combine(GLenum e, bool rgb) {
  switch (e) {
    case GL_REPLACE: case GL_MODULATE: case GL_ADD: case GL_ADD_SIGNED: case GL_INTERPOLATE: case GL_SUBTRACT:
      return true;
    case GL_DOT3_RGB: case GL_DOT3_RGBA: return rgb;
    default: return false;
  }
}
// Combiner sources: the unit's texture, any unit's (the crossbar of
// ARB_texture_env_crossbar, core in GL 1.4), the constant color, the
// primary color and the previous unit's result.
bool valid_source(GLenum e) {
  if (e >= GL_TEXTURE0 && e < GL_TEXTURE0 + static_cast<GLenum>(kMaxTextureCoords)) return true;
  return e == GL_TEXTURE || e == GL_CONSTANT || e == GL_PRIMARY_COLOR || e == GL_PREVIOUS;
}
bool valid_operand(GLenum e, bool rgb) {
  if (e == GL_SRC_ALPHA || e == GL_ONE_MINUS_SRC_ALPHA) return true;
  return rgb && (e == GL_SRC_COLOR || e == GL_ONE_MINUS_SRC_COLOR);
}

// Which unit a texture-environment target addresses; -1 after an error.
// TEXTURE_FILTER_CONTROL is per texture image unit, the other two per
// texture coordinate set.
int env_unit(Context& ctx, GLenum target) {
  if (target == GL_TEXTURE_FILTER_CONTROL) return static_cast<int>(ctx.textures.active);
  return active_coord_unit(ctx);
}

template <typename T>
void tex_env(Context& ctx, GLenum target, GLenum pname, const T* params, bool vector) {
  if (!begin_end_allows(ctx)) return;
  FixedState& s = ctx.compat_state;
  if (target == GL_TEXTURE_FILTER_CONTROL) {
    if (pname != GL_TEXTURE_LOD_BIAS) return ctx.set_error(GL_INVALID_ENUM);
    const int unit = env_unit(ctx, target);
    if (unit < 0 || !params) return;
    s.texture_lod_bias[unit] = static_cast<float>(params[0]);
    ctx.dirty(kDirtyTextures);  // the bias is part of the unit's sampler state
    return values_changed(ctx);
  }
  if (target == GL_POINT_SPRITE) {
    if (pname != GL_COORD_REPLACE) return ctx.set_error(GL_INVALID_ENUM);
    if (!params) return;
    if (params[0] != T{GL_TRUE} && params[0] != T{GL_FALSE}) return ctx.set_error(GL_INVALID_VALUE);
    const int unit = env_unit(ctx, target);
    if (unit < 0) return;
    s.texenv[unit].coord_replace = params[0] != T{0};
    return modes_changed(ctx);
  }
  if (target != GL_TEXTURE_ENV) return ctx.set_error(GL_INVALID_ENUM);
  if (!params) return;
  const GLenum e = static_cast<GLenum>(params[0]);
  const bool is_enum = static_cast<T>(e) == params[0];
  // Sets the enum `field` selects in the active unit's environment.
  auto set_enum = [&](auto field, bool valid) {
    if (!is_enum || !valid) return ctx.set_error(GL_INVALID_ENUM);
    const int unit = env_unit(ctx, target);
    if (unit < 0) return;
    field(s.texenv[unit]) = e;
    modes_changed(ctx);
  };
  switch (pname) {
    case GL_TEXTURE_ENV_MODE: return set_enum([](TexEnvUnit& u) -> GLenum& { return u.mode; }, valid_env_mode(e));
    case GL_COMBINE_RGB:
      return set_enum([](TexEnvUnit& u) -> GLenum& { return u.combine_rgb; }, valid_combine(e, true));
    case GL_COMBINE_ALPHA:
      return set_enum([](TexEnvUnit& u) -> GLenum& { return u.combine_alpha; }, valid_combine(e, false));
    case GL_SRC0_RGB: case GL_SRC1_RGB: case GL_SRC2_RGB: {
      const unsigned i = pname - GL_SRC0_RGB;
      return set_enum([i](TexEnvUnit& u) -> GLenum& { return u.src_rgb[i]; }, valid_source(e));
    }
    case GL_SRC0_ALPHA: case GL_SRC1_ALPHA: case GL_SRC2_ALPHA: {
      const unsigned i = pname - GL_SRC0_ALPHA;
      return set_enum([i](TexEnvUnit& u) -> GLenum& { return u.src_alpha[i]; }, valid_source(e));
    }
    case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB: {
      const unsigned i = pname - GL_OPERAND0_RGB;
      return set_enum([i](TexEnvUnit& u) -> GLenum& { return u.operand_rgb[i]; }, valid_operand(e, true));
    }
    case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA: {
      const unsigned i = pname - GL_OPERAND0_ALPHA;
      return set_enum([i](TexEnvUnit& u) -> GLenum& { return u.operand_alpha[i]; }, valid_operand(e, false));
    }
    case GL_RGB_SCALE:
    case GL_ALPHA_SCALE: {
      const double v = static_cast<double>(params[0]);
      if (v != 1.0 && v != 2.0 && v != 4.0) return ctx.set_error(GL_INVALID_VALUE);
      const int unit = env_unit(ctx, target);
      if (unit < 0) return;
      (pname == GL_RGB_SCALE ? s.texenv[unit].rgb_scale : s.texenv[unit].alpha_scale) = static_cast<float>(v);
      return values_changed(ctx);
    }
    case GL_TEXTURE_ENV_COLOR: {
      if (!vector) return ctx.set_error(GL_INVALID_ENUM);
      const int unit = env_unit(ctx, target);
      if (unit < 0) return;
      float c[4];
      for (int i = 0; i < 4; ++i) {
        if constexpr (std::is_same_v<T, GLint>) c[i] = int_to_color(params[i]);
        else c[i] = static_cast<float>(params[i]);
      }
      s.texenv[unit].color = {c[0], c[1], c[2], c[3]};
      return values_changed(ctx);
    }
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

template <typename T>
void get_tex_env(Context& ctx, GLenum target, GLenum pname, T* params) {
  if (!begin_end_allows(ctx)) return;
  const FixedState& s = ctx.compat_state;
  auto put_float = [&](float v) {
    if constexpr (std::is_same_v<T, GLint>) params[0] = float_to_int(v);
    else params[0] = v;
  };
  if (target == GL_TEXTURE_FILTER_CONTROL) {
    if (pname != GL_TEXTURE_LOD_BIAS) return ctx.set_error(GL_INVALID_ENUM);
    const int unit = env_unit(ctx, target);
    if (unit >= 0 && params) put_float(s.texture_lod_bias[unit]);
    return;
  }
  if (target == GL_POINT_SPRITE) {
    if (pname != GL_COORD_REPLACE) return ctx.set_error(GL_INVALID_ENUM);
    const int unit = env_unit(ctx, target);
    if (unit >= 0 && params) params[0] = s.texenv[unit].coord_replace ? T{1} : T{0};
    return;
  }
  if (target != GL_TEXTURE_ENV) return ctx.set_error(GL_INVALID_ENUM);
  GLenum e = GL_NONE;
  const bool known = pname == GL_TEXTURE_ENV_MODE || pname == GL_COMBINE_RGB || pname == GL_COMBINE_ALPHA ||
                     (pname >= GL_SRC0_RGB && pname <= GL_SRC2_RGB) ||
                     (pname >= GL_SRC0_ALPHA && pname <= GL_SRC2_ALPHA) ||
                     (pname >= GL_OPERAND0_RGB && pname <= GL_OPERAND2_RGB) ||
                     (pname >= GL_OPERAND0_ALPHA && pname <= GL_OPERAND2_ALPHA) || pname == GL_RGB_SCALE ||
                     pname == GL_ALPHA_SCALE || pname == GL_TEXTURE_ENV_COLOR;
  if (!known) return ctx.set_error(GL_INVALID_ENUM);
  const int unit = env_unit(ctx, target);
  if (unit < 0 || !params) return;
  const TexEnvUnit& u = s.texenv[unit];
  switch (pname) {
    case GL_TEXTURE_ENV_MODE: e = u.mode; break;
    case GL_COMBINE_RGB: e = u.combine_rgb; break;
    case GL_COMBINE_ALPHA: e = u.combine_alpha; break;
    case GL_RGB_SCALE: return put_float(u.rgb_scale);
    case GL_ALPHA_SCALE: return put_float(u.alpha_scale);
    case GL_TEXTURE_ENV_COLOR:
      for (int i = 0; i < 4; ++i) {
        if constexpr (std::is_same_v<T, GLint>) params[i] = color_to_int(u.color[i]);
        else params[i] = u.color[i];
      }
      return;
    default:
      if (pname >= GL_SRC0_RGB && pname <= GL_SRC2_RGB) e = u.src_rgb[pname - GL_SRC0_RGB];
      else if (pname >= GL_SRC0_ALPHA && pname <= GL_SRC2_ALPHA) e = u.src_alpha[pname - GL_SRC0_ALPHA];
      else if (pname >= GL_OPERAND0_RGB && pname <= GL_OPERAND2_RGB) e = u.operand_rgb[pname - GL_OPERAND0_RGB];
      else e = u.operand_alpha[pname - GL_OPERAND0_ALPHA];
      break;
  }
  params[0] = static_cast<T>(e);
}

}  // namespace
}  // namespace brass::gl::compat

namespace brass::gl::api {

void TexEnvf(Context& ctx, GLenum target, GLenum pname, GLfloat param) {
  compat::tex_env(ctx, target, pname, &param, false);
}
void TexEnvi(Context& ctx, GLenum target, GLenum pname, GLint param) {
  compat::tex_env(ctx, target, pname, &param, false);
}
void TexEnvfv(Context& ctx, GLenum target, GLenum pname, const GLfloat* params) {
  compat::tex_env(ctx, target, pname, params, true);
}
void TexEnviv(Context& ctx, GLenum target, GLenum pname, const GLint* params) {
  compat::tex_env(ctx, target, pname, params, true);
}
void GetTexEnvfv(Context& ctx, GLenum target, GLenum pname, GLfloat* params) {
  compat::get_tex_env(ctx, target, pname, params);
}
void GetTexEnviv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  compat::get_tex_env(ctx, target, pname, params);
}

}  // namespace brass::gl::api
