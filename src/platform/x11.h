// What EGL's X11 platform and GLX need to know from the X server, through xcb (via
// Xlib's connection) so that a bad window is an answer, never a call into
// the application's X error handler. No X11 header leaks out of x11.cpp:
// Xlib's macros (Status, None, Bool) would collide with Brass names.
#pragma once

#include <cstdint>

namespace brass::platform::x11 {

// XOpenDisplay(NULL): the DISPLAY environment's server; null when none.
void* open_default_display();
// DefaultScreen(dpy).
int default_screen(void* display);
// Number of screens of the display.
int screen_count(void* display);
// The TrueColor visual EGL configs report as EGL_NATIVE_VISUAL_ID: the root
// visual when the screen's root depth is 24, else the first depth-24
// TrueColor visual; 0 when none.
uint32_t visual_for_configs(void* display, int screen);

struct WindowInfo {
  uint32_t width = 0, height = 0;
  uint32_t visual = 0;
  uint8_t depth = 0;
};
// Geometry and visual of an InputOutput window; false when `window` is not
// a window of this display (destroyed, a pixmap, InputOnly, garbage).
bool query_window(void* display, uint64_t window, WindowInfo* info);
// Before a window on `display` is presented to: negotiates the XFIXES
// version on the connection. Mesa's Vulkan WSI (lavapipe) sends XFIXES
// requests on the application's connection, querying the version only for
// connections it has not seen; it remembers them by address, so a new
// connection at a closed one's address gets BadRequest errors without this.
void prepare_presentation(void* display);
// XSync(display, False): every request sent so far has been processed.
void sync(void* display);

}  // namespace brass::platform::x11
