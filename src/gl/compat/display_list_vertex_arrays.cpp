// Vertex array draws compiled into a display list (GL 4.6 compatibility
// §21.4: "vertex array pointers are dereferenced when ArrayElement,
// DrawArrays, DrawElements, ... are accumulated into a display list"). The
// arrays are read now, client memory or buffer objects alike, and what the
// draw specifies is recorded as the immediate-mode commands that specify
// the same vertices: glBegin(mode), per vertex the attribute commands of
// the enabled arrays (glNormal3f, glColor4f, glMultiTexCoord4f,
// glVertexAttrib4f, ...) ending with the one that provokes the vertex
// (generic attribute 0, else the vertex array), glEnd. Replaying the list
// then needs none of the arrays, which the application may have changed or
// freed. Errors the draw would generate are recorded to be generated when
// the list executes.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "gl/compat/conventional_attribs.h"
#include "gl/compat/display_list_capture.h"
#include "gl/compat/display_list_enums.h"
#include "gl/context.h"
#include "gl/vertex_array.h"
#include "gl_display_list_commands.h"

namespace brass::gl::compat::dlist {

namespace {

// Bytes of one component of an array of `type` (packed types: the whole
// group), 0 when unknown.
uint32_t component_bytes(GLenum type) {
  switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE: return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_HALF_FLOAT: return 2;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
    case GL_FIXED:
    case GL_INT_2_10_10_10_REV:
    case GL_UNSIGNED_INT_2_10_10_10_REV:
    case GL_UNSIGNED_INT_10F_11F_11F_REV: return 4;
    case GL_DOUBLE: return 8;
    default: return 0;
  }
}

bool packed_type(GLenum type) {
  return type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV ||
         type == GL_UNSIGNED_INT_10F_11F_11F_REV;
}

float half_to_float(uint16_t h) {
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  float v;
  if (exponent == 0)
    v = std::ldexp(float(mantissa), -24);
  else if (exponent == 31)
    v = mantissa ? NAN : INFINITY;
  else
    v = std::ldexp(float(mantissa | 0x400), exponent - 25);
  return (h & 0x8000) ? -v : v;
}

// An unsigned float of `mantissa_bits` and a 5-bit exponent
// (UNSIGNED_INT_10F_11F_11F_REV's components).
float small_float(uint32_t bits, int mantissa_bits) {
  const uint32_t exponent = bits >> mantissa_bits;
  const uint32_t mantissa = bits & ((1u << mantissa_bits) - 1);
  if (exponent == 0) return std::ldexp(float(mantissa), -14 - mantissa_bits);
  if (exponent == 31) return mantissa ? NAN : INFINITY;
  return std::ldexp(float(mantissa | (1u << mantissa_bits)), int(exponent) - 15 - mantissa_bits);
}

// One array as a draw reads it: the attribute's format and where its data
// lies (client memory, or a copy of the buffer range the draw reads).
struct ArraySource {
  const VertexAttrib* attrib = nullptr;
  const uint8_t* base = nullptr;  // element of vertex 0
  uint64_t stride = 0;
  uint32_t element_bytes = 0;
  std::vector<uint8_t> staging;   // buffer data from vertex min_index on
  uint32_t staging_first = 0;     // vertex the staging copy starts at
  bool from_buffer = false;
};

// Reads vertex `v` of `src` as four values (missing ones from (0, 0, 0, 1)).
// Integer attributes keep their bits in `i`.
void fetch(const ArraySource& src, uint32_t v, GLfloat f[4], GLint i[4]) {
  const VertexAttrib& a = *src.attrib;
  f[0] = f[1] = f[2] = 0.0f;
  f[3] = 1.0f;
  i[0] = i[1] = i[2] = 0;
  i[3] = 1;
  const uint8_t* p = src.from_buffer ? src.staging.data() + uint64_t(v - src.staging_first) * src.stride
                                     : src.base + uint64_t(v) * src.stride;
  const bool bgra = a.size == GL_BGRA;
  const int n = bgra ? 4 : std::clamp(a.size, 1, 4);
  if (packed_type(a.type)) {
    uint32_t bits;
    std::memcpy(&bits, p, 4);
    if (a.type == GL_UNSIGNED_INT_10F_11F_11F_REV) {
      f[0] = small_float(bits & 0x7FF, 6);
      f[1] = small_float((bits >> 11) & 0x7FF, 6);
      f[2] = small_float(bits >> 22, 5);
      return;
    }
    const bool is_signed = a.type == GL_INT_2_10_10_10_REV;
    const int widths[4] = {10, 10, 10, 2};
    int shift = 0;
    for (int c = 0; c < n; ++c) {
      const int w = widths[c];
      int32_t value = int32_t((bits >> shift) & ((1u << w) - 1));
      if (is_signed && (value & (1 << (w - 1)))) value -= 1 << w;
      shift += w;
      const float max = is_signed ? float((1 << (w - 1)) - 1) : float((1 << w) - 1);
      f[c] = a.normalized ? (is_signed ? std::max(float(value) / max, -1.0f) : float(value) / max) : float(value);
    }
  } else {
    for (int c = 0; c < n; ++c) {
      const uint8_t* e = p + c * component_bytes(a.type);
      double value = 0;
      int64_t ivalue = 0;
      switch (a.type) {
        case GL_BYTE: { int8_t x; std::memcpy(&x, e, 1); ivalue = x; value = a.normalized ? std::max(x / 127.0, -1.0) : x; break; }
        case GL_UNSIGNED_BYTE: { uint8_t x = *e; ivalue = x; value = a.normalized ? x / 255.0 : x; break; }
        case GL_SHORT: { int16_t x; std::memcpy(&x, e, 2); ivalue = x; value = a.normalized ? std::max(x / 32767.0, -1.0) : x; break; }
        case GL_UNSIGNED_SHORT: { uint16_t x; std::memcpy(&x, e, 2); ivalue = x; value = a.normalized ? x / 65535.0 : x; break; }
        case GL_INT: { int32_t x; std::memcpy(&x, e, 4); ivalue = x; value = a.normalized ? std::max(x / 2147483647.0, -1.0) : x; break; }
        case GL_UNSIGNED_INT: { uint32_t x; std::memcpy(&x, e, 4); ivalue = x; value = a.normalized ? x / 4294967295.0 : x; break; }
        case GL_FLOAT: { float x; std::memcpy(&x, e, 4); value = x; break; }
        case GL_DOUBLE: { double x; std::memcpy(&x, e, 8); value = x; break; }
        case GL_HALF_FLOAT: { uint16_t x; std::memcpy(&x, e, 2); value = half_to_float(x); break; }
        case GL_FIXED: { int32_t x; std::memcpy(&x, e, 4); value = x / 65536.0; break; }
        default: break;
      }
      f[c] = float(value);
      i[c] = GLint(ivalue);
    }
  }
  if (bgra) std::swap(f[0], f[2]);
}

// What a draw reads: each enabled array, in the order its command is
// recorded for a vertex (the provoking one last).
struct DrawSources {
  struct Entry {
    int attrib_index;  // generic 0..15, or kConventionalIndexBase + conventional
    ArraySource source;
  };
  std::vector<Entry> entries;
};

// Finds the enabled arrays of the bound vertex array object and reads the
// buffer ranges vertices [min_index, max_index] lie in. False when a buffer
// cannot be read (error set) or a range lies outside its buffer (the draw
// would read nothing there: the error is recorded).
bool gather_sources(Context& ctx, uint32_t min_index, uint32_t max_index, DrawSources* out) {
  const VertexArray& vao = *ctx.vertex_array;
  auto add = [&](int index, const VertexAttrib& a, const VertexBufferBinding& b) {
    const uint32_t cb = component_bytes(a.type);
    if (!cb) return true;
    DrawSources::Entry e;
    e.attrib_index = index;
    e.source.attrib = &a;
    e.source.element_bytes = packed_type(a.type) ? 4u : cb * uint32_t(a.size == GL_BGRA ? 4 : std::clamp(a.size, 1, 4));
    e.source.stride = uint64_t(std::max<GLsizei>(b.stride, 0));
    if (Buffer* buffer = b.buffer.get()) {
      // first byte and one past the last the draw reads
      const uint64_t begin = uint64_t(b.offset) + a.relative_offset + uint64_t(min_index) * e.source.stride;
      const uint64_t end = uint64_t(b.offset) + a.relative_offset + uint64_t(max_index) * e.source.stride +
                           e.source.element_bytes;
      if (b.offset < 0 || end > uint64_t(buffer->size) || buffer->mapped_exclusively()) {
        record_error(ctx, GL_INVALID_OPERATION);
        return false;
      }
      e.source.from_buffer = true;
      e.source.staging_first = min_index;
      e.source.staging.resize(end - begin);
      if (!read_buffer(ctx, *buffer, GLintptr(begin), GLsizeiptr(end - begin), e.source.staging.data())) {
        ctx.set_error(GL_OUT_OF_MEMORY);
        return false;
      }
    } else {
      // A client array: the binding's offset is the application's pointer.
      e.source.base = reinterpret_cast<const uint8_t*>(uintptr_t(b.offset)) + a.relative_offset;
      if (!e.source.base) return true;
    }
    out->entries.push_back(std::move(e));
    return true;
  };
  // Conventional arrays other than the position, then generic ones, then
  // the position: generic attribute 0 if enabled, else the vertex array.
  for (unsigned c = 0; c < kConventionalCount; ++c) {
    if (c == kVertex || !(vao.conventional_enabled & (1u << c))) continue;
    if (!add(int(kConventionalIndexBase + c), vao.conventional[c], vao.binding(vao.conventional[c].binding)))
      return false;
  }
  for (unsigned g = 1; g < kMaxVertexAttribs; ++g) {
    if (!(vao.enabled_mask & (1u << g))) continue;
    if (!add(int(g), vao.attribs[g], vao.binding(vao.attribs[g].binding))) return false;
  }
  if (vao.enabled_mask & 1u) {
    if (!add(0, vao.attribs[0], vao.binding(vao.attribs[0].binding))) return false;
  } else if (vao.conventional_enabled & (1u << kVertex)) {
    if (!add(int(kConventionalIndexBase + kVertex), vao.conventional[kVertex],
             vao.binding(vao.conventional[kVertex].binding)))
      return false;
  }
  return true;
}

// Records the commands that specify vertex `v`.
void record_vertex(Context& ctx, const DrawSources& sources, uint32_t v) {
  for (const DrawSources::Entry& e : sources.entries) {
    GLfloat f[4];
    GLint i[4];
    fetch(e.source, v, f, i);
    if (e.attrib_index < int(kConventionalIndexBase)) {
      const GLuint index = GLuint(e.attrib_index);
      if (e.source.attrib->integer) {
        if (e.source.attrib->type == GL_UNSIGNED_BYTE || e.source.attrib->type == GL_UNSIGNED_SHORT ||
            e.source.attrib->type == GL_UNSIGNED_INT)
          record_VertexAttribI4ui(ctx, index, GLuint(i[0]), GLuint(i[1]), GLuint(i[2]), GLuint(i[3]));
        else
          record_VertexAttribI4i(ctx, index, i[0], i[1], i[2], i[3]);
      } else {
        record_VertexAttrib4f(ctx, index, f[0], f[1], f[2], f[3]);
      }
      continue;
    }
    const unsigned c = unsigned(e.attrib_index) - kConventionalIndexBase;
    switch (c) {
      case kVertex: record_Vertex4f(ctx, f[0], f[1], f[2], f[3]); break;
      case kNormal: record_Normal3f(ctx, f[0], f[1], f[2]); break;
      case kColor: record_Color4f(ctx, f[0], f[1], f[2], f[3]); break;
      case kSecondaryColor: record_SecondaryColor3f(ctx, f[0], f[1], f[2]); break;
      case kFogCoord: record_FogCoordf(ctx, f[0]); break;
      case kEdgeFlag: record_EdgeFlag(ctx, f[0] != 0.0f ? GL_TRUE : GL_FALSE); break;
      case kColorIndex: record_Indexf(ctx, f[0]); break;
      default:  // texture coordinates of unit c - kTexCoord0
        record_MultiTexCoord4f(ctx, GL_TEXTURE0 + (c - kTexCoord0), f[0], f[1], f[2], f[3]);
        break;
    }
  }
}

// Opens a vertex array draw's commands with Op::ArrayDraw, which at replay
// skips them with INVALID_OPERATION between glBegin and glEnd (a draw is an
// error there; its glBegin/glEnd must not join the primitive being built).
class ArrayDrawGuard {
 public:
  explicit ArrayDrawGuard(Context& ctx) : ctx_(ctx) {
    ctx.display_lists.append(uint16_t(Op::ArrayDraw), sizeof(uint64_t));
    header_ = ctx.display_lists.stream_words() - 2;
  }
  ~ArrayDrawGuard() {
    DisplayListState& s = ctx_.display_lists;
    s.stream_word(header_ + 1) = s.stream_words() - (header_ + 2);
  }
  ArrayDrawGuard(const ArrayDrawGuard&) = delete;
  ArrayDrawGuard& operator=(const ArrayDrawGuard&) = delete;

