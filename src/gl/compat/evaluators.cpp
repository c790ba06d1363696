// Evaluator state and Bernstein-polynomial evaluation (GL 4.6
// compatibility §12.1). The commands are in api_evaluators.cpp; what an
// evaluation issues to immediate mode is in eval_emit.cpp.
#include "gl/compat/evaluators.h"

#include <cmath>

namespace brass::gl {

namespace {

// The value of each kind's single control point before any glMap (table
// 23.x initial values: the current value each command would set).
constexpr GLfloat kInitialPoint[kEvalMapKinds][4] = {
    {1, 1, 1, 1},  // COLOR_4
    {1, 0, 0, 0},  // INDEX
    {0, 0, 1, 0},  // NORMAL
    {0, 0, 0, 0},  // TEXTURE_COORD_1
    {0, 0, 0, 0},  // TEXTURE_COORD_2
    {0, 0, 0, 0},  // TEXTURE_COORD_3
    {0, 0, 0, 1},  // TEXTURE_COORD_4
    {0, 0, 0, 0},  // VERTEX_3
    {0, 0, 0, 1},  // VERTEX_4
};

}  // namespace

int eval_map_components(EvalMapKind kind) {
  switch (kind) {
    case EvalMapKind::Color4: return 4;
    case EvalMapKind::Index: return 1;
    case EvalMapKind::Normal: return 3;
    case EvalMapKind::TexCoord1: return 1;
    case EvalMapKind::TexCoord2: return 2;
    case EvalMapKind::TexCoord3: return 3;
    case EvalMapKind::TexCoord4: return 4;
    case EvalMapKind::Vertex3: return 3;
    case EvalMapKind::Vertex4: return 4;
  }
  return 4;
}

bool eval_map_kind(GLenum target, int* dims, EvalMapKind* kind) {
  if (target >= GL_MAP1_COLOR_4 && target <= GL_MAP1_VERTEX_4) {
    *dims = 1;
    *kind = static_cast<EvalMapKind>(target - GL_MAP1_COLOR_4);
    return true;
  }
  if (target >= GL_MAP2_COLOR_4 && target <= GL_MAP2_VERTEX_4) {
    *dims = 2;
    *kind = static_cast<EvalMapKind>(target - GL_MAP2_COLOR_4);
    return true;
  }
  return false;
}

EvaluatorState::EvaluatorState() {
  for (int k = 0; k < kEvalMapKinds; ++k) {
    const int n = eval_map_components(static_cast<EvalMapKind>(k));
    map1[k].points.assign(kInitialPoint[k], kInitialPoint[k] + n);
    map2[k].points.assign(kInitialPoint[k], kInitialPoint[k] + n);
  }
}

bool* eval_enable_flag(EvaluatorState& s, GLenum cap) {
  if (cap == GL_AUTO_NORMAL) return &s.auto_normal;
  int dims = 0;
  EvalMapKind kind{};
  if (!eval_map_kind(cap, &dims, &kind)) return nullptr;
  return dims == 1 ? &s.map1_enabled[static_cast<int>(kind)] : &s.map2_enabled[static_cast<int>(kind)];
}

namespace {
void bernstein(int order, double t, double* b, double* db) {
  // b[i] = C(n, i) t^i (1 - t)^(n - i) with n = order - 1, built by the
  // recurrence that raises the degree one step at a time (stable on [0,1]
  // and outside it); db is the derivative with respect to t.
  const int n = order - 1;
  if (n == 0) {
    b[0] = 1;
    if (db) db[0] = 0;
    return;
  }
  // Degree n - 1 basis first, for the derivative.
  b[0] = 1;
  for (int d = 1; d < n; ++d) {
    double prev = 0;
    for (int i = 0; i <= d; ++i) {
      const double cur = i < d ? b[i] : 0;
      b[i] = (1 - t) * cur + t * prev;
      prev = cur;
    }
  }
  // d/dt of the degree-n basis: n (B_{i-1}^{n-1} - B_i^{n-1}).
  if (db) {
    for (int i = 0; i <= n; ++i) {
      const double lo = i > 0 ? b[i - 1] : 0;
      const double hi = i < n ? b[i] : 0;
      db[i] = n * (lo - hi);
    }
  }
  double prev = 0;
  for (int i = 0; i <= n; ++i) {
    const double cur = i < n ? b[i] : 0;
    b[i] = (1 - t) * cur + t * prev;
    prev = cur;
  }
}

}  // namespace

void eval_map1(const EvalMap& m, int k, GLfloat u, GLfloat* out) {
  double b[kMaxEvalOrder];
  const double t = (static_cast<double>(u) - m.u1) / (static_cast<double>(m.u2) - m.u1);
  bernstein(m.uorder, t, b, nullptr);
  for (int c = 0; c < k; ++c) {
    double v = 0;
    for (int i = 0; i < m.uorder; ++i) v += b[i] * m.points[static_cast<size_t>(i) * k + c];
    out[c] = static_cast<GLfloat>(v);
  }
}

void eval_map2(const EvalMap& m, int k, GLfloat u, GLfloat v, GLfloat* out, GLfloat* du, GLfloat* dv) {
  double bu[kMaxEvalOrder], dbu[kMaxEvalOrder], bv[kMaxEvalOrder], dbv[kMaxEvalOrder];
  const double su = 1.0 / (static_cast<double>(m.u2) - m.u1), sv = 1.0 / (static_cast<double>(m.v2) - m.v1);
  bernstein(m.uorder, (static_cast<double>(u) - m.u1) * su, bu, dbu);
  bernstein(m.vorder, (static_cast<double>(v) - m.v1) * sv, bv, dbv);
  for (int c = 0; c < k; ++c) {
    double p = 0, pu = 0, pv = 0;
    for (int i = 0; i < m.uorder; ++i) {
      for (int j = 0; j < m.vorder; ++j) {
        const double r = m.points[(static_cast<size_t>(i) * m.vorder + j) * k + c];
        p += bu[i] * bv[j] * r;
        pu += dbu[i] * bv[j] * r;
        pv += bu[i] * dbv[j] * r;
      }
    }
    out[c] = static_cast<GLfloat>(p);
    // Derivatives with respect to u and v (the chain rule's 1 / (u2 - u1)).
    if (du) du[c] = static_cast<GLfloat>(pu * su);
    if (dv) dv[c] = static_cast<GLfloat>(pv * sv);
  }
}

}  // namespace brass::gl
