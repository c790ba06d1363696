// EGL 1.5 over the object model in objects.h. Every function takes the one
// EGL lock, sets the calling thread's error (EGL_SUCCESS on success), and
// checks its arguments in the order the specification lists the errors.
#include "egl/api.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "egl/api_util.h"
#include "egl/context_request.h"
#include "egl/objects.h"
#include "platform/x11.h"
#include "util/log.h"
#include "util/options.h"
#include "util/process_exit.h"

namespace brass::egl {

namespace {

constexpr const char* kPlatformExtensions =
    "EGL_EXT_platform_device EGL_KHR_platform_x11 EGL_EXT_platform_x11 EGL_MESA_platform_surfaceless";
constexpr const char* kClientExtensions =
    "EGL_EXT_client_extensions EGL_EXT_platform_base EGL_EXT_device_base EGL_EXT_device_enumeration "
    "EGL_EXT_device_query EGL_KHR_client_get_all_proc_addresses "
    "EGL_EXT_platform_device EGL_KHR_platform_x11 EGL_EXT_platform_x11 EGL_MESA_platform_surfaceless";
// Two spellings: EGL_KHR_gl_texture_3D_image only on devices that can sample
// a 3D slice through a 2D view (image.cpp).
#define BRASS_DISPLAY_EXTENSIONS(texture_3d)                                                                \
  "EGL_EXT_create_context_robustness EGL_KHR_create_context EGL_KHR_create_context_no_error "              \
  "EGL_KHR_fence_sync EGL_KHR_get_all_proc_addresses EGL_KHR_gl_renderbuffer_image "                        \
  "EGL_KHR_gl_texture_2D_image " texture_3d "EGL_KHR_gl_texture_cubemap_image EGL_KHR_image_base "          \
  "EGL_KHR_no_config_context EGL_KHR_surfaceless_context EGL_KHR_wait_sync EGL_MESA_configless_context"
constexpr const char* kDisplayExtensions = BRASS_DISPLAY_EXTENSIONS("");
constexpr const char* kDisplayExtensions3D = BRASS_DISPLAY_EXTENSIONS("EGL_KHR_gl_texture_3D_image ");
#undef BRASS_DISPLAY_EXTENSIONS
constexpr const char* kDeviceExtensions = "EGL_EXT_device_query_name";

using Lock = std::lock_guard<std::recursive_mutex>;

// --- object destruction (lock held) ------------------------------------------

// Applications often release EGL in an exit handler (piglit does) that runs
// after Brass's exit drain (util/process_exit.h) and after the Vulkan
// driver's own exit handlers, when calling into the driver can crash. From
// then on released objects are parked, never destroyed: the process's end
// frees them, and no teardown reaches the driver.
template <typename T>
void dispose(std::unique_ptr<T>& object) {
  if (process_exiting()) [[unlikely]] return park_until_exit(object.release());
  object.reset();
}

template <typename Map>
void dispose_all(Map& objects) {
  for (auto& [handle, object] : objects) dispose(object);
  objects.clear();
}

// --- current-context bookkeeping (lock held) --------------------------------

template <typename T>
void free_zombie(std::vector<std::unique_ptr<T>>& zombies, T* p) {
  auto it = std::find_if(zombies.begin(), zombies.end(), [p](const auto& z) { return z.get() == p; });
  if (it == zombies.end()) return;
  dispose(*it);
  zombies.erase(it);
}

void release_surface(Surface* s) {
  if (!s) return;
  if (--s->bind_count == 0 && s->destroyed) free_zombie(s->display->zombie_surfaces, s);
}

// Releases the thread's current context (implicit flush first).
void unbind_current(ThreadState& t) {
  Context* c = t.context;
  if (!c) return;
  ClientApi& api = gles_client_api();
  // At exit (see dispose) nothing is flushed: no batch would run anyway.
  if (!process_exiting()) api.flush();
  api.make_current(nullptr, nullptr, nullptr);
  release_surface(c->draw);
  release_surface(c->read);
  c->draw = c->read = nullptr;
  c->bound_thread = nullptr;
  t.context = nullptr;
  if (c->destroyed) free_zombie(c->display->zombie_contexts, c);
}

bool surface_bound_elsewhere(const Surface* s, const ThreadState& t) {
  if (!s || s->bind_count == 0) return false;
  // A surface is bound only through contexts; find whether one of another thread holds it.
  for (auto& [_, c] : s->display->contexts)
    if (c->bound_thread && c->bound_thread != &t && (c->draw == s || c->read == s)) return true;
  for (auto& c : s->display->zombie_contexts)
    if (c->bound_thread && c->bound_thread != &t && (c->draw == s || c->read == s)) return true;
  return false;
}

bool configs_compatible(const Config* a, const Config* b) {
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha &&
         a->depth == b->depth && a->stencil == b->stencil && a->samples == b->samples;
}

// --- config selection ---------------------------------------------------------

enum class Match { Exact, AtLeast, Mask, Ignore };

struct ChooseAttrib {
  EGLint name;
  EGLint default_value;
  Match match;
};

const ChooseAttrib kChooseAttribs[] = {
    {EGL_BUFFER_SIZE, 0, Match::AtLeast},
    {EGL_RED_SIZE, 0, Match::AtLeast},
    {EGL_GREEN_SIZE, 0, Match::AtLeast},
    {EGL_BLUE_SIZE, 0, Match::AtLeast},
    {EGL_LUMINANCE_SIZE, 0, Match::AtLeast},
    {EGL_ALPHA_SIZE, 0, Match::AtLeast},
    {EGL_ALPHA_MASK_SIZE, 0, Match::AtLeast},
    {EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, Match::Exact},
    {EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, Match::Exact},
    {EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, Match::Exact},
    {EGL_CONFIG_CAVEAT, EGL_DONT_CARE, Match::Exact},
    {EGL_CONFIG_ID, EGL_DONT_CARE, Match::Exact},
    {EGL_CONFORMANT, 0, Match::Mask},
    {EGL_DEPTH_SIZE, 0, Match::AtLeast},
    {EGL_LEVEL, 0, Match::Exact},
    {EGL_MAX_PBUFFER_WIDTH, 0, Match::Ignore},
    {EGL_MAX_PBUFFER_HEIGHT, 0, Match::Ignore},
    {EGL_MAX_PBUFFER_PIXELS, 0, Match::Ignore},
    {EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, Match::Exact},
    {EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, Match::Exact},
    {EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, Match::Exact},
    {EGL_NATIVE_VISUAL_ID, 0, Match::Ignore},
    {EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, Match::Exact},
    {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, Match::Mask},
    {EGL_SAMPLE_BUFFERS, 0, Match::AtLeast},
    {EGL_SAMPLES, 0, Match::AtLeast},
    {EGL_STENCIL_SIZE, 0, Match::AtLeast},
    {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, Match::Mask},
    {EGL_TRANSPARENT_TYPE, EGL_NONE, Match::Exact},
    {EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, Match::Exact},
    {EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, Match::Exact},
    {EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, Match::Exact},
};

const ChooseAttrib* choose_attrib(EGLint name) {
  for (const auto& a : kChooseAttribs)
    if (a.name == name) return &a;
  return nullptr;
}

// --- pbuffer attributes -----------------------------------------------------------

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
      case EGL_GL_COLORSPACE:
        if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB) return EGL_BAD_ATTRIBUTE;
        s->gl_colorspace = v;
        break;
      case EGL_VG_COLORSPACE:
        if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR) return EGL_BAD_ATTRIBUTE;
        break;
      case EGL_VG_ALPHA_FORMAT:
        if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE) return EGL_BAD_ATTRIBUTE;
        break;
      default: return EGL_BAD_ATTRIBUTE;
    }
  }
  return EGL_SUCCESS;
}

