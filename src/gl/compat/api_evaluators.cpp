// Evaluator commands (GL 4.6 compatibility §12.1): glMap1/glMap2,
// glGetMap, glMapGrid, glEvalCoord, glEvalPoint and glEvalMesh. The
// generated entry points call these only in compatibility contexts.
#include <cmath>
#include <vector>

#include "gl/compat/evaluators.h"
#include "gl/compat/legacy_queries.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

// glMap1 / glMap2 of either precision: checks, then copies the control
// points tightly packed (u-major).
template <typename T>
void map(Context& ctx, GLenum target, int expect_dims, T u1, T u2, GLint ustride, GLint uorder, T v1, T v2,
         GLint vstride, GLint vorder, const T* points) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  int dims = 0;
  EvalMapKind kind{};
  if (!eval_map_kind(target, &dims, &kind) || dims != expect_dims) return ctx.set_error(GL_INVALID_ENUM);
  const int k = eval_map_components(kind);
  if (u1 == u2 || (dims == 2 && v1 == v2)) return ctx.set_error(GL_INVALID_VALUE);
  if (ustride < k || (dims == 2 && vstride < k)) return ctx.set_error(GL_INVALID_VALUE);
  if (uorder < 1 || uorder > kMaxEvalOrder || (dims == 2 && (vorder < 1 || vorder > kMaxEvalOrder)))
    return ctx.set_error(GL_INVALID_VALUE);
  // Texture-coordinate maps belong to unit 0 (ARB_multitexture's rule).
  const bool texcoord = kind >= EvalMapKind::TexCoord1 && kind <= EvalMapKind::TexCoord4;
  if (texcoord && ctx.textures.active != 0) return ctx.set_error(GL_INVALID_OPERATION);
  if (!points) return;
  EvalMap& m = dims == 1 ? ctx.legacy.eval.map1[static_cast<int>(kind)] : ctx.legacy.eval.map2[static_cast<int>(kind)];
  const GLint vo = dims == 2 ? vorder : 1;
  std::vector<GLfloat> pts(static_cast<size_t>(uorder) * vo * k);
  for (GLint i = 0; i < uorder; ++i)
    for (GLint j = 0; j < vo; ++j)
      for (int c = 0; c < k; ++c)
        pts[(static_cast<size_t>(i) * vo + j) * k + c] = static_cast<GLfloat>(
            points[static_cast<size_t>(i) * ustride + static_cast<size_t>(j) * (dims == 2 ? vstride : 0) + c]);
  m.points = std::move(pts);
  m.u1 = static_cast<GLfloat>(u1);
  m.u2 = static_cast<GLfloat>(u2);
  m.uorder = uorder;
  if (dims == 2) {
    m.v1 = static_cast<GLfloat>(v1);
    m.v2 = static_cast<GLfloat>(v2);
    m.vorder = vorder;
  }
}

// glGetMap*: COEFF (every control point), ORDER (1 or 2 values) or DOMAIN
// (2 or 4 values), converted by `put(index, value)`.
template <typename Put>
void get_map(Context& ctx, GLenum target, GLenum query, Put&& put) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  int dims = 0;
  EvalMapKind kind{};
  if (!eval_map_kind(target, &dims, &kind)) return ctx.set_error(GL_INVALID_ENUM);
  const EvalMap& m = dims == 1 ? ctx.legacy.eval.map1[static_cast<int>(kind)] : ctx.legacy.eval.map2[static_cast<int>(kind)];
  switch (query) {
    case GL_COEFF:
      for (size_t i = 0; i < m.points.size(); ++i) put(i, static_cast<double>(m.points[i]));
      return;
    case GL_ORDER:
      put(0, m.uorder);
      if (dims == 2) put(1, m.vorder);
      return;
    case GL_DOMAIN:
      put(0, m.u1);
      put(1, m.u2);
      if (dims == 2) {
        put(2, m.v1);
        put(3, m.v2);
      }
      return;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

template <typename T>
void map_grid1(Context& ctx, GLint un, T u1, T u2) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (un <= 0) return ctx.set_error(GL_INVALID_VALUE);
  EvaluatorState& e = ctx.legacy.eval;
  e.grid1_n = un;
  e.grid1_u1 = static_cast<GLfloat>(u1);
  e.grid1_u2 = static_cast<GLfloat>(u2);
}

