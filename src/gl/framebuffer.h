// Renderbuffers, framebuffer objects and the draw/read framebuffer bindings.
#pragma once

#include <array>
#include <cstdint>

#include "gl/gl_object.h"
#include "gl/texture.h"
#include "pipe/state.h"

namespace brass::gl {

inline constexpr unsigned kMaxColorAttachments = 8;

class Renderbuffer final : public Object {
 public:
  using Object::Object;
  GLenum internal_format = GL_NONE;  // GL_NONE: no storage specified yet
  GLsizei width = 0, height = 0, samples = 0;  // samples: the count actually allocated (0: single)
  Ref<pipe::Resource> resource;
  // Where in `resource` the renderbuffer's image is: not 0 only for an
  // EGLImage target whose image is a texture level or cube face.
  uint32_t resource_level = 0, resource_layer = 0;
  // The EGLImage this renderbuffer is a sibling of (its source or a target
  // made from it); cleared when storage is respecified.
  Ref<ImageStorage> egl_image;
  uint64_t generation = 0;  // bumped when the storage is re-created
};

struct Attachment {
  GLenum type = GL_NONE;  // GL_NONE, GL_TEXTURE, GL_RENDERBUFFER
  Binding<Texture> texture;
  Binding<Renderbuffer> renderbuffer;
  GLint level = 0;
  GLint layer = 0;             // array layer / 3D slice, or the cube face index for cube maps
  bool cube_face = false;      // attached with glFramebufferTexture2D(TEXTURE_CUBE_MAP_*)
  // glFramebufferTexture of a 3D, 2D array or cube map texture
  // (EXT_geometry_shader): every layer of the level, from layer 0; a
  // geometry shader picks one with gl_Layer.
  bool layered = false;
  Ref<pipe::Surface> surface;  // built at validation
  uint64_t seen_generation = ~0ull;  // the object's generation when `surface` was built
};

class Framebuffer final : public Object {
 public:
  using Object::Object;
  std::array<Attachment, kMaxColorAttachments> color;
  Attachment depth, stencil;
  std::array<GLenum, kMaxColorAttachments> draw_buffers{GL_COLOR_ATTACHMENT0};
  GLenum read_buffer = GL_COLOR_ATTACHMENT0;
  uint64_t generation = 0;  // bumped when attachments change
  // ES 3.1 §9.2.1 (glFramebufferParameteri): the size and samples of the
  // framebuffer while it has no attachments.
  GLint default_width = 0, default_height = 0, default_samples = 0;
  GLint default_layers = 0;  // FRAMEBUFFER_DEFAULT_LAYERS (EXT_geometry_shader)
  bool default_fixed_sample_locations = false;
};

}  // namespace brass::gl

namespace brass::gl {
namespace pixel {
struct InternalFormatInfo;
}
class Context;
// Completeness (ES 3.0 §4.4.4) of a framebuffer object; GL_FRAMEBUFFER_COMPLETE or the reason.
GLenum check_framebuffer_status(Context& ctx, Framebuffer& fb);
// Binds a framebuffer object's attachments to the pipe context (kDirtyFramebuffer).
bool validate_framebuffer_object(Context& ctx, Framebuffer& fb);
// True when an attachment's texture or renderbuffer storage changed since the
// framebuffer was last validated (the draw code then marks kDirtyFramebuffer).
bool framebuffer_attachments_changed(const Framebuffer& fb);

// What one attachment holds, as the query, read and blit code needs it.
struct AttachmentImage {
  const pixel::InternalFormatInfo* info = nullptr;  // null: nothing attached / no image
  GLsizei width = 0, height = 0, samples = 0;       // samples as GL reports them (0: single)
  pipe::Resource* resource = nullptr;               // may be null before the first validation
  uint32_t level = 0, layer = 0;                    // in `resource`
};
AttachmentImage attachment_image(const Attachment& a);
// The layers a layered attachment has (3D depth, array layers, 6 cube
// faces at its level); 1 for any other attachment.
uint32_t attachment_layers(const Attachment& a);
// The attachment an attachment enum names (COLOR_ATTACHMENTi, DEPTH_ATTACHMENT,
// STENCIL_ATTACHMENT), or null.
Attachment* framebuffer_attachment(Framebuffer& fb, GLenum attachment);
// Builds or refreshes an attachment's pipe surface; false on allocation failure.
bool update_attachment_surface(Context& ctx, Attachment& a);
// Samples of a framebuffer object (0: single-sampled), of a complete one.
GLsizei framebuffer_samples(const Framebuffer& fb);
// The samples an ES 3.1 framebuffer object without attachments rasterizes
// with (1: single-sampled): the smallest power of two at least
// FRAMEBUFFER_DEFAULT_SAMPLES, up to MAX_FRAMEBUFFER_SAMPLES. 0 when it has
// attachments.
uint32_t no_attachment_samples(const Context& ctx, const Framebuffer& fb);

// The framebuffer commands on one framebuffer (api_framebuffers.cpp): the
// one bound to a target, or the one a direct state access command names
// (GL 4.6 §9.2, §17.4.1, §18.2.1). `fb` null is the default framebuffer:
// `read` then says which drawable it is (the read or the draw one).
// Attaching to the default framebuffer is INVALID_OPERATION.
void framebuffer_texture(Context& ctx, Framebuffer* fb, GLenum attachment, GLuint texture, GLint level);
void framebuffer_texture_layer(Context& ctx, Framebuffer* fb, GLenum attachment, GLuint texture, GLint level,
                               GLint layer);
void renderbuffer_attachment(Context& ctx, Framebuffer* fb, GLenum attachment, GLenum renderbuffertarget,
                             GLuint renderbuffer);
void framebuffer_parameter(Context& ctx, Framebuffer& fb, GLenum pname, GLint param);
void get_framebuffer_parameter(Context& ctx, const Framebuffer& fb, GLenum pname, GLint* params);
void framebuffer_attachment_parameter(Context& ctx, Framebuffer* fb, bool read, GLenum attachment, GLenum pname,
                                      GLint* params);
void draw_buffers(Context& ctx, Framebuffer* fb, GLsizei n, const GLenum* bufs);
void draw_buffer(Context& ctx, Framebuffer* fb, GLenum buf);  // api_desktop_raster.cpp
void read_buffer(Context& ctx, Framebuffer* fb, GLenum src);
void invalidate_framebuffer(Context& ctx, Framebuffer* fb, bool read, GLsizei numAttachments,
                            const GLenum* attachments, GLint x, GLint y, GLsizei width, GLsizei height);

// Renderbuffer storage and queries of one renderbuffer (the bound one or a
// named one; api_renderbuffers.cpp). Null: none bound (INVALID_OPERATION).
void renderbuffer_storage(Context& ctx, Renderbuffer* rb, GLsizei samples, GLenum internalformat, GLsizei width,
                          GLsizei height);
void renderbuffer_parameter(Context& ctx, const Renderbuffer* rb, GLenum pname, GLint* params);

// glBindFramebuffer / glBindRenderbuffer. `allow_unreserved`: a name that
// glGen* did not return gets a new object (ES; EXT_framebuffer_object's
// *EXT binds) instead of INVALID_OPERATION (desktop GL 4.6 §9.2, §9.2.4).
void bind_framebuffer(Context& ctx, GLenum target, GLuint framebuffer, bool allow_unreserved);
void bind_renderbuffer(Context& ctx, GLenum target, GLuint renderbuffer, bool allow_unreserved);
}  // namespace brass::gl
