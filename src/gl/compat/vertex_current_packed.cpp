// The packed forms of the conventional attribute commands (GL 3.3
// compatibility profile, ARB_vertex_type_2_10_10_10_rev): glVertexP*,
// glTexCoordP*, glMultiTexCoordP*, glNormalP3, glColorP3/4,
// glSecondaryColorP3. The value unpacks as glVertexAttribP*'s does; colours
// and normals are normalized, coordinates are not; the components a form
// lacks are 0, 0, 1 (a three-component colour's alpha 1).
#include "gl/compat/immediate_mode.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

// The first `n` unpacked components of `value`, the rest (0, 0, 1);
// false after INVALID_ENUM for a type none of the packed ones.
bool unpack(Context& ctx, GLenum type, bool normalize, GLuint value, int n, GLfloat c[4]) {
  c[0] = c[1] = c[2] = 0;
  c[3] = 1;
  if (!unpack_packed_attrib(ctx, type, normalize, value, c)) return false;
  for (int k = n; k < 4; ++k) c[k] = k == 3 ? 1.0f : 0.0f;
  return true;
}

void set_packed(Context& ctx, unsigned a, GLenum type, bool normalize, GLuint value, int n) {
  GLfloat c[4];
  if (!unpack(ctx, type, normalize, value, n, c)) return;
  VertexSpecState& vs = ctx.vertex_spec;
  if (vs.immediate.active) immediate_attrib_changing(ctx, kConventionalIndexBase + a);
  vs.current[a] = {c[0], c[1], c[2], c[3]};
  ctx.vertex_input.generic_dirty = true;
}

void vertex_packed(Context& ctx, GLenum type, GLuint value, int n) {
  GLfloat c[4];
  if (unpack(ctx, type, false, value, n, c)) emit_vertex(ctx, c[0], c[1], c[2], c[3]);
}

void multi_tex_coord_packed(Context& ctx, GLenum texture, GLenum type, GLuint value, int n) {
  if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + kMaxTextureCoords) return ctx.set_error(GL_INVALID_ENUM);
  set_packed(ctx, kTexCoord0 + (texture - GL_TEXTURE0), type, false, value, n);
}

}  // namespace

}  // namespace brass::gl::compat

namespace brass::gl::api {

#define BRASS_PACKED_N(N)                                                                                 \
  void VertexP##N##ui(Context& ctx, GLenum type, GLuint value) { compat::vertex_packed(ctx, type, value, N); } \
  void VertexP##N##uiv(Context& ctx, GLenum type, const GLuint* value) {                                  \
    if (value) compat::vertex_packed(ctx, type, *value, N);                                               \
  }
BRASS_PACKED_N(2)
BRASS_PACKED_N(3)
BRASS_PACKED_N(4)
#undef BRASS_PACKED_N

#define BRASS_PACKED_TEX(N)                                                                          \
  void TexCoordP##N##ui(Context& ctx, GLenum type, GLuint coords) {                                  \
    compat::set_packed(ctx, compat::kTexCoord0, type, false, coords, N);                            \
  }                                                                                                  \
  void TexCoordP##N##uiv(Context& ctx, GLenum type, const GLuint* coords) {                          \
    if (coords) compat::set_packed(ctx, compat::kTexCoord0, type, false, *coords, N);               \
  }                                                                                                  \
  void MultiTexCoordP##N##ui(Context& ctx, GLenum texture, GLenum type, GLuint coords) {             \
    compat::multi_tex_coord_packed(ctx, texture, type, coords, N);                                   \
  }                                                                                                  \
  void MultiTexCoordP##N##uiv(Context& ctx, GLenum texture, GLenum type, const GLuint* coords) {     \
    if (coords) compat::multi_tex_coord_packed(ctx, texture, type, *coords, N);                      \
  }
BRASS_PACKED_TEX(1)
BRASS_PACKED_TEX(2)
BRASS_PACKED_TEX(3)
BRASS_PACKED_TEX(4)
#undef BRASS_PACKED_TEX

void NormalP3ui(Context& ctx, GLenum type, GLuint coords) { compat::set_packed(ctx, compat::kNormal, type, true, coords, 3); }
void NormalP3uiv(Context& ctx, GLenum type, const GLuint* coords) {
  if (coords) NormalP3ui(ctx, type, *coords);
}
void ColorP3ui(Context& ctx, GLenum type, GLuint color) { compat::set_packed(ctx, compat::kColor, type, true, color, 3); }
void ColorP3uiv(Context& ctx, GLenum type, const GLuint* color) {
  if (color) ColorP3ui(ctx, type, *color);
}
void ColorP4ui(Context& ctx, GLenum type, GLuint color) { compat::set_packed(ctx, compat::kColor, type, true, color, 4); }
void ColorP4uiv(Context& ctx, GLenum type, const GLuint* color) {
  if (color) ColorP4ui(ctx, type, *color);
}
void SecondaryColorP3ui(Context& ctx, GLenum type, GLuint color) {
  compat::set_packed(ctx, compat::kSecondaryColor, type, true, color, 3);
}
void SecondaryColorP3uiv(Context& ctx, GLenum type, const GLuint* color) {
  if (color) SecondaryColorP3ui(ctx, type, *color);
}

}  // namespace brass::gl::api
