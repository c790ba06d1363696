// A window the screen presents to: the seam between EGL window surfaces and
// the driver's swapchain. EGL owns the GL-visible buffers (a color resource,
// stored bottom row first like every Brass image); present() copies that
// color resource into the window, flipping it vertically once, and shows it.
// No window-system or Vulkan type crosses this header.
#pragma once
#include <cstdint>
#include "pipe/status.h"

namespace brass::pipe {

class Context;
class Resource;

enum class WindowSystem : uint8_t {
  Xlib,  // display: Display*, window: Window
  Xcb,   // display: xcb_connection_t*, window: xcb_window_t
};

struct NativeWindow {
  WindowSystem kind = WindowSystem::Xlib;
  void* display = nullptr;
  uint64_t window = 0;
};

class WindowSurface {
 public:
  virtual ~WindowSurface() = default;

  // The window's size as last read by resize() (creation reads it too).
  virtual uint32_t width() const = 0;
  virtual uint32_t height() const = 0;

  // Re-reads the window's size. When it changed, the swapchain is recreated
  // at the next acquire. Fails (InvalidArgument) once the window is gone.
  virtual Status resize() = 0;

  // Acquires the next image to present into (present() does it when the
  // caller has not). Recreates the swapchain when it is out of date.
  virtual Status acquire() = 0;

  // Submits `ctx`'s recorded work (a flush with kFlushEndOfFrame), then copies
  // `color` (GL's bottom-up rows; multisampled ones are resolved) into the acquired image,
  // flipped so GL's top row is the window's top, and presents it.
  // swap_interval 0: no vertical sync where the window system allows it;
  // 1 or more: one vertical blank per frame. A color resource of another
  // size than the window is copied to the top-left corner, the rest cleared.
  // A zero-sized (hidden) window presents nothing and succeeds.
  virtual Status present(Context& ctx, Resource* color, int swap_interval) = 0;
};

}  // namespace brass::pipe
