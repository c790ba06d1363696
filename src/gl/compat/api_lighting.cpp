// Lighting state commands of the compatibility profile (GL 4.6
// compatibility §12.2.2-12.2.3, GL 2.1 §2.14.1-2.14.3): glLight,
// glLightModel, glMaterial, glColorMaterial, glShadeModel and the
// glGetLight / glGetMaterial queries. The enables (LIGHTING, LIGHTi,
// COLOR_MATERIAL, NORMALIZE, RESCALE_NORMAL) are in state_queries_compat.cpp.
#include <cmath>

#include "gl/compat/compat_api.h"
#include "gl/context.h"

namespace brass::gl::compat {
namespace {

// How many values a light / material / light model parameter takes; 0 for
// an unknown name.
int light_values(GLenum pname) {
  switch (pname) {
    case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION: return 4;
    case GL_SPOT_DIRECTION: return 3;
    case GL_SPOT_EXPONENT: case GL_SPOT_CUTOFF: case GL_CONSTANT_ATTENUATION: case GL_LINEAR_ATTENUATION:
    case GL_QUADRATIC_ATTENUATION: return 1;
    default: return 0;
  }
}

bool is_color(GLenum pname) {
  return pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR || pname == GL_EMISSION ||
         pname == GL_AMBIENT_AND_DIFFUSE || pname == GL_LIGHT_MODEL_AMBIENT;
}

// Up to four parameter values as floats: colors from integers are mapped
// to [-1, 1], everything else converted directly.
template <typename T>
void to_floats(GLenum pname, const T* params, int n, float out[4]) {
  for (int i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, GLint>) out[i] = is_color(pname) ? int_to_color(params[i]) : static_cast<float>(params[i]);
    else out[i] = static_cast<float>(params[i]);
  }
}

LightSource* light_of(Context& ctx, GLenum light) {
  if (light < GL_LIGHT0 || light >= GL_LIGHT0 + static_cast<GLenum>(kMaxLights)) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  return &ctx.compat_state.lighting.lights[light - GL_LIGHT0];
}

// glLight*: `vector` is false for the scalar forms, which take only the
// one-value parameters.
template <typename T>
void light(Context& ctx, GLenum which, GLenum pname, const T* params, bool vector) {
  if (!begin_end_allows(ctx)) return;
  LightSource* l = light_of(ctx, which);
  if (!l) return;
  const int n = light_values(pname);
  if (n == 0 || (!vector && n != 1)) return ctx.set_error(GL_INVALID_ENUM);
  if (!params) return;
  float v[4] = {0, 0, 0, 0};
  to_floats(pname, params, n, v);
  const Vec4 vec{v[0], v[1], v[2], v[3]};
  switch (pname) {
    case GL_AMBIENT: l->ambient = vec; break;
    case GL_DIFFUSE: l->diffuse = vec; break;
    case GL_SPECULAR: l->specular = vec; break;
    // The position and spot direction are kept in eye coordinates: the
    // modelview matrix when they are specified transforms them (§12.2.2),
    // the direction by the upper-left 3x3 only.
    case GL_POSITION: l->position = transform(ctx.compat_state.matrices.modelview(), vec); break;
    case GL_SPOT_DIRECTION: {
      const Vec4 d = transform(ctx.compat_state.matrices.modelview(), Vec4{v[0], v[1], v[2], 0});
      l->spot_direction = {d.x, d.y, d.z, 0};
      break;
    }
    case GL_SPOT_EXPONENT:
      if (!(v[0] >= 0 && v[0] <= 128)) return ctx.set_error(GL_INVALID_VALUE);
      l->spot_exponent = v[0];
      break;
    case GL_SPOT_CUTOFF:
      if (!((v[0] >= 0 && v[0] <= 90) || v[0] == 180)) return ctx.set_error(GL_INVALID_VALUE);
      l->spot_cutoff = v[0];
      // Whether a light is a spotlight selects code in generated shaders.
      return modes_changed(ctx);
    case GL_CONSTANT_ATTENUATION:
    case GL_LINEAR_ATTENUATION:
    case GL_QUADRATIC_ATTENUATION:
      if (!(v[0] >= 0)) return ctx.set_error(GL_INVALID_VALUE);
      (pname == GL_CONSTANT_ATTENUATION ? l->constant_attenuation
       : pname == GL_LINEAR_ATTENUATION ? l->linear_attenuation
                                         : l->quadratic_attenuation) = v[0];
      break;
    default: break;
  }
  // A directional light (w = 0) and a positional one use different code.
  if (pname == GL_POSITION) return modes_changed(ctx);
  values_changed(ctx);
}

template <typename T>
void light_model(Context& ctx, GLenum pname, const T* params, bool vector) {
  if (!begin_end_allows(ctx)) return;
  LightingState& s = ctx.compat_state.lighting;
  switch (pname) {
    case GL_LIGHT_MODEL_AMBIENT: {
      if (!vector) return ctx.set_error(GL_INVALID_ENUM);
      if (!params) return;
      float v[4];
      to_floats(pname, params, 4, v);
      s.model_ambient = {v[0], v[1], v[2], v[3]};
      return values_changed(ctx);
    }
    case GL_LIGHT_MODEL_LOCAL_VIEWER:
    case GL_LIGHT_MODEL_TWO_SIDE:
      if (!params) return;
      (pname == GL_LIGHT_MODEL_LOCAL_VIEWER ? s.local_viewer : s.two_side) = params[0] != T{0};
      return modes_changed(ctx);
    case GL_LIGHT_MODEL_COLOR_CONTROL: {
      if (!params) return;
      const GLenum e = static_cast<GLenum>(params[0]);
      if (static_cast<T>(e) != params[0] || (e != GL_SINGLE_COLOR && e != GL_SEPARATE_SPECULAR_COLOR))
        return ctx.set_error(GL_INVALID_ENUM);
      s.color_control = e;
      return modes_changed(ctx);
    }
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

bool valid_face(GLenum face) { return face == GL_FRONT || face == GL_BACK || face == GL_FRONT_AND_BACK; }

template <typename T>
void material(Context& ctx, GLenum face, GLenum pname, const T* params, bool vector) {
  // glMaterial is one of the commands allowed between glBegin and glEnd.
  if (!valid_face(face)) return ctx.set_error(GL_INVALID_ENUM);
  int n = 0;
  switch (pname) {
    case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_EMISSION: case GL_AMBIENT_AND_DIFFUSE: n = 4; break;
    case GL_SHININESS: n = 1; break;
    case GL_COLOR_INDEXES: n = 3; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!vector && n != 1) return ctx.set_error(GL_INVALID_ENUM);
  if (!params) return;
  float v[4] = {0, 0, 0, 0};
  to_floats(pname, params, n, v);
  if (pname == GL_SHININESS && !(v[0] >= 0 && v[0] <= 128)) return ctx.set_error(GL_INVALID_VALUE);
  const Vec4 vec{v[0], v[1], v[2], v[3]};
  for (int f = 0; f < 2; ++f) {
    if ((f == 0 && face == GL_BACK) || (f == 1 && face == GL_FRONT)) continue;
    Material& m = ctx.compat_state.lighting.material[f];
    switch (pname) {
      case GL_AMBIENT: m.ambient = vec; break;
      case GL_DIFFUSE: m.diffuse = vec; break;
      case GL_AMBIENT_AND_DIFFUSE: m.ambient = m.diffuse = vec; break;
      case GL_SPECULAR: m.specular = vec; break;
      case GL_EMISSION: m.emission = vec; break;
      case GL_SHININESS: m.shininess = v[0]; break;
      default:
        for (int i = 0; i < 3; ++i) m.color_indexes[i] = v[i];
        break;
    }
  }
  values_changed(ctx);
}

// glGetLight*/glGetMaterial* write through this: floats as they are,
// integers rounded, colors mapped back from [-1, 1].
template <typename T>
void write_out(GLenum pname, const float* v, int n, T* out) {
  for (int i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, GLint>) out[i] = is_color(pname) ? color_to_int(v[i]) : float_to_int(v[i]);
    else out[i] = v[i];
  }
}

template <typename T>
void get_light(Context& ctx, GLenum which, GLenum pname, T* params) {
  if (!begin_end_allows(ctx)) return;
  const LightSource* l = light_of(ctx, which);
  if (!l) return;
  const int n = light_values(pname);
  if (n == 0) return ctx.set_error(GL_INVALID_ENUM);
  if (!params) return;
  float v[4] = {0, 0, 0, 0};
  auto put = [&](const Vec4& x) { v[0] = x.x, v[1] = x.y, v[2] = x.z, v[3] = x.w; };
  switch (pname) {
    case GL_AMBIENT: put(l->ambient); break;
    case GL_DIFFUSE: put(l->diffuse); break;
    case GL_SPECULAR: put(l->specular); break;
    case GL_POSITION: put(l->position); break;
    case GL_SPOT_DIRECTION: put(l->spot_direction); break;
    case GL_SPOT_EXPONENT: v[0] = l->spot_exponent; break;
    case GL_SPOT_CUTOFF: v[0] = l->spot_cutoff; break;
    case GL_CONSTANT_ATTENUATION: v[0] = l->constant_attenuation; break;
    case GL_LINEAR_ATTENUATION: v[0] = l->linear_attenuation; break;
    default: v[0] = l->quadratic_attenuation; break;
  }
  write_out(pname, v, n, params);
}

template <typename T>
void get_material(Context& ctx, GLenum face, GLenum pname, T* params) {
  if (!begin_end_allows(ctx)) return;
  // One face: FRONT_AND_BACK is not a face to read (GL 4.6 compat §12.2.3).
  if (face != GL_FRONT && face != GL_BACK) return ctx.set_error(GL_INVALID_ENUM);
  const Material& m = effective_material(ctx, face == GL_FRONT ? 0 : 1);
  float v[4] = {0, 0, 0, 0};
  int n = 4;
  auto put = [&](const Vec4& x) { v[0] = x.x, v[1] = x.y, v[2] = x.z, v[3] = x.w; };
  switch (pname) {
    case GL_AMBIENT: put(m.ambient); break;
    case GL_DIFFUSE: put(m.diffuse); break;
    case GL_SPECULAR: put(m.specular); break;
    case GL_EMISSION: put(m.emission); break;
    case GL_SHININESS: v[0] = m.shininess, n = 1; break;
    case GL_COLOR_INDEXES:
      for (int i = 0; i < 3; ++i) v[i] = m.color_indexes[i];
      n = 3;
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) write_out(pname, v, n, params);
}

}  // namespace
}  // namespace brass::gl::compat

