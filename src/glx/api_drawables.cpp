// GLX drawables: GLX windows, pbuffers (pixmaps are not offered), their
// queries, glXSwapBuffers and the swap interval (GLX_EXT_swap_control,
// GLX_MESA_swap_control).
#include "glx/api.h"

#include <algorithm>
#include <climits>

#include "glx/drawables.h"
#include "glx/errors.h"
#include "glx/objects.h"
#include "platform/x11.h"
#include "util/log.h"

namespace brass::glx::api {

namespace {

// The presentation engine shows a frame at most once per vertical blank
// (FIFO) or at once (interval 0); longer intervals are clamped.
constexpr int kMaxSwapInterval = 1;

Drawable* find_drawable(DisplayState* d, GLXDrawable id) {
  auto it = d->drawables.find(id);
  return it == d->drawables.end() ? nullptr : it->second.get();
}

}  // namespace

GLXWindow glXCreateWindow(Display* dpy, GLXFBConfig config, Window win, const int* attribs) {
  Lock lock(glx_mutex());
  DisplayState* d = display_state(dpy);
  const FbConfig* c = find_config(d, config);
  if (!c) {
    report_error(dpy, kGLXBadFBConfig, request::kCreateWindow, 0);
    return None;
  }
  // GLX 1.4 defines no window attributes.
  if (attribs && attribs[0] != None) {
    report_error(dpy, kBadValue, request::kCreateWindow, 0);
    return None;
  }
  platform::x11::WindowInfo info;
  if (!platform::x11::query_window(dpy, win, &info)) {
    report_error(dpy, kBadWindow, request::kCreateWindow, win);
    return None;
  }
  if (!(c->drawable_type & GLX_WINDOW_BIT) || info.visual != c->visual) {
    report_error(dpy, kBadMatch, request::kCreateWindow, win);
    return None;
  }
  for (auto& [id, other] : d->drawables) {
    if (other->x_window != win) continue;
    // The window in use as a plain X window by no context: the GLX window
    // takes over its presentation.
    if (other->kind == Drawable::Kind::XWindow && other->bind_count == 0) {
      destroy_drawable(d, id);
      break;
    }
    report_error(dpy, kBadAlloc, request::kCreateWindow, win);
    return None;
  }
  auto drawable = std::make_unique<Drawable>();
  drawable->display = d;
  drawable->kind = Drawable::Kind::GlxWindow;
  drawable->config = c;
  if (XErr e = open_window(drawable.get(), win); !(e == kNoError)) {
    report_error(dpy, e, request::kCreateWindow, win);
    return None;
  }
  drawable->id = allocate_xid(dpy);
  const GLXWindow id = drawable->id;
  d->drawables.emplace(id, std::move(drawable));
  return id;
}

void glXDestroyWindow(Display* dpy, GLXWindow win) {
  Lock lock(glx_mutex());
  DisplayState* d = display_state(dpy);
  Drawable* w = find_drawable(d, win);
  if (!w || w->kind != Drawable::Kind::GlxWindow) {
    report_error(dpy, kGLXBadWindow, request::kDestroyWindow, win);
    return;
  }
  destroy_drawable(d, win);
}

GLXPbuffer glXCreatePbuffer(Display* dpy, GLXFBConfig config, const int* attribs) {
  Lock lock(glx_mutex());
  DisplayState* d = display_state(dpy);
  const FbConfig* c = find_config(d, config);
  if (!c) {
    report_error(dpy, kGLXBadFBConfig, request::kCreatePbuffer, 0);
    return None;
  }
  auto drawable = std::make_unique<Drawable>();
  for (size_t i = 0; attribs && attribs[i] != None; i += 2) {
    const int v = attribs[i + 1];
    switch (attribs[i]) {
      case GLX_PBUFFER_WIDTH: drawable->width = v; break;
      case GLX_PBUFFER_HEIGHT: drawable->height = v; break;
      case GLX_LARGEST_PBUFFER: drawable->largest_pbuffer = v != False; break;
      case GLX_PRESERVED_CONTENTS: drawable->preserved_contents = v != False; break;
      default: report_error(dpy, kBadValue, request::kCreatePbuffer, 0); return None;
    }
  }
  if (drawable->width < 0 || drawable->height < 0) {
    report_error(dpy, kBadValue, request::kCreatePbuffer, 0);
    return None;
  }
  if (!(c->drawable_type & GLX_PBUFFER_BIT)) {
    report_error(dpy, kBadMatch, request::kCreatePbuffer, 0);
    return None;
  }
  int max_size = 0;
  c->get(GLX_MAX_PBUFFER_WIDTH, &max_size);
  if (drawable->width > max_size || drawable->height > max_size) {
    if (!drawable->largest_pbuffer) {
      report_error(dpy, kBadAlloc, request::kCreatePbuffer, 0);
      return None;
    }
    drawable->width = std::min(drawable->width, max_size);
    drawable->height = std::min(drawable->height, max_size);
  }
  drawable->display = d;
  drawable->kind = Drawable::Kind::Pbuffer;
  drawable->config = c;
  if (!allocate_buffers(drawable.get())) {
    report_error(dpy, kBadAlloc, request::kCreatePbuffer, 0);
    return None;
  }
  drawable->id = allocate_xid(dpy);
  const GLXPbuffer id = drawable->id;
  d->drawables.emplace(id, std::move(drawable));
  return id;
}

void glXDestroyPbuffer(Display* dpy, GLXPbuffer pbuf) {
  Lock lock(glx_mutex());
  DisplayState* d = display_state(dpy);
  Drawable* p = find_drawable(d, pbuf);
  if (!p || p->kind != Drawable::Kind::Pbuffer) {
    report_error(dpy, kGLXBadPbuffer, request::kDestroyPbuffer, pbuf);
    return;
  }
  destroy_drawable(d, pbuf);
}

// No config has GLX_PIXMAP_BIT: rendering to pixmaps is not offered.
GLXPixmap glXCreatePixmap(Display* dpy, GLXFBConfig config, Pixmap pixmap, const int* attribs) {
  (void)attribs;
  Lock lock(glx_mutex());
  const bool known = find_config(display_state(dpy), config) != nullptr;
  report_error(dpy, known ? kBadMatch : kGLXBadFBConfig, request::kCreatePixmap, pixmap);
  return None;
}

GLXPixmap glXCreateGLXPixmap(Display* dpy, XVisualInfo* vis, Pixmap pixmap) {
  (void)vis;
  report_error(dpy, kBadMatch, request::kCreateGLXPixmap, pixmap);
  return None;
}

void glXDestroyPixmap(Display* dpy, GLXPixmap pixmap) {
  report_error(dpy, kGLXBadPixmap, request::kDestroyPixmap, pixmap);
}

void glXDestroyGLXPixmap(Display* dpy, GLXPixmap pixmap) {
  report_error(dpy, kGLXBadPixmap, request::kDestroyGLXPixmap, pixmap);
}

void glXQueryDrawable(Display* dpy, GLXDrawable draw, int attribute, unsigned int* value) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(display_state(dpy), draw);
  if (!d) {
    report_error(dpy, kGLXBadDrawable, request::kGetDrawableAttributes, draw);
    return;
  }
  int v = 0;
  switch (attribute) {
    case GLX_WIDTH:
    case GLX_HEIGHT: {
      v = attribute == GLX_WIDTH ? d->width : d->height;
      // A window's size is the window's now, whatever its buffers are.
      platform::x11::WindowInfo info;
      if (d->x_window && platform::x11::query_window(dpy, d->x_window, &info))
        v = static_cast<int>(attribute == GLX_WIDTH ? info.width : info.height);
      break;
    }
    case GLX_PRESERVED_CONTENTS: v = d->preserved_contents ? True : False; break;
    case GLX_LARGEST_PBUFFER: v = d->largest_pbuffer ? True : False; break;
    case GLX_FBCONFIG_ID: v = d->config->id; break;
    case GLX_SWAP_INTERVAL_EXT: v = d->swap_interval; break;
    case GLX_MAX_SWAP_INTERVAL_EXT: v = kMaxSwapInterval; break;
    default: report_error(dpy, kBadValue, request::kGetDrawableAttributes, draw); return;
  }
  if (value) *value = static_cast<unsigned int>(v);
}

