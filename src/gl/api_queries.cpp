// Asynchronous queries (ES 3.0 §2.14, GL 4.6 §4.2-4.3): ANY_SAMPLES_PASSED
// (_CONSERVATIVE), TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN and
// PRIMITIVES_GENERATED (EXT_geometry_shader in ES, core in desktop GL), and
// in desktop GL the exact SAMPLES_PASSED count and the timer queries
// (TIME_ELAPSED, TIMESTAMP through glQueryCounter), measured by pipe
// queries. Query objects are per context. The occlusion targets share one
// active slot: only one of them can be active (ARB_occlusion_query2 says so
// for SAMPLES_PASSED and ANY_SAMPLES_PASSED; the ES implementations do the
// same for the two boolean targets). The vertex-stream targets
// (ARB_transform_feedback3, ARB_transform_feedback_overflow_query) have one
// slot per stream, selected by glBeginQueryIndexed's index. The pipeline
// statistics targets (ARB_pipeline_statistics_query, GL 4.6) have a slot
// each and count what the device's pipeline statistics count.
#include <algorithm>
#include <climits>
#include <cstring>
#include <limits>

#include "gl/context.h"
#include "util/range.h"
#include "gl_functions.h"

namespace brass::gl {

Query::~Query() {
  if (!pipe) return;
  if (pipe_query) pipe->destroy_query(pipe_query);
  for (pipe::Query* q : other_streams)
    if (q) pipe->destroy_query(q);
}

namespace {

// The overflow queries of ARB_transform_feedback_overflow_query (GL 4.6).
bool overflow_queries(const Context& ctx) {
  return ctx.desktop() && ctx.has_extension("GL_ARB_transform_feedback_overflow_query");
}

// ARB_pipeline_statistics_query's targets, in pipe::PipelineStatistic's
// order, or -1.
int pipeline_statistic(GLenum target) {
  switch (target) {
    case GL_VERTICES_SUBMITTED_ARB: return 0;
    case GL_PRIMITIVES_SUBMITTED_ARB: return 1;
    case GL_VERTEX_SHADER_INVOCATIONS_ARB: return 2;
    case GL_GEOMETRY_SHADER_INVOCATIONS: return 3;
    case GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB: return 4;
    case GL_CLIPPING_INPUT_PRIMITIVES_ARB: return 5;
    case GL_CLIPPING_OUTPUT_PRIMITIVES_ARB: return 6;
    case GL_FRAGMENT_SHADER_INVOCATIONS_ARB: return 7;
    case GL_TESS_CONTROL_SHADER_PATCHES_ARB: return 8;
    case GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB: return 9;
    case GL_COMPUTE_SHADER_INVOCATIONS_ARB: return 10;
    default: return -1;
  }
}

bool pipeline_statistics_queries(const Context& ctx) {
  return ctx.desktop() && ctx.has_extension("GL_ARB_pipeline_statistics_query");
}

bool is_stream_target(GLenum target) {
  return target == GL_PRIMITIVES_GENERATED || target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN ||
         target == GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW;
}

// The first active-query slot of a target (its stream 0), or -1 for an
// unknown target. PRIMITIVES_GENERATED comes with EXT_geometry_shader and
// EXT_tessellation_shader in ES, and is core in desktop GL.
int first_slot_of(const Context& ctx, GLenum target) {
  constexpr int kStreams = static_cast<int>(kMaxVertexStreams);
  switch (target) {
    case GL_ANY_SAMPLES_PASSED:
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return 0;
    case GL_SAMPLES_PASSED: return ctx.desktop() ? 0 : -1;
    case GL_TIME_ELAPSED: return ctx.desktop() ? 1 : -1;
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return 2;
    case GL_PRIMITIVES_GENERATED_EXT:
      return ctx.desktop() || ctx.geometry_shaders() || ctx.tessellation_shaders() ? 2 + kStreams : -1;
    case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW: return overflow_queries(ctx) ? 2 + 2 * kStreams : -1;
    case GL_TRANSFORM_FEEDBACK_OVERFLOW: return overflow_queries(ctx) ? 2 + 3 * kStreams : -1;
    default: {
      const int statistic = pipeline_statistic(target);
      return statistic >= 0 && pipeline_statistics_queries(ctx) ? 3 + 3 * kStreams + statistic : -1;
    }
  }
}

// Checks `index` against the target's streams (INVALID_VALUE past
// MAX_VERTEX_STREAMS; the other targets have only index 0) and returns the
// active-query slot, or -1 after recording the error.
int slot_of(Context& ctx, GLenum target, GLuint index) {
  const int first = first_slot_of(ctx, target);
  if (first < 0) {
    ctx.set_error(GL_INVALID_ENUM);
    return -1;
  }
  const GLuint streams = is_stream_target(target) ? static_cast<GLuint>(ctx.limits.max_vertex_streams) : 1u;
  if (index >= streams) {
    ctx.set_error(GL_INVALID_VALUE);
    return -1;
  }
  return first + static_cast<int>(index);
}

pipe::QueryType pipe_type(GLenum target) {
  switch (target) {
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return pipe::QueryType::OcclusionPredicateConservative;
    case GL_SAMPLES_PASSED: return pipe::QueryType::SamplesPassed;
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return pipe::QueryType::PrimitivesWritten;
    case GL_PRIMITIVES_GENERATED_EXT: return pipe::QueryType::PrimitivesGenerated;
    case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW:
    case GL_TRANSFORM_FEEDBACK_OVERFLOW: return pipe::QueryType::StreamOverflow;
    case GL_TIME_ELAPSED: return pipe::QueryType::TimeElapsed;
    case GL_TIMESTAMP: return pipe::QueryType::Timestamp;
    default:
      return pipeline_statistic(target) >= 0 ? pipe::QueryType::PipelineStatistic
                                             : pipe::QueryType::OcclusionPredicate;
  }
}

void end_query(Context& ctx, Query& q) {
  if (q.pipe_query) ctx.pipe().end_query(q.pipe_query);
  for (pipe::Query* p : q.other_streams)
    if (p) ctx.pipe().end_query(p);
  q.active = false;
  q.result_available = false;
  for (Binding<Query>& b : ctx.active_queries)
    if (b.get() == &q) b = nullptr;
}

// (Re)creates the pipe queries of `q` for its target and stream.
void create_pipe_queries(Context& ctx, Query& q) {
  if (q.pipe_query) ctx.pipe().destroy_query(q.pipe_query);
  for (pipe::Query*& p : q.other_streams) {
    if (p) ctx.pipe().destroy_query(p);
    p = nullptr;
  }
  q.pipe = &ctx.pipe();
  const pipe::QueryType type = pipe_type(q.target);
  const int statistic = pipeline_statistic(q.target);
  q.pipe_query = ctx.pipe().create_query(type, statistic >= 0 ? static_cast<uint32_t>(statistic) : q.index);
  if (q.target != GL_TRANSFORM_FEEDBACK_OVERFLOW) return;
  for (GLuint s = 1; s < static_cast<GLuint>(ctx.limits.max_vertex_streams); ++s)
    q.other_streams[s - 1] = ctx.pipe().create_query(type, s);
}

// The named query object for glBeginQuery / glQueryCounter (creating it on
// first use with `target`), or null after recording the error: a name that
// glGenQueries did not return, an active query, or one of another target
// (GL 4.6 §4.2.1). A query of a vertex-stream target takes the stream
// `index` it is begun for.
Ref<Query> query_for(Context& ctx, GLuint id, GLenum target, GLuint index = 0) {
  if (id == 0 || !ctx.query_objects.is_name(id)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return {};
  }
  Ref<Query> q = ctx.query_objects.get_or_create(id, false, [](GLuint n) { return make_ref<Query>(n); });
  if (!q) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return {};
  }
  if (q->active || (q->target != GL_NONE && q->target != target)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return {};
  }
  if (q->target == GL_NONE || q->index != index) {
    q->target = target;
    q->index = index;
    create_pipe_queries(ctx, *q);
  }
  q->result_available = false;
  q->result = 0;
  return q;
}

// Bits of the counter behind a target (GL 4.6 §4.2.2, QUERY_COUNTER_BITS;
// 0: the device cannot measure it).
GLint counter_bits(Context& ctx, GLenum target) {
  switch (target) {
    case GL_ANY_SAMPLES_PASSED:
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return 1;
    case GL_SAMPLES_PASSED: return 64;
    case GL_TIME_ELAPSED:
    case GL_TIMESTAMP: return static_cast<GLint>(ctx.screen().get_cap(pipe::Cap::TimestampBits));
    case GL_PRIMITIVES_GENERATED:
      return ctx.screen().get_cap(pipe::Cap::PrimitivesGeneratedQuery) ? 64 : 0;
    case GL_TRANSFORM_FEEDBACK_OVERFLOW:
    case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW: return 1;
    default: return 64;  // TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, the pipeline statistics
  }
}

void begin_query(Context& ctx, GLenum target, GLuint index, GLuint id) {
  const int slot = slot_of(ctx, target, index);
  if (slot < 0) return;
  if (ctx.active_queries[slot]) return ctx.set_error(GL_INVALID_OPERATION);
  // The query conditional rendering reads cannot be begun again (GL 4.6
  // §10.9: its result must stay what the condition was begun with).
  if (ctx.conditional_render.query && ctx.conditional_render.query->name() == id)
    return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Query> q = query_for(ctx, id, target, index);
  if (!q) return;
  q->active = true;
  if (q->pipe_query) ctx.pipe().begin_query(q->pipe_query);
  for (pipe::Query* p : q->other_streams)
    if (p) ctx.pipe().begin_query(p);
  bind(ctx.active_queries[slot], q);
}

void end_query_target(Context& ctx, GLenum target, GLuint index) {
  const int slot = slot_of(ctx, target, index);
  if (slot < 0) return;
  Query* q = ctx.active_queries[slot].get();
  if (!q || q->target != target) return ctx.set_error(GL_INVALID_OPERATION);
  end_query(ctx, *q);
}

void get_query(Context& ctx, GLenum target, GLuint index, GLenum pname, GLint* params) {
  // TIMESTAMP has no active query (CURRENT_QUERY is 0), only counter bits
  // (GL 4.6 §4.2.2).
  const bool timestamp = target == GL_TIMESTAMP && ctx.desktop();
  if (timestamp && index != 0) return ctx.set_error(GL_INVALID_VALUE);
  const int slot = timestamp ? 0 : slot_of(ctx, target, index);
  if (slot < 0) return;
  GLint value = 0;
  if (pname == GL_QUERY_COUNTER_BITS && ctx.desktop()) {
    value = counter_bits(ctx, target);
  } else if (pname == GL_CURRENT_QUERY) {
    const Query* q = timestamp ? nullptr : ctx.active_queries[slot].get();
    value = q && q->target == target ? static_cast<GLint>(q->name()) : 0;
  } else {
    return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = value;
}

// Where glGetQueryObject* and glGetQueryBufferObject* put a value: client
// memory, or `offset` of a buffer object (ARB_query_buffer_object).
struct QueryDestination {
  void* client = nullptr;
  Buffer* buffer = nullptr;
  GLintptr offset = 0;
};

// The value of `pname` for `q` (GL 4.6 §4.2.2), saturated to T's range and
// stored at `dst`: QUERY_RESULT waits for the result, QUERY_RESULT_NO_WAIT
// stores it only when it is available (leaving the destination alone
// otherwise), QUERY_RESULT_AVAILABLE stores whether it is. A buffer
// destination is written with the buffer's ordered writes (as
// glBufferSubData), after the result was read back: later commands that read
// the buffer (draws, indirect commands, copies) see it without a barrier.
template <typename T>
void store_query_value(Context& ctx, Query& q, GLenum pname, const QueryDestination& dst) {
  uint64_t value = 0;
  if (pname == GL_QUERY_TARGET) {
    value = q.target;
  } else if (ctx.lost()) {
    // A lost context's results count as available (KHR_robustness), so
    // that a loop polling for them ends.
    if (pname != GL_QUERY_RESULT_AVAILABLE) return ctx.lost_command();
    value = GL_TRUE;
  } else {
    const bool available = update_query_result(ctx, q, pname == GL_QUERY_RESULT);
    if (pname == GL_QUERY_RESULT_AVAILABLE) value = available ? GL_TRUE : GL_FALSE;
    else if (!available) return;  // NO_WAIT: nothing yet
    else value = std::min<uint64_t>(q.result, static_cast<uint64_t>(std::numeric_limits<T>::max()));
  }
  const T out = static_cast<T>(value);
  if (dst.buffer) {
    if (dst.buffer->resource)
      ctx.pipe().buffer_subdata(dst.buffer->resource.get(), 0, static_cast<uint64_t>(dst.offset), sizeof(T), &out);
  } else if (dst.client) {
    std::memcpy(dst.client, &out, sizeof(T));
  }
}

bool query_object_pname(const Context& ctx, GLenum pname) {
  switch (pname) {
    case GL_QUERY_RESULT:
    case GL_QUERY_RESULT_AVAILABLE: return true;
    // ARB_query_buffer_object (every desktop context) and GL 4.5's
    // QUERY_TARGET.
    case GL_QUERY_RESULT_NO_WAIT: return ctx.desktop();
    case GL_QUERY_TARGET: return ctx.desktop() && ctx.version() >= 45;
    default: return false;
  }
}

// A buffer destination of sizeof(T) bytes at `offset`: INVALID_OPERATION
// when the value would not fit in the buffer or the buffer is mapped (GL 4.6
// §4.2.2, §6.3.2).
template <typename T>
bool buffer_destination_fits(Context& ctx, const Buffer& b, GLintptr offset) {
  if (!range_fits<GLint64>(offset, sizeof(T), b.size) || b.mapped_exclusively()) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

// glGetQueryObject*v. With a buffer bound to QUERY_BUFFER, `params` is an
// offset into it (GL 4.6 §4.2.2).
template <typename T>
void get_query_object(Context& ctx, GLuint id, GLenum pname, T* params) {
  if (ctx.lost()) {
    if (pname != GL_QUERY_RESULT_AVAILABLE) return ctx.lost_command();
    if (params && !ctx.buffers.query) *params = GL_TRUE;
    return;
  }
  if (!query_object_pname(ctx, pname)) return ctx.set_error(GL_INVALID_ENUM);
  const Ref<Query> q = id ? ctx.query_objects.lookup(id) : Ref<Query>();
  if (!q || q->active) return ctx.set_error(GL_INVALID_OPERATION);
  QueryDestination dst;
  if (Buffer* b = ctx.buffers.query.get()) {
    const GLintptr offset = static_cast<GLintptr>(reinterpret_cast<uintptr_t>(params));
    if (!buffer_destination_fits<T>(ctx, *b, offset)) return;
    dst.buffer = b;
    dst.offset = offset;
  } else {
    if (!params) return;
    dst.client = params;
  }
  store_query_value<T>(ctx, *q, pname, dst);
}

// glGetQueryBufferObject* (GL 4.6 §4.2.2, direct state access): the value
// glGetQueryObject* would return, written as a T at `offset` of a named
// buffer instead of client memory.
template <typename T>
void get_query_buffer_object(Context& ctx, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  const Ref<Query> q = id ? ctx.query_objects.lookup(id) : Ref<Query>();
  if (!q || q->target == GL_NONE) return ctx.set_error(GL_INVALID_OPERATION);
  const Ref<Buffer> b = buffer ? ctx.share_group().buffers.lookup(buffer) : Ref<Buffer>();
  if (!b) return ctx.set_error(GL_INVALID_OPERATION);
  if (offset < 0) return ctx.set_error(GL_INVALID_VALUE);
  switch (pname) {
    case GL_QUERY_RESULT: case GL_QUERY_RESULT_AVAILABLE: case GL_QUERY_RESULT_NO_WAIT: case GL_QUERY_TARGET: break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!buffer_destination_fits<T>(ctx, *b, offset)) return;
  if (q->active) return ctx.set_error(GL_INVALID_OPERATION);
  store_query_value<T>(ctx, *q, pname, QueryDestination{nullptr, b.get(), offset});
}

}  // namespace

bool update_query_result(Context& ctx, Query& q, bool wait) {
  if (q.result_available) return true;
  if (!q.pipe_query) {
    q.result = 0;
    q.result_available = true;
    return true;
  }
  uint64_t v = 0;
  if (!ctx.pipe().get_query_result(q.pipe_query, wait, &v)) return false;
  // TRANSFORM_FEEDBACK_OVERFLOW: any stream overflowed (once all are in).
  for (pipe::Query* p : q.other_streams) {
    uint64_t more = 0;
    if (p && !ctx.pipe().get_query_result(p, wait, &more)) return false;
    v |= more;
  }
  q.result = v;
  q.result_available = true;
  if (ctx.pipe().status() != pipe::Status::Ok) ctx.pipe_failed(ctx.pipe().status());
  return true;
}

int64_t current_gpu_time(Context& ctx) {
  // A timestamp written now and waited for: the time at which every
  // command before it has reached the GPU (the batch is submitted).
  pipe::Query* q = ctx.pipe().create_query(pipe::QueryType::Timestamp);
  if (!q) return 0;
  ctx.pipe().end_query(q);
  uint64_t ns = 0;
  if (!ctx.pipe().get_query_result(q, true, &ns)) ns = 0;
  ctx.pipe().destroy_query(q);
  if (ctx.pipe().status() != pipe::Status::Ok) ctx.pipe_failed(ctx.pipe().status());
  return static_cast<int64_t>(std::min<uint64_t>(ns, INT64_MAX));
}

namespace api {

void GenQueries(Context& ctx, GLsizei n, GLuint* ids) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !ids) return;
  ctx.query_objects.generate(n, ids);
}

// GL 4.6 §4.2: query objects of `target`, as if each had been begun once
// (so glBeginQuery of another target is INVALID_OPERATION).
void CreateQueries(Context& ctx, GLenum target, GLsizei n, GLuint* ids) {
  if (first_slot_of(ctx, target) < 0 && !(target == GL_TIMESTAMP && ctx.desktop())) return ctx.set_error(GL_INVALID_ENUM);
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !ids) return;
  pipe::Context& pipe = ctx.pipe();
  const bool ok = ctx.query_objects.create_many(n, ids, [&](GLuint name) {
    Ref<Query> q = make_ref<Query>(name);
    q->target = target;
    q->pipe = &pipe;
    const int statistic = pipeline_statistic(target);
    q->pipe_query = pipe.create_query(pipe_type(target), statistic >= 0 ? static_cast<uint32_t>(statistic) : 0);
    return q;
  });
  if (!ok) ctx.set_error(GL_OUT_OF_MEMORY);
}

