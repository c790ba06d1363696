// GLX fbconfigs, visuals and strings.
#include "glx/api.h"

#include <cstdlib>
#include <cstring>

#include "glx/choose_config.h"
#include "glx/errors.h"
#include "glx/objects.h"

namespace brass::glx::api {

namespace {

// What Brass's GLX implements (docs/glx.md). GLX_ARB_get_proc_address is
// glvnd's libGLX's, which answers for every vendor.
constexpr const char* kExtensions =
    "GLX_ARB_create_context GLX_ARB_create_context_no_error GLX_ARB_create_context_profile "
    "GLX_ARB_create_context_robustness "
    "GLX_ARB_get_proc_address GLX_ARB_multisample GLX_EXT_create_context_es2_profile "
    "GLX_EXT_create_context_es_profile GLX_EXT_swap_control GLX_MESA_swap_control";

// An array the application frees with XFree (which is free()).
GLXFBConfig* to_array(const std::vector<const FbConfig*>& configs, int* nelements) {
  if (nelements) *nelements = 0;
  if (configs.empty()) return nullptr;
  auto* out = static_cast<GLXFBConfig*>(std::malloc(configs.size() * sizeof(GLXFBConfig)));
  if (!out) return nullptr;
  for (size_t i = 0; i < configs.size(); ++i) out[i] = reinterpret_cast<GLXFBConfig>(const_cast<FbConfig*>(configs[i]));
  if (nelements) *nelements = static_cast<int>(configs.size());
  return out;
}

XVisualInfo* visual_info(Display* dpy, int screen, VisualID visual) {
  if (!visual) return nullptr;
  XVisualInfo templ = {};
  templ.screen = screen;
  templ.visualid = visual;
  int count = 0;
  return XGetVisualInfo(dpy, VisualScreenMask | VisualIDMask, &templ, &count);
}

}  // namespace

GLXFBConfig* glXGetFBConfigs(Display* dpy, int screen, int* nelements) {
  Lock lock(glx_mutex());
  std::vector<const FbConfig*> all;
  for (const auto& c : screen_configs(display_state(dpy), screen)) all.push_back(c.get());
  return to_array(all, nelements);
}

GLXFBConfig* glXChooseFBConfig(Display* dpy, int screen, const int* attribs, int* nelements) {
  Lock lock(glx_mutex());
  std::vector<const FbConfig*> chosen;
  if (XErr e = choose_fbconfigs(screen_configs(display_state(dpy), screen), attribs, &chosen); !(e == kNoError)) {
    report_error(dpy, e, request::kGetFBConfigs, 0);
    if (nelements) *nelements = 0;
    return nullptr;
  }
  return to_array(chosen, nelements);
}

int glXGetFBConfigAttrib(Display* dpy, GLXFBConfig config, int attribute, int* value) {
  Lock lock(glx_mutex());
  const FbConfig* c = find_config(display_state(dpy), config);
  if (!c) {
    report_error(dpy, kGLXBadFBConfig, request::kGetFBConfigs, 0);
    return kGLXBadFBConfig.code;
  }
  int v = 0;
  if (!c->get(attribute, &v)) return GLX_BAD_ATTRIBUTE;
  if (value) *value = v;
  return Success;
}

XVisualInfo* glXGetVisualFromFBConfig(Display* dpy, GLXFBConfig config) {
  Lock lock(glx_mutex());
  const FbConfig* c = find_config(display_state(dpy), config);
  if (!c) {
    report_error(dpy, kGLXBadFBConfig, request::kGetFBConfigs, 0);
    return nullptr;
  }
  return visual_info(dpy, c->screen, c->visual);
}

XVisualInfo* glXChooseVisual(Display* dpy, int screen, int* attribs) {
  Lock lock(glx_mutex());
  DisplayState* d = display_state(dpy);
  const FbConfig* c = nullptr;
  if (XErr e = choose_visual_config(screen_configs(d, screen), attribs, &c); !(e == kNoError)) {
    report_error(dpy, e, request::kGetVisualConfigs, 0);
    return nullptr;
  }
  if (!c) return nullptr;
  // A context made from this visual gets the config picked for it.
  d->visual_choice[c->visual] = c;
  return visual_info(dpy, screen, c->visual);
}

int glXGetConfig(Display* dpy, XVisualInfo* vis, int attrib, int* value) {
  Lock lock(glx_mutex());
  if (!vis || !value) return GLX_BAD_VISUAL;
  if (vis->screen < 0 || vis->screen >= ScreenCount(dpy)) return GLX_BAD_SCREEN;
  const FbConfig* c = config_for_visual(display_state(dpy), vis->screen, vis->visualid);
  if (attrib == GLX_USE_GL) {
    *value = c ? True : False;
    return Success;
  }
  if (!c) return GLX_BAD_VISUAL;
  if (attrib == GLX_RGBA) {
    *value = True;
    return Success;
  }
  return c->get(attrib, value) ? Success : GLX_BAD_ATTRIBUTE;
}

const char* glXQueryExtensionsString(Display* dpy, int screen) {
  (void)dpy, (void)screen;
  return kExtensions;
}

const char* glXQueryServerString(Display* dpy, int screen, int name) {
  (void)dpy, (void)screen;
  return api::glXGetClientString(dpy, name);
}

const char* glXGetClientString(Display* dpy, int name) {
  (void)dpy;
  switch (name) {
    case GLX_VENDOR: return "Brass";
    case GLX_VERSION: return "1.4";
    case GLX_EXTENSIONS: return kExtensions;
    default: return nullptr;
  }
}

Bool glXQueryExtension(Display* dpy, int* error_base, int* event_base) {
  int opcode = 0, events = 0, errors = 0;
  const Bool present = XQueryExtension(dpy, "GLX", &opcode, &events, &errors);
  if (error_base) *error_base = errors;
  if (event_base) *event_base = events;
  return present;
}

Bool glXQueryVersion(Display* dpy, int* major, int* minor) {
  (void)dpy;
  if (major) *major = 1;
  if (minor) *minor = 4;
  return True;
}

}  // namespace brass::glx::api
