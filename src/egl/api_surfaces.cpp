// The EGL surface entry points: pbuffers, X11 windows (pixmaps are refused:
// no config has EGL_PIXMAP_BIT), their attributes, texture binding and
// eglSwapBuffers. Errors are checked in the order the specification lists them.
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "egl/api.h"
#include "egl/api_bindings.h"
#include "egl/api_util.h"
#include "egl/objects.h"
#include "platform/x11.h"
#include "util/log.h"

namespace brass::egl {

namespace {

// --- pbuffer attributes -----------------------------------------------------------

// The colour-space attributes pbuffers and windows share (EGL 1.5 §3.5.1,
// §3.5.2); EGL_BAD_ATTRIBUTE for any other name or a bad value. The
// OpenVG ones are checked and ignored: Brass has no OpenVG.
EGLint parse_colorspace_attrib(Surface* s, EGLAttrib name, EGLAttrib v) {
  switch (name) {
    case EGL_GL_COLORSPACE:
      if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB) return EGL_BAD_ATTRIBUTE;
      s->gl_colorspace = static_cast<EGLint>(v);
      return EGL_SUCCESS;
    case EGL_VG_COLORSPACE:
      return v == EGL_VG_COLORSPACE_sRGB || v == EGL_VG_COLORSPACE_LINEAR ? EGL_SUCCESS : EGL_BAD_ATTRIBUTE;
    case EGL_VG_ALPHA_FORMAT:
      return v == EGL_VG_ALPHA_FORMAT_NONPRE || v == EGL_VG_ALPHA_FORMAT_PRE ? EGL_SUCCESS : EGL_BAD_ATTRIBUTE;
    default: return EGL_BAD_ATTRIBUTE;
  }
}

EGLint parse_pbuffer_attribs(Surface* s, const EGLint* list) {
  for (size_t i = 0; list && list[i] != EGL_NONE; i += 2) {
    const EGLint v = list[i + 1];
    switch (list[i]) {
      case EGL_WIDTH:
        if (v < 0) return EGL_BAD_PARAMETER;
        s->width = v;
        break;
      case EGL_HEIGHT:
        if (v < 0) return EGL_BAD_PARAMETER;
        s->height = v;
        break;
      case EGL_LARGEST_PBUFFER: s->largest_pbuffer = v != EGL_FALSE; break;
      case EGL_TEXTURE_FORMAT:
        if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_RGB && v != EGL_TEXTURE_RGBA) return EGL_BAD_ATTRIBUTE;
        s->texture_format = v;
        break;
      case EGL_TEXTURE_TARGET:
        if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_2D) return EGL_BAD_ATTRIBUTE;
        s->texture_target = v;
        break;
      case EGL_MIPMAP_TEXTURE: s->mipmap_texture = v != EGL_FALSE; break;
      default:
        if (EGLint e = parse_colorspace_attrib(s, list[i], v); e != EGL_SUCCESS) return e;
    }
  }
  return EGL_SUCCESS;
}

EGLSurface no_pixmap_surface(EGLDisplay dpy, EGLConfig config) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_SURFACE;
  const Config* c = d->find_config(config);
  if (!c) return fail(EGL_BAD_CONFIG, EGL_NO_SURFACE);
  // No config has EGL_PIXMAP_BIT.
  if (!(c->surface_type & EGL_PIXMAP_BIT)) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  return fail(EGL_BAD_NATIVE_PIXMAP, EGL_NO_SURFACE);
}

EGLint parse_window_attribs(Surface* s, const EGLAttrib* list) {
  for (size_t i = 0; list && list[i] != EGL_NONE; i += 2) {
    const EGLAttrib v = list[i + 1];
    switch (list[i]) {
      case EGL_RENDER_BUFFER:
        // EGL_SINGLE_BUFFER is a hint the implementation may ignore (EGL 1.5
        // §3.5.1): windows are always back-buffered.
        if (v != EGL_BACK_BUFFER && v != EGL_SINGLE_BUFFER) return EGL_BAD_ATTRIBUTE;
        break;
      default:
        if (EGLint e = parse_colorspace_attrib(s, list[i], v); e != EGL_SUCCESS) return e;
    }
  }
  return EGL_SUCCESS;
}

