// EGLImages: eglCreateImage / eglDestroyImage (EGL 1.5 §3.9) and their
// EGL_KHR_image_base forms, for the GL targets of
// EGL_KHR_gl_texture_2D_image, EGL_KHR_gl_texture_cubemap_image,
// EGL_KHR_gl_texture_3D_image and EGL_KHR_gl_renderbuffer_image. EGL checks
// its own arguments here, in the order §3.9.1 lists the errors; the GL
// object's state is checked by the client API (gl/egl_image.cpp). A slice
// of a 3D texture is sampled as a 2D image through a 2D view of the 3D
// image (pipe::Cap::Sampled2DViewOf3D, VK_EXT_image_2d_view_of_3d): on a
// device without it EGL_GL_TEXTURE_3D is EGL_BAD_PARAMETER and
// EGL_KHR_gl_texture_3D_image is not advertised.
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "egl/api.h"
#include "egl/api_util.h"
#include "egl/objects.h"
#include "util/process_exit.h"

namespace brass::egl::api {

namespace {

using Lock = std::lock_guard<std::recursive_mutex>;

bool is_gl_target(EGLenum target) {
  return target == EGL_GL_TEXTURE_2D || target == EGL_GL_TEXTURE_3D || target == EGL_GL_RENDERBUFFER ||
         (target >= EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= EGL_GL_TEXTURE_CUBE_MAP_NEGATIVE_Z);
}

EGLImage create_image(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                      const EGLAttrib* attribs) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_IMAGE;
  Context* c = nullptr;
  if (ctx != EGL_NO_CONTEXT) {
    c = d->find_context(ctx);
    if (!c) return fail(EGL_BAD_CONTEXT, EGL_NO_IMAGE);
  }
  if (!is_gl_target(target)) return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
  // A GL object is named in a context: the GL targets need one.
  if (!c) return fail(EGL_BAD_CONTEXT, EGL_NO_IMAGE);
  EGLint level = 0, zoffset = 0;
  for (size_t i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
    const EGLAttrib v = attribs[i + 1];
    switch (attribs[i]) {
      case EGL_GL_TEXTURE_LEVEL:
        // Out of GLint's range is no valid mipmap level.
        if (v < 0 || v > INT32_MAX) return fail(EGL_BAD_MATCH, EGL_NO_IMAGE);
        level = static_cast<EGLint>(v);
        break;
      // Selects a slice of a 3D texture; the other targets ignore it.
      case EGL_GL_TEXTURE_ZOFFSET:
        // Past any depth (the client API checks the level's own depth).
        if (v < 0 || v > INT32_MAX) return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
        zoffset = static_cast<EGLint>(v);
        break;
      // Texels are always preserved: siblings share storage, nothing is
      // copied or discarded when the image is made.
      case EGL_IMAGE_PRESERVED: break;
      default: return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
    }
  }
  // Renderbuffers have no mipmap levels.
  if (target == EGL_GL_RENDERBUFFER) level = 0;
  Ref<gl::ImageStorage> storage;
  const EGLint e = gles_client_api().image_source(c->client.get(), target, buffer, level,
                                                   target == EGL_GL_TEXTURE_3D ? zoffset : 0, &storage);
  if (e != EGL_SUCCESS) return fail(e, EGL_NO_IMAGE);
  auto image = std::make_unique<Image>();
  image->display = d;
  image->storage = std::move(storage);
  Image* handle = image.get();
  d->images.emplace(handle, std::move(image));
  set_error(EGL_SUCCESS);
  return handle;
}

}  // namespace

EGLImage EGLAPIENTRY eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                                    const EGLAttrib* attrib_list) {
  return create_image(dpy, ctx, target, buffer, attrib_list);
}

EGLImageKHR EGLAPIENTRY eglCreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                                          const EGLint* attrib_list) {
  const std::vector<EGLAttrib> attribs = widen(attrib_list);
  return create_image(dpy, ctx, target, buffer, attribs.data());
}

EGLBoolean EGLAPIENTRY eglDestroyImage(EGLDisplay dpy, EGLImage image) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  auto it = d->images.find(static_cast<Image*>(image));
  if (it == d->images.end()) return fail(EGL_BAD_PARAMETER);
  // The siblings keep the storage. At exit (see api.cpp's dispose) the
  // handle is parked rather than released into the driver.
  if (process_exiting()) [[unlikely]] park_until_exit(it->second.release());
  d->images.erase(it);
  return succeed();
}

EGLBoolean EGLAPIENTRY eglDestroyImageKHR(EGLDisplay dpy, EGLImageKHR image) { return eglDestroyImage(dpy, image); }

}  // namespace brass::egl::api
