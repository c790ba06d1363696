// Vertex array objects and vertex attributes (ES 3.0 §2.8-2.11): array
// pointers, enables, divisors, generic values and their queries. What they
// become at draw time is vertex_validation.cpp's business; these handlers
// only record state and mark vertex input dirty.
#include <cmath>
#include <cstring>

#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

bool valid_index(Context& ctx, GLuint index) {
  if (index >= static_cast<GLuint>(ctx.limits.max_vertex_attribs) || index >= kMaxVertexAttribs) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  return true;
}

void set_generic(Context& ctx, GLuint index, GenericAttrib::Kind kind, const void* v4) {
  if (!valid_index(ctx, index)) return;
  GenericAttrib& g = ctx.generic_attribs[index];
  g.kind = kind;
  std::memcpy(g.f, v4, 16);
  ctx.vertex_input.generic_dirty = true;
  ctx.dirty(kDirtyVertexInput);
}

void set_float(Context& ctx, GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w) {
  const GLfloat v[4] = {x, y, z, w};
  set_generic(ctx, index, GenericAttrib::Float, v);
}

void attrib_pointer(Context& ctx, GLuint index, GLint size, GLenum type, bool normalized, bool integer,
                    GLsizei stride, const void* pointer) {
  if (!valid_index(ctx, index)) return;
  if (size < 1 || size > 4 || stride < 0) return ctx.set_error(GL_INVALID_VALUE);
  // OES_vertex_half_float predates ES 3.0 and has its own enum for the same
  // type; the array stores the core one (the queried type is the core enum,
  // as the two are interchangeable in an ES 3 context).
  if (type == GL_HALF_FLOAT_OES && !integer) type = GL_HALF_FLOAT;
  switch (type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_INT: case GL_UNSIGNED_INT:
      break;
    case GL_FLOAT: case GL_HALF_FLOAT: case GL_FIXED:
      if (integer) return ctx.set_error(GL_INVALID_ENUM);
      break;
    case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
      if (integer) return ctx.set_error(GL_INVALID_ENUM);
      if (size != 4) return ctx.set_error(GL_INVALID_OPERATION);
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  // Client pointers only in the default VAO (ES 3.0 §2.9.6).
  if (!ctx.buffers.array && ctx.vertex_array.get() != ctx.default_vertex_array.get() && pointer)
    return ctx.set_error(GL_INVALID_OPERATION);
  VertexAttrib& a = ctx.vertex_array->attribs[index];
  a.size = size;
  a.type = type;
  a.normalized = normalized;
  a.integer = integer;
  a.stride = stride;
  a.pointer = pointer;
  a.buffer = ctx.buffers.array;
  ctx.dirty(kDirtyVertexInput);
}

// GetVertexAttrib*: the array state as integers, or false for CURRENT_VERTEX_ATTRIB / unknown.
bool attrib_state(Context& ctx, GLuint index, GLenum pname, GLint* out) {
  const VertexAttrib& a = ctx.vertex_array->attribs[index];
  switch (pname) {
    case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: *out = a.buffer ? static_cast<GLint>(a.buffer->name()) : 0; return true;
    case GL_VERTEX_ATTRIB_ARRAY_ENABLED: *out = a.enabled; return true;
    case GL_VERTEX_ATTRIB_ARRAY_SIZE: *out = a.size; return true;
    case GL_VERTEX_ATTRIB_ARRAY_STRIDE: *out = a.stride; return true;
    case GL_VERTEX_ATTRIB_ARRAY_TYPE: *out = static_cast<GLint>(a.type); return true;
    case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: *out = a.normalized; return true;
    case GL_VERTEX_ATTRIB_ARRAY_INTEGER: *out = a.integer; return true;
    case GL_VERTEX_ATTRIB_ARRAY_DIVISOR: *out = static_cast<GLint>(a.divisor); return true;
    default: return false;
  }
}

template <typename Out, typename Convert>
void get_attrib(Context& ctx, GLuint index, GLenum pname, Out* params, Convert&& current) {
  if (!valid_index(ctx, index)) return;
  if (pname == GL_CURRENT_VERTEX_ATTRIB) {
    if (params) current(ctx.generic_attribs[index], params);
    return;
  }
  GLint v = 0;
  if (!attrib_state(ctx, index, pname, &v)) return ctx.set_error(GL_INVALID_ENUM);
  if (params) *params = static_cast<Out>(v);
}

}  // namespace

void GenVertexArrays(Context& ctx, GLsizei n, GLuint* arrays) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !arrays) return;
  ctx.vertex_array_objects.generate(n, arrays);
}

void DeleteVertexArrays(Context& ctx, GLsizei n, const GLuint* arrays) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!arrays) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (arrays[i] == 0) continue;
    Ref<VertexArray> v = ctx.vertex_array_objects.remove(arrays[i]);
    if (v && ctx.vertex_array.get() == v.get()) {
      bind(ctx.vertex_array, ctx.default_vertex_array.get());  // reverts to the default (§2.10)
      ctx.dirty(kDirtyVertexInput);
    }
  }
}

