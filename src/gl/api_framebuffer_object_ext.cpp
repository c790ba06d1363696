// EXT_framebuffer_object's two commands whose semantics differ from the GL
// 3.0 commands that replaced them (every other *EXT command of the extension
// aliases its core command: tools/gen/gen_gl.py --compat-extensions).
//
// EXT_framebuffer_object (§4.4.1, §4.4.2.1) creates a framebuffer or
// renderbuffer object when a name is first bound, whether or not glGen*
// returned it; ARB_framebuffer_object and GL 3.0+ made binding such a name
// INVALID_OPERATION. The extension's objects and the core ones share one
// namespace (one object is the same to both sets of commands), and its
// targets, enums and completeness queries are the core ones: a framebuffer
// complete by the GL 4.6 rules is reported complete to the EXT commands too
// (the EXT rules' FRAMEBUFFER_INCOMPLETE_DIMENSIONS_EXT / _FORMATS_EXT were
// dropped when ARB_framebuffer_object relaxed them; an implementation that
// has both extensions applies the relaxed rules to both).
#include "gl/context.h"
#include "gl/framebuffer.h"
#include "gl_functions.h"

namespace brass::gl::api {

// With EXT_framebuffer_blit (listed alongside) the target may also be
// READ_FRAMEBUFFER_EXT or DRAW_FRAMEBUFFER_EXT, the same enums as GL 3.0's.
void BindFramebufferEXT(Context& ctx, GLenum target, GLuint framebuffer) {
  bind_framebuffer(ctx, target, framebuffer, true);
}

void BindRenderbufferEXT(Context& ctx, GLenum target, GLuint renderbuffer) {
  bind_renderbuffer(ctx, target, renderbuffer, true);
}

}  // namespace brass::gl::api
