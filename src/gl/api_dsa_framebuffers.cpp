// Direct state access to framebuffers and renderbuffers
// (ARB_direct_state_access; GL 4.6 §9.2-9.4, §17.4, §18.3): glCreate
// Framebuffers / Renderbuffers and the glNamedFramebuffer* /
// glNamedRenderbuffer* commands, which change or read the named object
// with the steps of the commands on the bound one (api_framebuffers.cpp,
// api_renderbuffers.cpp, api_desktop_raster.cpp).
//
// Framebuffer zero names the default framebuffer where the command
// allows it (draw and read buffers, invalidation, clears, blits, status
// and queries); an attachment command on it is INVALID_OPERATION, as is a
// name without a framebuffer object (never created or bound, or deleted).
//
// Clears and blits render: they run the bound-framebuffer commands
// (api_framebuffer_ops.cpp) with the named framebuffers bound for the
// call's duration, so that validation, render passes and the clear and
// blit paths are the ones every draw uses.
#include "gl/context.h"
#include "gl/framebuffer.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// A framebuffer object, or null (with INVALID_OPERATION recorded) when
// `name` has none. `*ok` false after an error; name zero is the default
// framebuffer (null, no error) when `zero_is_default`.
Ref<Framebuffer> named_framebuffer(Context& ctx, GLuint name, bool zero_is_default, bool* ok) {
  *ok = true;
  if (name == 0 && zero_is_default) return {};
  Ref<Framebuffer> fb = name != 0 ? ctx.framebuffer_objects.lookup(name) : Ref<Framebuffer>();
  if (!fb) {
    ctx.set_error(GL_INVALID_OPERATION);
    *ok = false;
  }
  return fb;
}

Ref<Renderbuffer> named_renderbuffer(Context& ctx, GLuint name) {
  Ref<Renderbuffer> rb = name != 0 ? ctx.share_group().renderbuffers.lookup(name) : Ref<Renderbuffer>();
  if (!rb) ctx.set_error(GL_INVALID_OPERATION);
  return rb;
}

// Binds `draw` (and `read`) in place of the context's framebuffers until
// destroyed, then puts the application's bindings back.
class TemporaryFramebuffers {
 public:
  TemporaryFramebuffers(Context& ctx, Framebuffer* draw, Framebuffer* read)
      : ctx_(ctx), draw_(ctx.draw_framebuffer), read_(ctx.read_framebuffer) {
    swap(draw, read);
  }
  ~TemporaryFramebuffers() { swap(draw_.get(), read_.get()); }
  TemporaryFramebuffers(const TemporaryFramebuffers&) = delete;
  TemporaryFramebuffers& operator=(const TemporaryFramebuffers&) = delete;

 private:
  void swap(Framebuffer* draw, Framebuffer* read) {
    if (ctx_.draw_framebuffer.get() != draw) {
      bind(ctx_.draw_framebuffer, draw);
      ctx_.dirty(kDirtyFramebuffer);
    }
    bind(ctx_.read_framebuffer, read);
  }
  Context& ctx_;
  Ref<Framebuffer> draw_, read_;
};

// Runs `command` with the framebuffer `name` names (zero: the default one)
// as the draw framebuffer.
template <typename Command>
void with_draw_framebuffer(Context& ctx, GLuint name, Command&& command) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, name, true, &ok);
  if (!ok) return;
  const TemporaryFramebuffers bound(ctx, fb.get(), ctx.read_framebuffer.get());
  command();
}

}  // namespace

// --- objects ---

void CreateFramebuffers(Context& ctx, GLsizei n, GLuint* framebuffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !framebuffers) return;
  if (!ctx.framebuffer_objects.create_many(n, framebuffers, [](GLuint name) { return make_ref<Framebuffer>(name); }))
    ctx.set_error(GL_OUT_OF_MEMORY);
}

void CreateRenderbuffers(Context& ctx, GLsizei n, GLuint* renderbuffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !renderbuffers) return;
  if (!ctx.share_group().renderbuffers.create_many(n, renderbuffers,
                                                   [](GLuint name) { return make_ref<Renderbuffer>(name); }))
    ctx.set_error(GL_OUT_OF_MEMORY);
}

// --- attachments and parameters ---

void NamedFramebufferRenderbuffer(Context& ctx, GLuint framebuffer, GLenum attachment, GLenum renderbuffertarget,
                                  GLuint renderbuffer) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, false, &ok);
  if (ok) renderbuffer_attachment(ctx, fb.get(), attachment, renderbuffertarget, renderbuffer);
}

void NamedFramebufferTexture(Context& ctx, GLuint framebuffer, GLenum attachment, GLuint texture, GLint level) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, false, &ok);
  if (ok) framebuffer_texture(ctx, fb.get(), attachment, texture, level);
}

void NamedFramebufferTextureLayer(Context& ctx, GLuint framebuffer, GLenum attachment, GLuint texture, GLint level,
                                  GLint layer) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, false, &ok);
  if (ok) framebuffer_texture_layer(ctx, fb.get(), attachment, texture, level, layer);
}

void NamedFramebufferParameteri(Context& ctx, GLuint framebuffer, GLenum pname, GLint param) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, false, &ok);
  if (ok) framebuffer_parameter(ctx, *fb, pname, param);
}

