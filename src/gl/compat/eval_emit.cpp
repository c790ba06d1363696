// What glEvalCoord issues (GL 4.6 compatibility §12.1.1): every enabled map
// of the dimension is evaluated and its value given to immediate mode as
// the corresponding command would (glIndex, glColor, glNormal, glTexCoord,
// then glVertex). The evaluated values replace the current ones for this
// vertex only: the current values are put back afterwards, so a later
// glVertex gets what the application last set.
#include <cmath>

#include "gl/compat/evaluators.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

using compat::kColor;
using compat::kColorIndex;
using compat::kNormal;
using compat::kTexCoord0;

// The highest-dimension texture coordinate map that is enabled (only that
// one is evaluated), or -1.
int texcoord_map(const std::array<bool, kEvalMapKinds>& enabled) {
  for (EvalMapKind k : {EvalMapKind::TexCoord4, EvalMapKind::TexCoord3, EvalMapKind::TexCoord2, EvalMapKind::TexCoord1})
    if (enabled[static_cast<int>(k)]) return static_cast<int>(k);
  return -1;
}

struct Evaluated {
  bool index = false, color = false, normal = false;
  int texcoord_dims = 0;  // 0: no texture coordinate map
  int vertex_dims = 0;    // 0: no vertex map (no vertex is issued)
  GLfloat index_value = 0, c[4] = {}, n[3] = {}, t[4] = {0, 0, 0, 1}, v[4] = {0, 0, 0, 1};
};

// Issues the evaluated values, then restores the current ones.
void issue(Context& ctx, const Evaluated& e) {
  auto& current = ctx.vertex_spec.current;
  const auto saved_color = current[kColor], saved_normal = current[kNormal];
  const auto saved_tex = current[kTexCoord0], saved_index = current[kColorIndex];
  if (e.index) api::Indexf(ctx, e.index_value);
  if (e.color) api::Color4f(ctx, e.c[0], e.c[1], e.c[2], e.c[3]);
  if (e.normal) api::Normal3f(ctx, e.n[0], e.n[1], e.n[2]);
  switch (e.texcoord_dims) {
    case 1: api::TexCoord1f(ctx, e.t[0]); break;
    case 2: api::TexCoord2f(ctx, e.t[0], e.t[1]); break;
    case 3: api::TexCoord3f(ctx, e.t[0], e.t[1], e.t[2]); break;
    case 4: api::TexCoord4f(ctx, e.t[0], e.t[1], e.t[2], e.t[3]); break;
    default: break;
  }
  if (e.vertex_dims == 4) api::Vertex4f(ctx, e.v[0], e.v[1], e.v[2], e.v[3]);
  else if (e.vertex_dims == 3) api::Vertex3f(ctx, e.v[0], e.v[1], e.v[2]);
  current[kColor] = saved_color;
  current[kNormal] = saved_normal;
  current[kTexCoord0] = saved_tex;
  current[kColorIndex] = saved_index;
}

// The normal of a rational surface point (x, y, z, w): the cross product
// of the derivatives of (x/w, y/w, z/w), each scaled by w^2 (the length is
// normalized away).
void rational_derivative(const GLfloat p[4], const GLfloat d[4], GLfloat out[3]) {
  for (int c = 0; c < 3; ++c) out[c] = d[c] * p[3] - p[c] * d[3];
}

void normalize3(GLfloat n[3]) {
  const GLfloat len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (len > 0)
    for (int c = 0; c < 3; ++c) n[c] /= len;
}

}  // namespace

void eval_coord1(Context& ctx, GLfloat u) {
  const EvaluatorState& s = ctx.legacy.eval;
  Evaluated e;
  auto map = [&](EvalMapKind k) -> const EvalMap& { return s.map1[static_cast<int>(k)]; };
  if (s.map1_enabled[static_cast<int>(EvalMapKind::Index)]) {
    e.index = true;
    eval_map1(map(EvalMapKind::Index), 1, u, &e.index_value);
  }
  if (s.map1_enabled[static_cast<int>(EvalMapKind::Color4)]) {
    e.color = true;
    eval_map1(map(EvalMapKind::Color4), 4, u, e.c);
  }
  if (s.map1_enabled[static_cast<int>(EvalMapKind::Normal)]) {
    e.normal = true;
    eval_map1(map(EvalMapKind::Normal), 3, u, e.n);
  }
  if (const int t = texcoord_map(s.map1_enabled); t >= 0) {
    e.texcoord_dims = eval_map_components(static_cast<EvalMapKind>(t));
    eval_map1(s.map1[t], e.texcoord_dims, u, e.t);
  }
  if (s.map1_enabled[static_cast<int>(EvalMapKind::Vertex4)]) {
    e.vertex_dims = 4;
    eval_map1(map(EvalMapKind::Vertex4), 4, u, e.v);
  } else if (s.map1_enabled[static_cast<int>(EvalMapKind::Vertex3)]) {
    e.vertex_dims = 3;
    eval_map1(map(EvalMapKind::Vertex3), 3, u, e.v);
  }
  issue(ctx, e);
}

void eval_coord2(Context& ctx, GLfloat u, GLfloat v) {
  const EvaluatorState& s = ctx.legacy.eval;
  Evaluated e;
  auto map = [&](EvalMapKind k) -> const EvalMap& { return s.map2[static_cast<int>(k)]; };
  if (s.map2_enabled[static_cast<int>(EvalMapKind::Index)]) {
    e.index = true;
    eval_map2(map(EvalMapKind::Index), 1, u, v, &e.index_value, nullptr, nullptr);
  }
  if (s.map2_enabled[static_cast<int>(EvalMapKind::Color4)]) {
    e.color = true;
    eval_map2(map(EvalMapKind::Color4), 4, u, v, e.c, nullptr, nullptr);
  }
  if (const int t = texcoord_map(s.map2_enabled); t >= 0) {
    e.texcoord_dims = eval_map_components(static_cast<EvalMapKind>(t));
    eval_map2(s.map2[t], e.texcoord_dims, u, v, e.t, nullptr, nullptr);
  }
  GLfloat du[4] = {}, dv[4] = {};
  if (s.map2_enabled[static_cast<int>(EvalMapKind::Vertex4)]) {
    e.vertex_dims = 4;
    eval_map2(map(EvalMapKind::Vertex4), 4, u, v, e.v, du, dv);
  } else if (s.map2_enabled[static_cast<int>(EvalMapKind::Vertex3)]) {
    e.vertex_dims = 3;
    eval_map2(map(EvalMapKind::Vertex3), 3, u, v, e.v, du, dv);
  }
  if (s.auto_normal && e.vertex_dims) {
    // AUTO_NORMAL (§12.1.1): the surface's analytic normal, dp/du x dp/dv,
    // replaces MAP2_NORMAL's.
    GLfloat a[3] = {du[0], du[1], du[2]}, b[3] = {dv[0], dv[1], dv[2]};
    if (e.vertex_dims == 4) {
      rational_derivative(e.v, du, a);
      rational_derivative(e.v, dv, b);
    }
    e.normal = true;
    e.n[0] = a[1] * b[2] - a[2] * b[1];
    e.n[1] = a[2] * b[0] - a[0] * b[2];
    e.n[2] = a[0] * b[1] - a[1] * b[0];
    normalize3(e.n);
  } else if (s.map2_enabled[static_cast<int>(EvalMapKind::Normal)]) {
    e.normal = true;
    eval_map2(map(EvalMapKind::Normal), 3, u, v, e.n, nullptr, nullptr);
  }
  issue(ctx, e);
}

}  // namespace brass::gl
