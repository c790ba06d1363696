// The narrow interface EGL uses to create and bind client-API contexts. One
// implementation, gles_client_api() (gl_client_api.cpp, over src/gl), makes
// both OpenGL ES and desktop OpenGL core-profile contexts (src/gl's one
// context class serves both).
#pragma once

#include <memory>
#include <string>

#include "egl/egl_types.h"
#include "gl/egl_image.h"
#include "pipe/context.h"
#include "pipe/resource.h"
#include "pipe/screen.h"

namespace brass::egl {

struct ClientContextRequest {
  bool desktop = false;  // EGL_OPENGL_API: a desktop OpenGL context
  int major = 1, minor = 0;
  // Desktop only: EGL_CONTEXT_OPENGL_PROFILE_MASK (core unless asked
  // otherwise) and the forward-compatible flag.
  EGLint profile_mask = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
  bool forward_compatible = false;
  // Desktop only: the compatibility profile was asked for (or a version
  // below 3.2 that only it provides); decided by check_desktop_request.
  bool compatibility = false;
  bool debug = false;
  bool robust_access = false;
  bool lose_context_on_reset = false;
  bool no_error = false;  // EGL_KHR_create_context_no_error
  std::string device_name;
  pipe::Screen* screen = nullptr;  // the display's device
};

// Sizes and formats of one EGL surface's buffers, as the client API sees them.
struct SurfaceBuffers {
  int width = 0, height = 0;
  int red = 8, green = 8, blue = 8, alpha = 8, depth = 0, stencil = 0, samples = 0;
  Ref<pipe::Resource> color, depth_stencil;
};

class ClientContext {
 public:
  virtual ~ClientContext() = default;
  virtual int major() const = 0;
  virtual int minor() const = 0;
};

class ClientApi {
 public:
  virtual ~ClientApi() = default;
  // Whether a context for this requested version can be created on this
  // device (of OpenGL ES, or with `desktop` of desktop OpenGL's core profile).
  virtual bool supports_version(const pipe::Screen& screen, bool desktop, int major, int minor) const = 0;
  // The desktop OpenGL core version contexts get on this device (10 * major
  // + minor), 0 when none; and whether any device may get one.
  virtual int desktop_version(const pipe::Screen& screen) const = 0;
  // The desktop OpenGL compatibility-profile version contexts get on this
  // device, 0 when none.
  virtual int compat_version(const pipe::Screen& screen) const = 0;
  virtual bool desktop_possible() const = 0;
  // Null on allocation failure. `share` is null or a context of this API.
  virtual std::unique_ptr<ClientContext> create_context(const ClientContextRequest& request,
                                                        ClientContext* share) = 0;
  // Makes `ctx` current on the calling thread (null: release). Null buffers:
  // surfaceless.
  virtual void make_current(ClientContext* ctx, const SurfaceBuffers* draw, const SurfaceBuffers* read) = 0;
  // The calling thread's current context: glFlush / glFinish.
  virtual void flush() = 0;
  virtual void finish() = 0;
  // Submits the current context's work and returns a fence that signals when
  // it completes (null with no current context): EGL fence syncs.
  virtual Ref<pipe::Fence> flush_with_fence() = 0;
  // The pipe context `ctx` renders with (window surfaces present through
  // it); null when it has none.
  virtual pipe::Context* pipe_context(ClientContext* ctx) {
    (void)ctx;
    return nullptr;
  }
  // EGLImage source (EGL 1.5 §3.9.1): the storage of the object `buffer`
  // names in `ctx` for `target` (EGL_GL_TEXTURE_2D, a cube-map face,
  // EGL_GL_TEXTURE_3D at slice `zoffset`, or EGL_GL_RENDERBUFFER) at mipmap
  // `level`. EGL_SUCCESS, or the EGL error the object's state calls for.
  virtual EGLint image_source(ClientContext* ctx, EGLenum target, EGLClientBuffer buffer, EGLint level,
                              EGLint zoffset, Ref<gl::ImageStorage>* out) = 0;
  // Entry point of a client-API function, or null.
  virtual void* get_proc_address(const char* name) = 0;
};

ClientApi& gles_client_api();

}  // namespace brass::egl
