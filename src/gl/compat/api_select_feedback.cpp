// Selection and feedback commands (GL 4.6 compatibility §20): glRenderMode,
// glSelectBuffer and the name stack, glFeedbackBuffer and glPassThrough.
#include "gl/compat/legacy_queries.h"
#include "gl/compat/select_feedback.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

GLint RenderMode(Context& ctx, GLenum mode) {
  if (inside_begin_end(ctx)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return 0;
  }
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (mode != GL_RENDER && mode != GL_SELECT && mode != GL_FEEDBACK) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  // Entering SELECT or FEEDBACK needs its buffer (§20.2, §20.3).
  if ((mode == GL_SELECT && !s.select_buffer) || (mode == GL_FEEDBACK && !s.feedback_buffer)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return 0;
  }
  GLint result = 0;
  switch (s.mode) {
    case GL_SELECT:
      flush_hit_record(ctx);
      result = s.select_overflow ? -1 : s.hit_records;
      break;
    case GL_FEEDBACK: result = s.feedback_written > s.feedback_size ? -1 : s.feedback_written; break;
    default: break;
  }
  // Leaving or (re-)entering a mode starts its counts over.
  s.select_written = 0;
  s.hit_records = 0;
  s.select_overflow = false;
  s.hit = false;
  s.hit_min_z = 1;
  s.hit_max_z = 0;
  s.name_depth = 0;
  s.feedback_written = 0;
  s.mode = mode;
  return result;
}

void SelectBuffer(Context& ctx, GLsizei size, GLuint* buffer) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (size < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (s.mode == GL_SELECT) return ctx.set_error(GL_INVALID_OPERATION);
  s.select_buffer = buffer;
  s.select_size = buffer ? size : 0;
}

void FeedbackBuffer(Context& ctx, GLsizei size, GLenum type, GLfloat* buffer) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (type != GL_2D && type != GL_3D && type != GL_3D_COLOR && type != GL_3D_COLOR_TEXTURE &&
      type != GL_4D_COLOR_TEXTURE)
    return ctx.set_error(GL_INVALID_ENUM);
  if (size < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (s.mode == GL_FEEDBACK) return ctx.set_error(GL_INVALID_OPERATION);
  s.feedback_buffer = buffer;
  s.feedback_size = buffer ? size : 0;
  s.feedback_type = type;
}

// The name-stack commands do nothing outside SELECT mode (§20.2); each
// change first writes the hit record of the names it replaces.
void InitNames(Context& ctx) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode != GL_SELECT) return;
  flush_hit_record(ctx);
  s.name_depth = 0;
}

void LoadName(Context& ctx, GLuint name) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode != GL_SELECT) return;
  if (s.name_depth == 0) return ctx.set_error(GL_INVALID_OPERATION);
  flush_hit_record(ctx);
  s.names[s.name_depth - 1] = name;
}

void PushName(Context& ctx, GLuint name) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode != GL_SELECT) return;
  if (s.name_depth >= kMaxNameStackDepth) return ctx.set_error(GL_STACK_OVERFLOW);
  flush_hit_record(ctx);
  s.names[s.name_depth++] = name;
}

void PopName(Context& ctx) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode != GL_SELECT) return;
  if (s.name_depth == 0) return ctx.set_error(GL_STACK_UNDERFLOW);
  flush_hit_record(ctx);
  --s.name_depth;
}

void PassThrough(Context& ctx, GLfloat token) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode != GL_FEEDBACK) return;
  feedback_pass_through(ctx, token);
}

}  // namespace brass::gl::api
