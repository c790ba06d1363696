// Name management for the object types whose API areas are not yet in their
// own files (renderbuffers, framebuffers; buffers: api_buffers.cpp, textures:
// api_textures.cpp). Deleting an
// object unbinds it from the current context's binding points first
// (ES 3.0 §2.10.1 / §4.4.1 / §3.8.1); other contexts keep their references
// until they rebind, as GL specifies.
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

template <typename T>
bool gen(Context& ctx, ObjectTable<T>& table, GLsizei n, GLuint* names) {
  if (n < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  if (n == 0 || !names) return false;
  table.generate(n, names);
  return true;
}

template <typename T, typename Unbind>
void del(Context& ctx, ObjectTable<T>& table, GLsizei n, const GLuint* names, Unbind&& unbind) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!names) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (names[i] == 0) continue;
    Ref<T> obj = table.remove(names[i]);
    if (obj) unbind(obj.get());
  }
}

template <typename T>
void unbind_if(Binding<T>& point, T* obj) {
  if (point.get() == obj) point.reset();
}

}  // namespace

void GenRenderbuffers(Context& ctx, GLsizei n, GLuint* renderbuffers) {
  gen(ctx, ctx.share_group().renderbuffers, n, renderbuffers);
}

void DeleteRenderbuffers(Context& ctx, GLsizei n, const GLuint* renderbuffers) {
  del(ctx, ctx.share_group().renderbuffers, n, renderbuffers, [&](Renderbuffer*) { ctx.dirty(kDirtyFramebuffer); });
}

// Framebuffers are container objects: never shared.
void GenFramebuffers(Context& ctx, GLsizei n, GLuint* framebuffers) {
  gen(ctx, ctx.framebuffer_objects, n, framebuffers);
}

void DeleteFramebuffers(Context& ctx, GLsizei n, const GLuint* framebuffers) {
  del(ctx, ctx.framebuffer_objects, n, framebuffers, [&](Framebuffer* fb) {
    // Deleting a bound framebuffer reverts that binding to the default (§4.4.1).
    if (ctx.draw_framebuffer.get() == fb) ctx.draw_framebuffer.reset();
    if (ctx.read_framebuffer.get() == fb) ctx.read_framebuffer.reset();
    ctx.dirty(kDirtyFramebuffer);
  });
}

}  // namespace brass::gl::api
