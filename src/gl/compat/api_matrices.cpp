// The matrix commands of the compatibility profile (GL 4.6 compatibility
// §12.1.1): glMatrixMode, the load / multiply / push / pop commands and the
// matrices they build. Compatibility-only: the generated entry points refuse
// them in core and ES contexts before these handlers run.
#include "gl/compat/compat_api.h"
#include "gl/compat/mat4.h"
#include "gl/context.h"

namespace brass::gl::compat {

// The stack the matrix commands act on: glMatrixMode's, for TEXTURE the
// active unit's. Null after INVALID_OPERATION when that unit has no texture
// coordinate set (ACTIVE_TEXTURE >= MAX_TEXTURE_COORDS, §12.1.1).
MatrixStack* current_matrix_stack(Context& ctx) {
  MatrixStacks& m = ctx.compat_state.matrices;
  switch (m.mode()) {
    case GL_MODELVIEW: return &m.modelview_stack();
    case GL_PROJECTION: return &m.projection_stack();
    case GL_COLOR: return &m.color_stack();
    default:
      const int unit = active_coord_unit(ctx);
      return unit < 0 ? nullptr : &m.texture_stack(unit);
  }
}

namespace {

template <typename T>
Mat4 from_column_major(const T* v) {
  Mat4 m;
  for (int i = 0; i < 16; ++i) m.m[i] = static_cast<float>(v[i]);
  return m;
}

template <typename T>
Mat4 from_row_major(const T* v) {
  Mat4 m;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m.at(r, c) = static_cast<float>(v[r * 4 + c]);
  return m;
}

void load(Context& ctx, const Mat4& m) {
  if (!begin_end_allows(ctx)) return;
  if (MatrixStack* s = current_matrix_stack(ctx)) {
    s->set_top(m);
    values_changed(ctx);
  }
}

// The current matrix becomes C * M (M applied to vertices first).
void mult(Context& ctx, const Mat4& m) {
  if (!begin_end_allows(ctx)) return;
  if (MatrixStack* s = current_matrix_stack(ctx)) {
    s->set_top(multiply(s->top(), m));
    values_changed(ctx);
  }
}

}  // namespace
}  // namespace brass::gl::compat

namespace brass::gl::api {

using compat::Mat4;

void MatrixMode(Context& ctx, GLenum mode) {
  if (!compat::begin_end_allows(ctx)) return;
  if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE && mode != GL_COLOR)
    return ctx.set_error(GL_INVALID_ENUM);
  ctx.compat_state.matrices.set_mode(mode);
}

void LoadIdentity(Context& ctx) { compat::load(ctx, Mat4::identity()); }

void LoadMatrixf(Context& ctx, const GLfloat* m) {
  if (m) compat::load(ctx, compat::from_column_major(m));
}
void LoadMatrixd(Context& ctx, const GLdouble* m) {
  if (m) compat::load(ctx, compat::from_column_major(m));
}
void MultMatrixf(Context& ctx, const GLfloat* m) {
  if (m) compat::mult(ctx, compat::from_column_major(m));
}
void MultMatrixd(Context& ctx, const GLdouble* m) {
  if (m) compat::mult(ctx, compat::from_column_major(m));
}
// The transpose variants take the matrix row by row (§12.1.1).
void LoadTransposeMatrixf(Context& ctx, const GLfloat* m) {
  if (m) compat::load(ctx, compat::from_row_major(m));
}
void LoadTransposeMatrixd(Context& ctx, const GLdouble* m) {
  if (m) compat::load(ctx, compat::from_row_major(m));
}
void MultTransposeMatrixf(Context& ctx, const GLfloat* m) {
  if (m) compat::mult(ctx, compat::from_row_major(m));
}
void MultTransposeMatrixd(Context& ctx, const GLdouble* m) {
  if (m) compat::mult(ctx, compat::from_row_major(m));
}

void Rotated(Context& ctx, GLdouble angle, GLdouble x, GLdouble y, GLdouble z) {
  compat::mult(ctx, compat::rotation(angle, x, y, z));
}
void Rotatef(Context& ctx, GLfloat angle, GLfloat x, GLfloat y, GLfloat z) { Rotated(ctx, angle, x, y, z); }
void Translated(Context& ctx, GLdouble x, GLdouble y, GLdouble z) { compat::mult(ctx, compat::translation(x, y, z)); }
void Translatef(Context& ctx, GLfloat x, GLfloat y, GLfloat z) { Translated(ctx, x, y, z); }
void Scaled(Context& ctx, GLdouble x, GLdouble y, GLdouble z) { compat::mult(ctx, compat::scaling(x, y, z)); }
void Scalef(Context& ctx, GLfloat x, GLfloat y, GLfloat z) { Scaled(ctx, x, y, z); }

void Frustum(Context& ctx, GLdouble left, GLdouble right, GLdouble bottom, GLdouble top, GLdouble zNear,
             GLdouble zFar) {
  if (!compat::begin_end_allows(ctx)) return;
  if (zNear <= 0 || zFar <= 0 || left == right || bottom == top || zNear == zFar)
    return ctx.set_error(GL_INVALID_VALUE);
  compat::mult(ctx, compat::frustum(left, right, bottom, top, zNear, zFar));
}

void Ortho(Context& ctx, GLdouble left, GLdouble right, GLdouble bottom, GLdouble top, GLdouble zNear,
           GLdouble zFar) {
  if (!compat::begin_end_allows(ctx)) return;
  if (left == right || bottom == top || zNear == zFar) return ctx.set_error(GL_INVALID_VALUE);
  compat::mult(ctx, compat::ortho(left, right, bottom, top, zNear, zFar));
}

void PushMatrix(Context& ctx) {
  if (!compat::begin_end_allows(ctx)) return;
  compat::MatrixStack* s = compat::current_matrix_stack(ctx);
  if (s && !s->push()) ctx.set_error(GL_STACK_OVERFLOW);  // the top is unchanged: nothing to upload
}

void PopMatrix(Context& ctx) {
  if (!compat::begin_end_allows(ctx)) return;
  compat::MatrixStack* s = compat::current_matrix_stack(ctx);
  if (!s) return;
  if (!s->pop()) return ctx.set_error(GL_STACK_UNDERFLOW);
  compat::values_changed(ctx);
}

}  // namespace brass::gl::api