void glXSelectEvent(Display* dpy, GLXDrawable draw, unsigned long mask) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(display_state(dpy), draw);
  if (!d) {
    report_error(dpy, kGLXBadDrawable, request::kChangeDrawableAttributes, draw);
    return;
  }
  // Brass never generates GLX_PBUFFER_CLOBBER_MASK events (its pbuffers
  // are never clobbered) nor GLX_BUFFER_SWAP_COMPLETE_INTEL ones; the mask
  // is kept for glXGetSelectedEvent.
  d->event_mask = mask;
}

void glXGetSelectedEvent(Display* dpy, GLXDrawable draw, unsigned long* mask) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(display_state(dpy), draw);
  if (!d) {
    report_error(dpy, kGLXBadDrawable, request::kGetDrawableAttributes, draw);
    return;
  }
  if (mask) *mask = d->event_mask;
}

void glXSwapBuffers(Display* dpy, GLXDrawable drawable) {
  Lock lock(glx_mutex());
  DisplayState* ds = display_state(dpy);
  Drawable* d = find_drawable(ds, drawable);
  if (!d) {
    report_error(dpy, kGLXBadDrawable, request::kSwapBuffers, drawable);
    return;
  }
  Context* c = current_context();
  // Only the calling thread's own drawable is swapped; pbuffers have no
  // front buffer to show: both just flush (GLX 1.4 §3.3.10).
  if (!c || c->draw != d || !d->window) {
    if (c) flush_current();
    return;
  }
  const pipe::Status st = d->window->present(c->gl->pipe(), d->color.get(), d->swap_interval);
  if (st != pipe::Status::Ok) {
    BRASS_WARN("GLX: presenting to window 0x%lx failed: %s", d->x_window, pipe::to_string(st));
    report_error(dpy, st == pipe::Status::InvalidArgument ? kGLXBadDrawable : kBadAlloc, request::kSwapBuffers,
                 drawable);
    return;
  }
  // The buffers follow the window's size after each swap.
  bool changed = false;
  if (!follow_window_size(d, &changed)) return;
  if (changed) bind_gl(c);
}

void glXSwapIntervalEXT(Display* dpy, GLXDrawable drawable, int interval) {
  Lock lock(glx_mutex());
  if (interval < 0) {
    report_error(dpy, kBadValue, request::kVendorPrivate, 0);
    return;
  }
  Drawable* d = find_drawable(display_state(dpy), drawable);
  if (!d || !d->x_window) {
    report_error(dpy, kBadWindow, request::kVendorPrivate, drawable);
    return;
  }
  d->swap_interval = std::min(interval, kMaxSwapInterval);
}

int glXSwapIntervalMESA(unsigned int interval) {
  Lock lock(glx_mutex());
  Context* c = current_context();
  if (!c) return GLX_BAD_CONTEXT;
  if (interval > INT_MAX) return GLX_BAD_VALUE;
  if (c->draw && c->draw->x_window) c->draw->swap_interval = std::min(static_cast<int>(interval), kMaxSwapInterval);
  return 0;
}

int glXGetSwapIntervalMESA() {
  Lock lock(glx_mutex());
  Context* c = current_context();
  return c && c->draw && c->draw->x_window ? c->draw->swap_interval : 0;
}

}  // namespace brass::glx::api
