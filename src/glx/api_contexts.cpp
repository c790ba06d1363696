// GLX contexts: creation (legacy and GLX_ARB_create_context), destruction,
// MakeCurrent, queries and waits.
#include "glx/api.h"

#include "glx/context_request.h"
#include "glx/drawables.h"
#include "glx/errors.h"
#include "glx/objects.h"
#include "util/log.h"

namespace brass::glx::api {

namespace {

GLXContext fail_context(Display* dpy, XErr e, uint8_t opcode, uint64_t resource = 0) {
  report_error(dpy, e, opcode, resource);
  return nullptr;
}

GLXContext make_context(Display* dpy, const FbConfig* config, GLXContext share_handle, const ContextRequest& r,
                        uint8_t opcode) {
  Context* share = nullptr;
  if (share_handle) {
    share = find_context(share_handle);
    if (!share) return fail_context(dpy, kGLXBadContext, opcode);
  }
  pipe::Screen* screen = device_screen();
  if (!screen) return fail_context(dpy, kBadAlloc, opcode);
  ProvidedVersions provided;
  provided.desktop = provided_desktop_version(*screen);
  provided.compat = provided_compat_version(*screen);
  provided.es = provided_es_version(*screen);
  provided.robust_access = screen->get_cap(pipe::Cap::RobustBufferAccess) != 0;
  GlRequest request;
  if (XErr e = decide_context(r, provided, &request); !(e == kNoError)) return fail_context(dpy, e, opcode);
  if (share) {
    // Objects are shared within one API and one no-error state
    // (GLX_ARB_create_context_no_error), one reset notification strategy
    // (GLX_ARB_create_context_robustness) and one robust access (a shared
    // program's pipelines are robust or not, docs/egl.md), on one screen.
    const bool share_es = share->gl->api() == GlApi::ES, es = request.api == GlApi::ES;
    if (share_es != es || share->no_error != request.no_error || share->screen != config->screen ||
        share->robust_access != request.robust_access || share->lose_context_on_reset != request.lose_context_on_reset)
      return fail_context(dpy, kBadMatch, opcode);
  }
  request.screen = screen;
  request.device_name = device_name();
  auto ctx = std::make_unique<Context>();
  ctx->display = dpy;
  ctx->config = config;
  ctx->screen = config->screen;
  ctx->id = allocate_xid(dpy);
  ctx->no_error = request.no_error;
  ctx->robust_access = request.robust_access;
  ctx->lose_context_on_reset = request.lose_context_on_reset;
  ctx->gl = create_gl_context(request, share ? share->gl.get() : nullptr);
  if (!ctx->gl) return fail_context(dpy, kBadAlloc, opcode);
  return reinterpret_cast<GLXContext>(add_context(std::move(ctx)));
}

// The calling thread lets go of its context.
void release_current() {
  Context*& current = current_context();
  if (!current) return;
  Context* c = current;
  current = nullptr;
  make_gl_current(nullptr, nullptr, nullptr);
  unbind_drawables(c);
  c->current = false;
  if (c->destroyed) free_context(c);
}

Bool make_current(Display* dpy, GLXDrawable draw_id, GLXDrawable read_id, GLXContext handle, uint8_t opcode) {
  Lock lock(glx_mutex());
  if (!handle) {
    if (draw_id != None || read_id != None) {
      report_error(dpy, kBadMatch, opcode, draw_id);
      return False;
    }
    release_current();
    return True;
  }
  Context* c = find_context(handle);
  if (!c) {
    report_error(dpy, kGLXBadContext, opcode, 0);
    return False;
  }
  if (c->current && c != current_context()) {
    report_error(dpy, kBadAccess, opcode, 0);
    return False;
  }
  // No drawable at all: a context without a default framebuffer
  // (GLX_ARB_create_context; every Brass context is 3.0 or later). One of
  // the two alone is an error.
  if ((draw_id == None) != (read_id == None)) {
    report_error(dpy, kBadMatch, opcode, draw_id);
    return False;
  }
  DisplayState* d = display_state(dpy);
  Drawable* draw = nullptr;
  Drawable* read = nullptr;
  if (draw_id != None) {
    XErr e = resolve_drawable(d, draw_id, c->config, &draw);
    if (e == kNoError) e = resolve_drawable(d, read_id, c->config, &read);
    if (!(e == kNoError)) {
      report_error(dpy, e, opcode, e == kGLXBadDrawable ? (draw ? read_id : draw_id) : 0);
      return False;
    }
    for (Drawable* w : {draw, read}) {
      bool changed = false;
      if (!follow_window_size(w, &changed)) {
        report_error(dpy, kGLXBadDrawable, opcode, w->id);
        return False;
      }
    }
  }
  Context* old = current_context();
  if (old && old != c) release_current();
  if (old == c) unbind_drawables(c);
  c->draw = draw;
  c->read = read;
  if (draw) ++draw->bind_count;
  if (read && read != draw) ++read->bind_count;
  c->current = true;
  c->current_display = dpy;
  current_context() = c;
  bind_gl(c);
  return True;
}

}  // namespace

GLXContext glXCreateContext(Display* dpy, XVisualInfo* vis, GLXContext share, Bool direct) {
  (void)direct;  // every Brass context renders directly
  Lock lock(glx_mutex());
  if (!vis) return fail_context(dpy, kBadValue, request::kCreateContext);
  const FbConfig* config = config_for_visual(display_state(dpy), vis->screen, vis->visualid);
  if (!config) return fail_context(dpy, kBadValue, request::kCreateContext, vis->visualid);
  return make_context(dpy, config, share, ContextRequest{}, request::kCreateContext);
}

GLXContext glXCreateNewContext(Display* dpy, GLXFBConfig config, int render_type, GLXContext share, Bool direct) {
  (void)direct;
  Lock lock(glx_mutex());
  const FbConfig* c = find_config(display_state(dpy), config);
  if (!c) return fail_context(dpy, kGLXBadFBConfig, request::kCreateNewContext);
  ContextRequest r;
  r.render_type = render_type;
  return make_context(dpy, c, share, r, request::kCreateNewContext);
}

GLXContext glXCreateContextAttribsARB(Display* dpy, GLXFBConfig config, GLXContext share, Bool direct,
                                      const int* attribs) {
  (void)direct;
  Lock lock(glx_mutex());
  // No GLX_EXT_no_config_context: a context needs a config.
  const FbConfig* c = find_config(display_state(dpy), config);
  if (!c) return fail_context(dpy, kGLXBadFBConfig, request::kCreateContextAttribsARB);
  ContextRequest r;
  if (XErr e = parse_context_attribs(attribs, &r); !(e == kNoError))
    return fail_context(dpy, e, request::kCreateContextAttribsARB);
  return make_context(dpy, c, share, r, request::kCreateContextAttribsARB);
}

void glXDestroyContext(Display* dpy, GLXContext handle) {
  Lock lock(glx_mutex());
  Context* c = find_context(handle);
  if (!c) {
    report_error(dpy, kGLXBadContext, request::kDestroyContext, 0);
    return;
  }
  // A current context is freed when its thread lets it go (GLX 1.4 §3.3.7).
  c->destroyed = true;
  if (!c->current) free_context(c);
}

Bool glXMakeCurrent(Display* dpy, GLXDrawable drawable, GLXContext ctx) {
  return make_current(dpy, drawable, drawable, ctx, request::kMakeCurrent);
}

Bool glXMakeContextCurrent(Display* dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx) {
  return make_current(dpy, draw, read, ctx, request::kMakeContextCurrent);
}

int glXQueryContext(Display* dpy, GLXContext handle, int attribute, int* value) {
  Lock lock(glx_mutex());
  Context* c = find_context(handle);
  if (!c) {
    report_error(dpy, kGLXBadContext, request::kQueryContext, 0);
    return kGLXBadContext.code;
  }
  switch (attribute) {
    case GLX_FBCONFIG_ID: *value = c->config->id; return Success;
    case GLX_RENDER_TYPE: *value = c->render_type; return Success;
    case GLX_SCREEN: *value = c->screen; return Success;
    default: return GLX_BAD_ATTRIBUTE;
  }
}

Bool glXIsDirect(Display* dpy, GLXContext handle) {
  Lock lock(glx_mutex());
  if (!find_context(handle)) {
    report_error(dpy, kGLXBadContext, request::kIsDirect, 0);
    return False;
  }
  return True;
}

void glXCopyContext(Display* dpy, GLXContext src, GLXContext dst, unsigned long mask) {
  (void)mask;
  Lock lock(glx_mutex());
  Context* s = find_context(src);
  Context* d = find_context(dst);
  if (!s || !d) {
    report_error(dpy, kGLXBadContext, request::kCopyContext, 0);
    return;
  }
  if (d->current) {
    report_error(dpy, kBadAccess, request::kCopyContext, 0);
    return;
  }
  if (s->gl->api() == GlApi::ES || d->gl->api() == GlApi::ES || s->screen != d->screen) {
    report_error(dpy, kBadMatch, request::kCopyContext, 0);
    return;
  }
  // The attribute groups glXCopyContext copies are glPushAttrib's, which
  // contexts without a compatibility profile do not have: nothing to copy.
}

void glXWaitGL() {
  Lock lock(glx_mutex());
  if (current_context()) finish_current();
}

void glXWaitX() {
  Lock lock(glx_mutex());
  // The server has executed every X request sent so far, so X rendering
  // comes before the GL rendering that follows.
  if (Context* c = current_context()) XSync(c->current_display, False);
}

void glXUseXFont(Font font, int first, int count, int list_base) {
  (void)font, (void)first, (void)count, (void)list_base;
  // Display lists are a compatibility-profile feature.
  BRASS_WARN_ONCE("GLX: glXUseXFont needs display lists, which Brass's contexts do not have");
}

}  // namespace brass::glx::api