 private:
  Context& ctx_;
  size_t header_ = 0;
};

bool valid_index_type(GLenum type) {
  return type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT;
}

// The `count` indices of a glDrawElements, from client memory or the
// element array buffer. False when they cannot be read (error recorded or set).
bool read_indices(Context& ctx, GLsizei count, GLenum type, const void* indices, std::vector<uint32_t>* out) {
  const uint32_t size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
  const uint64_t bytes = uint64_t(count) * size;
  std::vector<uint8_t> staging;
  const uint8_t* src = static_cast<const uint8_t*>(indices);
  if (Buffer* buffer = ctx.vertex_array->element_buffer.get()) {
    const uint64_t offset = reinterpret_cast<uintptr_t>(indices);
    if (offset > uint64_t(buffer->size) || bytes > uint64_t(buffer->size) - offset || buffer->mapped_exclusively()) {
      record_error(ctx, GL_INVALID_OPERATION);
      return false;
    }
    staging.resize(bytes);
    if (bytes && !read_buffer(ctx, *buffer, GLintptr(offset), GLsizeiptr(bytes), staging.data())) {
      ctx.set_error(GL_OUT_OF_MEMORY);
      return false;
    }
    src = staging.data();
  } else if (!src) {
    out->clear();
    return true;
  }
  out->resize(size_t(count));
  for (GLsizei k = 0; k < count; ++k) {
    const uint8_t* p = src + uint64_t(k) * size;
    if (size == 1) {
      (*out)[k] = *p;
    } else if (size == 2) {
      uint16_t x;
      std::memcpy(&x, p, 2);
      (*out)[k] = x;
    } else {
      std::memcpy(&(*out)[k], p, 4);
    }
  }
  return true;
}

// Records glBegin(mode), the vertices `indices` (or first .. first + count
// - 1 when null), glEnd.
void record_primitive(Context& ctx, GLenum mode, const std::vector<uint32_t>* indices, uint32_t first, uint32_t count) {
  if (count == 0) return;
  uint32_t min_index = first, max_index = first + count - 1;
  if (indices) {
    min_index = UINT32_MAX;
    max_index = 0;
    for (uint32_t v : *indices) {
      min_index = std::min(min_index, v);
      max_index = std::max(max_index, v);
    }
  }
  DrawSources sources;
  if (!gather_sources(ctx, min_index, max_index, &sources)) return;
  record_Begin(ctx, mode);
  for (uint32_t k = 0; k < count; ++k) record_vertex(ctx, sources, indices ? (*indices)[k] : first + k);
  record_End(ctx);
}

}  // namespace