// eglCreateWindowSurface / eglCreatePlatformWindowSurface[EXT]. `has_window`
// false: the platform variant got a null Window pointer.
EGLSurface window_surface(EGLDisplay dpy, EGLConfig config, bool has_window, uint64_t window,
                          const EGLAttrib* attribs) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_SURFACE;
  const Config* c = d->find_config(config);
  if (!c) return fail(EGL_BAD_CONFIG, EGL_NO_SURFACE);
  auto s = std::make_unique<Surface>();
  s->display = d;
  s->config = c;
  s->type = EGL_WINDOW_BIT;
  if (EGLint e = parse_window_attribs(s.get(), attribs); e != EGL_SUCCESS) return fail(e, EGL_NO_SURFACE);
  if (!(c->surface_type & EGL_WINDOW_BIT)) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  if (d->platform != EGL_PLATFORM_X11_KHR || !has_window) return fail(EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
  platform::x11::WindowInfo info;
  if (!platform::x11::query_window(d->native_display, window, &info)) return fail(EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
  // The window's visual must be one the config's buffers can be shown in.
  if (info.depth != 24 && info.depth != 32) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  for (auto& [_, other] : d->surfaces)
    if (other->type == EGL_WINDOW_BIT && other->native_window == window) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
  pipe::Screen* screen = device_screen(d->device_index);
  if (!screen) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
  platform::x11::prepare_presentation(d->native_display);
  pipe::NativeWindow nw;
  nw.kind = pipe::WindowSystem::Xlib;
  nw.display = d->native_display;
  nw.window = window;
  pipe::Status st = pipe::Status::Ok;
  s->window = screen->create_window_surface(nw, &st);
  if (!s->window) {
    BRASS_WARN("EGL: cannot present to window 0x%llx: %s", static_cast<unsigned long long>(window),
               pipe::to_string(st));
    return fail(st == pipe::Status::InvalidArgument ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_ALLOC, EGL_NO_SURFACE);
  }
  s->native_window = window;
  s->swap_behavior = EGL_BUFFER_DESTROYED;
  s->width = static_cast<EGLint>(s->window->width() ? s->window->width() : info.width);
  s->height = static_cast<EGLint>(s->window->height() ? s->window->height() : info.height);
  if (EGLint e = allocate_surface_buffers(s.get()); e != EGL_SUCCESS) return fail(e, EGL_NO_SURFACE);
  Surface* handle = s.get();
  d->surfaces.emplace(handle, std::move(s));
  set_error(EGL_SUCCESS);
  return handle;
}

// The window size can change under a surface: before a window surface is
// bound (MakeCurrent) and after it is presented (SwapBuffers), its buffers
// follow the window. Rebinds the calling thread's context when it uses them.
EGLint follow_window_size(Surface* s, ThreadState& t) {
  bool changed = false;
  if (EGLint e = update_window_size(s, &changed); e != EGL_SUCCESS) return e;
  Context* c = t.context;
  if (changed && c && (c->draw == s || c->read == s)) {
    SurfaceBuffers db, rb;
    if (c->draw) db = c->draw->buffers();
    if (c->read) rb = c->read->buffers();
    gles_client_api().make_current(c->client.get(), c->draw ? &db : nullptr, c->read ? &rb : nullptr);
  }
  return EGL_SUCCESS;
}

template <typename T>
uint64_t native_window_id(T w) {
  if constexpr (std::is_pointer_v<T>) {
    return reinterpret_cast<uintptr_t>(w);
  } else {
    return static_cast<uint64_t>(w);
  }
}

}  // namespace

namespace api {

EGLSurface EGLAPIENTRY eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint* attrib_list) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_SURFACE;
  const Config* c = d->find_config(config);
  if (!c) return fail(EGL_BAD_CONFIG, EGL_NO_SURFACE);
  auto s = std::make_unique<Surface>();
  s->display = d;
  s->config = c;
  s->type = EGL_PBUFFER_BIT;
  if (EGLint e = parse_pbuffer_attribs(s.get(), attrib_list); e != EGL_SUCCESS) return fail(e, EGL_NO_SURFACE);
  if (!(c->surface_type & EGL_PBUFFER_BIT)) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  if ((s->texture_format == EGL_NO_TEXTURE) != (s->texture_target == EGL_NO_TEXTURE))
    return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  // No config can be bound to a texture (EGL_BIND_TO_TEXTURE_RGB[A] false).
  if (s->texture_format != EGL_NO_TEXTURE) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
  if (s->width > c->max_pbuffer_width || s->height > c->max_pbuffer_height) {
    if (!s->largest_pbuffer) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
    s->width = std::min(s->width, c->max_pbuffer_width);
    s->height = std::min(s->height, c->max_pbuffer_height);
  }
  if (EGLint e = allocate_surface_buffers(s.get()); e != EGL_SUCCESS) return fail(e, EGL_NO_SURFACE);
  Surface* handle = s.get();
  d->surfaces.emplace(handle, std::move(s));
  set_error(EGL_SUCCESS);
  return handle;
}

