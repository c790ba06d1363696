// glDrawTransformFeedback and its instanced and stream forms (GL 4.0,
// ARB_transform_feedback2 / _3 / _instanced, GL 4.6 §10.4): a draw of the
// vertices the last capture of a transform feedback object wrote on a
// vertex stream, counted in the first buffer that stream is captured to
// (api_draw.cpp, draw_transform_feedback).
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

void draw_from(Context& ctx, GLenum mode, GLuint id, GLuint stream, GLsizei instances) {
  if (instances < 0) return ctx.set_error(GL_INVALID_VALUE);
  // Name 0 is the default object (it always exists).
  TransformFeedback* tf =
      id == 0 ? ctx.default_transform_feedback.get() : ctx.transform_feedback_objects.lookup(id).get();
  if (!tf) return ctx.set_error(GL_INVALID_VALUE);
  if (stream >= static_cast<GLuint>(ctx.limits.max_vertex_streams)) return ctx.set_error(GL_INVALID_VALUE);
  // Nothing to draw before the object's first glEndTransformFeedback.
  if (!tf->ended_once) return ctx.set_error(GL_INVALID_OPERATION);
  draw_transform_feedback(ctx, mode, *tf, stream, instances);
}

}  // namespace

void DrawTransformFeedback(Context& ctx, GLenum mode, GLuint id) { draw_from(ctx, mode, id, 0, 1); }
void DrawTransformFeedbackInstanced(Context& ctx, GLenum mode, GLuint id, GLsizei instancecount) {
  draw_from(ctx, mode, id, 0, instancecount);
}
void DrawTransformFeedbackStream(Context& ctx, GLenum mode, GLuint id, GLuint stream) {
  draw_from(ctx, mode, id, stream, 1);
}
void DrawTransformFeedbackStreamInstanced(Context& ctx, GLenum mode, GLuint id, GLuint stream, GLsizei instancecount) {
  draw_from(ctx, mode, id, stream, instancecount);
}

}  // namespace brass::gl::api