void GetNamedFramebufferParameteriv(Context& ctx, GLuint framebuffer, GLenum pname, GLint* param) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, false, &ok);
  if (ok) get_framebuffer_parameter(ctx, *fb, pname, param);
}

// Framebuffer zero: the default framebuffer's draw drawable.
void GetNamedFramebufferAttachmentParameteriv(Context& ctx, GLuint framebuffer, GLenum attachment, GLenum pname,
                                              GLint* params) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (ok) framebuffer_attachment_parameter(ctx, fb.get(), false, attachment, pname, params);
}

// --- draw and read buffers ---

void NamedFramebufferDrawBuffer(Context& ctx, GLuint framebuffer, GLenum buf) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (ok) draw_buffer(ctx, fb.get(), buf);
}

void NamedFramebufferDrawBuffers(Context& ctx, GLuint framebuffer, GLsizei n, const GLenum* bufs) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (ok) draw_buffers(ctx, fb.get(), n, bufs);
}

void NamedFramebufferReadBuffer(Context& ctx, GLuint framebuffer, GLenum src) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (ok) read_buffer(ctx, fb.get(), src);
}

// --- invalidation ---

void InvalidateNamedFramebufferData(Context& ctx, GLuint framebuffer, GLsizei numAttachments,
                                    const GLenum* attachments) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (ok) invalidate_framebuffer(ctx, fb.get(), false, numAttachments, attachments, 0, 0, INT32_MAX, INT32_MAX);
}

void InvalidateNamedFramebufferSubData(Context& ctx, GLuint framebuffer, GLsizei numAttachments,
                                       const GLenum* attachments, GLint x, GLint y, GLsizei width, GLsizei height) {
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (ok) invalidate_framebuffer(ctx, fb.get(), false, numAttachments, attachments, x, y, width, height);
}

// --- clears, blits and status ---

void ClearNamedFramebufferiv(Context& ctx, GLuint framebuffer, GLenum buffer, GLint drawbuffer, const GLint* value) {
  with_draw_framebuffer(ctx, framebuffer, [&] { ClearBufferiv(ctx, buffer, drawbuffer, value); });
}

void ClearNamedFramebufferuiv(Context& ctx, GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                              const GLuint* value) {
  with_draw_framebuffer(ctx, framebuffer, [&] { ClearBufferuiv(ctx, buffer, drawbuffer, value); });
}

void ClearNamedFramebufferfv(Context& ctx, GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                             const GLfloat* value) {
  with_draw_framebuffer(ctx, framebuffer, [&] { ClearBufferfv(ctx, buffer, drawbuffer, value); });
}

void ClearNamedFramebufferfi(Context& ctx, GLuint framebuffer, GLenum buffer, GLint drawbuffer, GLfloat depth,
                             GLint stencil) {
  with_draw_framebuffer(ctx, framebuffer, [&] { ClearBufferfi(ctx, buffer, drawbuffer, depth, stencil); });
}

void BlitNamedFramebuffer(Context& ctx, GLuint readFramebuffer, GLuint drawFramebuffer, GLint srcX0, GLint srcY0,
                          GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                          GLbitfield mask, GLenum filter) {
  bool ok;
  const Ref<Framebuffer> read = named_framebuffer(ctx, readFramebuffer, true, &ok);
  if (!ok) return;
  const Ref<Framebuffer> draw = named_framebuffer(ctx, drawFramebuffer, true, &ok);
  if (!ok) return;
  const TemporaryFramebuffers bound(ctx, draw.get(), read.get());
  BlitFramebuffer(ctx, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter);
}

// `target` says which of the default framebuffer's drawables zero names.
GLenum CheckNamedFramebufferStatus(Context& ctx, GLuint framebuffer, GLenum target) {
  if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER && target != GL_READ_FRAMEBUFFER) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  bool ok;
  const Ref<Framebuffer> fb = named_framebuffer(ctx, framebuffer, true, &ok);
  if (!ok) return 0;
  if (!fb) {
    const Drawable* d = target == GL_READ_FRAMEBUFFER ? ctx.read() : ctx.draw();
    return d ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
  }
  return check_framebuffer_status(ctx, *fb);
}

// --- renderbuffers ---

void NamedRenderbufferStorage(Context& ctx, GLuint renderbuffer, GLenum internalformat, GLsizei width,
                              GLsizei height) {
  if (const Ref<Renderbuffer> rb = named_renderbuffer(ctx, renderbuffer))
    renderbuffer_storage(ctx, rb.get(), 0, internalformat, width, height);
}

void NamedRenderbufferStorageMultisample(Context& ctx, GLuint renderbuffer, GLsizei samples, GLenum internalformat,
                                         GLsizei width, GLsizei height) {
  if (const Ref<Renderbuffer> rb = named_renderbuffer(ctx, renderbuffer))
    renderbuffer_storage(ctx, rb.get(), samples, internalformat, width, height);
}

void GetNamedRenderbufferParameteriv(Context& ctx, GLuint renderbuffer, GLenum pname, GLint* params) {
  if (const Ref<Renderbuffer> rb = named_renderbuffer(ctx, renderbuffer))
    renderbuffer_parameter(ctx, rb.get(), pname, params);
}

}  // namespace brass::gl::api