EGLSurface EGLAPIENTRY eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win,
                                              const EGLint* attrib_list) {
  std::vector<EGLAttrib> attribs = widen(attrib_list);
  return window_surface(dpy, config, true, native_window_id(win), attribs.data());
}
EGLSurface EGLAPIENTRY eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void* native_window,
                                                      const EGLAttrib* attrib_list) {
  // EGL_KHR_platform_x11: native_window points to a Window (an XID).
  uint64_t window = 0;
  if (native_window) window = *static_cast<const unsigned long*>(native_window);
  return window_surface(dpy, config, native_window != nullptr, window, attrib_list);
}
EGLSurface EGLAPIENTRY eglCreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void* native_window,
                                                         const EGLint* attrib_list) {
  std::vector<EGLAttrib> attribs = widen(attrib_list);
  return eglCreatePlatformWindowSurface(dpy, config, native_window, attribs.data());
}
EGLSurface EGLAPIENTRY eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType,
                                              const EGLint*) {
  return no_pixmap_surface(dpy, config);
}
EGLSurface EGLAPIENTRY eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void*, const EGLAttrib*) {
  return no_pixmap_surface(dpy, config);
}

EGLSurface EGLAPIENTRY eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum, EGLClientBuffer, EGLConfig config,
                                                        const EGLint*) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_SURFACE;
  if (!d->find_config(config)) return fail(EGL_BAD_CONFIG, EGL_NO_SURFACE);
  // No client buffer type (OpenVG images) is supported.
  return fail(EGL_BAD_PARAMETER, EGL_NO_SURFACE);
}

EGLBoolean EGLAPIENTRY eglDestroySurface(EGLDisplay dpy, EGLSurface surface) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  auto it = d->surfaces.find(static_cast<Surface*>(surface));
  if (it == d->surfaces.end()) return fail(EGL_BAD_SURFACE);
  if (it->second->bind_count > 0) {
    it->second->destroyed = true;
    d->zombie_surfaces.push_back(std::move(it->second));
  }
  dispose(it->second);
  d->surfaces.erase(it);
  return succeed();
}

EGLBoolean EGLAPIENTRY eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint* value) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  const Surface* s = d->find_surface(surface);
  if (!s) return fail(EGL_BAD_SURFACE);
  EGLint v = 0;
  // A window surface reports its window's size now (its buffers follow at
  // the next eglSwapBuffers or eglMakeCurrent).
  const bool window_size = s->window && (attribute == EGL_WIDTH || attribute == EGL_HEIGHT) &&
                           s->window->resize() == pipe::Status::Ok;
  switch (attribute) {
    case EGL_CONFIG_ID: v = s->config->id; break;
    case EGL_WIDTH: v = window_size ? static_cast<EGLint>(s->window->width()) : s->width; break;
    case EGL_HEIGHT: v = window_size ? static_cast<EGLint>(s->window->height()) : s->height; break;
    case EGL_LARGEST_PBUFFER: v = s->largest_pbuffer; break;
    case EGL_TEXTURE_FORMAT: v = s->texture_format; break;
    case EGL_TEXTURE_TARGET: v = s->texture_target; break;
    case EGL_MIPMAP_TEXTURE: v = s->mipmap_texture; break;
    case EGL_MIPMAP_LEVEL: v = s->mipmap_level; break;
    case EGL_RENDER_BUFFER: v = EGL_BACK_BUFFER; break;
    case EGL_SWAP_BEHAVIOR: v = s->swap_behavior; break;
    case EGL_MULTISAMPLE_RESOLVE: v = s->multisample_resolve; break;
    case EGL_HORIZONTAL_RESOLUTION:
    case EGL_VERTICAL_RESOLUTION:
    case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
    case EGL_GL_COLORSPACE: v = s->gl_colorspace; break;
    case EGL_VG_ALPHA_FORMAT: v = EGL_VG_ALPHA_FORMAT_NONPRE; break;
    case EGL_VG_COLORSPACE: v = EGL_VG_COLORSPACE_sRGB; break;
    default: return fail(EGL_BAD_ATTRIBUTE);
  }
  if (!value) return fail(EGL_BAD_PARAMETER);
  *value = v;
  return succeed();
}

