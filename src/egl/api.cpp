// EGL 1.5 over the object model in objects.h. Every function takes the one
// EGL lock, sets the calling thread's error (EGL_SUCCESS on success), and
// checks its arguments in the order the specification lists the errors.
#include "egl/api.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "egl/api_bindings.h"
#include "egl/api_util.h"
#include "egl/objects.h"
#include "platform/x11.h"
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


template <typename Map>
void dispose_all(Map& objects) {
  for (auto& [handle, object] : objects) dispose(object);
  objects.clear();
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

EGLBoolean EGLAPIENTRY eglBindAPI(EGLenum api) {
  if (!supports_api(api)) return fail(EGL_BAD_PARAMETER);
  thread_state().api = api;
  return succeed();
}

EGLenum EGLAPIENTRY eglQueryAPI(void) {
  set_error(EGL_SUCCESS);
  return thread_state().api;
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
