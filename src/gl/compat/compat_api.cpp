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

const Material& effective_material(Context& ctx, int face) {
  // Color material tracking copies the current color into the material
  // (the current color belongs to immediate mode, compat-arrays; until it
  // exists there is no current color to track).
  return ctx.compat_state.lighting.material[face];
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
