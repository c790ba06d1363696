// Texture coordinate generation (GL 4.6 compatibility §12.1.3, GL 2.1
// §2.11.4) and client clip planes (§13.7, GL 2.1 §2.12): glTexGen /
// glGetTexGen per active texture unit, glClipPlane / glGetClipPlane. Eye
// planes and clip planes are kept in eye coordinates: the plane given is
// multiplied by the inverse of the modelview matrix current at the call.
// Their enables (TEXTURE_GEN_S/T/R/Q, CLIP_PLANEi) are in
// state_queries_compat.cpp.
#include "gl/compat/compat_api.h"
#include "gl/context.h"

namespace brass::gl::compat {
namespace {

TexGenCoord* texgen_coord(Context& ctx, GLenum coord) {
  if (coord < GL_S || coord > GL_Q) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  const int unit = active_coord_unit(ctx);
  if (unit < 0) return nullptr;
  return &ctx.compat_state.texgen[unit].coord[coord - GL_S];
}

template <typename T>
void tex_gen(Context& ctx, GLenum coord, GLenum pname, const T* params, bool vector) {
  if (!begin_end_allows(ctx)) return;
  if (coord < GL_S || coord > GL_Q) return ctx.set_error(GL_INVALID_ENUM);
  switch (pname) {
    case GL_TEXTURE_GEN_MODE: {
      if (!params) return;
      const GLenum mode = static_cast<GLenum>(params[0]);
      if (static_cast<T>(mode) != params[0]) return ctx.set_error(GL_INVALID_ENUM);
      switch (mode) {
        case GL_OBJECT_LINEAR: case GL_EYE_LINEAR: case GL_NORMAL_MAP: break;
        // A sphere map generates s and t only, a reflection map s, t and r.
        case GL_SPHERE_MAP:
          if (coord == GL_R || coord == GL_Q) return ctx.set_error(GL_INVALID_ENUM);
          break;
        case GL_REFLECTION_MAP:
          if (coord == GL_Q) return ctx.set_error(GL_INVALID_ENUM);
          break;
        default: return ctx.set_error(GL_INVALID_ENUM);
      }
      if (coord == GL_Q && mode == GL_NORMAL_MAP) return ctx.set_error(GL_INVALID_ENUM);
      TexGenCoord* c = texgen_coord(ctx, coord);
      if (!c) return;
      c->mode = mode;
      return modes_changed(ctx);
    }
    case GL_OBJECT_PLANE:
    case GL_EYE_PLANE: {
      if (!vector) return ctx.set_error(GL_INVALID_ENUM);
      TexGenCoord* c = texgen_coord(ctx, coord);
      if (!c || !params) return;
      const Vec4 p{static_cast<float>(params[0]), static_cast<float>(params[1]), static_cast<float>(params[2]),
                   static_cast<float>(params[3])};
      if (pname == GL_OBJECT_PLANE) c->object_plane = p;
      else c->eye_plane = transform_row(p, ctx.compat_state.matrices.modelview_inverse());
      return values_changed(ctx);
    }
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

template <typename T>
void get_tex_gen(Context& ctx, GLenum coord, GLenum pname, T* params) {
  if (!begin_end_allows(ctx)) return;
  if (coord < GL_S || coord > GL_Q) return ctx.set_error(GL_INVALID_ENUM);
  if (pname != GL_TEXTURE_GEN_MODE && pname != GL_OBJECT_PLANE && pname != GL_EYE_PLANE)
    return ctx.set_error(GL_INVALID_ENUM);
  const TexGenCoord* c = texgen_coord(ctx, coord);
  if (!c || !params) return;
  if (pname == GL_TEXTURE_GEN_MODE) {
    params[0] = static_cast<T>(c->mode);
    return;
  }
  const Vec4& p = pname == GL_OBJECT_PLANE ? c->object_plane : c->eye_plane;
  for (int i = 0; i < 4; ++i) {
    if constexpr (std::is_same_v<T, GLint>) params[i] = float_to_int(p[i]);
    else params[i] = static_cast<T>(p[i]);
  }
}

}  // namespace
}  // namespace brass::gl::compat

namespace brass::gl::api {

void TexGeni(Context& ctx, GLenum coord, GLenum pname, GLint param) { compat::tex_gen(ctx, coord, pname, &param, false); }
void TexGenf(Context& ctx, GLenum coord, GLenum pname, GLfloat param) {
  compat::tex_gen(ctx, coord, pname, &param, false);
}
void TexGend(Context& ctx, GLenum coord, GLenum pname, GLdouble param) {
  compat::tex_gen(ctx, coord, pname, &param, false);
}
void TexGeniv(Context& ctx, GLenum coord, GLenum pname, const GLint* params) {
  compat::tex_gen(ctx, coord, pname, params, true);
}
void TexGenfv(Context& ctx, GLenum coord, GLenum pname, const GLfloat* params) {
  compat::tex_gen(ctx, coord, pname, params, true);
}
void TexGendv(Context& ctx, GLenum coord, GLenum pname, const GLdouble* params) {
  compat::tex_gen(ctx, coord, pname, params, true);
}
void GetTexGeniv(Context& ctx, GLenum coord, GLenum pname, GLint* params) {
  compat::get_tex_gen(ctx, coord, pname, params);
}
void GetTexGenfv(Context& ctx, GLenum coord, GLenum pname, GLfloat* params) {
  compat::get_tex_gen(ctx, coord, pname, params);
}
void GetTexGendv(Context& ctx, GLenum coord, GLenum pname, GLdouble* params) {
  compat::get_tex_gen(ctx, coord, pname, params);
}

void ClipPlane(Context& ctx, GLenum plane, const GLdouble* equation) {
  if (!compat::begin_end_allows(ctx)) return;
  if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + static_cast<GLenum>(compat::kMaxClipPlanes))
    return ctx.set_error(GL_INVALID_ENUM);
  if (!equation) return;
  const compat::Vec4 p{static_cast<float>(equation[0]), static_cast<float>(equation[1]),
                       static_cast<float>(equation[2]), static_cast<float>(equation[3])};
  ctx.compat_state.clip_planes[plane - GL_CLIP_PLANE0] =
      compat::transform_row(p, ctx.compat_state.matrices.modelview_inverse());
  compat::values_changed(ctx);
}

void GetClipPlane(Context& ctx, GLenum plane, GLdouble* equation) {
  if (!compat::begin_end_allows(ctx)) return;
  if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + static_cast<GLenum>(compat::kMaxClipPlanes))
    return ctx.set_error(GL_INVALID_ENUM);
  if (!equation) return;
  const compat::Vec4& p = ctx.compat_state.clip_planes[plane - GL_CLIP_PLANE0];
  for (int i = 0; i < 4; ++i) equation[i] = p[i];
}

}  // namespace brass::gl::api
