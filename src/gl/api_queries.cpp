// Asynchronous queries (ES 3.0 §2.14): ANY_SAMPLES_PASSED(_CONSERVATIVE),
// TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN and (EXT_geometry_shader)
// PRIMITIVES_GENERATED, measured by pipe queries.
// Query objects are per context. Both occlusion targets share one active
// slot (as in the other ES implementations): only one of them can be active.
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl {

Query::~Query() {
  if (pipe && pipe_query) pipe->destroy_query(pipe_query);
}

namespace {

// The active-query slot of a target, or -1 for an unknown target.
// PRIMITIVES_GENERATED comes with EXT_geometry_shader and EXT_tessellation_shader.
int slot_of(const Context& ctx, GLenum target) {
  switch (target) {
    case GL_ANY_SAMPLES_PASSED:
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return 0;
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return 2;
    case GL_PRIMITIVES_GENERATED_EXT: return ctx.geometry_shaders() || ctx.tessellation_shaders() ? 3 : -1;
    default: return -1;
  }
}

pipe::QueryType pipe_type(GLenum target) {
  switch (target) {
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return pipe::QueryType::OcclusionPredicateConservative;
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return pipe::QueryType::PrimitivesWritten;
    case GL_PRIMITIVES_GENERATED_EXT: return pipe::QueryType::PrimitivesGenerated;
    default: return pipe::QueryType::OcclusionPredicate;
  }
}

void end_query(Context& ctx, Query& q) {
  if (q.pipe_query) ctx.pipe().end_query(q.pipe_query);
  q.active = false;
  q.result_available = false;
  for (Binding<Query>& b : ctx.active_queries)
    if (b.get() == &q) b = nullptr;
}

// Fetches the result when the pipe has it (or, with `wait`, always).
void update_result(Context& ctx, Query& q, bool wait) {
  if (q.result_available) return;
  if (!q.pipe_query) {
    q.result = 0;
    q.result_available = true;
    return;
  }
  uint64_t v = 0;
  if (!ctx.pipe().get_query_result(q.pipe_query, wait, &v)) return;
  q.result = static_cast<GLuint>(v > 0xffffffffu ? 0xffffffffu : v);
  q.result_available = true;
  if (ctx.pipe().status() != pipe::Status::Ok) ctx.pipe_failed(ctx.pipe().status());
}

}  // namespace

namespace api {

void GenQueries(Context& ctx, GLsizei n, GLuint* ids) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !ids) return;
  ctx.query_objects.generate(n, ids);
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

void BeginQuery(Context& ctx, GLenum target, GLuint id) {
  const int slot = slot_of(ctx, target);
  if (slot < 0) return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.active_queries[slot]) return ctx.set_error(GL_INVALID_OPERATION);
  if (id == 0 || !ctx.query_objects.is_name(id)) return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Query> q = ctx.query_objects.get_or_create(id, false, [](GLuint n) { return make_ref<Query>(n); });
  if (!q) return ctx.set_error(GL_OUT_OF_MEMORY);
  if (q->active) return ctx.set_error(GL_INVALID_OPERATION);
  if (q->target != GL_NONE && q->target != target) return ctx.set_error(GL_INVALID_OPERATION);
  if (q->target == GL_NONE) {
    q->target = target;
    q->pipe = &ctx.pipe();
    q->pipe_query = ctx.pipe().create_query(pipe_type(target));
  }
  q->active = true;
  q->result_available = false;
  q->result = 0;
  if (q->pipe_query) ctx.pipe().begin_query(q->pipe_query);
  bind(ctx.active_queries[slot], q);
}

void EndQuery(Context& ctx, GLenum target) {
  const int slot = slot_of(ctx, target);
  if (slot < 0) return ctx.set_error(GL_INVALID_ENUM);
  Query* q = ctx.active_queries[slot].get();
  if (!q || q->target != target) return ctx.set_error(GL_INVALID_OPERATION);
  end_query(ctx, *q);
}

void GetQueryiv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  const int slot = slot_of(ctx, target);
  if (slot < 0 || pname != GL_CURRENT_QUERY) return ctx.set_error(GL_INVALID_ENUM);
  const Query* q = ctx.active_queries[slot].get();
  if (params) *params = q && q->target == target ? static_cast<GLint>(q->name()) : 0;
}

void GetQueryObjectuiv(Context& ctx, GLuint id, GLenum pname, GLuint* params) {
  if (ctx.lost()) {
    // A lost context's results count as available (KHR_robustness), so
    // that a loop polling for them ends.
    if (pname != GL_QUERY_RESULT_AVAILABLE) return ctx.lost_command();
    if (params) *params = GL_TRUE;
    return;
  }
  if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) return ctx.set_error(GL_INVALID_ENUM);
  const Ref<Query> q = id ? ctx.query_objects.lookup(id) : Ref<Query>();
  if (!q || q->active) return ctx.set_error(GL_INVALID_OPERATION);
  update_result(ctx, *q, pname == GL_QUERY_RESULT);
  if (!params) return;
  *params = pname == GL_QUERY_RESULT ? q->result : (q->result_available ? GL_TRUE : GL_FALSE);
}

}  // namespace api

// Context teardown: the pipe objects of queries and transform feedback
// objects go before the pipe context does.
void release_query_objects(Context& ctx) {
  for (Binding<Query>& b : ctx.active_queries)
    if (b) end_query(ctx, *b);
  ctx.query_objects.clear();
}

}  // namespace brass::gl
