#include "glx/objects.h"

#include <algorithm>
#include <unordered_map>

#include "platform/device_provider.h"
#include "util/log.h"
#include "glx/x11_headers.h"
// XAddExtension / XESetCloseDisplay: the close-display hook.
#define Status int
#include <X11/Xlibint.h>
#undef Status
#undef min
#undef max

namespace brass::glx {

namespace {

struct Registry {
  std::unordered_map<Display*, std::unique_ptr<DisplayState>> displays;
  // Closed displays: drawables still bound somewhere, and the configs whose
  // handles applications may still hold, stay reachable here.
  std::vector<std::unique_ptr<DisplayState>> closed;
  std::unordered_map<Context*, std::unique_ptr<Context>> contexts;
  bool device_tried = false;
  pipe::Screen* screen = nullptr;
  std::string device_name;
};

Registry& registry() {
  // Never destroyed: applications release GLX objects in exit handlers that
  // run after static destructors.
  static auto* r = new Registry;
  return *r;
}

thread_local Context* t_current = nullptr;

// XCloseDisplay runs this before the connection goes: drawables no context
// uses are destroyed while their window can still be talked to.
int on_close_display(Display* dpy, XExtCodes*) {
  Lock lock(glx_mutex());
  Registry& r = registry();
  auto it = r.displays.find(dpy);
  if (it == r.displays.end()) return 0;
  std::unique_ptr<DisplayState> state = std::move(it->second);
  r.displays.erase(it);
  for (auto d = state->drawables.begin(); d != state->drawables.end();) {
    if (d->second->bind_count == 0)
      d = state->drawables.erase(d);
    else
      ++d;
  }
  r.closed.push_back(std::move(state));
  return 0;
}

// Visuals GL can render to: TrueColor or DirectColor with 8-bit red, green
// and blue at depth 24 (alpha kept but not shown) or 32.
bool usable_visual(const XVisualInfo& v) {
  if (v.c_class != TrueColor && v.c_class != DirectColor) return false;
  if (v.depth != 24 && v.depth != 32) return false;
  return v.red_mask == 0xff0000 && v.green_mask == 0xff00 && v.blue_mask == 0xff;
}

std::vector<std::unique_ptr<FbConfig>>* build_configs(Display* dpy, int screen) {
  auto* out = new std::vector<std::unique_ptr<FbConfig>>;
  if (screen < 0 || screen >= ScreenCount(dpy)) return out;
  XVisualInfo templ = {};
  templ.screen = screen;
  int count = 0;
  XVisualInfo* visuals = XGetVisualInfo(dpy, VisualScreenMask, &templ, &count);
  // Depth without stencil and no depth too: applications that score
  // configs reject bits they did not ask for.
  const int depth_stencil[][2] = {{24, 8}, {24, 0}, {0, 0}};
  const int sample_counts[] = {0, 4};
  int id = 1;
  for (int i = 0; i < count; ++i) {
    const XVisualInfo& v = visuals[i];
    if (!usable_visual(v)) continue;
    // The first config of a visual is the one it stands for
    // (config_for_visual): RGBA8, depth 24, stencil 8, double-buffered.
    const int alphas[] = {8, 0};
    for (int alpha : alphas) {
      if (alpha == 0 && v.depth == 32) continue;
      for (const auto& ds : depth_stencil) {
        for (int samples : sample_counts) {
          auto c = std::make_unique<FbConfig>();
          c->id = id++;
          c->screen = screen;
          c->visual = v.visualid;
          c->visual_class = v.c_class;
          c->visual_depth = v.depth;
          c->alpha = alpha;
          c->depth = ds[0];
          c->stencil = ds[1];
          c->samples = samples;
          out->push_back(std::move(c));
        }
      }
    }
  }
  if (visuals) XFree(visuals);
  return out;
}

}  // namespace

bool FbConfig::get(int attribute, int* value) const {
  int v = 0;
  switch (attribute) {
    case GLX_FBCONFIG_ID: v = id; break;
    case GLX_BUFFER_SIZE: v = red + green + blue + alpha; break;
    case GLX_LEVEL: v = 0; break;
    case GLX_DOUBLEBUFFER: v = double_buffer ? True : False; break;
    case GLX_STEREO: v = False; break;
    case GLX_AUX_BUFFERS: v = 0; break;
    case GLX_RED_SIZE: v = red; break;
    case GLX_GREEN_SIZE: v = green; break;
    case GLX_BLUE_SIZE: v = blue; break;
    case GLX_ALPHA_SIZE: v = alpha; break;
    case GLX_DEPTH_SIZE: v = depth; break;
    case GLX_STENCIL_SIZE: v = stencil; break;
    case GLX_ACCUM_RED_SIZE:
    case GLX_ACCUM_GREEN_SIZE:
    case GLX_ACCUM_BLUE_SIZE:
    case GLX_ACCUM_ALPHA_SIZE: v = 0; break;
    case GLX_RENDER_TYPE: v = GLX_RGBA_BIT; break;
    case GLX_DRAWABLE_TYPE: v = drawable_type; break;
    case GLX_X_RENDERABLE: v = visual ? True : False; break;
    case GLX_VISUAL_ID: v = static_cast<int>(visual); break;
    case GLX_X_VISUAL_TYPE:
      v = !visual ? GLX_NONE : visual_class == TrueColor ? GLX_TRUE_COLOR : GLX_DIRECT_COLOR;
      break;
    case GLX_CONFIG_CAVEAT: v = GLX_NONE; break;
    case GLX_TRANSPARENT_TYPE: v = GLX_NONE; break;
    case GLX_TRANSPARENT_INDEX_VALUE:
    case GLX_TRANSPARENT_RED_VALUE:
    case GLX_TRANSPARENT_GREEN_VALUE:
    case GLX_TRANSPARENT_BLUE_VALUE:
    case GLX_TRANSPARENT_ALPHA_VALUE: v = 0; break;
    case GLX_MAX_PBUFFER_WIDTH:
    case GLX_MAX_PBUFFER_HEIGHT: v = 16384; break;
    case GLX_MAX_PBUFFER_PIXELS: v = 16384 * 16384; break;
    case GLX_SAMPLE_BUFFERS: v = samples > 0 ? 1 : 0; break;
    case GLX_SAMPLES: v = samples; break;
    case GLX_SCREEN: v = screen; break;
    default: return false;
  }
  *value = v;
  return true;
}

GlBuffers Drawable::buffers() const {
  GlBuffers b;
  b.width = width;
  b.height = height;
  b.red = config->red;
  b.green = config->green;
  b.blue = config->blue;
  b.alpha = config->alpha;
  b.depth = config->depth;
  b.stencil = config->stencil;
  b.samples = config->samples;
  b.color = color;
  b.depth_stencil = depth_stencil;
  return b;
}

std::recursive_mutex& glx_mutex() {
  static auto* m = new std::recursive_mutex;
  return *m;
}

DisplayState* display_state(Display* dpy) {
  if (!dpy) return nullptr;
  Registry& r = registry();
  auto it = r.displays.find(dpy);
  if (it != r.displays.end()) return it->second.get();
  auto state = std::make_unique<DisplayState>();
  state->display = dpy;
  state->screens.resize(static_cast<size_t>(std::max(0, ScreenCount(dpy))), nullptr);
  if (XExtCodes* codes = XAddExtension(dpy)) XESetCloseDisplay(dpy, codes->extension, &on_close_display);
  DisplayState* out = state.get();
  r.displays.emplace(dpy, std::move(state));
  return out;
}

const std::vector<std::unique_ptr<FbConfig>>& screen_configs(DisplayState* d, int screen) {
  static const std::vector<std::unique_ptr<FbConfig>> kNone;
  if (!d || screen < 0 || static_cast<size_t>(screen) >= d->screens.size()) return kNone;
  auto& slot = d->screens[static_cast<size_t>(screen)];
  if (!slot) slot = build_configs(d->display, screen);
  return *slot;
}

const FbConfig* find_config(DisplayState* d, GLXFBConfig handle) {
  if (!d || !handle) return nullptr;
  for (size_t s = 0; s < d->screens.size(); ++s)
    for (const auto& c : screen_configs(d, static_cast<int>(s)))
      if (reinterpret_cast<GLXFBConfig>(c.get()) == handle) return c.get();
  return nullptr;
}

const FbConfig* config_for_visual(DisplayState* d, int screen, VisualID visual) {
  if (!d) return nullptr;
  auto chosen = d->visual_choice.find(visual);
  if (chosen != d->visual_choice.end() && chosen->second->screen == screen) return chosen->second;
  for (const auto& c : screen_configs(d, screen))
    if (c->visual == visual) return c.get();
  return nullptr;
}

Context* add_context(std::unique_ptr<Context> ctx) {
  Context* handle = ctx.get();
  registry().contexts.emplace(handle, std::move(ctx));
  return handle;
}

Context* find_context(GLXContext handle) {
  auto& contexts = registry().contexts;
  auto it = contexts.find(reinterpret_cast<Context*>(handle));
  return it == contexts.end() || it->second->destroyed ? nullptr : it->second.get();
}

void free_context(Context* ctx) { registry().contexts.erase(ctx); }

pipe::Screen* device_screen() {
  Registry& r = registry();
  if (r.device_tried) return r.screen;
  r.device_tried = true;
  // Kept for the life of the process, like the screen it opens.
  platform::DeviceProvider* provider = platform::create_device_provider().release();
  std::vector<platform::DeviceInfo> devices = provider->enumerate();
  const int index = provider->default_device();
  if (index < 0) {
    BRASS_WARN("GLX: no usable Vulkan 1.3 device");
    return nullptr;
  }
  std::string why;
  r.screen = provider->create_screen(index, &why).release();
  if (!r.screen) {
    BRASS_WARN("GLX: cannot open %s: %s", devices[static_cast<size_t>(index)].name.c_str(), why.c_str());
    return nullptr;
  }
  r.device_name = devices[static_cast<size_t>(index)].name;
  return r.screen;
}

const std::string& device_name() { return registry().device_name; }

bool allocate_buffers(Drawable* d) {
  pipe::Screen* screen = device_screen();
  if (!screen || !d->config) return false;
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Texture2D;
  t.width = static_cast<uint32_t>(std::max(1, d->width));
  t.height = static_cast<uint32_t>(std::max(1, d->height));
  t.samples = d->config->samples > 1 ? static_cast<uint32_t>(d->config->samples) : 1;
  t.bind = pipe::kBindRenderTarget | pipe::kBindSamplerView;
  // RGB8 configs store RGBA8: GL masks alpha writes and reads it as one.
  t.format = pipe::Format::RGBA8_UNORM;
  pipe::Status st = pipe::Status::Ok;
  Ref<pipe::Resource> color = screen->resource_create(t, &st);
  if (!color) return false;
  Ref<pipe::Resource> ds;
  if (d->config->depth || d->config->stencil) {
    t.format = pipe::Format::Z24_UNORM_S8_UINT;
    t.bind = pipe::kBindDepthStencil;
    ds = screen->resource_create(t, &st);
    if (!ds) return false;
  }
  d->color = std::move(color);
  d->depth_stencil = std::move(ds);
  return true;
}

bool follow_window_size(Drawable* d, bool* changed) {
  *changed = false;
  if (!d->window) return true;
  if (d->window->resize() != pipe::Status::Ok) return false;
  const auto w = static_cast<int>(d->window->width());
  const auto h = static_cast<int>(d->window->height());
  if (w == d->width && h == d->height) return true;
  const int old_w = d->width, old_h = d->height;
  d->width = w;
  d->height = h;
  if (!allocate_buffers(d)) {
    d->width = old_w;
    d->height = old_h;
    return false;
  }
  *changed = true;
  return true;
}

XID allocate_xid(Display* dpy) {
  LockDisplay(dpy);
  const XID id = XAllocID(dpy);
  UnlockDisplay(dpy);
  // XAllocID leaves the next id to a sync handler that runs after a
  // request; without it a second XAllocID before any request finds none.
  SyncHandle();
  return id;
}

Context*& current_context() { return t_current; }

}  // namespace brass::glx