void DeleteQueries(Context& ctx, GLsizei n, const GLuint* ids) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!ids) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (ids[i] == 0) continue;
    Ref<Query> q = ctx.query_objects.remove(ids[i]);
    // An active query that is deleted ends (its result is never read).
    if (q && q->active) end_query(ctx, *q);
  }
}

GLboolean IsQuery(Context& ctx, GLuint id) {
  return id != 0 && ctx.query_objects.lookup(id) != nullptr ? GL_TRUE : GL_FALSE;
}

void BeginQuery(Context& ctx, GLenum target, GLuint id) { begin_query(ctx, target, 0, id); }
void EndQuery(Context& ctx, GLenum target) { end_query_target(ctx, target, 0); }
void BeginQueryIndexed(Context& ctx, GLenum target, GLuint index, GLuint id) { begin_query(ctx, target, index, id); }
void EndQueryIndexed(Context& ctx, GLenum target, GLuint index) { end_query_target(ctx, target, index); }

void GetQueryiv(Context& ctx, GLenum target, GLenum pname, GLint* params) { get_query(ctx, target, 0, pname, params); }
void GetQueryIndexediv(Context& ctx, GLenum target, GLuint index, GLenum pname, GLint* params) {
  get_query(ctx, target, index, pname, params);
}

// ARB_timer_query: the GPU time once every earlier command completed.
void QueryCounter(Context& ctx, GLuint id, GLenum target) {
  if (target != GL_TIMESTAMP) return ctx.set_error(GL_INVALID_ENUM);
  Ref<Query> q = query_for(ctx, id, target);
  if (!q) return;
  if (q->pipe_query) ctx.pipe().end_query(q->pipe_query);
}

