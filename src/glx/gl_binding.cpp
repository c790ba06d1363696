// GlContext over src/gl.
#include "glx/gl_binding.h"

#include <cstdint>

#include "gl/context.h"

namespace brass::glx {

namespace {

class BoundContext final : public GlContext {
 public:
  BoundContext(std::unique_ptr<gl::Context> ctx, GlApi api) : ctx_(std::move(ctx)), api_(api) {}
  int major() const override { return ctx_->major(); }
  int minor() const override { return ctx_->minor(); }
  GlApi api() const override { return api_; }
  pipe::Context& pipe() override { return ctx_->pipe(); }
  gl::Context* gl() { return ctx_.get(); }

 private:
  std::unique_ptr<gl::Context> ctx_;
  GlApi api_;
};

gl::Drawable to_drawable(const GlBuffers& b) {
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

}  // namespace

int provided_desktop_version(const pipe::Screen& screen) { return gl::Context::provided_desktop_version(screen); }
int provided_compat_version(const pipe::Screen& screen) { return gl::Context::provided_compat_version(screen); }
int provided_es_version(const pipe::Screen& screen) { return gl::Context::provided_version(screen); }

std::unique_ptr<GlContext> create_gl_context(const GlRequest& request, GlContext* share) {
  gl::ContextDesc desc;
  desc.api = request.api == GlApi::ES ? gl::ContextApi::GLES : gl::ContextApi::GLCore;
  desc.desktop_3_1 = request.api == GlApi::DesktopLegacy;
  desc.compatibility = request.api == GlApi::DesktopCompat;
  desc.major = 3;
  desc.minor = request.api == GlApi::DesktopLegacy ? 1 : 0;
  desc.forward_compatible = request.forward_compatible;
  desc.debug = request.debug;
  desc.no_error = request.no_error;
  desc.robust_access = request.robust_access;
  desc.lose_context_on_reset = request.lose_context_on_reset;
  desc.device_name = request.device_name;
  desc.screen = request.screen;
  gl::Context* share_gl = share ? static_cast<BoundContext*>(share)->gl() : nullptr;
  auto ctx = gl::Context::create(desc, share_gl);
  if (!ctx) return nullptr;
  return std::make_unique<BoundContext>(std::move(ctx), request.api);
}

void make_gl_current(GlContext* ctx, const GlBuffers* draw, const GlBuffers* read) {
  gl::Context* old = gl::current_context();
  gl::Context* g = ctx ? static_cast<BoundContext*>(ctx)->gl() : nullptr;
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

void flush_current() {
  if (gl::Context* c = gl::current_context()) c->pipe().flush(nullptr, 0);
}

void finish_current() {
  gl::Context* c = gl::current_context();
  if (!c) return;
  Ref<pipe::Fence> fence;
  c->pipe().flush(&fence, 0);
  if (fence) c->screen().fence_finish(fence.get(), UINT64_MAX);
}

void* gl_proc_address(const char* name) { return gl::get_proc_address(name); }

}  // namespace brass::glx
