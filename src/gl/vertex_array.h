// Vertex array objects: attribute formats, sources and the element buffer;
// and the per-context state vertex-input validation keeps (vertex_validation.cpp).
#pragma once

#include <array>
#include <vector>

#include "gl/buffer.h"
#include "gl/draw_validation.h"

namespace brass::gl {

inline constexpr unsigned kMaxVertexAttribs = 16;

struct VertexAttrib {
  bool enabled = false;
  GLint size = 4;
  GLenum type = GL_FLOAT;
  bool normalized = false;
  bool integer = false;        // glVertexAttribIPointer
  GLsizei stride = 0;          // as given (0 = tightly packed)
  const void* pointer = nullptr;  // offset into `buffer`, or a client pointer when buffer is null
  GLuint divisor = 0;
  Binding<Buffer> buffer;
};

class VertexArray final : public Object {
 public:
  using Object::Object;
  std::array<VertexAttrib, kMaxVertexAttribs> attribs{};
  Binding<Buffer> element_buffer;
};

// Current generic attribute values (glVertexAttrib4f and friends): used by
// attributes whose array is disabled.
struct GenericAttrib {
  enum Kind : uint8_t { Float, Int, Uint } kind = Float;
  union {
    GLfloat f[4];
    GLint i[4];
    GLuint u[4];
  };
  GenericAttrib() : f{0, 0, 0, 1} {}
};

// Vertex elements keyed by what they depend on: per input location, the
// pipe format and the instance divisor (offsets and strides live in the
// vertex buffers, one per location).
struct VertexElementsKey {
  uint32_t count = 0;
  struct Element {
    uint16_t format = 0;
    uint16_t pad = 0;
    uint32_t divisor = 0;
  } elements[kMaxVertexAttribs];
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
// Deletes the pipe objects vertex-input validation created (context teardown).
void release_vertex_input(Context& ctx);

}  // namespace brass::gl
