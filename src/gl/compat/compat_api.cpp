#include "gl/compat/compat_api.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "gl/context.h"

namespace brass::gl::compat {

static_assert(kMaxLodBiasUnits == static_cast<int>(kMaxTextureUnits));

void values_changed(Context& ctx) {
  ctx.compat_state.changed();
  ctx.dirty(kDirtyUniforms);
}

void modes_changed(Context& ctx) {
  ctx.compat_state.changed();
  ctx.dirty(kDirtyProgram | kDirtyUniforms);
}

int active_coord_unit(Context& ctx) {
  if (ctx.textures.active >= static_cast<GLuint>(kMaxTextureCoords)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  return static_cast<int>(ctx.textures.active);
}

bool begin_end_allows(Context& ctx) { return !refuse_inside_begin_end(ctx); }

const Material& effective_material(Context& ctx, int face) {
  // With COLOR_MATERIAL enabled the tracked properties follow the current
  // color: the material state is updated from it whenever it is read.
  LightingState& l = ctx.compat_state.lighting;
  Material& m = l.material[face];
  if (!l.color_material) return m;
  const GLenum f = l.color_material_face;
  if (f != GL_FRONT_AND_BACK && f != (face == 0 ? GL_FRONT : GL_BACK)) return m;
  const std::array<GLfloat, 4>& c = ctx.vertex_spec.current[kColor];
  const Vec4 color{c[0], c[1], c[2], c[3]};
  switch (l.color_material_mode) {
    case GL_EMISSION: m.emission = color; break;
    case GL_AMBIENT: m.ambient = color; break;
    case GL_DIFFUSE: m.diffuse = color; break;
    case GL_SPECULAR: m.specular = color; break;
    default: m.ambient = m.diffuse = color; break;  // AMBIENT_AND_DIFFUSE
  }
  return m;
}

GLint color_to_int(float v) {
  const double c = std::clamp(static_cast<double>(v), -1.0, 1.0);
  return static_cast<GLint>(std::clamp(std::floor((4294967295.0 * c - 1.0) / 2.0 + 0.5), -2147483648.0, 2147483647.0));
}

GLint float_to_int(double v) {
  if (std::isnan(v)) return 0;
  return static_cast<GLint>(std::clamp(std::nearbyint(v), static_cast<double>(INT_MIN), static_cast<double>(INT_MAX)));
}

}  // namespace brass::gl::compat
