// The narrow interface GLX uses to create and bind GL contexts (src/gl). It
// names no GL, GLX or X11 type, so GLX's files, which include Xlib and
// GL/glx.h, never also include src/gl's GLES headers.
#pragma once

#include <memory>
#include <string>

#include "pipe/context.h"
#include "pipe/resource.h"
#include "pipe/screen.h"

namespace brass::glx {

enum class GlApi { Desktop, DesktopCompat, DesktopLegacy, ES };

struct GlRequest {
  // Desktop: the provided core-profile version. DesktopCompat: the provided
  // compatibility-profile version. DesktopLegacy: OpenGL 3.1 without
  // GL_ARB_compatibility, where no compatibility profile is offered
  // (docs/glx.md). ES: the provided ES version.
  GlApi api = GlApi::Desktop;
  bool forward_compatible = false;
  bool debug = false;
  bool no_error = false;
  bool robust_access = false;          // GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB
  bool lose_context_on_reset = false;  // GLX_LOSE_CONTEXT_ON_RESET_ARB
  std::string device_name;
  pipe::Screen* screen = nullptr;
};

// A drawable's buffers as GL sees them.
struct GlBuffers {
  int width = 0, height = 0;
  int red = 8, green = 8, blue = 8, alpha = 8, depth = 0, stencil = 0, samples = 0;
  Ref<pipe::Resource> color, depth_stencil;
};

class GlContext {
 public:
  virtual ~GlContext() = default;
  virtual int major() const = 0;
  virtual int minor() const = 0;
  virtual GlApi api() const = 0;
  virtual pipe::Context& pipe() = 0;
};

// The versions contexts get (major * 10 + minor): the desktop core-profile
// version (0: desktop GL is not offered) and the ES version.
int provided_desktop_version(const pipe::Screen& screen);
int provided_compat_version(const pipe::Screen& screen);
int provided_es_version(const pipe::Screen& screen);
// Null on failure. `share` is null or a context on the same screen.
std::unique_ptr<GlContext> create_gl_context(const GlRequest& request, GlContext* share);
// Makes `ctx` current on the calling thread (null: release); the context
// current before, when another, is flushed. Null buffers: no default
// framebuffer.
void make_gl_current(GlContext* ctx, const GlBuffers* draw, const GlBuffers* read);
// The calling thread's current GL context: glFlush / glFinish.
void flush_current();
void finish_current();
// A GL entry point by name, or null.
void* gl_proc_address(const char* name);

}  // namespace brass::glx
