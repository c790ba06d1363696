// The EGL object model: devices, displays, configs, surfaces, contexts and
// syncs, plus the per-thread state (last error, bound API, current context).
// Handles given to applications are the addresses of these objects; every
// handle is looked up in its display's live set before use, so a stale or
// foreign handle is an EGL error, never a dereference.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "egl/client_api.h"
#include "platform/device_provider.h"
#include "egl/egl_types.h"
#include "gl/egl_image.h"

namespace brass::egl {

struct Device {
  int index = 0;
  platform::DeviceInfo info;
  // Opened on the first eglInitialize of a display on this device; shared by
  // every display and context on it, and kept for the life of the process.
  std::unique_ptr<pipe::Screen> screen;
};

struct Config {
  EGLint id = 0;
  EGLint red = 0, green = 0, blue = 0, alpha = 0, buffer_size = 0;
  EGLint depth = 0, stencil = 0, samples = 0, sample_buffers = 0;
  EGLint surface_type = 0, renderable_type = 0, conformant = 0;
  EGLint min_swap_interval = 0, max_swap_interval = 1;
  EGLint native_visual_id = 0, native_visual_type = EGL_NONE;  // X11 window configs
  EGLint max_pbuffer_width = 16384, max_pbuffer_height = 16384, max_pbuffer_pixels = 16384 * 16384;
  // Value of any EGL_* config attribute; false for names that are not one.
  bool get(EGLint attribute, EGLint* value) const;
};

struct Display;

struct Surface {
  Display* display = nullptr;
  const Config* config = nullptr;
  EGLint type = EGL_PBUFFER_BIT;
  EGLint width = 0, height = 0;
  bool largest_pbuffer = false;
  EGLint texture_format = EGL_NO_TEXTURE, texture_target = EGL_NO_TEXTURE;
  bool mipmap_texture = false;
  EGLint mipmap_level = 0;
  EGLint swap_behavior = EGL_BUFFER_DESTROYED;
  EGLint multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
  EGLint gl_colorspace = EGL_GL_COLORSPACE_LINEAR;
  EGLint swap_interval = 1;
  // The buffers GL renders into (the surface owns them; a window surface
  // presents `color` on eglSwapBuffers).
  Ref<pipe::Resource> color, depth_stencil;
  // Window surfaces: the native window and its presentation.
  uint64_t native_window = 0;
  std::unique_ptr<pipe::WindowSurface> window;
  int bind_count = 0;   // contexts that have it as draw and/or read
  bool destroyed = false;
  SurfaceBuffers buffers() const;
};

struct ThreadState;

struct Context {
  Display* display = nullptr;
  const Config* config = nullptr;  // null: EGL_KHR_no_config_context
  EGLenum api = EGL_OPENGL_ES_API;
  bool lose_context_on_reset = false;
  bool robust_access = false;  // EGL_CONTEXT_OPENGL_ROBUST_ACCESS(_EXT) or the KHR flag
  bool no_error = false;       // EGL_CONTEXT_OPENGL_NO_ERROR_KHR
  std::unique_ptr<ClientContext> client;
  ThreadState* bound_thread = nullptr;
  Surface* draw = nullptr;
  Surface* read = nullptr;
  bool destroyed = false;
};

struct Sync {
  Display* display = nullptr;
  EGLenum type = EGL_SYNC_FENCE;
  EGLenum status = EGL_UNSIGNALED;
  Ref<pipe::Fence> fence;           // signals when the commands before the sync complete
  pipe::Screen* screen = nullptr;   // that waits on `fence`
  // Polls the fence; once signalled the status stays signalled.
  EGLenum poll() {
    if (status == EGL_UNSIGNALED && (!fence || (screen && screen->fence_finish(fence.get(), 0))))
      status = EGL_SIGNALED;
    return status;
  }
};

// An EGLImage (EGL_KHR_image_base). The handle holds one reference to the
// shared storage; its source and targets (siblings) hold their own, so
// destroying the handle leaves the siblings' texels alone.
struct Image {
  Display* display = nullptr;
  Ref<gl::ImageStorage> storage;
};

struct Display {
  EGLenum platform = EGL_NONE;
  // EGL_PLATFORM_X11_KHR: the application's Display* (or ours, opened for
  // EGL_DEFAULT_DISPLAY) and the screen whose visuals configs report.
  void* native_display = nullptr;
  int x11_screen = 0;
  int requested_device = -1;  // lookup key: the device named at creation, -1: default
  int device_index = -1;      // into the process device list, resolved at eglInitialize
  bool initialized = false;
  // Desktop OpenGL contexts can be made on this display's device (decided at
  // eglInitialize: EGL_CLIENT_APIS, EGL_OPENGL_BIT in configs).
  bool desktop_gl = false;
  std::vector<std::unique_ptr<Config>> configs;  // built once, valid while initialized
  std::unordered_map<Surface*, std::unique_ptr<Surface>> surfaces;
  std::unordered_map<Context*, std::unique_ptr<Context>> contexts;
  std::unordered_map<Sync*, std::unique_ptr<Sync>> syncs;
  std::unordered_map<Image*, std::unique_ptr<Image>> images;
  // Destroyed while current somewhere: freed when released.
  std::vector<std::unique_ptr<Surface>> zombie_surfaces;
  std::vector<std::unique_ptr<Context>> zombie_contexts;

