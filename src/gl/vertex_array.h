// Vertex array objects: attribute formats, sources and the element buffer.
#pragma once

#include <array>

#include "gl/buffer.h"

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

}  // namespace brass::gl
