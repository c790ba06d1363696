// glArrayElement (GL 4.6 compatibility §10.8, GL 2.1 §2.8): element i of
// every enabled array becomes the current value of its attribute, as the
// matching glColor / glVertexAttrib / ... command would set it, the
// position last: between glBegin and glEnd that emits a vertex. Arrays
// are read where they are, in client memory or (waiting for the GPU) in
// their buffer object.
#include <algorithm>
#include <cstring>

#include "gl/compat/immediate_mode.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"
#include "util/range.h"

namespace brass::gl::compat {

namespace {

// Element `i` of an array as four 32-bit components; the components it
// lacks are (0, 0, 0, 1). False when it cannot be read (no storage,
// outside its buffer, a null client address).
bool fetch_element(Context& ctx, const VertexAttrib& a, const VertexBufferBinding& b, GLint i, uint32_t out[4]) {
  const GLfloat defaults[4] = {0, 0, 0, 1};
  std::memcpy(out, defaults, sizeof defaults);
  if (a.integer) out[3] = 1;
  const uint64_t size = element_size(a.type, a.size);
  const uint64_t stride = static_cast<uint64_t>(std::max<GLsizei>(b.stride, 0));
  const uint64_t base = static_cast<uint64_t>(b.offset) + a.relative_offset;
  const uint64_t step = static_cast<uint64_t>(i) * stride;  // < 2^31 * 2^31: no overflow
  if (base > UINT64_MAX - step) return false;
  const uint64_t offset = base + step;
  uint8_t bytes[32] = {};
  if (size > sizeof bytes) return false;
  if (Buffer* buffer = b.buffer.get()) {
    if (!buffer->resource || !range_fits<uint64_t>(offset, size, static_cast<uint64_t>(std::max<GLsizeiptr>(buffer->size, 0))))
      return false;
    if (!read_buffer(ctx, *buffer, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(size), bytes)) return false;
  } else {
    if (b.offset == 0) return false;
    std::memcpy(bytes, reinterpret_cast<const void*>(static_cast<uintptr_t>(offset)), size);
  }
  decode_vertex_element(a, bytes, out);
  return true;
}

}  // namespace

}  // namespace brass::gl::compat

namespace brass::gl::api {

void ArrayElement(Context& ctx, GLint i) {
  if (i < 0) return ctx.set_error(GL_INVALID_VALUE);
  VertexArray& vao = *ctx.vertex_array;
  if (!check_vertex_arrays(ctx)) return;
  uint32_t v[4];
  // Generic arrays 1 and up: their current values (glVertexAttrib).
  for (uint32_t bits = vao.enabled_mask & ~1u; bits; bits &= bits - 1) {
    const unsigned index = static_cast<unsigned>(__builtin_ctz(bits));
    const VertexAttrib& a = vao.attribs[index];
    if (!compat::fetch_element(ctx, a, vao.binding(a.binding), i, v)) continue;
    compat::immediate_generic_attrib(ctx, index, v);
    GenericAttrib& g = ctx.generic_attribs[index];
    g.kind = !a.integer ? GenericAttrib::Float
             : (a.type == GL_BYTE || a.type == GL_SHORT || a.type == GL_INT) ? GenericAttrib::Int
                                                                            : GenericAttrib::Uint;
    std::memcpy(g.f, v, sizeof v);
    ctx.vertex_input.generic_dirty = true;
  }
  // Conventional arrays but the position.
  for (uint32_t bits = vao.conventional_enabled & ~(1u << compat::kVertex); bits; bits &= bits - 1) {
    const unsigned a = static_cast<unsigned>(__builtin_ctz(bits));
    if (!compat::fetch_element(ctx, vao.conventional[a], vao.conventional_bindings[a], i, v)) continue;
    if (ctx.vertex_spec.inside_begin_end()) compat::immediate_attrib_changing(ctx, compat::kConventionalIndexBase + a);
    std::memcpy(ctx.vertex_spec.current[a].data(), v, sizeof v);
    ctx.vertex_input.generic_dirty = true;
  }
  // The position: generic array 0 where enabled, else the vertex array.
  const VertexAttrib* pos = nullptr;
  const VertexBufferBinding* pos_binding = nullptr;
  if (vao.enabled_mask & 1u) {
    pos = &vao.attribs[0];
    pos_binding = &vao.binding(pos->binding);
  } else if (vao.conventional_enabled & (1u << compat::kVertex)) {
    pos = &vao.conventional[compat::kVertex];
    pos_binding = &vao.conventional_bindings[compat::kVertex];
  }
  if (!pos || !compat::fetch_element(ctx, *pos, *pos_binding, i, v)) return;
  GLfloat f[4];
  std::memcpy(f, v, sizeof f);
  compat::emit_vertex(ctx, f[0], f[1], f[2], f[3]);
}

}  // namespace brass::gl::api
