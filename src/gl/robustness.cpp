// Context loss and robust access: KHR_robustness / EXT_robustness (ES), GL
// 4.5 robustness (desktop), with the context's reset notification strategy
// and robust access flag from EGL_EXT_create_context_robustness.
#include "gl/context.h"
#include "gl/read_pixels.h"

namespace brass::gl {

void Context::lost_command() {
  if (desc_.lose_context_on_reset) set_error(GL_CONTEXT_LOST);
}

GLenum Context::graphics_reset_status() {
  // Another context's loss of the device reaches this one here.
  if (!lost_) {
    if (pipe_->poll_reset() == pipe::Context::ResetCause::None) return GL_NO_ERROR;
    lost_ = true;
  }
  // NO_RESET_NOTIFICATION: resets are never reported (the context is lost
  // all the same: its commands do nothing).
  if (!desc_.lose_context_on_reset || reset_reported_) return GL_NO_ERROR;
  reset_reported_ = true;
  switch (pipe_->poll_reset()) {
    case pipe::Context::ResetCause::Guilty: return GL_GUILTY_CONTEXT_RESET;
    case pipe::Context::ResetCause::Innocent: return GL_INNOCENT_CONTEXT_RESET;
    default: return GL_UNKNOWN_CONTEXT_RESET;
  }
}

bool query_robustness_state(Context& ctx, GLenum pname, GLint* out) {
  switch (pname) {
    case GL_RESET_NOTIFICATION_STRATEGY:
      *out = ctx.desc().lose_context_on_reset ? GL_LOSE_CONTEXT_ON_RESET : GL_NO_RESET_NOTIFICATION;
      return true;
    case GL_CONTEXT_ROBUST_ACCESS_KHR: *out = ctx.desc().robust_access ? GL_TRUE : GL_FALSE; return true;
    default: return false;
  }
}

namespace api {

GLenum GetGraphicsResetStatus(Context& ctx) { return ctx.graphics_reset_status(); }

void ReadnPixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 GLsizei buf_size, void* data) {
  // A negative size holds nothing: any pixel to write is too many.
  read_pixels(ctx, x, y, width, height, format, type, data, static_cast<uint64_t>(buf_size < 0 ? 0 : buf_size));
}

}  // namespace api
}  // namespace brass::gl
