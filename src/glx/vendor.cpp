// libGLX_brass.so exports __glx_Main, glvnd's GLX vendor entry point
// (glvnd/libglxabi.h). It answers libGLX's getProcAddress with Brass's GLX
// and GL functions, and provides the dispatch stubs of the GLX extension
// functions: glvnd hands those to applications from glXGetProcAddress and
// they find the vendor that owns the display, drawable or current context.
#include <atomic>
#include <cstring>

#include "glx/api.h"
#include "glx/gl_binding.h"
#include "glx/objects.h"
// After the Brass headers: it includes Xlib (glx/x11_headers.h).
#include <glvnd/libglxabi.h>

namespace brass::glx {
namespace {

const __GLXapiExports* g_exports = nullptr;

struct Proc {
  const char* name;
  void* fn;
};

#define BRASS_GLX_PROC(name) {#name, reinterpret_cast<void*>(&api::name)}
const Proc kProcs[] = {
    BRASS_GLX_PROC(glXChooseFBConfig),      BRASS_GLX_PROC(glXChooseVisual),
    BRASS_GLX_PROC(glXCopyContext),         BRASS_GLX_PROC(glXCreateContext),
    BRASS_GLX_PROC(glXCreateGLXPixmap),     BRASS_GLX_PROC(glXCreateNewContext),
    BRASS_GLX_PROC(glXCreatePbuffer),       BRASS_GLX_PROC(glXCreatePixmap),
    BRASS_GLX_PROC(glXCreateWindow),        BRASS_GLX_PROC(glXDestroyContext),
    BRASS_GLX_PROC(glXDestroyGLXPixmap),    BRASS_GLX_PROC(glXDestroyPbuffer),
    BRASS_GLX_PROC(glXDestroyPixmap),       BRASS_GLX_PROC(glXDestroyWindow),
    BRASS_GLX_PROC(glXGetClientString),     BRASS_GLX_PROC(glXGetConfig),
    BRASS_GLX_PROC(glXGetFBConfigAttrib),   BRASS_GLX_PROC(glXGetFBConfigs),
    BRASS_GLX_PROC(glXGetSelectedEvent),    BRASS_GLX_PROC(glXGetVisualFromFBConfig),
    BRASS_GLX_PROC(glXIsDirect),            BRASS_GLX_PROC(glXMakeContextCurrent),
    BRASS_GLX_PROC(glXMakeCurrent),         BRASS_GLX_PROC(glXQueryContext),
    BRASS_GLX_PROC(glXQueryDrawable),       BRASS_GLX_PROC(glXQueryExtension),
    BRASS_GLX_PROC(glXQueryExtensionsString), BRASS_GLX_PROC(glXQueryServerString),
    BRASS_GLX_PROC(glXQueryVersion),        BRASS_GLX_PROC(glXSelectEvent),
    BRASS_GLX_PROC(glXSwapBuffers),         BRASS_GLX_PROC(glXUseXFont),
    BRASS_GLX_PROC(glXWaitGL),              BRASS_GLX_PROC(glXWaitX),
    BRASS_GLX_PROC(glXCreateContextAttribsARB), BRASS_GLX_PROC(glXSwapIntervalEXT),
    BRASS_GLX_PROC(glXSwapIntervalMESA),    BRASS_GLX_PROC(glXGetSwapIntervalMESA),
};
#undef BRASS_GLX_PROC

// --- dispatch stubs of the extension functions --------------------------------

enum Slot { kCreateContextAttribsARB, kSwapIntervalEXT, kSwapIntervalMESA, kGetSwapIntervalMESA, kSlotCount };
const char* const kSlotNames[kSlotCount] = {"glXCreateContextAttribsARB", "glXSwapIntervalEXT",
                                            "glXSwapIntervalMESA", "glXGetSwapIntervalMESA"};
std::atomic<int> g_slot_index[kSlotCount] = {-1, -1, -1, -1};

template <typename Fn>
Fn fetch(__GLXvendorInfo* vendor, Slot slot) {
  const int index = g_slot_index[slot].load(std::memory_order_acquire);
  if (!vendor || index < 0) return nullptr;
  return reinterpret_cast<Fn>(g_exports->fetchDispatchEntry(vendor, index));
}

GLXContext stub_CreateContextAttribsARB(Display* dpy, GLXFBConfig config, GLXContext share, Bool direct,
                                        const int* attribs) {
  __GLXvendorInfo* vendor = g_exports->vendorFromFBConfig(dpy, config);
  auto fn = fetch<decltype(&api::glXCreateContextAttribsARB)>(vendor, kCreateContextAttribsARB);
  if (!fn) return nullptr;
  GLXContext ctx = fn(dpy, config, share, direct, attribs);
  // glvnd routes later calls on the context by this mapping.
  if (ctx && g_exports->addVendorContextMapping(dpy, ctx, vendor) != 0) {
    api::glXDestroyContext(dpy, ctx);
    return nullptr;
  }
  return ctx;
}

void stub_SwapIntervalEXT(Display* dpy, GLXDrawable drawable, int interval) {
  auto fn = fetch<decltype(&api::glXSwapIntervalEXT)>(g_exports->vendorFromDrawable(dpy, drawable), kSwapIntervalEXT);
  if (fn) fn(dpy, drawable, interval);
}

int stub_SwapIntervalMESA(unsigned int interval) {
  auto fn = fetch<decltype(&api::glXSwapIntervalMESA)>(g_exports->getCurrentDynDispatch(), kSwapIntervalMESA);
  return fn ? fn(interval) : GLX_BAD_CONTEXT;
}

int stub_GetSwapIntervalMESA() {
  auto fn = fetch<decltype(&api::glXGetSwapIntervalMESA)>(g_exports->getCurrentDynDispatch(), kGetSwapIntervalMESA);
  return fn ? fn() : 0;
}

void* const kStubs[kSlotCount] = {
    reinterpret_cast<void*>(&stub_CreateContextAttribsARB), reinterpret_cast<void*>(&stub_SwapIntervalEXT),
    reinterpret_cast<void*>(&stub_SwapIntervalMESA), reinterpret_cast<void*>(&stub_GetSwapIntervalMESA)};

// --- imports --------------------------------------------------------------------

Bool is_screen_supported(Display* dpy, int screen) {
  Lock lock(glx_mutex());
  return device_screen() && !screen_configs(display_state(dpy), screen).empty() ? True : False;
}

void* get_proc_address(const GLubyte* proc_name) {
  const char* name = reinterpret_cast<const char*>(proc_name);
  if (!name) return nullptr;
  for (const Proc& p : kProcs)
    if (std::strcmp(p.name, name) == 0) return p.fn;
  return gl_proc_address(name);
}

void* get_dispatch_address(const GLubyte* proc_name) {
  const char* name = reinterpret_cast<const char*>(proc_name);
  for (int i = 0; name && i < kSlotCount; ++i)
    if (std::strcmp(kSlotNames[i], name) == 0) return kStubs[i];
  return nullptr;
}

void set_dispatch_index(const GLubyte* proc_name, int index) {
  const char* name = reinterpret_cast<const char*>(proc_name);
  for (int i = 0; name && i < kSlotCount; ++i)
    if (std::strcmp(kSlotNames[i], name) == 0) g_slot_index[i].store(index, std::memory_order_release);
}

}  // namespace
}  // namespace brass::glx

extern "C" __attribute__((visibility("default"))) Bool __glx_Main(uint32_t version, const __GLXapiExports* exports,
                                                                  __GLXvendorInfo* vendor, __GLXapiImports* imports) {
  (void)vendor;
  if (GLX_VENDOR_ABI_GET_MAJOR_VERSION(version) != GLX_VENDOR_ABI_MAJOR_VERSION || !exports || !imports) return False;
  brass::glx::g_exports = exports;
  imports->isScreenSupported = &brass::glx::is_screen_supported;
  imports->getProcAddress = &brass::glx::get_proc_address;
  imports->getDispatchAddress = &brass::glx::get_dispatch_address;
  imports->setDispatchIndex = &brass::glx::set_dispatch_index;
  imports->notifyError = nullptr;
  imports->isPatchSupported = nullptr;
  imports->initiatePatch = nullptr;
  imports->releasePatch = nullptr;
  imports->patchThreadAttach = nullptr;
  return True;
}