EGLint renderable_bit_for(EGLenum api, int major) {
  if (api == EGL_OPENGL_API) return EGL_OPENGL_BIT;
  switch (major) {
    case 1: return EGL_OPENGL_ES_BIT;
    case 2: return EGL_OPENGL_ES2_BIT;
    case 3: return EGL_OPENGL_ES3_BIT;
    default: return 0;
  }
}

// EGL_KHR_platform_x11: `native` is a Display* or EGL_DEFAULT_DISPLAY (the
// DISPLAY environment's server, opened once and kept).
EGLDisplay x11_display(void* native, const EGLAttrib* attribs) {
  int screen = -1;
  for (size_t i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
    if (attribs[i] != EGL_PLATFORM_X11_SCREEN_KHR) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
    screen = static_cast<int>(attribs[i + 1]);
  }
  if (!native) {
    static void* default_x = platform::x11::open_default_display();
    if (!default_x) return fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
    native = default_x;
  }
  if (screen < 0) screen = platform::x11::default_screen(native);
  if (screen >= platform::x11::screen_count(native)) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
  set_error(EGL_SUCCESS);
  return get_x11_display(native, screen);
}

EGLDisplay platform_display(EGLenum platform, void* native, const EGLAttrib* attribs) {
  Lock lock(egl_mutex());
  if (platform == EGL_PLATFORM_X11_KHR) return x11_display(native, attribs);
  if (platform == EGL_NONE && native != nullptr) return x11_display(native, attribs);  // eglGetDisplay(Display*)
  for (size_t i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
    // The other platforms take no attributes.
    return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
  }
  switch (platform) {
    case EGL_NONE:  // eglGetDisplay(EGL_DEFAULT_DISPLAY): works without X
    case EGL_PLATFORM_SURFACELESS_MESA:
      if (native != nullptr) return fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
      set_error(EGL_SUCCESS);
      return get_display(EGL_PLATFORM_SURFACELESS_MESA, -1);
    case EGL_PLATFORM_DEVICE_EXT: {
      devices();
      Device* dev = find_device(static_cast<EGLDeviceEXT>(native));
      if (!dev) return fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
      set_error(EGL_SUCCESS);
      return get_display(EGL_PLATFORM_DEVICE_EXT, dev->index);
    }
    default: return fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
  }
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
      case EGL_GL_COLORSPACE:
        if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB) return EGL_BAD_ATTRIBUTE;
        s->gl_colorspace = static_cast<EGLint>(v);
        break;
      case EGL_VG_COLORSPACE:
        if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR) return EGL_BAD_ATTRIBUTE;
        break;
      case EGL_VG_ALPHA_FORMAT:
        if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE) return EGL_BAD_ATTRIBUTE;
        break;
      default: return EGL_BAD_ATTRIBUTE;
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