  const Config* find_config(EGLConfig handle) const;
  Surface* find_surface(EGLSurface handle) const;
  Context* find_context(EGLContext handle) const;
  Sync* find_sync(EGLSync handle) const;
  Image* find_image(EGLImage handle) const;
};

struct ThreadState {
  EGLint error = EGL_SUCCESS;
  EGLenum api = EGL_OPENGL_ES_API;
  Context* context = nullptr;
};

ThreadState& thread_state();

// Process-wide registry. One lock guards every EGL object: EGL calls are not
// on any hot path, and one lock makes multi-threaded use simple to reason about.
// Recursive: a Vulkan driver may call EGL from inside a call Brass makes
// while holding it (NVIDIA's ICD, loaded by Brass's vkCreateInstance, queries
// EGL through glvnd, which dispatches back to Brass on the same thread).
std::recursive_mutex& egl_mutex();
const std::vector<Device>& devices();  // enumerated once, on first use (lock held)
Device* find_device(EGLDeviceEXT handle);
// Stable display for (platform, device); created on first request.
Display* get_display(EGLenum platform, int device_index);
// Stable X11 display for (Display*, screen), on the default device.
Display* get_x11_display(void* native_display, int screen);
Display* find_display(EGLDisplay handle);
// The storage of a live EGLImage of any initialized display, or null: what
// GL resolves a GLeglImageOES with (installed as gl's image resolver).
// Takes the EGL lock.
Ref<gl::ImageStorage> resolve_image_handle(void* handle);
int default_device_index();  // -1 when no device is usable
// The device's pipe screen, opened on first use; null (with a log line) when
// the device cannot be opened.
pipe::Screen* device_screen(int device_index);
// Allocates a surface's color and depth/stencil buffers from its display's
// screen; EGL_BAD_ALLOC on failure.
EGLint allocate_surface_buffers(Surface* surface);
// Window surfaces: reads the window's size and, when it differs from the
// buffers', reallocates them (EGL_BAD_ALLOC on failure). *changed tells
// whether a current context must bind the new buffers.
EGLint update_window_size(Surface* surface, bool* changed);

// The configs every display offers: {RGBA8, RGB8, RGB565} x {none, D24, D24S8} x {1, 4 samples};
// on X11 displays they all also have EGL_WINDOW_BIT and the screen's depth-24
// TrueColor visual.
void build_configs(Display* dpy);

}  // namespace brass::egl
