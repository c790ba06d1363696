// The current values of the conventional attributes (GL 4.6 compatibility
// §10.2.2, GL 2.1 §2.7): glColor, glSecondaryColor, glNormal, glTexCoord,
// glMultiTexCoord, glFogCoord, glIndex, glEdgeFlag, and glVertex, which
// between glBegin and glEnd emits a vertex. Integer colours and normals
// are normalized (§2.3.5.1: unsigned c / (2^b - 1), signed
// max(c / (2^(b-1) - 1), -1)); other integers convert as they are.
#include <algorithm>

#include "gl/compat/immediate_mode.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

GLfloat norm(GLbyte v) { return std::max(static_cast<GLfloat>(v) / 127.0f, -1.0f); }
GLfloat norm(GLubyte v) { return static_cast<GLfloat>(v) / 255.0f; }
GLfloat norm(GLshort v) { return std::max(static_cast<GLfloat>(v) / 32767.0f, -1.0f); }
GLfloat norm(GLushort v) { return static_cast<GLfloat>(v) / 65535.0f; }
GLfloat norm(GLint v) { return static_cast<GLfloat>(std::max(static_cast<double>(v) / 2147483647.0, -1.0)); }
GLfloat norm(GLuint v) { return static_cast<GLfloat>(static_cast<double>(v) / 4294967295.0); }
GLfloat norm(GLfloat v) { return v; }
GLfloat norm(GLdouble v) { return static_cast<GLfloat>(v); }

template <typename T>
GLfloat plain(T v) {
  return static_cast<GLfloat>(v);
}

void set_current(Context& ctx, unsigned a, GLfloat x, GLfloat y, GLfloat z, GLfloat w) {
  VertexSpecState& vs = ctx.vertex_spec;
  if (vs.immediate.active) immediate_attrib_changing(ctx, kConventionalIndexBase + a);
  vs.current[a] = {x, y, z, w};
  // Draws upload the current values again (vertex_validation.cpp).
  ctx.vertex_input.generic_dirty = true;
}

// glMultiTexCoord's target: TEXTURE0 .. TEXTURE0 + MAX_TEXTURE_COORDS - 1.
void set_tex_coord(Context& ctx, GLenum target, GLfloat s, GLfloat t, GLfloat r, GLfloat q) {
  if (target < GL_TEXTURE0 || target >= GL_TEXTURE0 + kMaxTextureCoords) return ctx.set_error(GL_INVALID_ENUM);
  set_current(ctx, kTexCoord0 + (target - GL_TEXTURE0), s, t, r, q);
}

}  // namespace

}  // namespace brass::gl::compat

namespace brass::gl::api {

using compat::norm;
using compat::plain;
using compat::set_current;
using compat::set_tex_coord;

// glColor3/4 and glSecondaryColor3 of one component type (alpha 1 for the
// three-component forms).
#define BRASS_COLOR_COMMANDS(S, T)                                                                            \
  void Color3##S(Context& ctx, T r, T g, T b) { set_current(ctx, compat::kColor, norm(r), norm(g), norm(b), 1); } \
  void Color3##S##v(Context& ctx, const T* v) {                                                               \
    if (v) set_current(ctx, compat::kColor, norm(v[0]), norm(v[1]), norm(v[2]), 1);                           \
  }                                                                                                           \
  void Color4##S(Context& ctx, T r, T g, T b, T a) {                                                          \
    set_current(ctx, compat::kColor, norm(r), norm(g), norm(b), norm(a));                                     \
  }                                                                                                           \
  void Color4##S##v(Context& ctx, const T* v) {                                                               \
    if (v) set_current(ctx, compat::kColor, norm(v[0]), norm(v[1]), norm(v[2]), norm(v[3]));                  \
  }                                                                                                           \
  void SecondaryColor3##S(Context& ctx, T r, T g, T b) {                                                      \
    set_current(ctx, compat::kSecondaryColor, norm(r), norm(g), norm(b), 1);                                  \
  }                                                                                                           \
  void SecondaryColor3##S##v(Context& ctx, const T* v) {                                                      \
    if (v) set_current(ctx, compat::kSecondaryColor, norm(v[0]), norm(v[1]), norm(v[2]), 1);                  \
  }