bool record_ArrayElement(Context& ctx, GLint i) {
  if (i < 0) {
    record_error(ctx, GL_INVALID_VALUE);
    return ctx.display_lists.executes_while_compiling();
  }
  DrawSources sources;
  if (gather_sources(ctx, uint32_t(i), uint32_t(i), &sources)) record_vertex(ctx, sources, uint32_t(i));
  return ctx.display_lists.executes_while_compiling();
}

bool record_DrawArrays(Context& ctx, GLenum mode, GLint first, GLsizei count) {
  const ArrayDrawGuard guard(ctx);
  if (first < 0 || count < 0) {
    record_error(ctx, GL_INVALID_VALUE);
  } else if (uint64_t(first) + uint64_t(count) - (count ? 1 : 0) > UINT32_MAX) {
    record_error(ctx, GL_INVALID_VALUE);
  } else {
    record_primitive(ctx, mode, nullptr, uint32_t(first), uint32_t(count));
  }
  return ctx.display_lists.executes_while_compiling();
}

bool record_DrawElementsBaseVertex(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices,
                                   GLint basevertex) {
  const ArrayDrawGuard guard(ctx);
  if (count < 0) {
    record_error(ctx, GL_INVALID_VALUE);
  } else if (!valid_index_type(type)) {
    record_error(ctx, GL_INVALID_ENUM);
  } else {
    std::vector<uint32_t> list;
    if (read_indices(ctx, count, type, indices, &list)) {
      // The i-th vertex is indices[i] + basevertex (modulo 2^32, as an
      // index out of the arrays reads what the arrays do not define).
      for (uint32_t& v : list) v += uint32_t(basevertex);
      record_primitive(ctx, mode, &list, 0, uint32_t(list.size()));
    }
  }
  return ctx.display_lists.executes_while_compiling();
}

