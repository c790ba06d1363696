// The accumulation buffer commands (GL 4.6 compatibility profile §17.4.5
// and §17.4.3.1): glClearAccum and glAccum. No EGL or GLX configuration of
// Brass has an accumulation buffer (ACCUM_*_BITS are 0), so glAccum is
// INVALID_OPERATION as the spec says for that case, and
// glClear(ACCUM_BUFFER_BIT) has nothing to clear; ACCUM_CLEAR_VALUE is
// kept and reported all the same.
#include <algorithm>
#include <cmath>

#include "gl/compat/pixel_state.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

void ClearAccum(Context& ctx, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  // Clamped to [-1,1] when specified (§17.4.3.1).
  const GLfloat v[4] = {red, green, blue, alpha};
  for (int k = 0; k < 4; ++k)
    ctx.compat_pixels.accum_clear[k] = std::clamp(std::isnan(v[k]) ? 0.0f : v[k], -1.0f, 1.0f);
}

void Accum(Context& ctx, GLenum op, GLfloat value) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  (void)value;
  switch (op) {
    case GL_ACCUM: case GL_LOAD: case GL_RETURN: case GL_MULT: case GL_ADD: break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  // §17.4.5: "If there is no accumulation buffer ... INVALID_OPERATION".
  ctx.set_error(GL_INVALID_OPERATION);
}

}  // namespace brass::gl::api
