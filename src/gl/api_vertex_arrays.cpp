// Vertex array objects and vertex attributes (ES 3.0 §2.8-2.11, ES 3.1
// §10.3): attribute formats and vertex buffer bindings, enables, divisors,
// generic values and their queries. The ES 3.0 array calls are defined by
// ES 3.1 in terms of the binding model (glVertexAttribPointer sets the
// format, binds attribute i to binding i and binds the buffer there), and
// are implemented that way. What the state becomes at draw time is
// vertex_validation.cpp's business; these handlers only record state and
// mark vertex input dirty.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

#include "gl/compat/immediate_mode.h"
#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

bool valid_index(Context& ctx, GLuint index) {
  if (index >= static_cast<GLuint>(ctx.limits.max_vertex_attribs) || index >= kMaxVertexAttribs) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  return true;
}

bool valid_binding(Context& ctx, GLuint binding) {
  if (binding >= kMaxVertexAttribBindings) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  return true;
}

// The ES 3.1 binding calls change only a VAO the application created: the
// spec's "no vertex array object is bound" is the default VAO in ES (dEQP
// vertex_attribute_binding.negative.default_vao_*), whose state only the
// ES 3.0 array calls set.
bool not_default_vao(Context& ctx) {
  if (ctx.vertex_array.get() == ctx.default_vertex_array.get()) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

// The core profile has no default VAO: commands that change or read vertex
// array state need one bound (GL 4.6 core §10.3.1), and so do draws
// (api_draw.cpp). ES and the compatibility profile keep the default VAO.
bool vao_bound(Context& ctx) {
  if (ctx.desktop() && !ctx.compatibility() && ctx.vertex_array.get() == ctx.default_vertex_array.get()) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

// The size/type errors shared by glVertexAttrib*Pointer and
// glVertexAttrib*Format (ES 3.1 §10.3.1, table 10.2; GL 4.6 table 10.3:
// the L forms take DOUBLE only, 1 to 4 components; desktop GL's float forms
// take DOUBLE too, converted to float). Rewrites
// HALF_FLOAT_OES to the core enum: OES_vertex_half_float predates ES 3.0 and
// has its own enum for the same type; the array stores the core one (the
// queried type is the core enum, as the two are interchangeable in an ES 3
// context).
GLenum check_format(GLint size, GLenum* type, bool integer, bool is_long, bool desktop) {
  if (size < 1 || size > 4) return GL_INVALID_VALUE;
  if (is_long) return *type == GL_DOUBLE ? GL_NO_ERROR : GL_INVALID_ENUM;
  if (*type == GL_DOUBLE) return desktop && !integer ? GL_NO_ERROR : GL_INVALID_ENUM;
  if (*type == GL_HALF_FLOAT_OES && !integer) *type = GL_HALF_FLOAT;
  switch (*type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_INT: case GL_UNSIGNED_INT:
      return GL_NO_ERROR;
    case GL_FLOAT: case GL_HALF_FLOAT: case GL_FIXED:
      return integer ? GL_INVALID_ENUM : GL_NO_ERROR;
    case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
      if (integer) return GL_INVALID_ENUM;
      return size == 4 ? GL_NO_ERROR : GL_INVALID_OPERATION;
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
      // ARB_vertex_type_10f_11f_11f_rev (GL 4.4): three unsigned floats in
      // one word, desktop float arrays only.
      if (integer || !desktop) return GL_INVALID_ENUM;
      return size == 3 ? GL_NO_ERROR : GL_INVALID_OPERATION;
    default: return GL_INVALID_ENUM;
  }
}

void set_format(VertexAttrib& a, GLint size, GLenum type, bool normalized, bool integer, bool is_long,
                GLuint relative_offset) {
  a.size = size;
  a.type = type;
  a.normalized = normalized;
  a.integer = integer;
  a.is_long = is_long;
  a.relative_offset = relative_offset;
}

void set_generic(Context& ctx, GLuint index, GenericAttrib::Kind kind, const void* v4) {
  if (!valid_index(ctx, index)) return;
  // Compatibility profile: attribute 0 is the position (a vertex between
  // glBegin and glEnd), others may vary per vertex there (compat/).
  if (ctx.vertex_spec.inside_begin_end() && compat::immediate_generic_attrib(ctx, index, v4)) return;
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

}  // namespace

void attrib_pointer(Context& ctx, GLuint index, GLint size, GLenum type, bool normalized, bool integer,
                    GLsizei stride, const void* pointer, bool is_long) {
  // An index past MAX_VERTEX_ATTRIBS is reported before a missing VAO
  // (GL names no order; piglit's max-vertex-attrib tests expect this one).
  if (!valid_index(ctx, index) || !vao_bound(ctx)) return;
  if (stride < 0 || stride > kMaxVertexAttribStride) return ctx.set_error(GL_INVALID_VALUE);
  if (const GLenum e = check_format(size, &type, integer, is_long, ctx.desktop())) return ctx.set_error(e);
  // Client pointers only in the default VAO (ES 3.0 §2.9.6).
  if (!ctx.buffers.array && ctx.vertex_array.get() != ctx.default_vertex_array.get() && pointer)
    return ctx.set_error(GL_INVALID_OPERATION);
  // ES 3.1 §10.3.2: VertexAttrib*Format(index, ..., 0);
  // VertexAttribBinding(index, index); BindVertexBuffer(index, buffer,
  // pointer, stride or the tightly packed stride).
  VertexArray& vao = *ctx.vertex_array;
  VertexAttrib& a = vao.attribs[index];
  // The same format again (a buffer switch): only the binding changes.
  const bool same_format = a.size == size && a.type == type && a.normalized == normalized && a.integer == integer &&
                           a.is_long == is_long && a.relative_offset == 0 && a.binding == index;
  const auto offset = static_cast<GLintptr>(reinterpret_cast<uintptr_t>(pointer));
  const GLsizei binding_stride = stride ? stride : static_cast<GLsizei>(element_size(type, size));
  if (same_format) vertex_buffer_changed(ctx, vao, index, ctx.buffers.array.get(), offset, binding_stride);
  else ctx.dirty(kDirtyVertexInput);
  set_format(a, size, type, normalized, integer, is_long, 0);
  a.binding = index;
  a.stride = stride;
  a.pointer = pointer;
  VertexBufferBinding& b = vao.bindings[index];
  bind(b.buffer, ctx.buffers.array.get());
  b.offset = offset;
  b.stride = binding_stride;
}

void attrib_format(Context& ctx, GLuint index, GLint size, GLenum type, bool normalized, bool integer,
                   GLuint relative_offset, bool is_long) {
  if (!not_default_vao(ctx)) return;
  vertex_array_attrib_format(ctx, *ctx.vertex_array, index, size, type, normalized, integer, relative_offset, is_long);
}

// --- the ES 3.1 / GL 4.3 binding model's commands on one vertex array
// object: the bound one, or the one a direct state access command names ---

void vertex_array_attrib_format(Context& ctx, VertexArray& vao, GLuint index, GLint size, GLenum type,
                                bool normalized, bool integer, GLuint relative_offset, bool is_long) {
  if (!valid_index(ctx, index)) return;
  if (const GLenum e = check_format(size, &type, integer, is_long, ctx.desktop())) return ctx.set_error(e);
  if (relative_offset > static_cast<GLuint>(kMaxVertexAttribRelativeOffset)) return ctx.set_error(GL_INVALID_VALUE);
  set_format(vao.attribs[index], size, type, normalized, integer, is_long, relative_offset);
  ctx.dirty(kDirtyVertexInput);
}

void vertex_array_attrib_binding(Context& ctx, VertexArray& vao, GLuint attribindex, GLuint bindingindex) {
  if (!valid_index(ctx, attribindex) || !valid_binding(ctx, bindingindex)) return;
  vao.attribs[attribindex].binding = bindingindex;
  ctx.dirty(kDirtyVertexInput);
}

void vertex_array_vertex_buffer(Context& ctx, VertexArray& vao, GLuint bindingindex, GLuint buffer, GLintptr offset,
                                GLsizei stride) {
  if (!valid_binding(ctx, bindingindex)) return;
  if (offset < 0 || stride < 0 || stride > kMaxVertexAttribStride) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Buffer> b;
  if (buffer != 0) {
    // Names from glGenBuffers only (ES 3.1 §10.3.1), unlike glBindBuffer:
    // an unknown or deleted name is INVALID_OPERATION; a generated name gets
    // its object now, as glBindBuffer would.
    ShareGroup& sg = ctx.share_group();
    b = sg.buffers.get_or_create(buffer, false, [](GLuint n) { return make_ref<Buffer>(n); });
    if (!b) return ctx.set_error(sg.buffers.is_name(buffer) ? GL_OUT_OF_MEMORY : GL_INVALID_OPERATION);
  }
  vertex_buffer_changed(ctx, vao, bindingindex, b.get(), offset, stride);
  VertexBufferBinding& vb = vao.bindings[bindingindex];
  bind(vb.buffer, b);
  vb.offset = offset;
  vb.stride = stride;
}

void vertex_array_binding_divisor(Context& ctx, VertexArray& vao, GLuint bindingindex, GLuint divisor) {
  if (!valid_binding(ctx, bindingindex)) return;
  vao.bindings[bindingindex].divisor = divisor;
  ctx.dirty(kDirtyVertexInput);
}

void vertex_array_enable_attrib(Context& ctx, VertexArray& vao, GLuint index, bool enabled) {
  if (!valid_index(ctx, index)) return;
  vao.attribs[index].enabled = enabled;
  if (enabled) vao.enabled_mask |= 1u << index;
  else vao.enabled_mask &= ~(1u << index);
  ctx.dirty(kDirtyVertexInput);
}

// GetVertexAttrib*: the array state as integers, or false for CURRENT_VERTEX_ATTRIB / unknown.
// The buffer and divisor are those of the binding the attribute reads.
bool attrib_state(Context& ctx, GLuint index, GLenum pname, GLint* out) {
  return vertex_array_attrib_state(ctx, *ctx.vertex_array, index, pname, out);
}

bool vertex_array_attrib_state(const Context& ctx, const VertexArray& vao, GLuint index, GLenum pname, GLint* out) {
  const VertexAttrib& a = vao.attribs[index];
  const VertexBufferBinding& b = vao.bindings[a.binding];
  switch (pname) {
    case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: *out = b.buffer ? static_cast<GLint>(b.buffer->name()) : 0; return true;
    case GL_VERTEX_ATTRIB_ARRAY_ENABLED: *out = a.enabled; return true;
    case GL_VERTEX_ATTRIB_ARRAY_SIZE: *out = a.size; return true;
    case GL_VERTEX_ATTRIB_ARRAY_STRIDE: *out = a.stride; return true;
    case GL_VERTEX_ATTRIB_ARRAY_TYPE: *out = static_cast<GLint>(a.type); return true;
    case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: *out = a.normalized; return true;
    case GL_VERTEX_ATTRIB_ARRAY_INTEGER: *out = a.integer; return true;
    case GL_VERTEX_ATTRIB_ARRAY_DIVISOR: *out = static_cast<GLint>(b.divisor); return true;
    case GL_VERTEX_ATTRIB_BINDING: *out = static_cast<GLint>(a.binding); return true;
    case GL_VERTEX_ATTRIB_RELATIVE_OFFSET: *out = static_cast<GLint>(a.relative_offset); return true;
    // GL 4.6 table 23.5 (ARB_vertex_attrib_64bit); ES has no such state.
    case GL_VERTEX_ATTRIB_ARRAY_LONG:
      if (!ctx.desktop()) return false;
      *out = a.is_long;
      return true;
    default: return false;
  }
}

bool valid_attrib_index(Context& ctx, GLuint index) { return valid_index(ctx, index); }

namespace {

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

int vertex_binding_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[1]) {
  switch (pname) {
    case GL_VERTEX_BINDING_BUFFER: case GL_VERTEX_BINDING_OFFSET: case GL_VERTEX_BINDING_STRIDE:
    case GL_VERTEX_BINDING_DIVISOR:
      break;
    default: return -1;
  }
  if (!valid_binding(ctx, index)) return 0;
  const VertexBufferBinding& b = ctx.vertex_array->bindings[index];
  switch (pname) {
    case GL_VERTEX_BINDING_BUFFER: out[0] = b.buffer ? b.buffer->name() : 0; break;
    case GL_VERTEX_BINDING_OFFSET: out[0] = b.offset; break;
    case GL_VERTEX_BINDING_STRIDE: out[0] = b.stride; break;
    default: out[0] = b.divisor; break;
  }
  return 1;
}

namespace api {

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
    // Per context: the table's reference keeps it.
    v = ctx.vertex_array_objects.get_or_create(array, false, [](GLuint n) { return make_ref<VertexArray>(n); }).get();
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
  if (!vao_bound(ctx)) return;
  vertex_array_enable_attrib(ctx, *ctx.vertex_array, index, true);
}

void DisableVertexAttribArray(Context& ctx, GLuint index) {
  if (!vao_bound(ctx)) return;
  vertex_array_enable_attrib(ctx, *ctx.vertex_array, index, false);
}

void VertexAttribDivisor(Context& ctx, GLuint index, GLuint divisor) {
  if (!vao_bound(ctx) || !valid_index(ctx, index)) return;
  // ES 3.1 §10.3.2: VertexAttribBinding(index, index) and
  // VertexBindingDivisor(index, divisor), in any VAO.
  VertexArray& vao = *ctx.vertex_array;
  vao.attribs[index].binding = index;
  vao.bindings[index].divisor = divisor;
  ctx.dirty(kDirtyVertexInput);
}

// --- ES 3.1 vertex attribute binding (§10.3.1) ---

void VertexAttribFormat(Context& ctx, GLuint attribindex, GLint size, GLenum type, GLboolean normalized,
                        GLuint relativeoffset) {
  attrib_format(ctx, attribindex, size, type, normalized != GL_FALSE, false, relativeoffset);
}

void VertexAttribIFormat(Context& ctx, GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset) {
  attrib_format(ctx, attribindex, size, type, false, true, relativeoffset);
}

void VertexAttribBinding(Context& ctx, GLuint attribindex, GLuint bindingindex) {
  if (!not_default_vao(ctx)) return;
  vertex_array_attrib_binding(ctx, *ctx.vertex_array, attribindex, bindingindex);
}

void BindVertexBuffer(Context& ctx, GLuint bindingindex, GLuint buffer, GLintptr offset, GLsizei stride) {
  if (!not_default_vao(ctx)) return;
  vertex_array_vertex_buffer(ctx, *ctx.vertex_array, bindingindex, buffer, offset, stride);
}

void VertexBindingDivisor(Context& ctx, GLuint bindingindex, GLuint divisor) {
  if (!not_default_vao(ctx)) return;
  vertex_array_binding_divisor(ctx, *ctx.vertex_array, bindingindex, divisor);
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

// Desktop only (GL 4.6 §10.5): the float query's values, widened.
void GetVertexAttribdv(Context& ctx, GLuint index, GLenum pname, GLdouble* params) {
  get_attrib(ctx, index, pname, params, [](const GenericAttrib& g, GLdouble* out) {
    for (int i = 0; i < 4; ++i)
      out[i] = g.kind == GenericAttrib::Float ? g.f[i]
               : g.kind == GenericAttrib::Int ? static_cast<GLdouble>(g.i[i])
                                              : static_cast<GLdouble>(g.u[i]);
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
  if (!vao_bound(ctx) || !valid_index(ctx, index)) return;
  if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) return ctx.set_error(GL_INVALID_ENUM);
  if (pointer) *pointer = const_cast<void*>(ctx.vertex_array->attribs[index].pointer);
}

}  // namespace api
}  // namespace brass::gl
