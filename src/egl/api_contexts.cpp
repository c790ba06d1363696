// The EGL context entry points: creation by EGL_KHR_create_context's
// attributes, eglMakeCurrent's binding rules (EGL 1.5 §3.7.3), the current
// getters, eglReleaseThread and the wait functions.

#include "egl/api.h"
#include "egl/api_bindings.h"
#include "egl/api_util.h"
#include "egl/context_request.h"
#include "egl/objects.h"
#include "platform/x11.h"

namespace brass::egl {

namespace {

EGLint renderable_bit_for(EGLenum api, int major) {
  if (api == EGL_OPENGL_API) return EGL_OPENGL_BIT;
  switch (major) {
    case 1: return EGL_OPENGL_ES_BIT;
    case 2: return EGL_OPENGL_ES2_BIT;
    case 3: return EGL_OPENGL_ES3_BIT;
    default: return 0;
  }
}

}  // namespace

namespace api {

EGLContext EGLAPIENTRY eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context,
                                        const EGLint* attrib_list) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_CONTEXT;
  const EGLenum api = thread_state().api;
  if (api == EGL_NONE) return fail(EGL_BAD_MATCH, EGL_NO_CONTEXT);
  const Config* c = nullptr;
  if (config != EGL_NO_CONFIG_KHR) {
    c = d->find_config(config);
    if (!c) return fail(EGL_BAD_CONFIG, EGL_NO_CONTEXT);
  }
  ClientContextRequest req;
  if (EGLint e = parse_context_attribs(attrib_list, api, &req); e != EGL_SUCCESS) return fail(e, EGL_NO_CONTEXT);
  if (c && !(c->renderable_type & renderable_bit_for(api, req.major))) return fail(EGL_BAD_CONFIG, EGL_NO_CONTEXT);
  ClientApi& client = gles_client_api();
  req.desktop = api == EGL_OPENGL_API;
  // The version a context can have depends on the device (ES 3.2).
  req.screen = device_screen(d->device_index);
  if (!req.screen) return fail(EGL_BAD_ALLOC, EGL_NO_CONTEXT);
  if (req.desktop) {
    if (EGLint e = check_desktop_request(&req, client, *req.screen); e != EGL_SUCCESS) return fail(e, EGL_NO_CONTEXT);
  } else if (!client.supports_version(*req.screen, false, req.major, req.minor)) {
    return fail(EGL_BAD_MATCH, EGL_NO_CONTEXT);
  }
  // Robust buffer access where the device gives it (pipe::Cap::RobustBufferAccess:
  // per pipeline, or device-wide on CPU devices; docs/egl.md). Elsewhere the
  // context cannot be made (EGL_KHR_create_context: EGL_BAD_MATCH).
  if (req.robust_access && !req.screen->get_cap(pipe::Cap::RobustBufferAccess))
    return fail(EGL_BAD_MATCH, EGL_NO_CONTEXT);
  // A no-error context is neither a debug nor a robust one
  // (EGL_KHR_create_context_no_error).
  if (req.no_error && (req.debug || req.robust_access)) return fail(EGL_BAD_MATCH, EGL_NO_CONTEXT);
  Context* share = nullptr;
  if (share_context != EGL_NO_CONTEXT) {
    share = d->find_context(share_context);
    if (!share) return fail(EGL_BAD_CONTEXT, EGL_NO_CONTEXT);
    // Contexts sharing objects agree on the reset notification strategy
    // (EGL_EXT_create_context_robustness) and on robust access: a shared
    // program's pipelines are robust or not, as its creator's were.
    // No-error state likewise (EGL_KHR_create_context_no_error).
    if (share->api != api || share->lose_context_on_reset != req.lose_context_on_reset ||
        share->robust_access != req.robust_access || share->no_error != req.no_error)
      return fail(EGL_BAD_MATCH, EGL_NO_CONTEXT);
  }
  req.device_name = devices()[static_cast<size_t>(d->device_index)].info.name;
  auto ctx = std::make_unique<Context>();
  ctx->display = d;
  ctx->config = c;
  ctx->api = api;
  ctx->lose_context_on_reset = req.lose_context_on_reset;
  ctx->robust_access = req.robust_access;
  ctx->no_error = req.no_error;
  ctx->client = client.create_context(req, share ? share->client.get() : nullptr);
  if (!ctx->client) return fail(EGL_BAD_ALLOC, EGL_NO_CONTEXT);
  Context* handle = ctx.get();
  d->contexts.emplace(handle, std::move(ctx));
  set_error(EGL_SUCCESS);
  return handle;
}

EGLBoolean EGLAPIENTRY eglDestroyContext(EGLDisplay dpy, EGLContext ctx) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  auto it = d->contexts.find(static_cast<Context*>(ctx));
  if (it == d->contexts.end()) return fail(EGL_BAD_CONTEXT);
  if (it->second->bound_thread) {
    it->second->destroyed = true;
    d->zombie_contexts.push_back(std::move(it->second));
  }
  dispose(it->second);
  d->contexts.erase(it);
  return succeed();
}

