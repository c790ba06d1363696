#include "egl/objects.h"

#include <algorithm>

#include "egl/api.h"
#include "platform/x11.h"
#include "util/log.h"

namespace brass::egl {

bool Config::get(EGLint attribute, EGLint* value) const {
  EGLint v = 0;
  switch (attribute) {
    case EGL_CONFIG_ID: v = id; break;
    case EGL_BUFFER_SIZE: v = buffer_size; break;
    case EGL_RED_SIZE: v = red; break;
    case EGL_GREEN_SIZE: v = green; break;
    case EGL_BLUE_SIZE: v = blue; break;
    case EGL_ALPHA_SIZE: v = alpha; break;
    case EGL_LUMINANCE_SIZE: v = 0; break;
    case EGL_ALPHA_MASK_SIZE: v = 0; break;
    case EGL_DEPTH_SIZE: v = depth; break;
    case EGL_STENCIL_SIZE: v = stencil; break;
    case EGL_SAMPLES: v = samples; break;
    case EGL_SAMPLE_BUFFERS: v = sample_buffers; break;
    case EGL_SURFACE_TYPE: v = surface_type; break;
    case EGL_RENDERABLE_TYPE: v = renderable_type; break;
    case EGL_CONFORMANT: v = conformant; break;
    case EGL_COLOR_BUFFER_TYPE: v = EGL_RGB_BUFFER; break;
    case EGL_CONFIG_CAVEAT: v = EGL_NONE; break;
    case EGL_LEVEL: v = 0; break;
    case EGL_NATIVE_RENDERABLE: v = EGL_FALSE; break;
    case EGL_NATIVE_VISUAL_ID: v = native_visual_id; break;
    case EGL_NATIVE_VISUAL_TYPE: v = native_visual_type; break;
    case EGL_BIND_TO_TEXTURE_RGB: v = EGL_FALSE; break;
    case EGL_BIND_TO_TEXTURE_RGBA: v = EGL_FALSE; break;
    case EGL_MIN_SWAP_INTERVAL: v = min_swap_interval; break;
    case EGL_MAX_SWAP_INTERVAL: v = max_swap_interval; break;
    case EGL_MAX_PBUFFER_WIDTH: v = max_pbuffer_width; break;
    case EGL_MAX_PBUFFER_HEIGHT: v = max_pbuffer_height; break;
    case EGL_MAX_PBUFFER_PIXELS: v = max_pbuffer_pixels; break;
    case EGL_TRANSPARENT_TYPE: v = EGL_NONE; break;
    case EGL_TRANSPARENT_RED_VALUE:
    case EGL_TRANSPARENT_GREEN_VALUE:
    case EGL_TRANSPARENT_BLUE_VALUE: v = 0; break;
    default: return false;
  }
  *value = v;
  return true;
}

SurfaceBuffers Surface::buffers() const {
  SurfaceBuffers b;
  b.width = width;
  b.height = height;
  b.color = color;
  b.depth_stencil = depth_stencil;
  if (config) {
    b.red = config->red;
    b.green = config->green;
    b.blue = config->blue;
    b.alpha = config->alpha;
    b.depth = config->depth;
    b.stencil = config->stencil;
    b.samples = config->samples;
  }
  return b;
}

const Config* Display::find_config(EGLConfig handle) const {
  if (!initialized) return nullptr;
  for (const auto& c : configs) {
    if (c.get() == handle) return c.get();
  }
  return nullptr;
}

Surface* Display::find_surface(EGLSurface handle) const {
  auto it = surfaces.find(static_cast<Surface*>(handle));
  return it == surfaces.end() ? nullptr : it->second.get();
}

Context* Display::find_context(EGLContext handle) const {
  auto it = contexts.find(static_cast<Context*>(handle));
  return it == contexts.end() ? nullptr : it->second.get();
}

Sync* Display::find_sync(EGLSync handle) const {
  auto it = syncs.find(static_cast<Sync*>(handle));
  return it == syncs.end() ? nullptr : it->second.get();
}

Image* Display::find_image(EGLImage handle) const {
  auto it = images.find(static_cast<Image*>(handle));
  return it == images.end() ? nullptr : it->second.get();
}

ThreadState& thread_state() {
  thread_local ThreadState state;
  return state;
}

std::recursive_mutex& egl_mutex() {
  static auto* m = new std::recursive_mutex;  // never destroyed: EGL is called from exit handlers
  return *m;
}

namespace {

struct Registry {
  bool enumerated = false;
  // An enumeration is under way on this thread's stack: NVIDIA's Vulkan
  // driver calls EGL while vkCreateInstance loads it, and that call must not
  // enumerate again (a second vkCreateInstance inside the first waits on the
  // Vulkan loader's lock forever).
  bool enumerating = false;
  std::vector<Device> devices;
  int default_device = -1;
  std::unique_ptr<platform::DeviceProvider> provider;  // kept to open screens later
  // Displays are never freed: EGLDisplay handles stay valid for the process.
  std::vector<std::unique_ptr<Display>> displays;
};

Registry& registry() {
  static Registry* r = new Registry();  // never destroyed: handles outlive static destructors
  return *r;
}

void enumerate_once() {
  Registry& r = registry();
  if (r.enumerated || r.enumerating) return;
  r.enumerating = true;
  struct Done {
    Registry& r;
    ~Done() { r.enumerating = false; }
  } done{r};
  // Marked done only once devices were found: an enumeration that failed
  // (out of memory while making the Vulkan instance, an exception) is tried
  // again by the next call instead of leaving the process without devices
  // for good (found by the host-allocation sweep's review, issue 18).
  std::unique_ptr<platform::DeviceProvider> provider = platform::create_device_provider();
  if (!provider) {
    BRASS_WARN("EGL: no device provider");
    return;
  }
  std::vector<platform::DeviceInfo> infos = provider->enumerate();
  if (infos.empty()) return;
  r.enumerated = true;
  for (size_t i = 0; i < infos.size(); ++i) {
    Device d;
    d.index = static_cast<int>(i);
    d.info = std::move(infos[i]);
    r.devices.push_back(std::move(d));
  }
  r.default_device = provider->default_device();
  r.provider = std::move(provider);
}

}  // namespace

const std::vector<Device>& devices() {
  enumerate_once();
  return registry().devices;
}

Device* find_device(EGLDeviceEXT handle) {
  auto& list = registry().devices;
  for (auto& d : list) {
    if (&d == handle) return &d;
  }
  return nullptr;
}

Display* get_display(EGLenum platform, int device_index) {
  Registry& r = registry();
  for (auto& d : r.displays) {
    if (d->platform == platform && d->requested_device == device_index) return d.get();
  }
  auto d = std::make_unique<Display>();
  d->platform = platform;
  d->requested_device = device_index;
  d->device_index = device_index;
  r.displays.push_back(std::move(d));
  return r.displays.back().get();
}

Display* get_x11_display(void* native_display, int screen) {
  Registry& r = registry();
  for (auto& d : r.displays) {
    if (d->platform == EGL_PLATFORM_X11_KHR && d->native_display == native_display && d->x11_screen == screen)
      return d.get();
  }
  auto d = std::make_unique<Display>();
  d->platform = EGL_PLATFORM_X11_KHR;
  d->native_display = native_display;
  d->x11_screen = screen;
  r.displays.push_back(std::move(d));
  return r.displays.back().get();
}

Display* find_display(EGLDisplay handle) {
  for (auto& d : registry().displays) {
    if (d.get() == handle) return d.get();
  }
  return nullptr;
}

Ref<gl::ImageStorage> resolve_image_handle(void* handle) {
  std::lock_guard<std::recursive_mutex> lock(egl_mutex());
  for (auto& d : registry().displays)
    if (d->initialized)
      if (Image* image = d->find_image(handle)) return image->storage;
  return {};
}

pipe::Screen* device_screen(int device_index) {
  enumerate_once();
  Registry& r = registry();
  if (device_index < 0 || static_cast<size_t>(device_index) >= r.devices.size() || !r.provider) return nullptr;
  Device& d = r.devices[static_cast<size_t>(device_index)];
  if (!d.screen) {
    std::string why;
    d.screen = r.provider->create_screen(device_index, &why);
    if (!d.screen) BRASS_WARN("EGL: cannot open %s: %s", d.info.name.c_str(), why.c_str());
  }
  return d.screen.get();
}

EGLint allocate_surface_buffers(Surface* s) {
  pipe::Screen* screen = device_screen(s->display->device_index);
  if (!screen || !s->config) return EGL_BAD_ALLOC;
  const Config& c = *s->config;
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Texture2D;
  t.width = static_cast<uint32_t>(std::max(1, s->width));
  t.height = static_cast<uint32_t>(std::max(1, s->height));
  t.samples = c.samples > 1 ? static_cast<uint32_t>(c.samples) : 1;
  t.bind = pipe::kBindRenderTarget | pipe::kBindSamplerView;
  // RGB8 configs store RGBA8: GL masks alpha writes and reads it as one
  // (FramebufferInfo::alpha_is_one), so the unused channel never shows.
  t.format = c.red == 5 ? pipe::Format::B5G6R5_UNORM : pipe::Format::RGBA8_UNORM;
  pipe::Status st = pipe::Status::Ok;
  s->color = screen->resource_create(t, &st);
  if (!s->color) return EGL_BAD_ALLOC;
  if (c.depth || c.stencil) {
    t.format = pipe::Format::Z24_UNORM_S8_UINT;
    t.bind = pipe::kBindDepthStencil;
    s->depth_stencil = screen->resource_create(t, &st);
    if (!s->depth_stencil) {
      s->color.reset();
      return EGL_BAD_ALLOC;
    }
  }
  return EGL_SUCCESS;
}

EGLint update_window_size(Surface* s, bool* changed) {
  *changed = false;
  if (!s->window) return EGL_SUCCESS;
  if (s->window->resize() != pipe::Status::Ok) return EGL_BAD_NATIVE_WINDOW;
  const auto w = static_cast<EGLint>(s->window->width());
  const auto h = static_cast<EGLint>(s->window->height());
  if (w == s->width && h == s->height) return EGL_SUCCESS;
  Ref<pipe::Resource> old_color = std::move(s->color), old_ds = std::move(s->depth_stencil);
  const EGLint old_w = s->width, old_h = s->height;
  s->width = w;
  s->height = h;
  if (EGLint e = allocate_surface_buffers(s); e != EGL_SUCCESS) {
    s->width = old_w;
    s->height = old_h;
    s->color = std::move(old_color);
    s->depth_stencil = std::move(old_ds);
    return e;
  }
  *changed = true;
  return EGL_SUCCESS;
}

int default_device_index() {
  enumerate_once();
  return registry().default_device;
}

void build_configs(Display* dpy) {
  if (!dpy->configs.empty()) return;
  struct Color {
    EGLint r, g, b, a;
  };
  const Color colors[] = {{8, 8, 8, 8}, {8, 8, 8, 0}, {5, 6, 5, 0}};
  // Depth without stencil too: applications that score configs (glmark2)
  // reject stencil bits they did not ask for.
  const EGLint depth_stencil[][2] = {{0, 0}, {24, 0}, {24, 8}};
  const EGLint sample_counts[] = {0, 4};
  // X11: window configs carry the screen's TrueColor visual (every config
  // reports it: 16- and 24-bit buffers are presented into a 24-bit window).
  const bool x11 = dpy->platform == EGL_PLATFORM_X11_KHR;
  const EGLint visual = x11 ? static_cast<EGLint>(platform::x11::visual_for_configs(dpy->native_display, dpy->x11_screen)) : 0;
  EGLint id = 1;
  for (const Color& c : colors) {
    for (const auto& ds : depth_stencil) {
      for (EGLint samples : sample_counts) {
        auto cfg = std::make_unique<Config>();
        cfg->id = id++;
        cfg->red = c.r;
        cfg->green = c.g;
        cfg->blue = c.b;
        cfg->alpha = c.a;
        cfg->buffer_size = c.r + c.g + c.b + c.a;
        cfg->depth = ds[0];
        cfg->stencil = ds[1];
        cfg->samples = samples;
        cfg->sample_buffers = samples > 0 ? 1 : 0;
        cfg->surface_type = EGL_PBUFFER_BIT;
        // Multisampled buffers are resolved by the presentation blit.
        if (x11 && visual) {
          cfg->surface_type |= EGL_WINDOW_BIT;
          cfg->native_visual_id = visual;
          cfg->native_visual_type = 4;  // TrueColor
        }
        cfg->renderable_type = EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT;
        cfg->conformant = cfg->renderable_type;
        // Desktop GL contexts render to every config where the device gets
        // desktop GL at all; no conformance is claimed for them.
        if (dpy->desktop_gl) cfg->renderable_type |= EGL_OPENGL_BIT;
        dpy->configs.push_back(std::move(cfg));
      }
    }
  }
}

}  // namespace brass::egl
