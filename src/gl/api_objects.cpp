// Handlers for object name management (glGen*/glDelete*). Objects themselves
// arrive with the pipe resources; names already follow the share-group rules.
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

void gen(Context& ctx, NameSpace& ns, GLsizei n, GLuint* names) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !names) return;
  ns.generate(n, names);
}

void del(Context& ctx, NameSpace& ns, GLsizei n, const GLuint* names) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !names) return;
  ns.remove(n, names);
}

}  // namespace

void GenBuffers(Context& ctx, GLsizei n, GLuint* buffers) { gen(ctx, ctx.share_group().buffers, n, buffers); }
void DeleteBuffers(Context& ctx, GLsizei n, const GLuint* buffers) {
  del(ctx, ctx.share_group().buffers, n, buffers);
}
void GenTextures(Context& ctx, GLsizei n, GLuint* textures) { gen(ctx, ctx.share_group().textures, n, textures); }
void DeleteTextures(Context& ctx, GLsizei n, const GLuint* textures) {
  del(ctx, ctx.share_group().textures, n, textures);
}
void GenRenderbuffers(Context& ctx, GLsizei n, GLuint* renderbuffers) {
  gen(ctx, ctx.share_group().renderbuffers, n, renderbuffers);
}
void DeleteRenderbuffers(Context& ctx, GLsizei n, const GLuint* renderbuffers) {
  del(ctx, ctx.share_group().renderbuffers, n, renderbuffers);
}
// Framebuffers are container objects: never shared.
void GenFramebuffers(Context& ctx, GLsizei n, GLuint* framebuffers) { gen(ctx, ctx.framebuffers(), n, framebuffers); }
void DeleteFramebuffers(Context& ctx, GLsizei n, const GLuint* framebuffers) {
  del(ctx, ctx.framebuffers(), n, framebuffers);
}

}  // namespace brass::gl::api