bool record_DrawElements(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices) {
  return record_DrawElementsBaseVertex(ctx, mode, count, type, indices, 0);
}

bool record_DrawRangeElementsBaseVertex(Context& ctx, GLenum mode, GLuint start, GLuint end, GLsizei count,
                                        GLenum type, const void* indices, GLint basevertex) {
  const ArrayDrawGuard guard(ctx);
  if (end < start) {
    record_error(ctx, GL_INVALID_VALUE);
    return ctx.display_lists.executes_while_compiling();
  }
  return record_DrawElementsBaseVertex(ctx, mode, count, type, indices, basevertex);
}

bool record_MultiDrawElementsBaseVertex(Context& ctx, GLenum mode, const GLsizei* count, GLenum type,
                                        const void* const* indices, GLsizei drawcount, const GLint* basevertex) {
  const ArrayDrawGuard guard(ctx);
  if (drawcount < 0) {
    record_error(ctx, GL_INVALID_VALUE);
    return ctx.display_lists.executes_while_compiling();
  }
  const bool execute = ctx.display_lists.executes_while_compiling();
  for (GLsizei d = 0; d < drawcount && count && indices; ++d)
    record_DrawElementsBaseVertex(ctx, mode, count[d], type, indices[d], basevertex ? basevertex[d] : 0);
  return execute;
}

