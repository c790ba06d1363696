// The draw path in SELECT and FEEDBACK render modes (GL 4.6 compatibility
// §20): instead of rasterizing, each vertex the draw names is fetched on
// the CPU (its enabled arrays, else the current values), run through the
// fixed-function vertex pipeline (cpu_vertex.h), and the primitives go to
// select_feedback_primitives. Primitive restart splits them as it would
// on the GPU. Selection and feedback are never the rendering path, so
// this allocates freely.
#include "gl/compat/select_feedback_draw.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "gl/compat/cpu_vertex.h"
#include "gl/compat/select_feedback.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "util/range.h"

namespace brass::gl {

namespace {

// Element `i` of an array as four floats ((0, 0, 0, 1) where it lacks
// components); false when it cannot be read.
bool fetch(Context& ctx, const VertexAttrib& a, const VertexBufferBinding& b, uint32_t i, GLfloat out[4]) {
  uint32_t raw[4];
  const GLfloat defaults[4] = {0, 0, 0, 1};
  std::memcpy(raw, defaults, sizeof raw);
  const uint64_t size = element_size(a.type, a.size);
  const uint64_t stride = static_cast<uint64_t>(std::max<GLsizei>(b.stride, 0));
  const uint64_t base = static_cast<uint64_t>(b.offset) + a.relative_offset;
  const uint64_t step = static_cast<uint64_t>(i) * stride;  // < 2^32 * 2^31: no overflow
  if (base > UINT64_MAX - step) return false;
  const uint64_t offset = base + step;
  uint8_t bytes[32] = {};
  if (size > sizeof bytes) return false;
  if (Buffer* buffer = b.buffer.get()) {
    if (!buffer->resource ||
        !range_fits<uint64_t>(offset, size, static_cast<uint64_t>(std::max<GLsizeiptr>(buffer->size, 0))))
      return false;
    if (!read_buffer(ctx, *buffer, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(size), bytes)) return false;
  } else {
    if (b.offset == 0) return false;
    std::memcpy(bytes, reinterpret_cast<const void*>(static_cast<uintptr_t>(offset)), size);
  }
  decode_vertex_element(a, bytes, raw);
  if (a.integer) {
    // Integer arrays of conventional attributes do not exist; a generic
    // integer position reads as its value.
    for (int c = 0; c < 4; ++c) out[c] = static_cast<GLfloat>(static_cast<int32_t>(raw[c]));
    return true;
  }
  std::memcpy(out, raw, sizeof raw);
  return true;
}

// One vertex's attributes: from the enabled arrays, else current values.
bool vertex_attributes(Context& ctx, uint32_t i, compat::VertexAttributes* out, bool* edge_flag) {
  const VertexArray& vao = *ctx.vertex_array;
  const auto& current = ctx.vertex_spec.current;
  auto conventional = [&](unsigned a, GLfloat v[4]) {
    if (vao.conventional_enabled & (1u << a)) {
      const VertexAttrib& attr = vao.conventional[a];
      if (fetch(ctx, attr, vao.binding(attr.binding), i, v)) return;
    }
    std::copy(current[a].begin(), current[a].end(), v);
  };
  GLfloat v[4];
  // The position: generic array 0 where enabled, else the vertex array; a
  // draw without either has no vertices.
  if (vao.enabled_mask & 1u) {
    if (!fetch(ctx, vao.attribs[0], vao.binding(vao.attribs[0].binding), i, v)) return false;
  } else if (vao.conventional_enabled & (1u << compat::kVertex)) {
    const VertexAttrib& attr = vao.conventional[compat::kVertex];
    if (!fetch(ctx, attr, vao.binding(attr.binding), i, v)) return false;
  } else {
    return false;
  }
  out->position = {v[0], v[1], v[2], v[3]};
  conventional(compat::kNormal, v);
  out->normal = {v[0], v[1], v[2], 0};
  conventional(compat::kColor, v);
  out->color = {v[0], v[1], v[2], v[3]};
  conventional(compat::kSecondaryColor, v);
  out->secondary_color = {v[0], v[1], v[2], v[3]};
  conventional(compat::kFogCoord, v);
  out->fog_coord = v[0];
  for (unsigned t = 0; t < compat::kMaxTextureCoords; ++t) {
    conventional(compat::kTexCoord0 + t, v);
    out->texcoord[t] = {v[0], v[1], v[2], v[3]};
  }
  conventional(compat::kEdgeFlag, v);
  *edge_flag = v[0] != 0;
  return true;
}

FeedbackVertex feedback_vertex(Context& ctx, const compat::VertexAttributes& a, bool edge_flag) {
  const compat::ProcessedVertex p = compat::process_vertex_on_cpu(ctx.compat_state, a);
  FeedbackVertex f;
  for (int c = 0; c < 4; ++c) {
    f.clip[c] = p.clip[c];
    f.color[c] = p.front_color[c];
    f.texcoord[c] = p.texcoord[0][c];
  }
  // The enabled client clip planes' distances (eye position · plane).
  for (int k = 0; k < compat::kMaxClipPlanes && k < kFeedbackMaxClipPlanes; ++k) {
    if (!ctx.ff.clip_distance[k]) continue;
    const compat::Vec4& plane = ctx.compat_state.clip_planes[k];
    f.clip_distance[f.clip_planes++] =
        p.eye[0] * plane[0] + p.eye[1] * plane[1] + p.eye[2] * plane[2] + p.eye[3] * plane[3];
  }
  f.edge_flag = edge_flag;
  return f;
}

}  // namespace

void select_feedback_draw(Context& ctx, GLenum mode, GLint first, GLsizei count, GLenum index_type,
                          const void* indices, GLint base_vertex, GLsizei instances) {
  if (count <= 0 || instances <= 0) return;
  const size_t n = static_cast<size_t>(count);
  // The vertex numbers: first + k, or the indices (element buffer or
  // client memory) plus the base vertex.
  std::vector<uint32_t> ids(n);
  const uint32_t isize = index_type == GL_UNSIGNED_BYTE ? 1u : index_type == GL_UNSIGNED_SHORT ? 2u : 4u;
  if (index_type == GL_NONE) {
    for (size_t k = 0; k < n; ++k) ids[k] = static_cast<uint32_t>(first) + static_cast<uint32_t>(k);
  } else {
    std::vector<uint8_t> raw(n * isize);
    if (Buffer* eb = ctx.vertex_array->element_buffer.get()) {
      const uintptr_t offset = reinterpret_cast<uintptr_t>(indices);
      if (!range_fits<uint64_t>(offset, raw.size(), static_cast<uint64_t>(std::max<GLsizeiptr>(eb->size, 0))) ||
          !read_buffer(ctx, *eb, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(raw.size()), raw.data()))
        return;
    } else {
      if (!indices) return;
      std::memcpy(raw.data(), indices, raw.size());
    }
    for (size_t k = 0; k < n; ++k) {
      uint32_t v = 0;
      if (isize == 1) v = raw[k];
      else if (isize == 2) v = static_cast<uint32_t>(raw[2 * k]) | static_cast<uint32_t>(raw[2 * k + 1]) << 8;
      else std::memcpy(&v, &raw[4 * k], 4);
      ids[k] = v;
    }
  }
  // Primitive restart (indexed draws): the restart index ends a primitive.
  const bool restart = index_type != GL_NONE && (ctx.ff.primitive_restart || ctx.ff.primitive_restart_fixed_index);
  const uint32_t all_ones = isize == 1 ? 0xffu : isize == 2 ? 0xffffu : 0xffffffffu;
  const uint32_t restart_index = ctx.ff.primitive_restart_fixed_index ? all_ones : ctx.ff.primitive_restart_index;
  std::vector<FeedbackVertex> run;
  run.reserve(n);
  for (GLsizei instance = 0; instance < instances; ++instance) {
    run.clear();
    for (size_t k = 0; k < n; ++k) {
      if (restart && ids[k] == restart_index) {
        select_feedback_primitives(ctx, mode, run.data(), run.size());
        run.clear();
        continue;
      }
      const int64_t id = static_cast<int64_t>(ids[k]) + (index_type != GL_NONE ? base_vertex : 0);
      if (id < 0 || id > 0xffffffffll) continue;
      compat::VertexAttributes a;
      bool edge_flag = true;
      if (!vertex_attributes(ctx, static_cast<uint32_t>(id), &a, &edge_flag)) continue;
      run.push_back(feedback_vertex(ctx, a, edge_flag));
    }
    select_feedback_primitives(ctx, mode, run.data(), run.size());
  }
}

}  // namespace brass::gl
