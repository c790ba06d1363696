#include "gl/compat/state_queries_compat.h"

#include "gl/compat/compat_api.h"
#include "gl/context.h"

namespace brass::gl::compat {
namespace {

void put_enum(StateQueryValue* out, GLenum e) {
  out->kind = StateQueryValue::Int;
  out->count = 1;
  out->i[0] = e;
}
void put_int(StateQueryValue* out, GLint64 v) {
  out->kind = StateQueryValue::Int;
  out->count = 1;
  out->i[0] = v;
}
void put_floats(StateQueryValue* out, const float* v, int n, bool normalized = false) {
  out->kind = StateQueryValue::Float;
  out->normalized = normalized;
  out->count = n;
  for (int k = 0; k < n; ++k) out->f[k] = v[k];
}
void put_vec(StateQueryValue* out, const Vec4& v, int n, bool normalized = false) {
  const float f[4] = {v.x, v.y, v.z, v.w};
  put_floats(out, f, n, normalized);
}
void put_matrix(StateQueryValue* out, const Mat4& m, bool transposed) {
  put_floats(out, (transposed ? transpose(m) : m).data(), 16);
}

}  // namespace

bool query_state(Context& ctx, GLenum pname, StateQueryValue* out, GLenum* error) {
  if (!ctx.compatibility()) return false;
  *error = GL_NO_ERROR;
  const FixedState& s = ctx.compat_state;
  const MatrixStacks& m = s.matrices;
  // The texture matrix of the active unit, which must have coordinates.
  auto texture_unit = [&]() -> int {
    if (ctx.textures.active >= static_cast<GLuint>(kMaxTextureCoords)) {
      *error = GL_INVALID_OPERATION;
      return -1;
    }
    return static_cast<int>(ctx.textures.active);
  };
  switch (pname) {
    // Matrices (GL 4.6 compatibility table 23.10).
    case GL_MATRIX_MODE: put_enum(out, m.mode()); return true;
    case GL_MODELVIEW_MATRIX: case GL_TRANSPOSE_MODELVIEW_MATRIX:
      put_matrix(out, m.modelview(), pname == GL_TRANSPOSE_MODELVIEW_MATRIX);
      return true;
    case GL_PROJECTION_MATRIX: case GL_TRANSPOSE_PROJECTION_MATRIX:
      put_matrix(out, m.projection(), pname == GL_TRANSPOSE_PROJECTION_MATRIX);
      return true;
    case GL_COLOR_MATRIX: case GL_TRANSPOSE_COLOR_MATRIX:
      put_matrix(out, m.color(), pname == GL_TRANSPOSE_COLOR_MATRIX);
      return true;
    case GL_TEXTURE_MATRIX: case GL_TRANSPOSE_TEXTURE_MATRIX: {
      const int unit = texture_unit();
      if (unit >= 0) put_matrix(out, m.texture(unit), pname == GL_TRANSPOSE_TEXTURE_MATRIX);
      return true;
    }
    case GL_MODELVIEW_STACK_DEPTH: put_int(out, m.modelview_stack().depth()); return true;
    case GL_PROJECTION_STACK_DEPTH: put_int(out, m.projection_stack().depth()); return true;
    case GL_COLOR_MATRIX_STACK_DEPTH: put_int(out, m.color_stack().depth()); return true;
    case GL_TEXTURE_STACK_DEPTH: {
      const int unit = texture_unit();
      if (unit >= 0) put_int(out, m.texture_stack(unit).depth());
      return true;
    }
    case GL_MAX_MODELVIEW_STACK_DEPTH: put_int(out, kMaxModelViewStackDepth); return true;
    case GL_MAX_PROJECTION_STACK_DEPTH: put_int(out, kMaxProjectionStackDepth); return true;
    case GL_MAX_TEXTURE_STACK_DEPTH: put_int(out, kMaxTextureStackDepth); return true;
    case GL_MAX_COLOR_MATRIX_STACK_DEPTH: put_int(out, kMaxColorStackDepth); return true;
    case GL_MAX_TEXTURE_COORDS: case GL_MAX_TEXTURE_UNITS: put_int(out, kMaxTextureCoords); return true;
    case GL_MAX_LIGHTS: put_int(out, kMaxLights); return true;
    // Lighting (table 23.12-23.13).
    case GL_SHADE_MODEL: put_enum(out, s.lighting.shade_model); return true;
    case GL_LIGHT_MODEL_AMBIENT: put_vec(out, s.lighting.model_ambient, 4, true); return true;
    case GL_LIGHT_MODEL_LOCAL_VIEWER: put_int(out, s.lighting.local_viewer); return true;
    case GL_LIGHT_MODEL_TWO_SIDE: put_int(out, s.lighting.two_side); return true;
    case GL_LIGHT_MODEL_COLOR_CONTROL: put_enum(out, s.lighting.color_control); return true;
    case GL_COLOR_MATERIAL_FACE: put_enum(out, s.lighting.color_material_face); return true;
    case GL_COLOR_MATERIAL_PARAMETER: put_enum(out, s.lighting.color_material_mode); return true;
    // Fog (table 23.15).
    case GL_FOG_MODE: put_enum(out, s.fog.mode); return true;
    case GL_FOG_COORD_SRC: put_enum(out, s.fog.coord_src); return true;
    case GL_FOG_DISTANCE_MODE_NV: put_enum(out, s.fog.distance_mode); return true;
    case GL_FOG_DENSITY: put_floats(out, &s.fog.density, 1); return true;
    case GL_FOG_START: put_floats(out, &s.fog.start, 1); return true;
    case GL_FOG_END: put_floats(out, &s.fog.end, 1); return true;
    case GL_FOG_INDEX: put_floats(out, &s.fog.index, 1); return true;
    case GL_FOG_COLOR: put_vec(out, s.fog.color, 4, true); return true;
    // Alpha test (table 23.22).
    case GL_ALPHA_TEST_FUNC: put_enum(out, s.alpha_test.func); return true;
    case GL_ALPHA_TEST_REF: put_floats(out, &s.alpha_test.ref, 1, true); return true;
    // Points (table 23.17).
    case GL_POINT_SIZE_MIN: put_floats(out, &s.point.size_min, 1); return true;
    case GL_POINT_SIZE_MAX: put_floats(out, &s.point.size_max, 1); return true;
    case GL_POINT_DISTANCE_ATTENUATION: put_vec(out, s.point.distance_attenuation, 3); return true;
    default: return false;
  }
}

bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty) {
  if (!ctx.compatibility()) return nullptr;
  FixedState& s = ctx.compat_state;
  // Every one of these selects what the fixed-function shaders compute.
  *dirty = kDirtyProgram | kDirtyUniforms;
  if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + static_cast<GLenum>(kMaxLights)) return &s.lighting.enabled[cap - GL_LIGHT0];
  switch (cap) {
    case GL_LIGHTING: return &s.lighting.lighting;
    case GL_COLOR_MATERIAL: return &s.lighting.color_material;
    case GL_NORMALIZE: return &s.lighting.normalize;
    case GL_RESCALE_NORMAL: return &s.lighting.rescale_normal;
    case GL_FOG: return &s.fog.enabled;
    case GL_ALPHA_TEST: return &s.alpha_test.enabled;
    case GL_POINT_SMOOTH: return &s.point.smooth;
    case GL_POINT_SPRITE: return &s.point.sprite;
    case GL_TEXTURE_GEN_S: case GL_TEXTURE_GEN_T: case GL_TEXTURE_GEN_R: case GL_TEXTURE_GEN_Q: {
      // Per texture coordinate set: the active unit's.
      if (ctx.textures.active >= static_cast<GLuint>(kMaxTextureCoords)) return nullptr;
      return &s.texgen[ctx.textures.active].coord[cap - GL_TEXTURE_GEN_S].enabled;
    }
    default: return nullptr;
  }
}

}  // namespace brass::gl::compat