BRASS_COLOR_COMMANDS(b, GLbyte)
BRASS_COLOR_COMMANDS(s, GLshort)
BRASS_COLOR_COMMANDS(i, GLint)
BRASS_COLOR_COMMANDS(f, GLfloat)
BRASS_COLOR_COMMANDS(d, GLdouble)
BRASS_COLOR_COMMANDS(ub, GLubyte)
BRASS_COLOR_COMMANDS(us, GLushort)
BRASS_COLOR_COMMANDS(ui, GLuint)
#undef BRASS_COLOR_COMMANDS

// glNormal3: normalized like colours (the w of the stored value is unused).
#define BRASS_NORMAL_COMMANDS(S, T)                                                                                \
  void Normal3##S(Context& ctx, T x, T y, T z) { set_current(ctx, compat::kNormal, norm(x), norm(y), norm(z), 1); } \
  void Normal3##S##v(Context& ctx, const T* v) {                                                                   \
    if (v) set_current(ctx, compat::kNormal, norm(v[0]), norm(v[1]), norm(v[2]), 1);                               \
  }
BRASS_NORMAL_COMMANDS(b, GLbyte)
BRASS_NORMAL_COMMANDS(s, GLshort)
BRASS_NORMAL_COMMANDS(i, GLint)
BRASS_NORMAL_COMMANDS(f, GLfloat)
BRASS_NORMAL_COMMANDS(d, GLdouble)
#undef BRASS_NORMAL_COMMANDS

// glTexCoord (set 0: GL 4.6 compatibility §10.2.2 defines TexCoord as
// MultiTexCoord(TEXTURE0, ...)), glMultiTexCoord and glVertex: missing
// components are 0, but the fourth 1.
#define BRASS_COORD_COMMANDS(S, T)                                                                                   \
  void TexCoord1##S(Context& ctx, T s) { set_current(ctx, compat::kTexCoord0, plain(s), 0, 0, 1); }                  \
  void TexCoord2##S(Context& ctx, T s, T t) { set_current(ctx, compat::kTexCoord0, plain(s), plain(t), 0, 1); }      \
  void TexCoord3##S(Context& ctx, T s, T t, T r) {                                                                   \
    set_current(ctx, compat::kTexCoord0, plain(s), plain(t), plain(r), 1);                                           \
  }                                                                                                                  \
  void TexCoord4##S(Context& ctx, T s, T t, T r, T q) {                                                              \
    set_current(ctx, compat::kTexCoord0, plain(s), plain(t), plain(r), plain(q));                                    \
  }                                                                                                                  \
  void TexCoord1##S##v(Context& ctx, const T* v) {                                                                   \
    if (v) TexCoord1##S(ctx, v[0]);                                                                                  \
  }                                                                                                                  \
  void TexCoord2##S##v(Context& ctx, const T* v) {                                                                   \
    if (v) TexCoord2##S(ctx, v[0], v[1]);                                                                            \
  }                                                                                                                  \
  void TexCoord3##S##v(Context& ctx, const T* v) {                                                                   \
    if (v) TexCoord3##S(ctx, v[0], v[1], v[2]);                                                                      \
  }                                                                                                                  \
  void TexCoord4##S##v(Context& ctx, const T* v) {                                                                   \
    if (v) TexCoord4##S(ctx, v[0], v[1], v[2], v[3]);                                                                \
  }                                                                                                                  \
  void MultiTexCoord1##S(Context& ctx, GLenum target, T s) { set_tex_coord(ctx, target, plain(s), 0, 0, 1); }        \
  void MultiTexCoord2##S(Context& ctx, GLenum target, T s, T t) {                                                    \
    set_tex_coord(ctx, target, plain(s), plain(t), 0, 1);                                                            \
  }                                                                                                                  \
  void MultiTexCoord3##S(Context& ctx, GLenum target, T s, T t, T r) {                                               \
    set_tex_coord(ctx, target, plain(s), plain(t), plain(r), 1);                                                     \
  }                                                                                                                  \
  void MultiTexCoord4##S(Context& ctx, GLenum target, T s, T t, T r, T q) {                                          \
    set_tex_coord(ctx, target, plain(s), plain(t), plain(r), plain(q));                                              \
  }                                                                                                                  \
  void MultiTexCoord1##S##v(Context& ctx, GLenum target, const T* v) {                                               \
    if (v) MultiTexCoord1##S(ctx, target, v[0]);                                                                     \
  }                                                                                                                  \
  void MultiTexCoord2##S##v(Context& ctx, GLenum target, const T* v) {                                               \
    if (v) MultiTexCoord2##S(ctx, target, v[0], v[1]);                                                               \
  }                                                                                                                  \
  void MultiTexCoord3##S##v(Context& ctx, GLenum target, const T* v) {                                               \
    if (v) MultiTexCoord3##S(ctx, target, v[0], v[1], v[2]);                                                         \
  }                                                                                                                  \
  void MultiTexCoord4##S##v(Context& ctx, GLenum target, const T* v) {                                               \
    if (v) MultiTexCoord4##S(ctx, target, v[0], v[1], v[2], v[3]);                                                   \
  }                                                                                                                  \
  void Vertex2##S(Context& ctx, T x, T y) { compat::emit_vertex(ctx, plain(x), plain(y), 0, 1); }                    \
  void Vertex3##S(Context& ctx, T x, T y, T z) { compat::emit_vertex(ctx, plain(x), plain(y), plain(z), 1); }        \
  void Vertex4##S(Context& ctx, T x, T y, T z, T w) {                                                                \
    compat::emit_vertex(ctx, plain(x), plain(y), plain(z), plain(w));                                                \
  }                                                                                                                  \
  void Vertex2##S##v(Context& ctx, const T* v) {                                                                     \
    if (v) Vertex2##S(ctx, v[0], v[1]);                                                                              \
  }                                                                                                                  \
  void Vertex3##S##v(Context& ctx, const T* v) {                                                                     \
    if (v) Vertex3##S(ctx, v[0], v[1], v[2]);                                                                        \
  }                                                                                                                  \
  void Vertex4##S##v(Context& ctx, const T* v) {                                                                     \
    if (v) Vertex4##S(ctx, v[0], v[1], v[2], v[3]);                                                                  \
  }
