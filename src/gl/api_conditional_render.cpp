// Conditional rendering (GL 3.0, GL 4.6 §10.9; the *_INVERTED modes of
// GL 4.5 / ARB_conditional_render_inverted). Between
// glBeginConditionalRender and glEndConditionalRender, draws, glClear,
// glClearBuffer* and glBlitFramebuffer are discarded when the occlusion
// query's result is zero (inverted: nonzero). Their errors are still
// generated: the check comes after validation, where the command would
// reach the pipe.
//
// Draws are predicated on the GPU where the pipe can
// (pipe::Context::set_render_condition: VK_EXT_conditional_rendering, a
// query measured in one render pass), which waits for the result on the
// GPU in every mode. Otherwise, and for clears and blits always, the
// decision is made on the CPU from the query's result: WAIT modes wait for
// it (submitting the batch that measures it); NO_WAIT modes use it when it
// is already there and otherwise render, which the specification allows
// ("the GL may choose to unconditionally execute the subsequent rendering
// commands"). BY_REGION modes behave as their whole-framebuffer forms.
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

struct ModeInfo {
  bool valid = false, wait = false, inverted = false;
};

ModeInfo mode_info(GLenum mode) {
  switch (mode) {
    case GL_QUERY_WAIT:
    case GL_QUERY_BY_REGION_WAIT: return {true, true, false};
    case GL_QUERY_NO_WAIT:
    case GL_QUERY_BY_REGION_NO_WAIT: return {true, false, false};
    case GL_QUERY_WAIT_INVERTED:
    case GL_QUERY_BY_REGION_WAIT_INVERTED: return {true, true, true};
    case GL_QUERY_NO_WAIT_INVERTED:
    case GL_QUERY_BY_REGION_NO_WAIT_INVERTED: return {true, false, true};
    default: return {};
  }
}

}  // namespace

bool render_condition_passes(Context& ctx, bool is_draw) {
  Query* q = ctx.conditional_render.query.get();
  if (!q || (is_draw && ctx.conditional_render.on_gpu)) return true;
  const ModeInfo m = mode_info(ctx.conditional_render.mode);
  if (!update_query_result(ctx, *q, m.wait)) return true;  // NO_WAIT, not there yet: render
  return (q->result != 0) != m.inverted;
}

namespace api {

void BeginConditionalRender(Context& ctx, GLuint id, GLenum mode) {
  if (!mode_info(mode).valid) return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.conditional_render.query) return ctx.set_error(GL_INVALID_OPERATION);
  if (id == 0 || !ctx.query_objects.is_name(id)) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Query> q = ctx.query_objects.lookup(id);
  // Only an occlusion query or (ARB_transform_feedback_overflow_query) an
  // overflow query that is not active decides (a name whose query was
  // never begun has no target yet).
  if (!q || q->active) return ctx.set_error(GL_INVALID_OPERATION);
  const bool overflow =
      q->target == GL_TRANSFORM_FEEDBACK_OVERFLOW || q->target == GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW;
  if (q->target != GL_SAMPLES_PASSED && q->target != GL_ANY_SAMPLES_PASSED &&
      q->target != GL_ANY_SAMPLES_PASSED_CONSERVATIVE && !overflow)
    return ctx.set_error(GL_INVALID_OPERATION);
  // On the GPU where the pipe can and the CPU does not know the result
  // yet (then deciding on the CPU costs nothing). Overflow results are
  // decided on the CPU (several pipe queries, compared counts).
  const bool on_gpu = q->pipe_query && !overflow && !q->result_available &&
                      ctx.pipe().set_render_condition(q->pipe_query, mode_info(mode).inverted);
  ctx.conditional_render.query = std::move(q);
  ctx.conditional_render.mode = mode;
  ctx.conditional_render.on_gpu = on_gpu;
  ctx.dirty(kDirtyDrawChecks);  // draws ask the condition again (validated_draw.h)
}

void EndConditionalRender(Context& ctx) {
  if (!ctx.conditional_render.query) return ctx.set_error(GL_INVALID_OPERATION);
  if (ctx.conditional_render.on_gpu) (void)ctx.pipe().set_render_condition(nullptr, false);
  ctx.conditional_render = {};
  ctx.dirty(kDirtyDrawChecks);
}

}  // namespace api

}  // namespace brass::gl