EGLBoolean EGLAPIENTRY eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  Surface* s = d->find_surface(surface);
  if (!s) return fail(EGL_BAD_SURFACE);
  switch (attribute) {
    case EGL_MIPMAP_LEVEL: s->mipmap_level = value; break;
    case EGL_SWAP_BEHAVIOR:
      if (value == EGL_BUFFER_PRESERVED) return fail(EGL_BAD_MATCH);  // no config has the preserved bit
      if (value != EGL_BUFFER_DESTROYED) return fail(EGL_BAD_PARAMETER);
      s->swap_behavior = value;
      break;
    case EGL_MULTISAMPLE_RESOLVE:
      if (value == EGL_MULTISAMPLE_RESOLVE_BOX) return fail(EGL_BAD_MATCH);
      if (value != EGL_MULTISAMPLE_RESOLVE_DEFAULT) return fail(EGL_BAD_PARAMETER);
      s->multisample_resolve = value;
      break;
    default: return fail(EGL_BAD_ATTRIBUTE);
  }
  return succeed();
}

EGLBoolean EGLAPIENTRY eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  Surface* s = d->find_surface(surface);
  if (!s) return fail(EGL_BAD_SURFACE);
  if (buffer != EGL_BACK_BUFFER) return fail(EGL_BAD_PARAMETER);
  if (s->type != EGL_PBUFFER_BIT || s->texture_format == EGL_NO_TEXTURE) return fail(EGL_BAD_MATCH);
  return fail(EGL_BAD_MATCH);
}

EGLBoolean EGLAPIENTRY eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  Surface* s = d->find_surface(surface);
  if (!s) return fail(EGL_BAD_SURFACE);
  if (buffer != EGL_BACK_BUFFER) return fail(EGL_BAD_PARAMETER);
  if (s->type != EGL_PBUFFER_BIT || s->texture_format == EGL_NO_TEXTURE) return fail(EGL_BAD_MATCH);
  return succeed();
}

EGLBoolean EGLAPIENTRY eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  if (!d->find_surface(surface)) return fail(EGL_BAD_SURFACE);
  return fail(EGL_BAD_NATIVE_PIXMAP);
}

EGLBoolean EGLAPIENTRY eglSwapBuffers(EGLDisplay dpy, EGLSurface surface) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  Surface* s = d->find_surface(surface);
  if (!s) return fail(EGL_BAD_SURFACE);
  ThreadState& t = thread_state();
  Context* c = t.context;
  if (!c || c->display != d || c->draw != s) return fail(EGL_BAD_SURFACE);
  ClientApi& api = gles_client_api();
  pipe::Context* pc = api.pipe_context(c->client.get());
  if (!s->window) {
    // Pbuffers have no front buffer: swapping only flushes. What failed is
    // this call's error (a lost device stays for the GL to report too).
    api.flush();
    if (pc && pc->failure_pending()) {
      const pipe::Status st = pc->status() == pipe::Status::DeviceLost ? pc->status() : pc->take_failure();
      return fail(st == pipe::Status::DeviceLost ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC);
    }
    return succeed();
  }
  if (!pc) return fail(EGL_BAD_SURFACE);
  const pipe::Status st = s->window->present(*pc, s->color.get(), s->swap_interval);
  if (st == pipe::Status::DeviceLost || pc->status() == pipe::Status::DeviceLost) return fail(EGL_CONTEXT_LOST);
  if (st == pipe::Status::InvalidArgument) return fail(EGL_BAD_NATIVE_WINDOW);
  if (st != pipe::Status::Ok) return fail(EGL_BAD_ALLOC);
  // The back buffer's contents are undefined after a swap
  // (EGL_BUFFER_DESTROYED); the buffers are reallocated when the window's
  // size changed.
  if (EGLint e = follow_window_size(s, t); e != EGL_SUCCESS) return fail(e);
  return succeed();
}

EGLBoolean EGLAPIENTRY eglSwapInterval(EGLDisplay dpy, EGLint interval) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  Context* c = thread_state().context;
  if (!c || c->display != d) return fail(EGL_BAD_CONTEXT);
  Surface* s = c->draw;
  if (!s) return fail(EGL_BAD_SURFACE);
  s->swap_interval = std::clamp(interval, s->config->min_swap_interval, s->config->max_swap_interval);
  return succeed();
}

}  // namespace api

}  // namespace brass::egl
