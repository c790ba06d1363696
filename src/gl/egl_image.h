// EGLImages as the GL frontend sees them (EGL_KHR_image_base,
// EGL_KHR_gl_texture_2D_image, EGL_KHR_gl_texture_cubemap_image,
// EGL_KHR_gl_renderbuffer_image on the source side; GL_OES_EGL_image and
// GL_EXT_EGL_image_storage on the target side).
//
// An EGLImage names one 2D image: a level and layer of a pipe resource. The
// resource is reference counted, so the image, its source texture or
// renderbuffer and every target made from it (its "siblings") hold the same
// storage, and the storage lives until the last of them is gone. Siblings
// share texels, not GL state: drawing into one is seen through the others
// (after the synchronization GL requires between contexts).
//
// EGL owns the image objects and their handles; GL resolves a handle through
// the resolver EGL installs (GL cannot include EGL: EGL is the layer above).
#pragma once

#include <cstdint>

#include "gl/gl_types.h"
#include "gl/pixel/format_table.h"
#include "pipe/resource.h"
#include "util/ref_counted.h"

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

class Context;

class ImageStorage final : public RefCounted {
 public:
  pipe::Screen* screen = nullptr;  // the device the storage lives on
  Ref<pipe::Resource> resource;
  uint32_t level = 0, layer = 0;  // the image's level and layer in `resource`
  GLenum internal_format = GL_NONE;  // as the source was specified (may be unsized)
  const pixel::InternalFormatInfo* info = nullptr;
  GLsizei width = 0, height = 0;
};

// EGL's lookup of an EGLImage handle: the storage of a live image, or null
// when the handle names none (never created, or destroyed). Installed once
// by the EGL frontend; without one every handle is invalid.
using ImageResolver = Ref<ImageStorage> (*)(void* image);
void set_image_resolver(ImageResolver resolver);
Ref<ImageStorage> resolve_image(void* image);

// Why an image cannot be made from a GL object, in EGL's terms (EGL 1.5
// §3.9.1 and EGL_KHR_gl_image); the caller maps them to EGL errors.
enum class ImageSourceError { None, BadParameter, BadMatch, BadAccess, BadAlloc };

// The storage of level `level` of texture `name` of `ctx`'s share group:
// `target` TEXTURE_2D, TEXTURE_CUBE_MAP (`layer`: the face, 0..5) or
// TEXTURE_3D (`layer`: the slice, EGL_GL_TEXTURE_ZOFFSET). Marks that level
// as a sibling (a second image of it is BadAccess until it is respecified
// or the texture deleted; for 3D, of the same slice as the last image made).
ImageSourceError image_from_texture(Context& ctx, GLuint name, GLenum target, GLint layer, GLint level,
                                    Ref<ImageStorage>* out);
// The storage of renderbuffer `name` (single-sampled only).
ImageSourceError image_from_renderbuffer(Context& ctx, GLuint name, Ref<ImageStorage>* out);

}  // namespace brass::gl
