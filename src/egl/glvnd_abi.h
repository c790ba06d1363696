// The parts of libglvnd's EGL vendor ABI (version 0.x) that Brass uses,
// declared from the ABI's documented layout (glvnd/libeglabi.h describes it;
// we do not include it). Member order and types must match exactly.
#pragma once

#include <cstdint>

#include "egl/egl_types.h"
#include "gl/gl_types.h"

namespace brass::egl::glvnd {

inline constexpr uint32_t kAbiMajor = 0;
inline constexpr uint32_t kAbiMinor = 1;  // we need nothing newer than 0.1
inline constexpr int kVendorStringPlatformExtensions = 0;

struct VendorInfo;  // opaque libEGL object

using Proc = __eglMustCastToProperFunctionPointerType;
using LookupStubOffset = GLboolean (*)(const char* name, void** write_ptr, const void** exec_ptr);

struct Exports {
  void (*thread_init)();
  EGLenum (*get_current_api)();
  VendorInfo* (*get_current_vendor)();
  EGLContext (*get_current_context)();
  EGLDisplay (*get_current_display)();
  EGLSurface (*get_current_surface)(EGLint read_draw);
  Proc (*fetch_dispatch_entry)(VendorInfo* vendor, int index);
  void (*set_egl_error)(EGLint error);
  EGLBoolean (*set_last_vendor)(VendorInfo* vendor);
  VendorInfo* (*get_vendor_from_display)(EGLDisplay dpy);
  VendorInfo* (*get_vendor_from_device)(EGLDeviceEXT dev);
  EGLBoolean (*set_vendor_for_device)(EGLDeviceEXT dev, VendorInfo* vendor);
};

struct Imports {
  EGLDisplay (*get_platform_display)(EGLenum platform, void* native_display, const EGLAttrib* attrib_list);
  EGLBoolean (*get_supports_api)(EGLenum api);
  const char* (*get_vendor_string)(int name);
  void* (*get_proc_address)(const char* name);
  void* (*get_dispatch_address)(const char* name);
  void (*set_dispatch_index)(const char* name, int index);
  GLboolean (*is_patch_supported)(int type, int stub_size);
  GLboolean (*initiate_patch)(int type, int stub_size, LookupStubOffset lookup);
  void (*release_patch)();
  void (*patch_thread_attach)();
  EGLenum (*find_native_display_platform)(void* native_display);
};

}  // namespace brass::egl::glvnd
