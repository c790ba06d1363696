// libEGL_brass.so exports __egl_Main, the glvnd EGL vendor entry
// point. It fills glvnd's import table, and provides dispatch stubs for the
// EGL extension functions that take a display or device (glvnd hands these to
// applications from eglGetProcAddress and routes them back to the vendor that
// owns the display or device). It also exports brass_stats_value (at the end).
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "egl/api.h"
#include "egl/glvnd_abi.h"
#include "util/fault_injection.h"
#include "util/stats.h"

namespace brass::egl {
namespace {

const glvnd::Exports* g_exports = nullptr;

// --- dispatch stubs -------------------------------------------------------------

enum Slot { kCreateSyncKHR, kDestroySyncKHR, kClientWaitSyncKHR, kGetSyncAttribKHR, kWaitSyncKHR,
            kQueryDeviceAttribEXT, kQueryDeviceStringEXT, kQueryDisplayAttribEXT, kCreatePlatformWindowSurfaceEXT,
            kCreateImageKHR, kDestroyImageKHR, kSlotCount };

const char* const kSlotNames[kSlotCount] = {
    "eglCreateSyncKHR",        "eglDestroySyncKHR",       "eglClientWaitSyncKHR",    "eglGetSyncAttribKHR",
    "eglWaitSyncKHR",          "eglQueryDeviceAttribEXT", "eglQueryDeviceStringEXT", "eglQueryDisplayAttribEXT",
    "eglCreatePlatformWindowSurfaceEXT", "eglCreateImageKHR",     "eglDestroyImageKHR",
};

std::atomic<int> g_slot_index[kSlotCount] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

// The owning vendor's implementation of `slot`, or null with the error set.
glvnd::Proc fetch(glvnd::VendorInfo* vendor, Slot slot, EGLint error_if_none) {
  glvnd::Proc fn = nullptr;
  const int index = g_slot_index[slot].load(std::memory_order_acquire);
  if (vendor && index >= 0) fn = g_exports->fetch_dispatch_entry(vendor, index);
  if (!fn) {
    g_exports->set_egl_error(error_if_none);
    return nullptr;
  }
  g_exports->set_last_vendor(vendor);
  return fn;
}

glvnd::Proc by_display(EGLDisplay dpy, Slot slot) {
  g_exports->thread_init();
  return fetch(g_exports->get_vendor_from_display(dpy), slot, EGL_BAD_DISPLAY);
}

glvnd::Proc by_device(EGLDeviceEXT dev, Slot slot) {
  g_exports->thread_init();
  return fetch(g_exports->get_vendor_from_device(dev), slot, EGL_BAD_DEVICE_EXT);
}

template <typename Fn>
Fn as(glvnd::Proc p) {
  return reinterpret_cast<Fn>(p);
}

EGLSyncKHR EGLAPIENTRY stub_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint* attribs) {
  auto fn = as<decltype(&api::eglCreateSyncKHR)>(by_display(dpy, kCreateSyncKHR));
  return fn ? fn(dpy, type, attribs) : EGL_NO_SYNC_KHR;
}
EGLBoolean EGLAPIENTRY stub_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync) {
  auto fn = as<decltype(&api::eglDestroySyncKHR)>(by_display(dpy, kDestroySyncKHR));
  return fn ? fn(dpy, sync) : EGL_FALSE;
}
EGLint EGLAPIENTRY stub_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout) {
  auto fn = as<decltype(&api::eglClientWaitSyncKHR)>(by_display(dpy, kClientWaitSyncKHR));
  return fn ? fn(dpy, sync, flags, timeout) : EGL_FALSE;
}
EGLBoolean EGLAPIENTRY stub_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint* value) {
  auto fn = as<decltype(&api::eglGetSyncAttribKHR)>(by_display(dpy, kGetSyncAttribKHR));
  return fn ? fn(dpy, sync, attribute, value) : EGL_FALSE;
}
EGLint EGLAPIENTRY stub_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags) {
  auto fn = as<decltype(&api::eglWaitSyncKHR)>(by_display(dpy, kWaitSyncKHR));
  return fn ? fn(dpy, sync, flags) : EGL_FALSE;
}
EGLBoolean EGLAPIENTRY stub_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute, EGLAttrib* value) {
  auto fn = as<decltype(&api::eglQueryDeviceAttribEXT)>(by_device(dev, kQueryDeviceAttribEXT));
  return fn ? fn(dev, attribute, value) : EGL_FALSE;
}
const char* EGLAPIENTRY stub_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name) {
  auto fn = as<decltype(&api::eglQueryDeviceStringEXT)>(by_device(dev, kQueryDeviceStringEXT));
  return fn ? fn(dev, name) : nullptr;
}
EGLBoolean EGLAPIENTRY stub_QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute, EGLAttrib* value) {
  auto fn = as<decltype(&api::eglQueryDisplayAttribEXT)>(by_display(dpy, kQueryDisplayAttribEXT));
  return fn ? fn(dpy, attribute, value) : EGL_FALSE;
}

