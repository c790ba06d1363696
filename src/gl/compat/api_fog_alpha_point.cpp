// Fog (GL 4.6 compatibility §16.4, GL 2.1 §3.10), the alpha test (§17.3.4,
// GL 2.1 §4.1.4) and the point parameters the core profile lacks (§14.4:
// POINT_SIZE_MIN/MAX, POINT_DISTANCE_ATTENUATION). The enables FOG,
// ALPHA_TEST, POINT_SMOOTH and POINT_SPRITE are in state_queries_compat.cpp;
// the fixed-function shaders apply the state (compat-ff).
#include <algorithm>
#include <cmath>

#include "gl/compat/compat_api.h"
#include "gl/context.h"

namespace brass::gl::compat {
namespace {

template <typename T>
void fog(Context& ctx, GLenum pname, const T* params, bool vector) {
  if (!begin_end_allows(ctx)) return;
  FogState& f = ctx.compat_state.fog;
  switch (pname) {
    case GL_FOG_MODE: case GL_FOG_COORD_SRC: case GL_FOG_DISTANCE_MODE_NV: {
      if (!params) return;
      const GLenum e = static_cast<GLenum>(params[0]);
      if (static_cast<T>(e) != params[0]) return ctx.set_error(GL_INVALID_ENUM);
      if (pname == GL_FOG_MODE) {
        if (e != GL_LINEAR && e != GL_EXP && e != GL_EXP2) return ctx.set_error(GL_INVALID_ENUM);
        f.mode = e;
      } else if (pname == GL_FOG_DISTANCE_MODE_NV) {
        if (e != GL_EYE_RADIAL_NV && e != GL_EYE_PLANE && e != GL_EYE_PLANE_ABSOLUTE_NV)
          return ctx.set_error(GL_INVALID_ENUM);
        f.distance_mode = e;
      } else {
        if (e != GL_FOG_COORD && e != GL_FRAGMENT_DEPTH) return ctx.set_error(GL_INVALID_ENUM);
        f.coord_src = e;
      }
      return modes_changed(ctx);
    }
    case GL_FOG_DENSITY: case GL_FOG_START: case GL_FOG_END: case GL_FOG_INDEX: {
      if (!params) return;
      const float v = static_cast<float>(params[0]);
      if (pname == GL_FOG_DENSITY) {
        if (!(v >= 0)) return ctx.set_error(GL_INVALID_VALUE);
        f.density = v;
      } else {
        (pname == GL_FOG_START ? f.start : pname == GL_FOG_END ? f.end : f.index) = v;
      }
      return values_changed(ctx);
    }
    case GL_FOG_COLOR: {
      if (!vector) return ctx.set_error(GL_INVALID_ENUM);
      if (!params) return;
      float c[4];
      for (int i = 0; i < 4; ++i) {
        if constexpr (std::is_same_v<T, GLint>) c[i] = int_to_color(params[i]);
        else c[i] = static_cast<float>(params[i]);
      }
      f.color = {c[0], c[1], c[2], c[3]};
      return values_changed(ctx);
    }
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

}  // namespace

bool point_parameter(Context& ctx, GLenum pname, const GLfloat* params, bool vector) {
  PointState& p = ctx.compat_state.point;
  switch (pname) {
    case GL_POINT_SIZE_MIN:
    case GL_POINT_SIZE_MAX:
      if (!(params[0] >= 0)) {
        ctx.set_error(GL_INVALID_VALUE);
        return true;
      }
      (pname == GL_POINT_SIZE_MIN ? p.size_min : p.size_max) = params[0];
      values_changed(ctx);
      return true;
    case GL_POINT_DISTANCE_ATTENUATION:
      if (!vector) {
        ctx.set_error(GL_INVALID_ENUM);
        return true;
      }
      p.distance_attenuation = {params[0], params[1], params[2], 0};
      // Attenuation off (1, 0, 0) lets shaders skip the distance term.
      modes_changed(ctx);
      return true;
    default: return false;
  }
}

}  // namespace brass::gl::compat

namespace brass::gl::api {

void Fogf(Context& ctx, GLenum pname, GLfloat param) { compat::fog(ctx, pname, &param, false); }
void Fogi(Context& ctx, GLenum pname, GLint param) { compat::fog(ctx, pname, &param, false); }
void Fogfv(Context& ctx, GLenum pname, const GLfloat* params) { compat::fog(ctx, pname, params, true); }
void Fogiv(Context& ctx, GLenum pname, const GLint* params) { compat::fog(ctx, pname, params, true); }

void AlphaFunc(Context& ctx, GLenum func, GLfloat ref) {
  if (!compat::begin_end_allows(ctx)) return;
  if (func < GL_NEVER || func > GL_ALWAYS) return ctx.set_error(GL_INVALID_ENUM);
  compat::AlphaTestState& a = ctx.compat_state.alpha_test;
  a.func = func;
  a.ref = std::clamp(std::isnan(ref) ? 0.0f : ref, 0.0f, 1.0f);
  compat::modes_changed(ctx);
}

}  // namespace brass::gl::api