EGLBoolean EGLAPIENTRY eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint* value) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  const Context* c = d->find_context(ctx);
  if (!c) return fail(EGL_BAD_CONTEXT);
  EGLint v = 0;
  switch (attribute) {
    case EGL_CONFIG_ID: v = c->config ? c->config->id : 0; break;
    case EGL_CONTEXT_CLIENT_TYPE: v = static_cast<EGLint>(c->api); break;
    case EGL_CONTEXT_CLIENT_VERSION: v = c->client->major(); break;
    case EGL_RENDER_BUFFER: v = c->draw ? EGL_BACK_BUFFER : EGL_NONE; break;
    default: return fail(EGL_BAD_ATTRIBUTE);
  }
  if (!value) return fail(EGL_BAD_PARAMETER);
  *value = v;
  return succeed();
}

EGLBoolean EGLAPIENTRY eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx) {
  Lock lock(egl_mutex());
  ThreadState& t = thread_state();
  Display* d = lookup(dpy, false);
  if (!d) return EGL_FALSE;
  const bool release = ctx == EGL_NO_CONTEXT && draw == EGL_NO_SURFACE && read == EGL_NO_SURFACE;
  if (release) {  // allowed on an uninitialized (terminated) display too
    unbind_current(t);
    return succeed();
  }
  if (!d->initialized) return fail(EGL_NOT_INITIALIZED);
  if (ctx == EGL_NO_CONTEXT) return fail(EGL_BAD_MATCH);
  Context* c = d->find_context(ctx);
  if (!c) return fail(EGL_BAD_CONTEXT);
  // EGL_KHR_surfaceless_context: both surfaces or neither.
  if ((draw == EGL_NO_SURFACE) != (read == EGL_NO_SURFACE)) return fail(EGL_BAD_MATCH);
  Surface* ds = nullptr;
  Surface* rs = nullptr;
  if (draw != EGL_NO_SURFACE) {
    ds = d->find_surface(draw);
    rs = d->find_surface(read);
    if (!ds || !rs) return fail(EGL_BAD_SURFACE);
  }
  if (c->bound_thread && c->bound_thread != &t) return fail(EGL_BAD_ACCESS);
  if (surface_bound_elsewhere(ds, t) || surface_bound_elsewhere(rs, t)) return fail(EGL_BAD_ACCESS);
  if (c->config) {
    if ((ds && !configs_compatible(c->config, ds->config)) || (rs && !configs_compatible(c->config, rs->config)))
      return fail(EGL_BAD_MATCH);
  }
  bool resized = false;  // a window's size changed: (re)bind with the new buffers
  for (Surface* s : {ds, rs}) {
    if (!s || !s->window) continue;
    bool changed = false;
    if (EGLint e = update_window_size(s, &changed); e != EGL_SUCCESS) return fail(e);
    resized |= changed;
  }
  if (t.context == c && c->draw == ds && c->read == rs && !resized) return succeed();
  unbind_current(t);
  c->bound_thread = &t;
  c->draw = ds;
  c->read = rs;
  if (ds) ++ds->bind_count;
  if (rs) ++rs->bind_count;
  t.context = c;
  SurfaceBuffers db, rb;
  if (ds) db = ds->buffers();
  if (rs) rb = rs->buffers();
  gles_client_api().make_current(c->client.get(), ds ? &db : nullptr, rs ? &rb : nullptr);
  return succeed();
}

EGLContext EGLAPIENTRY eglGetCurrentContext(void) {
  set_error(EGL_SUCCESS);
  Context* c = thread_state().context;
  return c ? static_cast<EGLContext>(c) : EGL_NO_CONTEXT;
}

EGLDisplay EGLAPIENTRY eglGetCurrentDisplay(void) {
  set_error(EGL_SUCCESS);
  Context* c = thread_state().context;
  return c ? static_cast<EGLDisplay>(c->display) : EGL_NO_DISPLAY;
}

EGLSurface EGLAPIENTRY eglGetCurrentSurface(EGLint readdraw) {
  if (readdraw != EGL_DRAW && readdraw != EGL_READ) return fail(EGL_BAD_PARAMETER, EGL_NO_SURFACE);
  set_error(EGL_SUCCESS);
  Context* c = thread_state().context;
  if (!c) return EGL_NO_SURFACE;
  Surface* s = readdraw == EGL_DRAW ? c->draw : c->read;
  return s ? static_cast<EGLSurface>(s) : EGL_NO_SURFACE;
}

EGLBoolean EGLAPIENTRY eglReleaseThread(void) {
  Lock lock(egl_mutex());
  ThreadState& t = thread_state();
  unbind_current(t);
  t.api = EGL_OPENGL_ES_API;
  return succeed();
}

EGLBoolean EGLAPIENTRY eglWaitClient(void) {
  Lock lock(egl_mutex());
  if (thread_state().context) gles_client_api().finish();
  return succeed();
}

EGLBoolean EGLAPIENTRY eglWaitGL(void) { return eglWaitClient(); }

EGLBoolean EGLAPIENTRY eglWaitNative(EGLint engine) {
  Lock lock(egl_mutex());
  Context* c = thread_state().context;
  if (!c) return succeed();
  if (engine != EGL_CORE_NATIVE_ENGINE) return fail(EGL_BAD_PARAMETER);
  // X11: the server has executed every request sent so far (core X rendering
  // into the window happens before what GL renders next). Surfaceless and
  // device displays have no native rendering.
  if (c->display->platform == EGL_PLATFORM_X11_KHR && c->draw && c->draw->window)
    platform::x11::sync(c->display->native_display);
  return succeed();
}

}  // namespace api

}  // namespace brass::egl