BRASS_COORD_COMMANDS(s, GLshort)
BRASS_COORD_COMMANDS(i, GLint)
BRASS_COORD_COMMANDS(f, GLfloat)
BRASS_COORD_COMMANDS(d, GLdouble)
#undef BRASS_COORD_COMMANDS

void FogCoordf(Context& ctx, GLfloat coord) { set_current(ctx, compat::kFogCoord, coord, 0, 0, 1); }
void FogCoordd(Context& ctx, GLdouble coord) { set_current(ctx, compat::kFogCoord, plain(coord), 0, 0, 1); }
void FogCoordfv(Context& ctx, const GLfloat* coord) {
  if (coord) FogCoordf(ctx, coord[0]);
}
void FogCoorddv(Context& ctx, const GLdouble* coord) {
  if (coord) FogCoordd(ctx, coord[0]);
}

// The colour index: state only (Brass has no colour-index framebuffers).
#define BRASS_INDEX_COMMANDS(S, T)                                                                   \
  void Index##S(Context& ctx, T c) { set_current(ctx, compat::kColorIndex, plain(c), 0, 0, 1); }    \
  void Index##S##v(Context& ctx, const T* c) {                                                       \
    if (c) Index##S(ctx, c[0]);                                                                      \
  }
BRASS_INDEX_COMMANDS(s, GLshort)
BRASS_INDEX_COMMANDS(i, GLint)
BRASS_INDEX_COMMANDS(f, GLfloat)
BRASS_INDEX_COMMANDS(d, GLdouble)
BRASS_INDEX_COMMANDS(ub, GLubyte)
#undef BRASS_INDEX_COMMANDS

void EdgeFlag(Context& ctx, GLboolean flag) { set_current(ctx, compat::kEdgeFlag, flag ? 1.0f : 0.0f, 0, 0, 1); }
void EdgeFlagv(Context& ctx, const GLboolean* flag) {
  if (flag) EdgeFlag(ctx, *flag);
}

}  // namespace brass::gl::api
