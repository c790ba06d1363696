// Query objects, transform feedback objects and sync objects.
#pragma once

#include <array>
#include <string>

#include "gl/buffer.h"
#include "gl/gl_object.h"

namespace brass::pipe {
class Fence;
}

namespace brass::gl {

class Query final : public Object {
 public:
  using Object::Object;
  GLenum target = GL_NONE;  // set by the first glBeginQuery
  bool active = false;
  bool result_available = false;
  GLuint result = 0;
};

class TransformFeedback final : public Object {
 public:
  using Object::Object;
  bool active = false, paused = false;
  GLenum primitive_mode = GL_NONE;
  std::array<IndexedBufferBinding, kMaxTransformFeedbackBuffers> buffers;
};

// GLsync objects are pointers, not names; the share group owns them.
class Sync final : public RefCounted {
 public:
  Ref<pipe::Fence> fence;
  bool signaled = false;
  std::string label;  // KHR_debug (glObjectPtrLabel)
};

}  // namespace brass::gl
