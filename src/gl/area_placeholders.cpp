// Handlers of the draw-validation table whose areas (framebuffer objects,
// programs) are being written in their own files. Until then they
// behave as if those objects did not exist: no framebuffer object is ever
// complete, no program can be current.
#include "gl/context.h"

namespace brass::gl {

GLenum check_framebuffer_status(Context&, Framebuffer&) { return GL_FRAMEBUFFER_UNSUPPORTED; }

bool validate_framebuffer_object(Context& ctx, Framebuffer&) {
  ctx.validation.framebuffer = FramebufferInfo{};
  ctx.validation.framebuffer.complete = false;
  return true;
}


}  // namespace brass::gl