const char* client_extensions() { return kClientExtensions; }
const char* platform_extensions() { return kPlatformExtensions; }
// glvnd asks before any display exists: desktop OpenGL where some device
// may get it (each display then decides for its device, Display::desktop_gl).
bool supports_api(EGLenum api) {
  return api == EGL_OPENGL_ES_API || (api == EGL_OPENGL_API && gles_client_api().desktop_possible());
}

namespace api {

EGLint EGLAPIENTRY eglGetError(void) {
  ThreadState& t = thread_state();
  const EGLint e = t.error;
  t.error = EGL_SUCCESS;
  return e;
}

EGLDisplay EGLAPIENTRY eglGetDisplay(EGLNativeDisplayType display_id) {
  return platform_display(EGL_NONE, reinterpret_cast<void*>(display_id), nullptr);
}

EGLDisplay EGLAPIENTRY eglGetPlatformDisplay(EGLenum platform, void* native_display, const EGLAttrib* attrib_list) {
  return platform_display(platform, native_display, attrib_list);
}

EGLDisplay EGLAPIENTRY eglGetPlatformDisplayEXT(EGLenum platform, void* native_display, const EGLint* attrib_list) {
  std::vector<EGLAttrib> attribs = widen(attrib_list);
  return platform_display(platform, native_display, attribs.data());
}

EGLBoolean EGLAPIENTRY eglInitialize(EGLDisplay dpy, EGLint* major, EGLint* minor) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy, false);
  if (!d) return EGL_FALSE;
  if (!d->initialized) {
    if (d->device_index < 0) {
      const int index = default_device_index();
      if (index < 0) return fail(EGL_NOT_INITIALIZED);
      d->device_index = index;
    }
    if (static_cast<size_t>(d->device_index) >= devices().size()) return fail(EGL_NOT_INITIALIZED);
    const pipe::Screen* screen = device_screen(d->device_index);
    if (!screen) return fail(EGL_NOT_INITIALIZED);
    d->desktop_gl = gles_client_api().desktop_version(*screen) != 0;
    build_configs(d);
    d->initialized = true;
  }
  if (major) *major = 1;
  if (minor) *minor = 5;
  return succeed();
}