void GetQueryObjectuiv(Context& ctx, GLuint id, GLenum pname, GLuint* params) {
  get_query_object(ctx, id, pname, params);
}
void GetQueryObjectiv(Context& ctx, GLuint id, GLenum pname, GLint* params) { get_query_object(ctx, id, pname, params); }

void GetQueryBufferObjectiv(Context& ctx, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLint>(ctx, id, buffer, pname, offset);
}
void GetQueryBufferObjectuiv(Context& ctx, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLuint>(ctx, id, buffer, pname, offset);
}
void GetQueryBufferObjecti64v(Context& ctx, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLint64>(ctx, id, buffer, pname, offset);
}
void GetQueryBufferObjectui64v(Context& ctx, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLuint64>(ctx, id, buffer, pname, offset);
}
void GetQueryObjecti64v(Context& ctx, GLuint id, GLenum pname, GLint64* params) {
  get_query_object(ctx, id, pname, params);
}
void GetQueryObjectui64v(Context& ctx, GLuint id, GLenum pname, GLuint64* params) {
  get_query_object(ctx, id, pname, params);
}

}  // namespace api

// Context teardown: the pipe objects of queries and transform feedback
// objects go before the pipe context does.
void release_query_objects(Context& ctx) {
  for (Binding<Query>& b : ctx.active_queries)
    if (b) end_query(ctx, *b);
  ctx.conditional_render = {};
  ctx.query_objects.clear();
}

}  // namespace brass::gl
