#include "platform/x11.h"

#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>
#include <xcb/xcb.h>

#include <cstdlib>

namespace brass::platform::x11 {

namespace {

xcb_screen_t* screen_of(xcb_connection_t* conn, int screen) {
  xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(conn));
  for (int i = 0; it.rem; ++i, xcb_screen_next(&it))
    if (i == screen) return it.data;
  return nullptr;
}

}  // namespace

void* open_default_display() { return XOpenDisplay(nullptr); }

int default_screen(void* display) { return DefaultScreen(static_cast<::Display*>(display)); }

int screen_count(void* display) { return ScreenCount(static_cast<::Display*>(display)); }

uint32_t visual_for_configs(void* display, int screen) {
  xcb_connection_t* conn = XGetXCBConnection(static_cast<::Display*>(display));
  xcb_screen_t* s = conn ? screen_of(conn, screen) : nullptr;
  if (!s) return 0;
  uint32_t first_24 = 0;
  bool root_is_truecolor = false;
  for (xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(s); d.rem; xcb_depth_next(&d)) {
    for (xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data); v.rem; xcb_visualtype_next(&v)) {
      if (v.data->_class != XCB_VISUAL_CLASS_TRUE_COLOR) continue;
      if (v.data->visual_id == s->root_visual) root_is_truecolor = true;
      if (d.data->depth == 24 && !first_24) first_24 = v.data->visual_id;
    }
  }
  if (s->root_depth == 24 && root_is_truecolor) return s->root_visual;
  return first_24;
}

bool query_window(void* display, uint64_t window, WindowInfo* info) {
  if (!display || window == 0 || window > UINT32_MAX) return false;
  xcb_connection_t* conn = XGetXCBConnection(static_cast<::Display*>(display));
  if (!conn) return false;
  const auto w = static_cast<xcb_window_t>(window);
  // Both requests go out before either reply is awaited: one round trip.
  xcb_get_window_attributes_cookie_t ac = xcb_get_window_attributes(conn, w);
  xcb_get_geometry_cookie_t gc = xcb_get_geometry(conn, w);
  xcb_generic_error_t* err = nullptr;
  xcb_get_window_attributes_reply_t* attrs = xcb_get_window_attributes_reply(conn, ac, &err);
  std::free(err);
  err = nullptr;
  xcb_get_geometry_reply_t* geom = xcb_get_geometry_reply(conn, gc, &err);
  std::free(err);
  const bool ok = attrs && geom && attrs->_class == XCB_WINDOW_CLASS_INPUT_OUTPUT;
  if (ok && info) {
    info->width = geom->width;
    info->height = geom->height;
    info->visual = attrs->visual;
    info->depth = geom->depth;
  }
  std::free(attrs);
  std::free(geom);
  return ok;
}

void prepare_presentation(void* display) {
  int major = 6, minor = 0;
  // libXfixes asks the server once per display and remembers the answer.
  (void)XFixesQueryVersion(static_cast<::Display*>(display), &major, &minor);
}

void sync(void* display) { XSync(static_cast<::Display*>(display), False); }

}  // namespace brass::platform::x11
