// Query objects, transform feedback objects and sync objects.
#pragma once

#include <array>
#include <atomic>
#include <string>

#include "gl/buffer.h"
#include "gl/gl_object.h"

namespace brass::pipe {
class Context;
class Fence;
struct Query;
struct StreamOutputTarget;
}

namespace brass::gl {

class Program;

// Queries and transform feedback objects are per context (never shared), so
// each owns its pipe objects and frees them through its context's pipe
// (the GL context releases all of them before its pipe context goes).
class Query final : public Object {
 public:
  using Object::Object;
  ~Query() override;
  GLenum target = GL_NONE;  // set by the first glBeginQuery
  bool active = false;
  bool result_available = false;
  GLuint result = 0;
  pipe::Context* pipe = nullptr;
  pipe::Query* pipe_query = nullptr;  // null: the device cannot measure it (result 0)
};

class TransformFeedback final : public Object {
 public:
  using Object::Object;
  ~TransformFeedback() override;
  bool active = false, paused = false;
  GLenum primitive_mode = GL_NONE;
  std::array<IndexedBufferBinding, kMaxTransformFeedbackBuffers> buffers;

  // Set by glBeginTransformFeedback (api_transform_feedback.cpp).
  Ref<Program> program;                     // in use at Begin (Resume requires it again)
  uint64_t vertices_written = 0, vertex_capacity = 0;  // overflow checks of draws
  pipe::Context* pipe = nullptr;
  std::array<pipe::StreamOutputTarget*, kMaxTransformFeedbackBuffers> targets{};
  uint32_t target_count = 0;
};

// ES 3.0 §2.15.2: while transform feedback is active and not paused, a draw
// whose captured vertices would not fit in the bound ranges is an
// INVALID_OPERATION. The check records the error; the count is added once
// the draw is really made (api_transform_feedback.cpp).
bool transform_feedback_mode_allowed(GLenum capture_mode, GLenum draw_mode);
bool check_transform_feedback_space(Context& ctx, GLenum mode, GLsizei count, GLsizei instances);
void count_transform_feedback_vertices(Context& ctx, GLenum mode, GLsizei count, GLsizei instances);

// Context teardown: queries and transform feedback objects free their pipe
// objects while the pipe context still exists.
void release_query_objects(Context& ctx);
void release_transform_feedback_objects(Context& ctx);

// GLsync objects are pointers, not names; the share group owns them.
class Sync final : public RefCounted {
 public:
  Ref<pipe::Fence> fence;
  // Set once by whichever context sees the fence complete first; read by
  // every context polling or waiting on it, from any thread.
  std::atomic<bool> signaled{false};
  std::string label;  // KHR_debug (glObjectPtrLabel)
};

}  // namespace brass::gl