bool record_DrawRangeElements(Context& ctx, GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                              const void* indices) {
  return record_DrawRangeElementsBaseVertex(ctx, mode, start, end, count, type, indices, 0);
}

bool record_MultiDrawArrays(Context& ctx, GLenum mode, const GLint* first, const GLsizei* count, GLsizei drawcount) {
  const ArrayDrawGuard guard(ctx);
  if (drawcount < 0) {
    record_error(ctx, GL_INVALID_VALUE);
    return ctx.display_lists.executes_while_compiling();
  }
  const bool execute = ctx.display_lists.executes_while_compiling();
  for (GLsizei d = 0; d < drawcount && first && count; ++d) record_DrawArrays(ctx, mode, first[d], count[d]);
  return execute;
}

bool record_MultiDrawElements(Context& ctx, GLenum mode, const GLsizei* count, GLenum type,
                              const void* const* indices, GLsizei drawcount) {
  const ArrayDrawGuard guard(ctx);
  if (drawcount < 0) {
    record_error(ctx, GL_INVALID_VALUE);
    return ctx.display_lists.executes_while_compiling();
  }
  const bool execute = ctx.display_lists.executes_while_compiling();
  for (GLsizei d = 0; d < drawcount && count && indices; ++d)
    record_DrawElements(ctx, mode, count[d], type, indices[d]);
  return execute;
}

}  // namespace brass::gl::compat::dlist
