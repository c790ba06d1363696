// Renderbuffers, framebuffer objects and the draw/read framebuffer bindings.
#pragma once

#include <array>

#include "gl/gl_object.h"
#include "gl/texture.h"
#include "pipe/state.h"

namespace brass::gl {

inline constexpr unsigned kMaxColorAttachments = 8;

class Renderbuffer final : public Object {
 public:
  using Object::Object;
  GLenum internal_format = GL_RGBA4;
  GLsizei width = 0, height = 0, samples = 0;
  Ref<pipe::Resource> resource;
};

struct Attachment {
  GLenum type = GL_NONE;  // GL_NONE, GL_TEXTURE, GL_RENDERBUFFER
  Binding<Texture> texture;
  Binding<Renderbuffer> renderbuffer;
  GLint level = 0;
  GLint layer = 0;          // or cube face index for cube maps
  Ref<pipe::Surface> surface;  // built at validation
};

class Framebuffer final : public Object {
 public:
  using Object::Object;
  std::array<Attachment, kMaxColorAttachments> color;
  Attachment depth, stencil;
  std::array<GLenum, kMaxColorAttachments> draw_buffers{GL_COLOR_ATTACHMENT0};
  GLenum read_buffer = GL_COLOR_ATTACHMENT0;
  uint64_t generation = 0;  // bumped when attachments change
};

}  // namespace brass::gl

namespace brass::gl {
class Context;
// Completeness (ES 3.0 §4.4.4) of a framebuffer object; GL_FRAMEBUFFER_COMPLETE or the reason.
GLenum check_framebuffer_status(Context& ctx, Framebuffer& fb);
// Binds a framebuffer object's attachments to the pipe context (kDirtyFramebuffer).
bool validate_framebuffer_object(Context& ctx, Framebuffer& fb);
}  // namespace brass::gl