namespace brass::gl::api {

void Lightf(Context& ctx, GLenum light, GLenum pname, GLfloat param) { compat::light(ctx, light, pname, &param, false); }
void Lighti(Context& ctx, GLenum light, GLenum pname, GLint param) { compat::light(ctx, light, pname, &param, false); }
void Lightfv(Context& ctx, GLenum light, GLenum pname, const GLfloat* params) {
  compat::light(ctx, light, pname, params, true);
}
void Lightiv(Context& ctx, GLenum light, GLenum pname, const GLint* params) {
  compat::light(ctx, light, pname, params, true);
}
void LightModelf(Context& ctx, GLenum pname, GLfloat param) { compat::light_model(ctx, pname, &param, false); }
void LightModeli(Context& ctx, GLenum pname, GLint param) { compat::light_model(ctx, pname, &param, false); }
void LightModelfv(Context& ctx, GLenum pname, const GLfloat* params) { compat::light_model(ctx, pname, params, true); }
void LightModeliv(Context& ctx, GLenum pname, const GLint* params) { compat::light_model(ctx, pname, params, true); }
void Materialf(Context& ctx, GLenum face, GLenum pname, GLfloat param) {
  compat::material(ctx, face, pname, &param, false);
}
void Materiali(Context& ctx, GLenum face, GLenum pname, GLint param) {
  compat::material(ctx, face, pname, &param, false);
}
void Materialfv(Context& ctx, GLenum face, GLenum pname, const GLfloat* params) {
  compat::material(ctx, face, pname, params, true);
}
void Materialiv(Context& ctx, GLenum face, GLenum pname, const GLint* params) {
  compat::material(ctx, face, pname, params, true);
}
void GetLightfv(Context& ctx, GLenum light, GLenum pname, GLfloat* params) {
  compat::get_light(ctx, light, pname, params);
}
void GetLightiv(Context& ctx, GLenum light, GLenum pname, GLint* params) {
  compat::get_light(ctx, light, pname, params);
}
void GetMaterialfv(Context& ctx, GLenum face, GLenum pname, GLfloat* params) {
  compat::get_material(ctx, face, pname, params);
}
void GetMaterialiv(Context& ctx, GLenum face, GLenum pname, GLint* params) {
  compat::get_material(ctx, face, pname, params);
}

void ColorMaterial(Context& ctx, GLenum face, GLenum mode) {
  if (!compat::begin_end_allows(ctx)) return;
  if (!compat::valid_face(face)) return ctx.set_error(GL_INVALID_ENUM);
  if (mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE && mode != GL_SPECULAR &&
      mode != GL_AMBIENT_AND_DIFFUSE)
    return ctx.set_error(GL_INVALID_ENUM);
  compat::LightingState& s = ctx.compat_state.lighting;
  s.color_material_face = face;
  s.color_material_mode = mode;
  compat::modes_changed(ctx);
}

void ShadeModel(Context& ctx, GLenum mode) {
  if (!compat::begin_end_allows(ctx)) return;
  if (mode != GL_FLAT && mode != GL_SMOOTH) return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.compat_state.lighting.shade_model == mode) return;
  ctx.compat_state.lighting.shade_model = mode;
  compat::modes_changed(ctx);
}

}  // namespace brass::gl::api
