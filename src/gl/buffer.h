// Buffer objects and the context's buffer binding points.
#pragma once

#include <array>

#include "gl/gl_object.h"
#include "pipe/resource.h"
#include "pipe/state.h"

namespace brass::gl {

class Buffer final : public Object {
 public:
  using Object::Object;
  Ref<pipe::Resource> resource;   // null until the first glBufferData
  GLsizeiptr size = 0;
  GLenum usage = GL_STATIC_DRAW;
  // Mapping (glMapBufferRange); pipe transfer while mapped.
  bool mapped = false;
  GLbitfield map_access = 0;
  GLintptr map_offset = 0;
  GLsizeiptr map_length = 0;
  void* map_pointer = nullptr;
  pipe::Transfer* transfer = nullptr;
  // Set while bound for transform feedback: other uses are errors (ES 3.0 §2.15.2).
  int transform_feedback_bindings = 0;
};

// An indexed binding (uniform buffer, transform feedback buffer).
struct IndexedBufferBinding {
  Binding<Buffer> buffer;
  GLintptr offset = 0;
  GLsizeiptr size = 0;  // 0: whole buffer (glBindBufferBase)
};

inline constexpr unsigned kMaxUniformBufferBindings = 36;
inline constexpr unsigned kMaxTransformFeedbackBuffers = 4;

struct BufferBindings {
  Binding<Buffer> array, copy_read, copy_write, pixel_pack, pixel_unpack, uniform, transform_feedback;
  std::array<IndexedBufferBinding, kMaxUniformBufferBindings> uniform_indexed;
};

}  // namespace brass::gl
