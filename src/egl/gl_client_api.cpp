// ClientApi for OpenGL ES over src/gl.
#include "egl/client_api.h"

#include <cstdint>

#include "egl/objects.h"
#include "gl/context.h"
#include "gl/egl_image.h"

namespace brass::egl {

namespace {

class GlesContext final : public ClientContext {
 public:
  explicit GlesContext(std::unique_ptr<gl::Context> ctx) : ctx_(std::move(ctx)) {}
  int major() const override { return ctx_->major(); }
  int minor() const override { return ctx_->minor(); }
  gl::Context* gl() { return ctx_.get(); }

 private:
  std::unique_ptr<gl::Context> ctx_;
};

gl::Drawable to_drawable(const SurfaceBuffers& b) {
  gl::Drawable d;
  d.width = b.width;
  d.height = b.height;
  d.red_bits = b.red;
  d.green_bits = b.green;
  d.blue_bits = b.blue;
  d.alpha_bits = b.alpha;
  d.depth_bits = b.depth;
  d.stencil_bits = b.stencil;
  d.samples = b.samples;
  d.color = b.color;
  d.depth_stencil = b.depth_stencil;
  return d;
}

EGLint egl_error(gl::ImageSourceError e) {
  switch (e) {
    case gl::ImageSourceError::None: return EGL_SUCCESS;
    case gl::ImageSourceError::BadParameter: return EGL_BAD_PARAMETER;
    case gl::ImageSourceError::BadMatch: return EGL_BAD_MATCH;
    case gl::ImageSourceError::BadAccess: return EGL_BAD_ACCESS;
    case gl::ImageSourceError::BadAlloc: return EGL_BAD_ALLOC;
  }
  return EGL_BAD_PARAMETER;
}

class GlesApi final : public ClientApi {
 public:
  // GL finds EGLImages through EGL's object model.
  GlesApi() { gl::set_image_resolver(&resolve_image_handle); }

  bool supports_version(const pipe::Screen& screen, bool desktop, int major, int minor) const override {
    if (desktop) {
      // A 3.1 request may get a 3.2+ core context, a 3.2+ request any later
      // core version (EGL_KHR_create_context); 3.0 and older need a
      // compatibility profile Brass does not have. Versions above the one
      // contexts provide, and numbers GL never had, fail.
      // The version number is formed only once both parts are known to be
      // small: the application's attributes may be anything (INT_MAX).
      const int provided = gl::Context::provided_desktop_version(screen);
      const bool defined = (major == 3 && minor >= 1 && minor <= 3) || (major == 4 && minor >= 0 && minor <= 6);
      return provided != 0 && defined && major * 10 + minor <= provided;
    }
    // Any version up to the one contexts provide (ES 2.0, 3.0, 3.1, 3.2).
    const int provided = gl::Context::provided_version(screen);
    if (major == 2) return minor == 0;
    return major == 3 && minor >= 0 && minor <= 9 && 30 + minor <= provided;
  }

  int desktop_version(const pipe::Screen& screen) const override {
    return gl::Context::provided_desktop_version(screen);
  }
  int compat_version(const pipe::Screen& screen) const override {
    return gl::Context::provided_compat_version(screen);
  }
  bool desktop_possible() const override { return gl::Context::desktop_possible(); }

  std::unique_ptr<ClientContext> create_context(const ClientContextRequest& request,
                                                ClientContext* share) override {
    gl::ContextDesc desc;
    desc.api = request.desktop ? gl::ContextApi::GLCore : gl::ContextApi::GLES;
    desc.forward_compatible = request.forward_compatible;
    desc.compatibility = request.desktop && request.compatibility;
    desc.major = request.major;
    desc.minor = request.minor;
    desc.debug = request.debug;
    desc.robust_access = request.robust_access;
    desc.lose_context_on_reset = request.lose_context_on_reset;
    desc.no_error = request.no_error;
    desc.device_name = request.device_name;
    desc.screen = request.screen;
    gl::Context* share_gl = share ? static_cast<GlesContext*>(share)->gl() : nullptr;
    auto ctx = gl::Context::create(desc, share_gl);
    if (!ctx) return nullptr;
    return std::make_unique<GlesContext>(std::move(ctx));
  }

  void make_current(ClientContext* ctx, const SurfaceBuffers* draw, const SurfaceBuffers* read) override {
    // Releasing or switching contexts flushes the old one (EGL 1.5 §3.7.3).
    gl::Context* old = gl::current_context();
    gl::Context* g = ctx ? static_cast<GlesContext*>(ctx)->gl() : nullptr;
    if (old && old != g) old->pipe().flush(nullptr, 0);
    if (!g) {
      gl::set_current_context(nullptr);
      return;
    }
    gl::Drawable d, r;
    if (draw) d = to_drawable(*draw);
    if (read) r = to_drawable(*read);
    g->bind_drawables(draw ? &d : nullptr, read ? &r : nullptr);
    gl::set_current_context(g);
  }

  void flush() override {
    if (gl::Context* c = gl::current_context()) c->pipe().flush(nullptr, 0);
  }
  Ref<pipe::Fence> flush_with_fence() override {
    Ref<pipe::Fence> fence;
    if (gl::Context* c = gl::current_context()) c->pipe().flush(&fence, 0);
    return fence;
  }
  void finish() override {
    gl::Context* c = gl::current_context();
    if (!c) return;
    Ref<pipe::Fence> fence;
    c->pipe().flush(&fence, 0);
    if (fence) c->screen().fence_finish(fence.get(), UINT64_MAX);
  }

  pipe::Context* pipe_context(ClientContext* ctx) override {
    return ctx ? &static_cast<GlesContext*>(ctx)->gl()->pipe() : nullptr;
  }

  EGLint image_source(ClientContext* ctx, EGLenum target, EGLClientBuffer buffer, EGLint level, EGLint zoffset,
                      Ref<gl::ImageStorage>* out) override {
    gl::Context& g = *static_cast<GlesContext*>(ctx)->gl();
    // GL names are 32-bit: a wider value names no object.
    const uintptr_t name = reinterpret_cast<uintptr_t>(buffer);
    if (name > UINT32_MAX) return EGL_BAD_PARAMETER;
    const GLuint n = static_cast<GLuint>(name);
    if (target == EGL_GL_RENDERBUFFER) return egl_error(gl::image_from_renderbuffer(g, n, out));
    if (target == EGL_GL_TEXTURE_2D) return egl_error(gl::image_from_texture(g, n, GL_TEXTURE_2D, 0, level, out));
    if (target == EGL_GL_TEXTURE_3D) {
      // A slice is sampled through a 2D view of the 3D image.
      if (!g.screen().get_cap(pipe::Cap::Sampled2DViewOf3D)) return EGL_BAD_PARAMETER;
      return egl_error(gl::image_from_texture(g, n, GL_TEXTURE_3D, zoffset, level, out));
    }
    if (target >= EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= EGL_GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      const GLint face = static_cast<GLint>(target - EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X);
      return egl_error(gl::image_from_texture(g, n, GL_TEXTURE_CUBE_MAP, face, level, out));
    }
    return EGL_BAD_PARAMETER;
  }

  void* get_proc_address(const char* name) override { return gl::get_proc_address(name); }
};

}  // namespace

ClientApi& gles_client_api() {
  // Never destroyed: applications release EGL in exit handlers that run
  // after static destructors.
  static auto* api = new GlesApi;
  return *api;
}

}  // namespace brass::egl