template <typename T>
void map_grid2(Context& ctx, GLint un, T u1, T u2, GLint vn, T v1, T v2) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (un <= 0 || vn <= 0) return ctx.set_error(GL_INVALID_VALUE);
  EvaluatorState& e = ctx.legacy.eval;
  e.grid2_un = un;
  e.grid2_u1 = static_cast<GLfloat>(u1);
  e.grid2_u2 = static_cast<GLfloat>(u2);
  e.grid2_vn = vn;
  e.grid2_v1 = static_cast<GLfloat>(v1);
  e.grid2_v2 = static_cast<GLfloat>(v2);
}

// The grid's u at step i: u1 exactly at 0 and u2 exactly at n (§12.1.2).
GLfloat grid_value(GLint i, GLint n, GLfloat a, GLfloat b) {
  if (i == n) return b;
  return a + static_cast<GLfloat>(i) * ((b - a) / static_cast<GLfloat>(n));
}

}  // namespace

namespace api {

void Map1f(Context& ctx, GLenum target, GLfloat u1, GLfloat u2, GLint stride, GLint order, const GLfloat* points) {
  map<GLfloat>(ctx, target, 1, u1, u2, stride, order, 0, 1, 0, 1, points);
}
void Map1d(Context& ctx, GLenum target, GLdouble u1, GLdouble u2, GLint stride, GLint order, const GLdouble* points) {
  map<GLdouble>(ctx, target, 1, u1, u2, stride, order, 0, 1, 0, 1, points);
}
void Map2f(Context& ctx, GLenum target, GLfloat u1, GLfloat u2, GLint ustride, GLint uorder, GLfloat v1, GLfloat v2,
           GLint vstride, GLint vorder, const GLfloat* points) {
  map<GLfloat>(ctx, target, 2, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points);
}
void Map2d(Context& ctx, GLenum target, GLdouble u1, GLdouble u2, GLint ustride, GLint uorder, GLdouble v1,
           GLdouble v2, GLint vstride, GLint vorder, const GLdouble* points) {
  map<GLdouble>(ctx, target, 2, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points);
}

void GetMapfv(Context& ctx, GLenum target, GLenum query, GLfloat* v) {
  get_map(ctx, target, query, [v](size_t i, double x) {
    if (v) v[i] = static_cast<GLfloat>(x);
  });
}
void GetMapdv(Context& ctx, GLenum target, GLenum query, GLdouble* v) {
  get_map(ctx, target, query, [v](size_t i, double x) {
    if (v) v[i] = x;
  });
}
void GetMapiv(Context& ctx, GLenum target, GLenum query, GLint* v) {
  get_map(ctx, target, query, [v](size_t i, double x) {
    if (v) v[i] = static_cast<GLint>(std::lround(x));
  });
}

void MapGrid1f(Context& ctx, GLint un, GLfloat u1, GLfloat u2) { map_grid1(ctx, un, u1, u2); }
void MapGrid1d(Context& ctx, GLint un, GLdouble u1, GLdouble u2) { map_grid1(ctx, un, u1, u2); }
void MapGrid2f(Context& ctx, GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1, GLfloat v2) {
  map_grid2(ctx, un, u1, u2, vn, v1, v2);
}
void MapGrid2d(Context& ctx, GLint un, GLdouble u1, GLdouble u2, GLint vn, GLdouble v1, GLdouble v2) {
  map_grid2(ctx, un, u1, u2, vn, v1, v2);
}

void EvalCoord1f(Context& ctx, GLfloat u) { eval_coord1(ctx, u); }
void EvalCoord1d(Context& ctx, GLdouble u) { eval_coord1(ctx, static_cast<GLfloat>(u)); }
void EvalCoord1fv(Context& ctx, const GLfloat* u) {
  if (u) eval_coord1(ctx, u[0]);
}
void EvalCoord1dv(Context& ctx, const GLdouble* u) {
  if (u) eval_coord1(ctx, static_cast<GLfloat>(u[0]));
}
void EvalCoord2f(Context& ctx, GLfloat u, GLfloat v) { eval_coord2(ctx, u, v); }
void EvalCoord2d(Context& ctx, GLdouble u, GLdouble v) {
  eval_coord2(ctx, static_cast<GLfloat>(u), static_cast<GLfloat>(v));
}
void EvalCoord2fv(Context& ctx, const GLfloat* u) {
  if (u) eval_coord2(ctx, u[0], u[1]);
}
void EvalCoord2dv(Context& ctx, const GLdouble* u) {
  if (u) eval_coord2(ctx, static_cast<GLfloat>(u[0]), static_cast<GLfloat>(u[1]));
}

void EvalPoint1(Context& ctx, GLint i) {
  const EvaluatorState& e = ctx.legacy.eval;
  eval_coord1(ctx, grid_value(i, e.grid1_n, e.grid1_u1, e.grid1_u2));
}
void EvalPoint2(Context& ctx, GLint i, GLint j) {
  const EvaluatorState& e = ctx.legacy.eval;
  eval_coord2(ctx, grid_value(i, e.grid2_un, e.grid2_u1, e.grid2_u2), grid_value(j, e.grid2_vn, e.grid2_v1, e.grid2_v2));
}

void EvalMesh1(Context& ctx, GLenum mode, GLint i1, GLint i2) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  GLenum prim;
  switch (mode) {
    case GL_POINT: prim = GL_POINTS; break;
    case GL_LINE: prim = GL_LINE_STRIP; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (i2 < i1) return;
  const EvaluatorState& e = ctx.legacy.eval;
  Begin(ctx, prim);
  for (GLint i = i1; i <= i2; ++i) eval_coord1(ctx, grid_value(i, e.grid1_n, e.grid1_u1, e.grid1_u2));
  End(ctx);
}

void EvalMesh2(Context& ctx, GLenum mode, GLint i1, GLint i2, GLint j1, GLint j2) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) return ctx.set_error(GL_INVALID_ENUM);
  if (i2 < i1 || j2 < j1) return;
  const EvaluatorState& e = ctx.legacy.eval;
  auto u = [&e](GLint i) { return grid_value(i, e.grid2_un, e.grid2_u1, e.grid2_u2); };
  auto v = [&e](GLint j) { return grid_value(j, e.grid2_vn, e.grid2_v1, e.grid2_v2); };
  switch (mode) {
    case GL_POINT:
      Begin(ctx, GL_POINTS);
      for (GLint j = j1; j <= j2; ++j)
        for (GLint i = i1; i <= i2; ++i) eval_coord2(ctx, u(i), v(j));
      End(ctx);
      return;
    case GL_LINE:
      for (GLint j = j1; j <= j2; ++j) {
        Begin(ctx, GL_LINE_STRIP);
        for (GLint i = i1; i <= i2; ++i) eval_coord2(ctx, u(i), v(j));
        End(ctx);
      }
      for (GLint i = i1; i <= i2; ++i) {
        Begin(ctx, GL_LINE_STRIP);
        for (GLint j = j1; j <= j2; ++j) eval_coord2(ctx, u(i), v(j));
        End(ctx);
      }
      return;
    default:
      for (GLint j = j1; j < j2; ++j) {
        Begin(ctx, GL_QUAD_STRIP);
        for (GLint i = i1; i <= i2; ++i) {
          eval_coord2(ctx, u(i), v(j));
          eval_coord2(ctx, u(i), v(j + 1));
        }
        End(ctx);
      }
      return;
  }
}

}  // namespace api
}  // namespace brass::gl
