// 64-bit vertex attributes (GL 4.1 / ARB_vertex_attrib_64bit, GL 4.6
// §10.2.1 and §10.3): double arrays (glVertexAttribLPointer, and the GL 4.3
// binding form glVertexAttribLFormat), double current values
// (glVertexAttribL*d) and their query (glGetVertexAttribLdv). The entry
// points are desktop-only. What a draw makes of the state (64-bit vertex
// formats, two locations per dvec3/dvec4) is vertex_validation.cpp's.
#include <cstring>

#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

// A double current value. Components not given are (0, 0, 0, 1), as for
// the other glVertexAttrib* forms.
void set_double(Context& ctx, GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w) {
  if (!valid_attrib_index(ctx, index)) return;
  GenericAttrib& g = ctx.generic_attribs[index];
  g.kind = GenericAttrib::Double;
  g.d[0] = x;
  g.d[1] = y;
  g.d[2] = z;
  g.d[3] = w;
  ctx.vertex_input.generic_dirty = true;
  ctx.dirty(kDirtyVertexInput);
}

// CURRENT_VERTEX_ATTRIB as doubles. A value set by another form than L is
// read back converted (GL leaves the pairing undefined; converting is what
// the other getters do across kinds).
void current_as_doubles(const GenericAttrib& g, GLdouble* out) {
  for (int i = 0; i < 4; ++i)
    out[i] = g.kind == GenericAttrib::Double ? g.d[i]
             : g.kind == GenericAttrib::Int  ? static_cast<GLdouble>(g.i[i])
             : g.kind == GenericAttrib::Uint ? static_cast<GLdouble>(g.u[i])
                                             : static_cast<GLdouble>(g.f[i]);
}

}  // namespace

namespace api {

void VertexAttribL1d(Context& ctx, GLuint index, GLdouble x) { set_double(ctx, index, x, 0, 0, 1); }
void VertexAttribL2d(Context& ctx, GLuint index, GLdouble x, GLdouble y) { set_double(ctx, index, x, y, 0, 1); }
void VertexAttribL3d(Context& ctx, GLuint index, GLdouble x, GLdouble y, GLdouble z) {
  set_double(ctx, index, x, y, z, 1);
}
void VertexAttribL4d(Context& ctx, GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w) {
  set_double(ctx, index, x, y, z, w);
}
void VertexAttribL1dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) set_double(ctx, index, v[0], 0, 0, 1);
}
void VertexAttribL2dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) set_double(ctx, index, v[0], v[1], 0, 1);
}
void VertexAttribL3dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) set_double(ctx, index, v[0], v[1], v[2], 1);
}
void VertexAttribL4dv(Context& ctx, GLuint index, const GLdouble* v) {
  if (v) set_double(ctx, index, v[0], v[1], v[2], v[3]);
}

// GL 4.6 §10.3.2: type DOUBLE only (else INVALID_ENUM), size 1..4 (else
// INVALID_VALUE), the stride limits of glVertexAttribPointer. The array's
// components stay 64-bit: VERTEX_ATTRIB_ARRAY_LONG is TRUE.
void VertexAttribLPointer(Context& ctx, GLuint index, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  attrib_pointer(ctx, index, size, type, false, false, stride, pointer, true);
}

// GL 4.6 §10.3.1, the binding form of the same.
void VertexAttribLFormat(Context& ctx, GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset) {
  attrib_format(ctx, attribindex, size, type, false, false, relativeoffset, true);
}

void GetVertexAttribLdv(Context& ctx, GLuint index, GLenum pname, GLdouble* params) {
  if (!valid_attrib_index(ctx, index)) return;
  if (pname == GL_CURRENT_VERTEX_ATTRIB) {
    if (params) current_as_doubles(ctx.generic_attribs[index], params);
    return;
  }
  GLint v = 0;
  if (!attrib_state(ctx, index, pname, &v)) return ctx.set_error(GL_INVALID_ENUM);
  if (params) *params = static_cast<GLdouble>(v);
}

}  // namespace api
}  // namespace brass::gl