EGLBoolean EGLAPIENTRY eglTerminate(EGLDisplay dpy) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy, false);
  if (!d) return EGL_FALSE;
  if (!d->initialized) return succeed();
  // Objects current to some thread live on until released (EGL 1.5 §3.2).
  for (auto& [handle, c] : d->contexts) {
    if (c->bound_thread) {
      c->destroyed = true;
      d->zombie_contexts.push_back(std::move(c));
    }
  }
  dispose_all(d->contexts);
  for (auto& [handle, s] : d->surfaces) {
    if (s->bind_count > 0) {
      s->destroyed = true;
      d->zombie_surfaces.push_back(std::move(s));
    }
  }
  dispose_all(d->surfaces);
  dispose_all(d->syncs);
  // Siblings keep their storage: only the handles go.
  dispose_all(d->images);
  d->initialized = false;
  return succeed();
}

const char* EGLAPIENTRY eglQueryString(EGLDisplay dpy, EGLint name) {
  Lock lock(egl_mutex());
  if (dpy == EGL_NO_DISPLAY) {
    if (name == EGL_EXTENSIONS) return set_error(EGL_SUCCESS), kClientExtensions;
    if (name == EGL_VERSION) return set_error(EGL_SUCCESS), "1.5";
    return fail(EGL_BAD_DISPLAY, static_cast<const char*>(nullptr));
  }
  Display* d = lookup(dpy);
  if (!d) return nullptr;
  const char* s = nullptr;
  switch (name) {
    case EGL_VENDOR: s = "Brass"; break;
    case EGL_VERSION: s = "1.5 Brass " BRASS_VERSION_STRING; break;
    case EGL_CLIENT_APIS: s = d->desktop_gl ? "OpenGL OpenGL_ES" : "OpenGL_ES"; break;
    case EGL_EXTENSIONS: {
      const pipe::Screen* screen = device_screen(d->device_index);
      s = screen && screen->get_cap(pipe::Cap::Sampled2DViewOf3D) ? kDisplayExtensions3D : kDisplayExtensions;
      break;
    }
    default: return fail(EGL_BAD_PARAMETER, static_cast<const char*>(nullptr));
  }
  set_error(EGL_SUCCESS);
  return s;
}

EGLBoolean EGLAPIENTRY eglGetConfigs(EGLDisplay dpy, EGLConfig* configs, EGLint config_size, EGLint* num_config) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  if (!num_config) return fail(EGL_BAD_PARAMETER);
  const EGLint total = static_cast<EGLint>(d->configs.size());
  if (!configs) {
    *num_config = total;
    return succeed();
  }
  const EGLint n = std::max<EGLint>(0, std::min(config_size, total));
  for (EGLint i = 0; i < n; ++i) configs[i] = d->configs[static_cast<size_t>(i)].get();
  *num_config = n;
  return succeed();
}

