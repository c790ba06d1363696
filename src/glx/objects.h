// The GLX object model: per-display state (fbconfigs per screen, drawables),
// contexts (process-wide: glvnd requires GLXContext handles unique across
// displays), the device all of them render on, and the one lock that
// guards them. Handles given to applications are addresses of these objects
// (GLXFBConfig, GLXContext) or XIDs the display allocated (GLXWindow,
// GLXPbuffer); every handle is looked up before use.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "glx/gl_binding.h"
#include "pipe/screen.h"
#include "pipe/window_surface.h"
#include "glx/x11_headers.h"

namespace brass::glx {

struct FbConfig {
  int id = 0;
  int screen = 0;
  VisualID visual = 0;  // 0: none (pbuffer-only)
  int visual_class = 0, visual_depth = 0;
  int red = 8, green = 8, blue = 8, alpha = 8, depth = 0, stencil = 0, samples = 0;
  bool double_buffer = true;
  int drawable_type = GLX_WINDOW_BIT | GLX_PBUFFER_BIT;
  // The value of a GLX attribute; false for a name that is not one.
  bool get(int attribute, int* value) const;
};

struct DisplayState;

struct Drawable {
  enum class Kind { XWindow, GlxWindow, Pbuffer };
  DisplayState* display = nullptr;
  Kind kind = Kind::Pbuffer;
  GLXDrawable id = 0;
  Window x_window = 0;  // windows: the X window presented to
  const FbConfig* config = nullptr;
  int width = 0, height = 0;
  bool largest_pbuffer = false, preserved_contents = true;
  unsigned long event_mask = 0;
  int swap_interval = 1;
  Ref<pipe::Resource> color, depth_stencil;
  std::unique_ptr<pipe::WindowSurface> window;
  int bind_count = 0;  // contexts that have it as draw and/or read
  bool destroyed = false;
  GlBuffers buffers() const;
};

struct Context {
  Display* display = nullptr;  // the connection it was created on
  const FbConfig* config = nullptr;
  int screen = 0;
  GLXContextID id = 0;
  int render_type = GLX_RGBA_TYPE;
  bool no_error = false;
  bool robust_access = false, lose_context_on_reset = false;  // GLX_ARB_create_context_robustness
  std::unique_ptr<GlContext> gl;
  bool current = false;  // current on some thread
  Display* current_display = nullptr;  // given to the MakeCurrent that bound it
  Drawable* draw = nullptr;
  Drawable* read = nullptr;
  bool destroyed = false;
};

struct DisplayState {
  Display* display = nullptr;
  // Built on first use per screen; never freed (applications may keep
  // GLXFBConfig handles past XCloseDisplay).
  std::vector<std::vector<std::unique_ptr<FbConfig>>*> screens;
  // The config glXChooseVisual last picked for a visual: what a context
  // created from that visual gets (config_for_visual).
  std::map<VisualID, const FbConfig*> visual_choice;
  std::map<GLXDrawable, std::unique_ptr<Drawable>> drawables;
  std::vector<std::unique_ptr<Drawable>> zombie_drawables;  // destroyed while bound
};

// Every GLX call holds it. Recursive: the Vulkan driver may call back into
// the window system while Brass holds it.
std::recursive_mutex& glx_mutex();
using Lock = std::lock_guard<std::recursive_mutex>;

// The display's state, made on first use (and dropped at XCloseDisplay).
DisplayState* display_state(Display* dpy);
// The fbconfigs of one screen (empty for a screen that does not exist).
const std::vector<std::unique_ptr<FbConfig>>& screen_configs(DisplayState* d, int screen);
// The config behind a handle on this display, or null.
const FbConfig* find_config(DisplayState* d, GLXFBConfig handle);
// The config a visual stands for (glXCreateContext, glXGetConfig), or null:
// glXChooseVisual's last pick for it, else its first config (RGBA8, depth
// 24, stencil 8, one sample, double-buffered).
const FbConfig* config_for_visual(DisplayState* d, int screen, VisualID visual);

// Contexts: all live ones, process-wide.
Context* add_context(std::unique_ptr<Context> ctx);
Context* find_context(GLXContext handle);  // live (not destroyed) only
void free_context(Context* ctx);           // destroyed and no longer current

// The device every GLX context renders on (BRASS_DEVICE, else the best),
// opened on first use; null with a log line when none can be. Never closed.
pipe::Screen* device_screen();
const std::string& device_name();

// Allocates a drawable's buffers at its size; BadAlloc on failure.
bool allocate_buffers(Drawable* d);
// Window drawables: follows the window's size; false when the window is gone
// or the new buffers could not be made. *changed: the buffers are new.
bool follow_window_size(Drawable* d, bool* changed);

// A new XID of the display's client (GLXContextID, GLXWindow, GLXPbuffer).
XID allocate_xid(Display* dpy);

// The calling thread's current context (GLX's view, not glvnd's).
Context*& current_context();

}  // namespace brass::glx
