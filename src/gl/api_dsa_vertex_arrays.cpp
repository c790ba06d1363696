// Direct state access to vertex array objects (ARB_direct_state_access,
// GL 4.6 §10.3.1-10.3.2, §10.4): glCreateVertexArrays and the
// glVertexArray* / glGetVertexArray* commands, which change or read the
// named vertex array object with the same steps as the commands on the
// bound one (api_vertex_arrays.cpp, api_multi_bind.cpp). A name without an
// object (never created or bound, or deleted) is INVALID_OPERATION.
#include "gl/context.h"
#include "gl/vertex_array.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// Vertex array objects are per context (not shared).
Ref<VertexArray> named_vertex_array(Context& ctx, GLuint name) {
  Ref<VertexArray> v = name != 0 ? ctx.vertex_array_objects.lookup(name) : Ref<VertexArray>();
  if (!v) ctx.set_error(GL_INVALID_OPERATION);
  return v;
}

}  // namespace

void CreateVertexArrays(Context& ctx, GLsizei n, GLuint* arrays) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !arrays) return;
  if (!ctx.vertex_array_objects.create_many(n, arrays, [](GLuint name) { return make_ref<VertexArray>(name); }))
    ctx.set_error(GL_OUT_OF_MEMORY);
}

void EnableVertexArrayAttrib(Context& ctx, GLuint vaobj, GLuint index) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj)) vertex_array_enable_attrib(ctx, *v, index, true);
}

void DisableVertexArrayAttrib(Context& ctx, GLuint vaobj, GLuint index) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj)) vertex_array_enable_attrib(ctx, *v, index, false);
}

// The buffer must exist or have been generated (GL 4.6 §10.3.9), as for
// glBindBuffer in the core profile.
void VertexArrayElementBuffer(Context& ctx, GLuint vaobj, GLuint buffer) {
  const Ref<VertexArray> v = named_vertex_array(ctx, vaobj);
  if (!v) return;
  Ref<Buffer> b;
  if (buffer != 0) {
    ShareGroup& sg = ctx.share_group();
    b = sg.buffers.get_or_create(buffer, false, [](GLuint n) { return make_ref<Buffer>(n); });
    if (!b) return ctx.set_error(sg.buffers.is_name(buffer) ? GL_OUT_OF_MEMORY : GL_INVALID_OPERATION);
  }
  bind(v->element_buffer, std::move(b));
  ctx.dirty(kDirtyVertexInput);
}

void VertexArrayVertexBuffer(Context& ctx, GLuint vaobj, GLuint bindingindex, GLuint buffer, GLintptr offset,
                             GLsizei stride) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_vertex_buffer(ctx, *v, bindingindex, buffer, offset, stride);
}

void VertexArrayVertexBuffers(Context& ctx, GLuint vaobj, GLuint first, GLsizei count, const GLuint* buffers,
                              const GLintptr* offsets, const GLsizei* strides) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_vertex_buffers(ctx, *v, first, count, buffers, offsets, strides);
}

void VertexArrayAttribBinding(Context& ctx, GLuint vaobj, GLuint attribindex, GLuint bindingindex) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_attrib_binding(ctx, *v, attribindex, bindingindex);
}

void VertexArrayAttribFormat(Context& ctx, GLuint vaobj, GLuint attribindex, GLint size, GLenum type,
                             GLboolean normalized, GLuint relativeoffset) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_attrib_format(ctx, *v, attribindex, size, type, normalized != GL_FALSE, false, relativeoffset, false);
}

void VertexArrayAttribIFormat(Context& ctx, GLuint vaobj, GLuint attribindex, GLint size, GLenum type,
                              GLuint relativeoffset) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_attrib_format(ctx, *v, attribindex, size, type, false, true, relativeoffset, false);
}

void VertexArrayAttribLFormat(Context& ctx, GLuint vaobj, GLuint attribindex, GLint size, GLenum type,
                              GLuint relativeoffset) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_attrib_format(ctx, *v, attribindex, size, type, false, false, relativeoffset, true);
}

void VertexArrayBindingDivisor(Context& ctx, GLuint vaobj, GLuint bindingindex, GLuint divisor) {
  if (const Ref<VertexArray> v = named_vertex_array(ctx, vaobj))
    vertex_array_binding_divisor(ctx, *v, bindingindex, divisor);
}

// GL 4.6 §10.5: the one vertex array state that is not per attribute.
void GetVertexArrayiv(Context& ctx, GLuint vaobj, GLenum pname, GLint* param) {
  const Ref<VertexArray> v = named_vertex_array(ctx, vaobj);
  if (!v) return;
  if (pname != GL_ELEMENT_ARRAY_BUFFER_BINDING) return ctx.set_error(GL_INVALID_ENUM);
  if (param) *param = v->element_buffer ? static_cast<GLint>(v->element_buffer->name()) : 0;
}

// An attribute's state (GL 4.6 §10.5): the pnames of GetVertexAttribiv but
// the buffer binding and the current value.
void GetVertexArrayIndexediv(Context& ctx, GLuint vaobj, GLuint index, GLenum pname, GLint* param) {
  const Ref<VertexArray> v = named_vertex_array(ctx, vaobj);
  if (!v) return;
  if (!valid_attrib_index(ctx, index)) return;
  GLint value = 0;
  if (pname == GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING || pname == GL_VERTEX_ATTRIB_BINDING ||
      !vertex_array_attrib_state(ctx, *v, index, pname, &value))
    return ctx.set_error(GL_INVALID_ENUM);
  if (param) *param = value;
}

// A vertex buffer binding's offset, the one 64-bit value (GL 4.6 §10.5).
void GetVertexArrayIndexed64iv(Context& ctx, GLuint vaobj, GLuint index, GLenum pname, GLint64* param) {
  const Ref<VertexArray> v = named_vertex_array(ctx, vaobj);
  if (!v) return;
  if (pname != GL_VERTEX_BINDING_OFFSET) return ctx.set_error(GL_INVALID_ENUM);
  if (index >= kMaxVertexAttribBindings) return ctx.set_error(GL_INVALID_VALUE);
  if (param) *param = v->bindings[index].offset;
}

}  // namespace brass::gl::api