EGLBoolean EGLAPIENTRY eglChooseConfig(EGLDisplay dpy, const EGLint* attrib_list, EGLConfig* configs,
                                       EGLint config_size, EGLint* num_config) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  if (!num_config) return fail(EGL_BAD_PARAMETER);
  // Requested value per attribute, defaults first.
  EGLint wanted[sizeof(kChooseAttribs) / sizeof(kChooseAttribs[0])];
  for (size_t k = 0; k < std::size(kChooseAttribs); ++k) wanted[k] = kChooseAttribs[k].default_value;
  for (size_t i = 0; attrib_list && attrib_list[i] != EGL_NONE; i += 2) {
    if (attrib_list[i] == EGL_MATCH_NATIVE_PIXMAP) continue;  // no pixmap configs exist
    const ChooseAttrib* a = choose_attrib(attrib_list[i]);
    if (!a) return fail(EGL_BAD_ATTRIBUTE);
    wanted[a - kChooseAttribs] = attrib_list[i + 1];
  }
  auto value_of = [&](EGLint name) { return wanted[choose_attrib(name) - kChooseAttribs]; };
  const EGLint config_id = value_of(EGL_CONFIG_ID);
  std::vector<const Config*> matches;
  for (const auto& cfg : d->configs) {
    bool ok = true;
    if (config_id != EGL_DONT_CARE) {
      ok = cfg->id == config_id;  // every other attribute is ignored
    } else {
      for (size_t k = 0; k < std::size(kChooseAttribs) && ok; ++k) {
        const ChooseAttrib& a = kChooseAttribs[k];
        const EGLint want = wanted[k];
        if (a.match == Match::Ignore || want == EGL_DONT_CARE) continue;
        if ((a.name == EGL_TRANSPARENT_RED_VALUE || a.name == EGL_TRANSPARENT_GREEN_VALUE ||
             a.name == EGL_TRANSPARENT_BLUE_VALUE) &&
            value_of(EGL_TRANSPARENT_TYPE) == EGL_NONE)
          continue;
        EGLint have = 0;
        cfg->get(a.name, &have);
        switch (a.match) {
          case Match::Exact: ok = have == want; break;
          case Match::AtLeast: ok = have >= want; break;
          case Match::Mask: ok = (have & want) == want; break;
          case Match::Ignore: break;
        }
      }
    }
    if (ok) matches.push_back(cfg.get());
  }
  // Sort (EGL 1.5 §3.4.1.2): caveat and buffer type are equal for all configs.
  auto color_bits = [&](const Config* c) {
    EGLint bits = 0;
    auto counts = [&](EGLint name) {
      const EGLint v = value_of(name);
      return v != 0 && v != EGL_DONT_CARE;
    };
    if (counts(EGL_RED_SIZE)) bits += c->red;
    if (counts(EGL_GREEN_SIZE)) bits += c->green;
    if (counts(EGL_BLUE_SIZE)) bits += c->blue;
    if (counts(EGL_ALPHA_SIZE)) bits += c->alpha;
    return bits;
  };
  std::stable_sort(matches.begin(), matches.end(), [&](const Config* a, const Config* b) {
    if (color_bits(a) != color_bits(b)) return color_bits(a) > color_bits(b);
    if (a->buffer_size != b->buffer_size) return a->buffer_size < b->buffer_size;
    if (a->sample_buffers != b->sample_buffers) return a->sample_buffers < b->sample_buffers;
    if (a->samples != b->samples) return a->samples < b->samples;
    if (a->depth != b->depth) return a->depth < b->depth;
    if (a->stencil != b->stencil) return a->stencil < b->stencil;
    return a->id < b->id;
  });
  const EGLint total = static_cast<EGLint>(matches.size());
  if (!configs) {
    *num_config = total;
    return succeed();
  }
  const EGLint n = std::max<EGLint>(0, std::min(config_size, total));
  for (EGLint i = 0; i < n; ++i) configs[i] = const_cast<Config*>(matches[static_cast<size_t>(i)]);
  *num_config = n;
  return succeed();
}

EGLBoolean EGLAPIENTRY eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint* value) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  const Config* c = d->find_config(config);
  if (!c) return fail(EGL_BAD_CONFIG);
  EGLint v = 0;
  if (!c->get(attribute, &v)) return fail(EGL_BAD_ATTRIBUTE);
  if (!value) return fail(EGL_BAD_PARAMETER);
  *value = v;
  return succeed();
}

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

EGLBoolean EGLAPIENTRY eglBindAPI(EGLenum api) {
  if (!supports_api(api)) return fail(EGL_BAD_PARAMETER);
  thread_state().api = api;
  return succeed();
}

