// glViewportArrayv/Indexedf(v), glScissorArrayv/Indexed(v),
// glDepthRangeArray*/Indexed* (OES_viewport_array's floats, GL 4.1's
// doubles), glDepthRange (desktop's doubles) and glGetFloati_v /
// glGetDoublei_v. The state and its rules are viewport_array.cpp's.
#include <algorithm>
#include <array>
#include <cstdint>

#include "gl/context.h"
#include "gl/viewport_array.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// [first, first + count) must lie inside MAX_VIEWPORTS (INVALID_VALUE);
// count must not be negative. Computed without overflow.
bool check_range(Context& ctx, GLuint first, GLsizei count) {
  const GLuint max = max_viewports(ctx);
  if (count < 0 || first >= max || static_cast<GLuint>(count) > max - first) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  return true;
}

void viewport_array(Context& ctx, GLuint first, GLsizei count, const GLfloat* v) {
  if (!check_range(ctx, first, count)) return;
  if (count > 0 && !v) return;
  for (GLsizei i = 0; i < count; ++i)
    if (v[4 * i + 2] < 0 || v[4 * i + 3] < 0) return ctx.set_error(GL_INVALID_VALUE);
  set_viewports(ctx, first, count, v);
}

void scissor_array(Context& ctx, GLuint first, GLsizei count, const GLint* v) {
  if (!check_range(ctx, first, count)) return;
  if (count > 0 && !v) return;
  for (GLsizei i = 0; i < count; ++i)
    if (v[4 * i + 2] < 0 || v[4 * i + 3] < 0) return ctx.set_error(GL_INVALID_VALUE);
  set_scissors(ctx, first, count, v);
}

template <typename T>
void depth_range_array(Context& ctx, GLuint first, GLsizei count, const T* v) {
  if (!check_range(ctx, first, count)) return;
  if (count > 0 && !v) return;
  for (GLsizei i = 0; i < count; ++i) {
    const GLfloat nf[2] = {static_cast<GLfloat>(v[2 * i]), static_cast<GLfloat>(v[2 * i + 1])};
    set_depth_ranges(ctx, first + static_cast<GLuint>(i), 1, nf);
  }
}

// glGet*i_v of the viewport state as floats (VIEWPORT and DEPTH_RANGE are
// floats, SCISSOR_BOX integers); false when `pname` is no indexed viewport
// state (INVALID_ENUM recorded) or the index is out of range.
template <typename T>
void get_viewport_indexed(Context& ctx, GLenum target, GLuint index, T* data) {
  GLint64 ints[4] = {};
  GLfloat floats[4] = {};
  bool is_float = false;
  const int n = viewport_indexed_state(ctx, target, index, ints, floats, &is_float);
  if (n < 0) return ctx.set_error(GL_INVALID_ENUM);
  for (int k = 0; data && k < n; ++k) data[k] = is_float ? static_cast<T>(floats[k]) : static_cast<T>(ints[k]);
}

}  // namespace

void ViewportArrayv(Context& ctx, GLuint first, GLsizei count, const GLfloat* v) { viewport_array(ctx, first, count, v); }

void ViewportIndexedf(Context& ctx, GLuint index, GLfloat x, GLfloat y, GLfloat w, GLfloat h) {
  const GLfloat v[4] = {x, y, w, h};
  viewport_array(ctx, index, 1, v);
}

void ViewportIndexedfv(Context& ctx, GLuint index, const GLfloat* v) {
  if (index < max_viewports(ctx) && !v) return;
  viewport_array(ctx, index, 1, v);
}

void ScissorArrayv(Context& ctx, GLuint first, GLsizei count, const GLint* v) { scissor_array(ctx, first, count, v); }

void ScissorIndexed(Context& ctx, GLuint index, GLint left, GLint bottom, GLsizei width, GLsizei height) {
  const GLint v[4] = {left, bottom, width, height};
  scissor_array(ctx, index, 1, v);
}

void ScissorIndexedv(Context& ctx, GLuint index, const GLint* v) {
  if (index < max_viewports(ctx) && !v) return;
  scissor_array(ctx, index, 1, v);
}

void DepthRangeArrayfvOES(Context& ctx, GLuint first, GLsizei count, const GLfloat* v) {
  depth_range_array(ctx, first, count, v);
}

void DepthRangeIndexedfOES(Context& ctx, GLuint index, GLfloat n, GLfloat f) {
  const GLfloat v[2] = {n, f};
  depth_range_array(ctx, index, 1, v);
}

void DepthRangeArrayv(Context& ctx, GLuint first, GLsizei count, const GLdouble* v) {
  depth_range_array(ctx, first, count, v);
}

void DepthRangeIndexed(Context& ctx, GLuint index, GLdouble n, GLdouble f) {
  const GLdouble v[2] = {n, f};
  depth_range_array(ctx, index, 1, v);
}

// glDepthRange (desktop, doubles): every viewport's, like glDepthRangef.
void DepthRange(Context& ctx, GLdouble n, GLdouble f) {
  DepthRangef(ctx, static_cast<GLfloat>(n), static_cast<GLfloat>(f));
}

void GetFloati_v(Context& ctx, GLenum target, GLuint index, GLfloat* data) {
  get_viewport_indexed(ctx, target, index, data);
}

void GetDoublei_v(Context& ctx, GLenum target, GLuint index, GLdouble* data) {
  get_viewport_indexed(ctx, target, index, data);
}

}  // namespace brass::gl::api