void BindVertexArray(Context& ctx, GLuint array) {
  VertexArray* v = ctx.default_vertex_array.get();
  if (array != 0) {
    v = ctx.vertex_array_objects.get_or_create(array, false, [](GLuint n) { return make_ref<VertexArray>(n); });
    if (!v) return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (ctx.vertex_array.get() == v) return;
  bind(ctx.vertex_array, v);
  ctx.dirty(kDirtyVertexInput);
}

GLboolean IsVertexArray(Context& ctx, GLuint array) {
  return array != 0 && ctx.vertex_array_objects.lookup(array) ? GL_TRUE : GL_FALSE;
}

void VertexAttribPointer(Context& ctx, GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride,
                         const void* pointer) {
  attrib_pointer(ctx, index, size, type, normalized != GL_FALSE, false, stride, pointer);
}

void VertexAttribIPointer(Context& ctx, GLuint index, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  attrib_pointer(ctx, index, size, type, false, true, stride, pointer);
}

void EnableVertexAttribArray(Context& ctx, GLuint index) {
  if (!valid_index(ctx, index)) return;
  ctx.vertex_array->attribs[index].enabled = true;
  ctx.dirty(kDirtyVertexInput);
}

void DisableVertexAttribArray(Context& ctx, GLuint index) {
  if (!valid_index(ctx, index)) return;
  ctx.vertex_array->attribs[index].enabled = false;
  ctx.dirty(kDirtyVertexInput);
}

void VertexAttribDivisor(Context& ctx, GLuint index, GLuint divisor) {
  if (!valid_index(ctx, index)) return;
  ctx.vertex_array->attribs[index].divisor = divisor;
  ctx.dirty(kDirtyVertexInput);
}

void VertexAttrib1f(Context& ctx, GLuint index, GLfloat x) { set_float(ctx, index, x, 0, 0, 1); }
void VertexAttrib2f(Context& ctx, GLuint index, GLfloat x, GLfloat y) { set_float(ctx, index, x, y, 0, 1); }
void VertexAttrib3f(Context& ctx, GLuint index, GLfloat x, GLfloat y, GLfloat z) { set_float(ctx, index, x, y, z, 1); }
void VertexAttrib4f(Context& ctx, GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w) {
  set_float(ctx, index, x, y, z, w);
}
void VertexAttrib1fv(Context& ctx, GLuint index, const GLfloat* v) {
  if (v) set_float(ctx, index, v[0], 0, 0, 1);
}
void VertexAttrib2fv(Context& ctx, GLuint index, const GLfloat* v) {
  if (v) set_float(ctx, index, v[0], v[1], 0, 1);
}
void VertexAttrib3fv(Context& ctx, GLuint index, const GLfloat* v) {
  if (v) set_float(ctx, index, v[0], v[1], v[2], 1);
}
void VertexAttrib4fv(Context& ctx, GLuint index, const GLfloat* v) {
  if (v) set_float(ctx, index, v[0], v[1], v[2], v[3]);
}
void VertexAttribI4i(Context& ctx, GLuint index, GLint x, GLint y, GLint z, GLint w) {
  const GLint v[4] = {x, y, z, w};
  set_generic(ctx, index, GenericAttrib::Int, v);
}
void VertexAttribI4ui(Context& ctx, GLuint index, GLuint x, GLuint y, GLuint z, GLuint w) {
  const GLuint v[4] = {x, y, z, w};
  set_generic(ctx, index, GenericAttrib::Uint, v);
}
void VertexAttribI4iv(Context& ctx, GLuint index, const GLint* v) {
  if (v) set_generic(ctx, index, GenericAttrib::Int, v);
}
void VertexAttribI4uiv(Context& ctx, GLuint index, const GLuint* v) {
  if (v) set_generic(ctx, index, GenericAttrib::Uint, v);
}

void GetVertexAttribfv(Context& ctx, GLuint index, GLenum pname, GLfloat* params) {
  get_attrib(ctx, index, pname, params, [](const GenericAttrib& g, GLfloat* out) {
    for (int i = 0; i < 4; ++i)
      out[i] = g.kind == GenericAttrib::Float ? g.f[i]
               : g.kind == GenericAttrib::Int ? static_cast<GLfloat>(g.i[i])
                                              : static_cast<GLfloat>(g.u[i]);
  });
}

void GetVertexAttribiv(Context& ctx, GLuint index, GLenum pname, GLint* params) {
  get_attrib(ctx, index, pname, params, [](const GenericAttrib& g, GLint* out) {
    for (int i = 0; i < 4; ++i)
      out[i] = g.kind == GenericAttrib::Float ? static_cast<GLint>(std::lround(g.f[i]))
               : g.kind == GenericAttrib::Int ? g.i[i]
                                              : static_cast<GLint>(g.u[i]);
  });
}

void GetVertexAttribIiv(Context& ctx, GLuint index, GLenum pname, GLint* params) {
  get_attrib(ctx, index, pname, params, [](const GenericAttrib& g, GLint* out) {
    for (int i = 0; i < 4; ++i) out[i] = g.i[i];
  });
}

void GetVertexAttribIuiv(Context& ctx, GLuint index, GLenum pname, GLuint* params) {
  get_attrib(ctx, index, pname, params, [](const GenericAttrib& g, GLuint* out) {
    for (int i = 0; i < 4; ++i) out[i] = g.u[i];
  });
}

void GetVertexAttribPointerv(Context& ctx, GLuint index, GLenum pname, void** pointer) {
  if (!valid_index(ctx, index)) return;
  if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) return ctx.set_error(GL_INVALID_ENUM);
  if (pointer) *pointer = const_cast<void*>(ctx.vertex_array->attribs[index].pointer);
}

}  // namespace brass::gl::api