EGLSurface EGLAPIENTRY stub_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void* window,
                                                            const EGLint* attribs) {
  auto fn = as<decltype(&api::eglCreatePlatformWindowSurfaceEXT)>(by_display(dpy, kCreatePlatformWindowSurfaceEXT));
  return fn ? fn(dpy, config, window, attribs) : EGL_NO_SURFACE;
}

EGLImageKHR EGLAPIENTRY stub_CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                                            const EGLint* attribs) {
  auto fn = as<decltype(&api::eglCreateImageKHR)>(by_display(dpy, kCreateImageKHR));
  return fn ? fn(dpy, ctx, target, buffer, attribs) : EGL_NO_IMAGE_KHR;
}
EGLBoolean EGLAPIENTRY stub_DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image) {
  auto fn = as<decltype(&api::eglDestroyImageKHR)>(by_display(dpy, kDestroyImageKHR));
  return fn ? fn(dpy, image) : EGL_FALSE;
}

void* const kSlotStubs[kSlotCount] = {
    reinterpret_cast<void*>(&stub_CreateSyncKHR),        reinterpret_cast<void*>(&stub_DestroySyncKHR),
    reinterpret_cast<void*>(&stub_ClientWaitSyncKHR),    reinterpret_cast<void*>(&stub_GetSyncAttribKHR),
    reinterpret_cast<void*>(&stub_WaitSyncKHR),          reinterpret_cast<void*>(&stub_QueryDeviceAttribEXT),
    reinterpret_cast<void*>(&stub_QueryDeviceStringEXT), reinterpret_cast<void*>(&stub_QueryDisplayAttribEXT),
    reinterpret_cast<void*>(&stub_CreatePlatformWindowSurfaceEXT),
    reinterpret_cast<void*>(&stub_CreateImageKHR),       reinterpret_cast<void*>(&stub_DestroyImageKHR),
};

int slot_of(const char* name) {
  if (!name) return -1;
  for (int i = 0; i < kSlotCount; ++i)
    if (std::strcmp(kSlotNames[i], name) == 0) return i;
  return -1;
}

// --- imports ------------------------------------------------------------------------

EGLDisplay vendor_get_platform_display(EGLenum platform, void* native_display, const EGLAttrib* attrib_list) {
  return api::eglGetPlatformDisplay(platform, native_display, attrib_list);
}

EGLBoolean vendor_get_supports_api(EGLenum api) { return supports_api(api) ? EGL_TRUE : EGL_FALSE; }

const char* vendor_get_vendor_string(int name) {
  return name == glvnd::kVendorStringPlatformExtensions ? platform_extensions() : nullptr;
}

void* vendor_get_proc_address(const char* name) { return get_proc_address(name); }

void* vendor_get_dispatch_address(const char* name) {
  const int slot = slot_of(name);
  return slot < 0 ? nullptr : kSlotStubs[slot];
}

void vendor_set_dispatch_index(const char* name, int index) {
  const int slot = slot_of(name);
  if (slot >= 0) g_slot_index[slot].store(index, std::memory_order_release);
}

void report_stats_at_exit() { stats_report(); }

}  // namespace
}  // namespace brass::egl

