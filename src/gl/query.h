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

// Vertex streams transform feedback may capture (ARB_transform_feedback3;
// the context's limits.max_vertex_streams may be lower).
inline constexpr unsigned kMaxVertexStreams = 4;

// Active-query slots of a context (api_queries.cpp, slot_of): the
// occlusion targets (one slot for all), TIME_ELAPSED, then per vertex
// stream TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, PRIMITIVES_GENERATED and
// TRANSFORM_FEEDBACK_STREAM_OVERFLOW, TRANSFORM_FEEDBACK_OVERFLOW, and the
// eleven pipeline statistics targets (ARB_pipeline_statistics_query).
inline constexpr unsigned kPipelineStatisticTargets = 11;
inline constexpr unsigned kActiveQuerySlots = 2 + 3 * kMaxVertexStreams + 1 + kPipelineStatisticTargets;

// Queries and transform feedback objects are per context (never shared), so
// each owns its pipe objects and frees them through its context's pipe
// (the GL context releases all of them before its pipe context goes).
class Query final : public Object {
 public:
  using Object::Object;
  ~Query() override;
  GLenum target = GL_NONE;  // set by the first glBeginQuery
  GLuint index = 0;         // the vertex stream of the last glBeginQueryIndexed
  bool active = false;
  bool result_available = false;
  uint64_t result = 0;  // samples, primitives or nanoseconds (boolean targets: 0 or 1)
  pipe::Context* pipe = nullptr;
  pipe::Query* pipe_query = nullptr;  // null: the device cannot measure it (result 0)
  // TRANSFORM_FEEDBACK_OVERFLOW watches every stream: the pipe queries of
  // streams 1 and up (stream 0's is pipe_query), their results OR-ed.
  std::array<pipe::Query*, kMaxVertexStreams - 1> other_streams{};
};

// GL 3.0 conditional rendering (GL 4.6 §10.9): while `query` is set, draws,
// clears and blits are discarded when its result is zero (or, with an
// *_INVERTED mode, nonzero).
struct ConditionalRender {
  Ref<Query> query;
  GLenum mode = GL_NONE;
  bool on_gpu = false;  // the pipe predicates draws (pipe::Context::set_render_condition)
};

// Whether a rendering command issued now takes effect under conditional
// rendering (always true outside it, and for draws the pipe predicates).
// Waits for the query's result when the mode says so; a NO_WAIT mode whose
// result is not there yet renders, as the specification allows
// (api_conditional_render.cpp).
bool render_condition_passes(Context& ctx, bool is_draw);
// The query's result once the pipe has it (with `wait`, always); false
// while it is not available (api_queries.cpp).
bool update_query_result(Context& ctx, Query& q, bool wait);
// glGet*(GL_TIMESTAMP): the GPU clock now, in nanoseconds (api_queries.cpp).
int64_t current_gpu_time(Context& ctx);

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
  // Per vertex stream: the first buffer the program captures that stream
  // into (-1: none) and its bytes per vertex.
  std::array<int, kMaxVertexStreams> stream_buffer{};
  std::array<uint32_t, kMaxVertexStreams> stream_stride{};

  // What the last glEndTransformFeedback left for glDrawTransformFeedback*
  // (GL 4.0): per vertex stream, the target of the stream's first buffer
  // (its counter holds the bytes captured; null: nothing captured) and its
  // vertex stride; and the vertices the CPU counted for stream 0 (exact
  // without geometry or tessellation shaders: the fallback where the GPU
  // cannot count).
  bool ended_once = false;
  std::array<pipe::StreamOutputTarget*, kMaxVertexStreams> captured{};
  std::array<uint32_t, kMaxVertexStreams> captured_stride{};
  uint64_t captured_vertices = 0;
};

// glDrawTransformFeedback*: draws the vertices `tf` captured on vertex
// stream `stream` (api_draw.cpp).
void draw_transform_feedback(Context& ctx, GLenum mode, TransformFeedback& tf, GLuint stream, GLsizei instances);

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
