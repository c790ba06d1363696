// glBegin / glEnd (GL 4.6 compatibility §10.7; GL 2.1 §2.6): vertices are
// collected in per-attribute columns (vertex_spec_state.h, ImmediateMode)
// and drawn at glEnd as client arrays of an internal vertex array object,
// through the ordinary draw path (so programs, fixed-function shaders,
// legacy primitives and every draw-time check apply unchanged).
// glRect and glArrayElement are defined by the spec in terms of them.
#include "gl/compat/immediate_mode.h"

#include <cstring>

#include "gl/compat/legacy_enums.h"
#include "gl/compat/legacy_primitives.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"
#include "util/range.h"

namespace brass::gl::compat {

namespace {

constexpr unsigned kPositionIndex = kConventionalIndexBase + kVertex;

// The current value of attribute index `index` as 16 bytes (the position's
// is generic 0's: they alias).
const void* current_value(const Context& ctx, unsigned index) {
  if (index < kConventionalIndexBase) return ctx.generic_attribs[index].f;
  if (index == kPositionIndex) return ctx.generic_attribs[0].f;
  return ctx.vertex_spec.current[index - kConventionalIndexBase].data();
}

void push_value(std::vector<uint32_t>& column, const void* value16) {
  const size_t at = column.size();
  column.resize(at + 4);
  std::memcpy(column.data() + at, value16, 16);
}

// Whether `mode` is a primitive glBegin takes in this context: those a
// draw takes (the adjacency ones and patches only where geometry and
// tessellation shaders exist), and the legacy ones.
bool begin_mode_ok(const Context& ctx, GLenum mode) {
  switch (mode) {
    case GL_POINTS: case GL_LINES: case GL_LINE_LOOP: case GL_LINE_STRIP: case GL_TRIANGLES: case GL_TRIANGLE_STRIP:
    case GL_TRIANGLE_FAN: case GL_QUADS: case GL_QUAD_STRIP: case GL_POLYGON:
      return true;
    case GL_LINES_ADJACENCY: case GL_LINE_STRIP_ADJACENCY: case GL_TRIANGLES_ADJACENCY:
    case GL_TRIANGLE_STRIP_ADJACENCY:
      return ctx.geometry_shaders();
    case GL_PATCHES: return ctx.tessellation_shaders();
    default: return false;
  }
}

// Points the internal vertex array object's array `attrib` (with its
// binding) at a column of 16-byte values.
void point_at_column(VertexAttrib& attrib, VertexBufferBinding& binding, const std::vector<uint32_t>& column,
                     GLenum type) {
  attrib.enabled = true;
  attrib.size = 4;
  attrib.type = type;
  attrib.normalized = false;
  attrib.integer = type != GL_FLOAT;
  attrib.is_long = false;
  attrib.relative_offset = 0;
  attrib.stride = 16;
  attrib.pointer = column.data();
  binding.buffer.reset();
  binding.offset = static_cast<GLintptr>(reinterpret_cast<uintptr_t>(column.data()));
  binding.stride = 16;
  binding.divisor = 0;
}

// Draws the collected vertices: the internal vertex array object gets one
// client array per column (the others disabled, so their current values
// apply), is bound for one glDrawArrays and unbound again.
void draw_collected(Context& ctx) {
  ImmediateMode& im = ctx.vertex_spec.immediate;
  if (!im.vao) {
    im.vao = make_ref<VertexArray>(0);
    if (!im.vao) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  VertexArray& vao = *im.vao;
  vao.enabled_mask = 0;
  vao.conventional_enabled = 0;
  for (VertexAttrib& a : vao.attribs) a.enabled = false;
  for (VertexAttrib& a : vao.conventional) a.enabled = false;
  for (uint32_t bits = im.varying; bits; bits &= bits - 1) {
    const unsigned index = static_cast<unsigned>(__builtin_ctz(bits));
    if (index < kConventionalIndexBase) {
      const uint8_t kind = im.generic_kind[index];
      const GLenum type = kind == GenericAttrib::Int ? GL_INT : kind == GenericAttrib::Uint ? GL_UNSIGNED_INT : GL_FLOAT;
      point_at_column(vao.attribs[index], vao.bindings[index], im.columns[index], type);
      vao.attribs[index].binding = index;
      vao.enabled_mask |= 1u << index;
    } else {
      const unsigned a = index - kConventionalIndexBase;
      point_at_column(vao.conventional[a], vao.conventional_bindings[a], im.columns[index], GL_FLOAT);
      vao.conventional_enabled |= 1u << a;
    }
  }
  // The position is generic attribute 0 too: a program reading a generic
  // input at location 0 gets the vertices glVertex gave (GL 4.6
  // compatibility §10.2: they alias).
  point_at_column(vao.attribs[0], vao.bindings[0], im.columns[kPositionIndex], GL_FLOAT);
  vao.attribs[0].binding = 0;
  vao.enabled_mask |= 1u;

  Ref<VertexArray> app_vao = ctx.vertex_array;
  bind(ctx.vertex_array, im.vao.get());
  ctx.dirty(kDirtyVertexInput);
  api::DrawArrays(ctx, im.mode, 0, static_cast<GLsizei>(im.vertex_count));
  bind(ctx.vertex_array, app_vao.get());
  ctx.dirty(kDirtyVertexInput);
}

}  // namespace

bool refuse_inside_begin_end(Context& ctx) {
  if (!ctx.vertex_spec.inside_begin_end()) return false;
  ctx.set_error(GL_INVALID_OPERATION);
  return true;
}

void immediate_attrib_changing(Context& ctx, unsigned index) {
  ImmediateMode& im = ctx.vertex_spec.immediate;
  const uint32_t bit = 1u << index;
  if (im.varying & bit) return;
  im.varying |= bit;
  std::vector<uint32_t>& column = im.columns[index];
  column.clear();
  const void* value = current_value(ctx, index);
  for (uint32_t v = 0; v < im.vertex_count; ++v) push_value(column, value);
}

void emit_vertex(Context& ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w) {
  GenericAttrib& g0 = ctx.generic_attribs[0];
  g0.kind = GenericAttrib::Float;
  g0.f[0] = x;
  g0.f[1] = y;
  g0.f[2] = z;
  g0.f[3] = w;
  ctx.vertex_input.generic_dirty = true;
  ImmediateMode& im = ctx.vertex_spec.immediate;
  if (!im.active) return;
  // The position column always varies; every column gets this vertex's
  // current value.
  for (uint32_t bits = im.varying; bits; bits &= bits - 1) {
    const unsigned index = static_cast<unsigned>(__builtin_ctz(bits));
    push_value(im.columns[index], current_value(ctx, index));
  }
  ++im.vertex_count;
}

bool immediate_generic_attrib(Context& ctx, GLuint index, const void* value16) {
  ImmediateMode& im = ctx.vertex_spec.immediate;
  if (index == 0 && im.active) {
    GLfloat v[4];
    std::memcpy(v, value16, sizeof v);
    emit_vertex(ctx, v[0], v[1], v[2], v[3]);
    return true;
  }
  if (im.active) immediate_attrib_changing(ctx, index);
  return false;
}

}  // namespace brass::gl::compat

namespace brass::gl::api {

void Begin(Context& ctx, GLenum mode) {
  compat::ImmediateMode& im = ctx.vertex_spec.immediate;
  if (im.active) return ctx.set_error(GL_INVALID_OPERATION);
  if (!compat::begin_mode_ok(ctx, mode)) return ctx.set_error(GL_INVALID_ENUM);
  im.active = true;
  im.mode = mode;
  im.vertex_count = 0;
  im.varying = 1u << compat::kPositionIndex;
  im.columns[compat::kPositionIndex].clear();
}

void End(Context& ctx) {
  compat::ImmediateMode& im = ctx.vertex_spec.immediate;
  if (!im.active) return ctx.set_error(GL_INVALID_OPERATION);
  im.active = false;
  // Generic values set between glBegin and glEnd keep their kind for the
  // array their column becomes.
  for (uint32_t bits = im.varying & ((1u << kMaxVertexAttribs) - 1); bits; bits &= bits - 1) {
    const unsigned index = static_cast<unsigned>(__builtin_ctz(bits));
    im.generic_kind[index] = ctx.generic_attribs[index].kind;
  }
  if (im.vertex_count > 0) compat::draw_collected(ctx);
}

// glRect (GL 4.6 compatibility §10.9): Begin(POLYGON), the four corners
// counterclockwise from (x1, y1), End.
void Rectf(Context& ctx, GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  Begin(ctx, GL_POLYGON);
  compat::emit_vertex(ctx, x1, y1, 0, 1);
  compat::emit_vertex(ctx, x2, y1, 0, 1);
  compat::emit_vertex(ctx, x2, y2, 0, 1);
  compat::emit_vertex(ctx, x1, y2, 0, 1);
  End(ctx);
}
void Rectd(Context& ctx, GLdouble x1, GLdouble y1, GLdouble x2, GLdouble y2) {
  Rectf(ctx, static_cast<GLfloat>(x1), static_cast<GLfloat>(y1), static_cast<GLfloat>(x2), static_cast<GLfloat>(y2));
}
void Recti(Context& ctx, GLint x1, GLint y1, GLint x2, GLint y2) {
  Rectf(ctx, static_cast<GLfloat>(x1), static_cast<GLfloat>(y1), static_cast<GLfloat>(x2), static_cast<GLfloat>(y2));
}
void Rects(Context& ctx, GLshort x1, GLshort y1, GLshort x2, GLshort y2) {
  Rectf(ctx, static_cast<GLfloat>(x1), static_cast<GLfloat>(y1), static_cast<GLfloat>(x2), static_cast<GLfloat>(y2));
}
void Rectfv(Context& ctx, const GLfloat* v1, const GLfloat* v2) {
  if (v1 && v2) Rectf(ctx, v1[0], v1[1], v2[0], v2[1]);
}
void Rectdv(Context& ctx, const GLdouble* v1, const GLdouble* v2) {
  if (v1 && v2) Rectd(ctx, v1[0], v1[1], v2[0], v2[1]);
}
void Rectiv(Context& ctx, const GLint* v1, const GLint* v2) {
  if (v1 && v2) Recti(ctx, v1[0], v1[1], v2[0], v2[1]);
}
void Rectsv(Context& ctx, const GLshort* v1, const GLshort* v2) {
  if (v1 && v2) Rects(ctx, v1[0], v1[1], v2[0], v2[1]);
}

}  // namespace brass::gl::api