extern "C" __attribute__((visibility("default"))) EGLBoolean __egl_Main(uint32_t version,
                                                                        const brass::egl::glvnd::Exports* exports,
                                                                        brass::egl::glvnd::VendorInfo* vendor,
                                                                        brass::egl::glvnd::Imports* imports) {
  using namespace brass::egl;
  (void)vendor;
  if ((version >> 16) != glvnd::kAbiMajor || (version & 0xFFFF) < glvnd::kAbiMinor) return EGL_FALSE;
  if (!exports || !imports) return EGL_FALSE;
  g_exports = exports;
  imports->get_platform_display = &vendor_get_platform_display;
  imports->get_supports_api = &vendor_get_supports_api;
  imports->get_vendor_string = &vendor_get_vendor_string;
  imports->get_proc_address = &vendor_get_proc_address;
  imports->get_dispatch_address = &vendor_get_dispatch_address;
  imports->set_dispatch_index = &vendor_set_dispatch_index;
  static std::atomic<bool> registered{false};
  if (!registered.exchange(true)) std::atexit(&report_stats_at_exit);
  return EGL_TRUE;
}

// The BRASS_STATS counters of this library, by name, for tests that drive
// Brass through glvnd as an application does and must read the counters of
// the copy glvnd loaded (found with dlopen(RTLD_NOLOAD) + dlsym). False, and
// *value untouched, for a name no counter has. Not part of any Khronos ABI.
extern "C" __attribute__((visibility("default"))) bool brass_stats_value(const char* name, uint64_t* value) {
  if (!name || !value) return false;
  const std::optional<uint64_t> v = brass::stat_value(name);
  if (!v) return false;
  *value = *v;
  return true;
}

// Test-only fault injection (src/util/fault_injection.h), for end-to-end
// tests that reach this library through glvnd (dlopen(RTLD_NOLOAD) +
// dlsym, like brass_stats_value). Not part of any Khronos ABI; an
// application that never calls them pays one relaxed atomic add per Vulkan
// allocation.
extern "C" __attribute__((visibility("default"))) uint64_t brass_test_allocation_count() {
  return brass::fault::allocation_count();
}
extern "C" __attribute__((visibility("default"))) void brass_test_fail_allocation(uint64_t n) {
  brass::fault::fail_allocation(n);
}
extern "C" __attribute__((visibility("default"))) bool brass_test_allocation_failed(bool* on_arming_thread) {
  return brass::fault::injected(on_arming_thread);
}
extern "C" __attribute__((visibility("default"))) void brass_test_lose_device_on_next_submit() {
  brass::fault::lose_device_on_next_submit();
}
// Host allocations (the Vulkan driver's own memory through Brass's
// VkAllocationCallbacks, src/device/host_allocator.h). The callbacks are
// passed to Vulkan only in a process that asked for them before its first
// Vulkan instance: brass_test_use_host_allocator() says whether that was in
// time.
extern "C" __attribute__((visibility("default"))) bool brass_test_use_host_allocator() {
  return brass::fault::use_host_allocator();
}
extern "C" __attribute__((visibility("default"))) uint64_t brass_test_host_allocation_count() {
  return brass::fault::host_allocation_count();
}
extern "C" __attribute__((visibility("default"))) void brass_test_fail_host_allocation(uint64_t n) {
  brass::fault::fail_host_allocation(n);
}
extern "C" __attribute__((visibility("default"))) bool brass_test_host_allocation_failed(bool* on_arming_thread) {
  return brass::fault::host_injected(on_arming_thread);
}
// `command` (a Vulkan command name the caller keeps alive) makes no host
// allocation point: for a driver that crashes when one inside it fails.
extern "C" __attribute__((visibility("default"))) void brass_test_spare_host_command(const char* command) {
  if (command) brass::fault::spare_host_command(command);
}
extern "C" __attribute__((visibility("default"))) const char* brass_test_host_failure_command() {
  return brass::fault::host_injected_command();
}
extern "C" __attribute__((visibility("default"))) int64_t brass_test_live_host_allocations() {
  return brass::fault::live_host_blocks();
}