EGLenum EGLAPIENTRY eglQueryAPI(void) {
  set_error(EGL_SUCCESS);
  return thread_state().api;
}

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

EGLBoolean EGLAPIENTRY eglQueryDevicesEXT(EGLint max_devices, EGLDeviceEXT* out, EGLint* num_devices) {
  Lock lock(egl_mutex());
  if (!num_devices) return fail(EGL_BAD_PARAMETER);
  if (out && max_devices <= 0) return fail(EGL_BAD_PARAMETER);
  auto& list = devices();
  const EGLint total = static_cast<EGLint>(list.size());
  if (!out) {
    *num_devices = total;
    return succeed();
  }
  const EGLint n = std::min(max_devices, total);
  for (EGLint i = 0; i < n; ++i) out[i] = const_cast<Device*>(&list[static_cast<size_t>(i)]);
  *num_devices = n;
  return succeed();
}

const char* EGLAPIENTRY eglQueryDeviceStringEXT(EGLDeviceEXT device, EGLint name) {
  Lock lock(egl_mutex());
  Device* dev = find_device(device);
  if (!dev) return fail(EGL_BAD_DEVICE_EXT, static_cast<const char*>(nullptr));
  const char* s = nullptr;
  switch (name) {
    case EGL_EXTENSIONS: s = kDeviceExtensions; break;
    case EGL_VENDOR: s = dev->info.driver_name.c_str(); break;
    case EGL_RENDERER_EXT: s = dev->info.name.c_str(); break;
    default: return fail(EGL_BAD_PARAMETER, static_cast<const char*>(nullptr));
  }
  set_error(EGL_SUCCESS);
  return s;
}

EGLBoolean EGLAPIENTRY eglQueryDeviceAttribEXT(EGLDeviceEXT device, EGLint, EGLAttrib*) {
  Lock lock(egl_mutex());
  if (!find_device(device)) return fail(EGL_BAD_DEVICE_EXT);
  return fail(EGL_BAD_ATTRIBUTE);  // no device attribute extension yet
}

EGLBoolean EGLAPIENTRY eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute, EGLAttrib* value) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  if (attribute != EGL_DEVICE_EXT) return fail(EGL_BAD_ATTRIBUTE);
  if (!value) return fail(EGL_BAD_PARAMETER);
  *value = reinterpret_cast<EGLAttrib>(&devices()[static_cast<size_t>(d->device_index)]);
  return succeed();
}

__eglMustCastToProperFunctionPointerType EGLAPIENTRY eglGetProcAddress(const char* procname) {
  return reinterpret_cast<__eglMustCastToProperFunctionPointerType>(egl::get_proc_address(procname));
}

}  // namespace api

namespace {

struct ProcEntry {
  const char* name;
  void* proc;
};

// What glvnd calls is each entry point behind a guard: no C++ exception
// (in practice std::bad_alloc from a container growing) may cross the C ABI
// into the application; it becomes EGL_BAD_ALLOC and the call's failure
// value. Table-based unwinding makes the guard free when nothing throws.
template <auto Fn>
struct Guarded;
template <typename R, typename... Args, R (*Fn)(Args...)>
struct Guarded<Fn> {
  static R EGLAPIENTRY call(Args... args) noexcept {
    try {
      return Fn(args...);
    } catch (...) {
      set_error(EGL_BAD_ALLOC);
      return R{};
    }
  }
};

#define BRASS_EGL_ENTRY(ret, name, params) {#name, reinterpret_cast<void*>(&Guarded<&api::name>::call)},
const ProcEntry kEglProcs[] = {BRASS_EGL_FUNCTIONS(BRASS_EGL_ENTRY)};
#undef BRASS_EGL_ENTRY

}  // namespace

void* get_proc_address(const char* name) {
  if (!name) return nullptr;
  if (std::strncmp(name, "egl", 3) == 0) {
    for (const auto& e : kEglProcs)
      if (std::strcmp(e.name, name) == 0) return e.proc;
    return nullptr;
  }
  return gles_client_api().get_proc_address(name);
}

}  // namespace brass::egl
