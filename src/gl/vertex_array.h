// Vertex array objects: attributes, the vertex buffer bindings they read
// (ES 3.1 §10.3) and the element buffer; and the per-context state
// vertex-input validation keeps (vertex_validation.cpp).
#pragma once

#include <array>
#include <vector>

#include "gl/buffer.h"
#include "gl/compat/conventional_attribs.h"
#include "gl/draw_validation.h"

namespace brass::gl {

inline constexpr unsigned kMaxVertexAttribs = 16;
static_assert(compat::kConventionalIndexBase == kMaxVertexAttribs);
// Vertex buffer binding points (ES 3.1 MAX_VERTEX_ATTRIB_BINDINGS): one per
// attribute, the ES 3.1 minimum and what the pipe binds (pipe::kMaxVertexBuffers).
inline constexpr unsigned kMaxVertexAttribBindings = 16;
// ES 3.1 minimums, which are also Vulkan's guaranteed
// maxVertexInputAttributeOffset (2047) and maxVertexInputBindingStride
// (2048): any relative offset or stride GL accepts is a valid Vulkan one.
inline constexpr GLint kMaxVertexAttribRelativeOffset = 2047;
inline constexpr GLint kMaxVertexAttribStride = 2048;

// One generic attribute (ES 3.1 §10.3, table 20.2): its format, where in a
// vertex it sits (relative offset) and which vertex buffer binding it reads.
struct VertexAttrib {
  bool enabled = false;
  GLint size = 4;
  GLenum type = GL_FLOAT;
  bool normalized = false;
  bool integer = false;        // glVertexAttribIPointer / glVertexAttribIFormat
  bool is_long = false;        // glVertexAttribLPointer / glVertexAttribLFormat (VERTEX_ATTRIB_ARRAY_LONG)
  GLuint relative_offset = 0;  // VERTEX_ATTRIB_RELATIVE_OFFSET
  GLuint binding = 0;          // VERTEX_ATTRIB_BINDING (attribute i starts on binding i)
  // glVertexAttribPointer's arguments as given, only for the queries
  // (VERTEX_ATTRIB_ARRAY_STRIDE, VERTEX_ATTRIB_ARRAY_POINTER): what the draw
  // reads is the binding's offset and stride.
  GLsizei stride = 0;
  const void* pointer = nullptr;
};

// A vertex buffer binding point (ES 3.1 table 20.3).
struct VertexBufferBinding {
  // Null with a non-zero offset: a client array at that address (only the
  // default VAO has those, through glVertexAttribPointer).
  Binding<Buffer> buffer;
  GLintptr offset = 0;
  GLsizei stride = 16;  // as bound: 0 reads one element for every vertex
  GLuint divisor = 0;
};

class VertexArray final : public Object {
 public:
  explicit VertexArray(GLuint name) : Object(name) {
    for (unsigned i = 0; i < kMaxVertexAttribs; ++i) attribs[i].binding = i;
    for (unsigned a = 0; a < compat::kConventionalCount; ++a)
      conventional[a].binding = compat::kConventionalIndexBase + a;
  }
  std::array<VertexAttrib, kMaxVertexAttribs> attribs{};
  // Bit i: attribs[i].enabled (what a draw's checks walk).
  uint32_t enabled_mask = 0;
  std::array<VertexBufferBinding, kMaxVertexAttribBindings> bindings{};
  Binding<Buffer> element_buffer;
  // Compatibility profile: the conventional arrays (glVertexPointer, ...;
  // compat/conventional_attribs.h), each reading its own binding
  // (conventional[a].binding is kConventionalIndexBase + a, its
  // conventional_bindings entry a), and bit a of conventional_enabled set
  // by glEnableClientState.
  std::array<VertexAttrib, compat::kConventionalCount> conventional{};
  std::array<VertexBufferBinding, compat::kConventionalCount> conventional_bindings{};
  uint32_t conventional_enabled = 0;
  // The binding a VertexAttrib::binding names, generic or conventional.
  const VertexBufferBinding& binding(GLuint index) const {
    return index < compat::kConventionalIndexBase ? bindings[index]
                                                  : conventional_bindings[index - compat::kConventionalIndexBase];
  }
};

// Current generic attribute values (glVertexAttrib4f and friends): used by
// attributes whose array is disabled.
struct GenericAttrib {
  // Double: set by glVertexAttribL* (GL 4.6 §10.2.1), for double inputs.
  enum Kind : uint8_t { Float, Int, Uint, Double } kind = Float;
  union {
    GLfloat f[4];
    GLint i[4];
    GLuint u[4];
    GLdouble d[4];
  };
  GenericAttrib() : f{0, 0, 0, 1} {}
};

// Vertex elements keyed by what they depend on: per input location, the
// pipe format, the pipe vertex buffer it reads, its offset in that buffer's
// vertex and the instance divisor (buffer offsets and strides are bound with
// the buffers, not part of the elements).
struct VertexElementsKey {
  uint32_t count = 0;
  struct Element {
    uint16_t format = 0;
    uint8_t buffer = 0;
    uint8_t pad = 0;
    uint32_t offset = 0;
    uint32_t divisor = 0;
  } elements[pipe::kMaxVertexElements];  // per Vulkan location (two per GL dvec3/dvec4)
};
static_assert(std::has_unique_object_representations_v<VertexElementsKey>);

// A per-context streaming buffer: client arrays, converted attributes,
// client indices and generic values are appended without synchronisation;
// when full it is invalidated (the pipe swaps its storage) and restarts.
struct StreamBuffer {
  Ref<pipe::Resource> resource;
  uint32_t capacity = 0, cursor = 0;
};

struct VertexInputState {
  StateObjectCache<VertexElementsKey, pipe::VertexElementsObject> elements;
  pipe::VertexElementsObject* bound_elements = nullptr;
  StreamBuffer stream;
  bool generic_dirty = true;       // generic values changed since their upload
  uint64_t generic_offset = 0;     // where the current generic values are in `stream`
  pipe::Resource* generic_resource = nullptr;
  bool streamed_last = false;      // the last draw streamed: its bindings are stale
  // Whether an array the vertex shader reads is streamed by the CPU (client
  // memory, or a format the device cannot fetch), and whether one of those
  // is per-vertex (then the draw needs its vertex range). Every change that
  // can alter them (VAO, buffer storage, program) sets kDirtyVertexInput,
  // which clears `sources_known` (Context::dirty): the next draw plans once
  // and every other draw reads two flags (issue 19).
  bool sources_known = false;
  bool cpu_sources = false;
  bool cpu_per_vertex = false;
  std::array<pipe::VertexBuffer, kMaxVertexAttribs> buffers{};
  uint32_t buffer_count = 0;
  // Index buffer last set on the pipe (avoids rebinding each draw).
  pipe::Resource* index_resource = nullptr;
  uint32_t index_size = 0;
  uint64_t index_offset = 0;
  // Reused CPU scratch (index scans, conversions): no allocation in steady state.
  std::vector<uint8_t> scratch, scratch2;
  std::array<int8_t, static_cast<size_t>(pipe::Format::Count)> format_supported{};  // 0 unknown, 1 yes, -1 no
};

class Context;
// The commands that set an attribute's format (api_vertex_arrays.cpp), with
// their errors; `is_long` makes them the 64-bit forms (GL 4.6 §10.3.1:
// glVertexAttribLPointer, glVertexAttribLFormat).
void attrib_pointer(Context& ctx, GLuint index, GLint size, GLenum type, bool normalized, bool integer,
                    GLsizei stride, const void* pointer, bool is_long = false);
void attrib_format(Context& ctx, GLuint index, GLint size, GLenum type, bool normalized, bool integer,
                   GLuint relative_offset, bool is_long = false);
// glGetVertexAttrib*'s array state of attribute `index` (a valid index) as
// an integer; false when `pname` is no such state.
bool attrib_state(Context& ctx, GLuint index, GLenum pname, GLint* out);
// The binding model's commands on one vertex array object (the bound one,
// or the one glVertexArray* names; GL 4.6 §10.3.1-10.3.2), with their
// index, format and buffer errors.
void vertex_array_attrib_format(Context& ctx, VertexArray& vao, GLuint index, GLint size, GLenum type,
                                bool normalized, bool integer, GLuint relative_offset, bool is_long);
void vertex_array_attrib_binding(Context& ctx, VertexArray& vao, GLuint attribindex, GLuint bindingindex);
void vertex_array_vertex_buffer(Context& ctx, VertexArray& vao, GLuint bindingindex, GLuint buffer, GLintptr offset,
                                GLsizei stride);
void vertex_array_binding_divisor(Context& ctx, VertexArray& vao, GLuint bindingindex, GLuint divisor);
void vertex_array_enable_attrib(Context& ctx, VertexArray& vao, GLuint index, bool enabled);
// glBindVertexBuffers on one vertex array object (api_multi_bind.cpp).
void vertex_array_vertex_buffers(Context& ctx, VertexArray& vao, GLuint first, GLsizei count, const GLuint* buffers,
                                 const GLintptr* offsets, const GLsizei* strides);
// attrib_state of any vertex array object.
bool vertex_array_attrib_state(const Context& ctx, const VertexArray& vao, GLuint index, GLenum pname, GLint* out);
// The packed value of glVertexAttribP* (and the compatibility profile's
// glVertexP*, glColorP*, ...): its four components as floats (x in the low
// bits; three for UNSIGNED_INT_10F_11F_11F_REV), normalized or not; false
// with INVALID_ENUM recorded for a type that is none of the packed ones.
bool unpack_packed_attrib(Context& ctx, GLenum type, bool normalize, GLuint value, GLfloat out[4]);
// Whether `index` names a generic attribute; records GL_INVALID_VALUE if not.
bool valid_attrib_index(Context& ctx, GLuint index);
// glGetIntegeri_v / glGetInteger64i_v / glGetBooleani_v of the bound VAO's
// VERTEX_BINDING_BUFFER, _OFFSET, _STRIDE and _DIVISOR: 1 with out[0] set,
// 0 after an error was recorded (index past MAX_VERTEX_ATTRIB_BINDINGS), -1
// when `pname` is not such state.
int vertex_binding_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[1]);
// Deletes the pipe objects vertex-input validation created (context teardown).
void release_vertex_input(Context& ctx);

}  // namespace brass::gl
