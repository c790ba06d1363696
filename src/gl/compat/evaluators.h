// One- and two-dimensional evaluators (GL 4.6 compatibility §12.1, GL 2.1
// §5.1): the maps glMap1/glMap2 define, their enables, the grids of
// glMapGrid, and the Bernstein-polynomial evaluation that glEvalCoord,
// glEvalPoint and glEvalMesh feed into immediate mode.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl/compat/compat_enums.h"
#include "gl/gl_types.h"

namespace brass::gl {

class Context;

// MAX_EVAL_ORDER (at least 8).
inline constexpr GLint kMaxEvalOrder = 30;
// The nine map kinds, in the order of their enums (MAP1_COLOR_4 ... MAP1_VERTEX_4
// and MAP2_COLOR_4 ... MAP2_VERTEX_4 are consecutive).
inline constexpr int kEvalMapKinds = 9;
enum class EvalMapKind : uint8_t { Color4, Index, Normal, TexCoord1, TexCoord2, TexCoord3, TexCoord4, Vertex3, Vertex4 };

// Values per control point of a map kind (k of §12.1's table 12.1).
int eval_map_components(EvalMapKind kind);
// The kind of a MAP1_* or MAP2_* target; false when `target` is neither
// (dims says which).
bool eval_map_kind(GLenum target, int* dims, EvalMapKind* kind);

struct EvalMap {
  // Domain: u1, u2 (and v1, v2 for two-dimensional maps).
  GLfloat u1 = 0, u2 = 1, v1 = 0, v2 = 1;
  GLint uorder = 1, vorder = 1;  // vorder is 1 for one-dimensional maps
  // uorder * vorder control points of eval_map_components values each,
  // u-major as glMap2 lists them (point (i, j) at (i * vorder + j) * k).
  std::vector<GLfloat> points;
};

struct EvaluatorState {
  EvaluatorState();
  std::array<EvalMap, kEvalMapKinds> map1, map2;
  std::array<bool, kEvalMapKinds> map1_enabled{}, map2_enabled{};  // by EvalMapKind
  bool auto_normal = false;
  // glMapGrid1 / glMapGrid2.
  GLint grid1_n = 1;
  GLfloat grid1_u1 = 0, grid1_u2 = 1;
  GLint grid2_un = 1, grid2_vn = 1;
  GLfloat grid2_u1 = 0, grid2_u2 = 1, grid2_v1 = 0, grid2_v2 = 1;
};

// The enable flag of a MAP1_*/MAP2_* cap or AUTO_NORMAL (null: not one).
bool* eval_enable_flag(EvaluatorState& s, GLenum cap);

// The value of map `m` (k values per control point) at u, or at (u, v)
// with the partial derivatives (du, dv may be null).
void eval_map1(const EvalMap& m, int k, GLfloat u, GLfloat* out);
void eval_map2(const EvalMap& m, int k, GLfloat u, GLfloat v, GLfloat* out, GLfloat* du, GLfloat* dv);

// glEvalCoord1 / glEvalCoord2: evaluates every enabled map at (u) or (u, v)
// and issues the results as the current color, index, normal, texture
// coordinate and then vertex, as §12.1 orders them.
void eval_coord1(Context& ctx, GLfloat u);
void eval_coord2(Context& ctx, GLfloat u, GLfloat v);

}  // namespace brass::gl
