// Handlers of the draw-validation table whose areas (framebuffer objects,
// programs) are being written in their own files. Until then they
// behave as if those objects did not exist: no framebuffer object is ever
// complete, no program can be current.
#include "gl/context.h"

namespace brass::gl {

Program::~Program() = default;

GLenum check_framebuffer_status(Context&, Framebuffer&) { return GL_FRAMEBUFFER_UNSUPPORTED; }

bool validate_framebuffer_object(Context& ctx, Framebuffer&) {
  ctx.validation.framebuffer = FramebufferInfo{};
  ctx.validation.framebuffer.complete = false;
  return true;
}

bool validate_program(Context&) { return false; }
void validate_uniforms(Context&) {}
void validate_uniform_buffers(Context&) {}

}  // namespace brass::gl
