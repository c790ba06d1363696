// Every EGL function Brass implements, declared once through an X-macro so
// that the declarations, the name table (GetProcAddress, glvnd's
// getProcAddress) and the tests agree. The functions follow the EGL 1.5 and
// extension specifications exactly, including every error they name.
#pragma once

#include "egl/egl_types.h"

// X(return type, name, parameter list)
#define BRASS_EGL_FUNCTIONS(X)                                                                        \
  X(EGLBoolean, eglBindAPI, (EGLenum api))                                                            \
  X(EGLBoolean, eglBindTexImage, (EGLDisplay dpy, EGLSurface surface, EGLint buffer))                 \
  X(EGLBoolean, eglChooseConfig,                                                                      \
    (EGLDisplay dpy, const EGLint* attrib_list, EGLConfig* configs, EGLint config_size, EGLint* num_config)) \
  X(EGLint, eglClientWaitSync, (EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout))         \
  X(EGLint, eglClientWaitSyncKHR, (EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout)) \
  X(EGLBoolean, eglCopyBuffers, (EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target))     \
  X(EGLContext, eglCreateContext,                                                                     \
    (EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint* attrib_list))          \
  X(EGLImage, eglCreateImage,                                                                         \
    (EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib* attrib_list)) \
  X(EGLImageKHR, eglCreateImageKHR,                                                                   \
    (EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLint* attrib_list)) \
  X(EGLSurface, eglCreatePbufferFromClientBuffer,                                                     \
    (EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config, const EGLint* attrib_list)) \
  X(EGLSurface, eglCreatePbufferSurface, (EGLDisplay dpy, EGLConfig config, const EGLint* attrib_list)) \
  X(EGLSurface, eglCreatePixmapSurface,                                                               \
    (EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint* attrib_list))        \
  X(EGLSurface, eglCreatePlatformPixmapSurface,                                                       \
    (EGLDisplay dpy, EGLConfig config, void* native_pixmap, const EGLAttrib* attrib_list))            \
  X(EGLSurface, eglCreatePlatformWindowSurface,                                                       \
    (EGLDisplay dpy, EGLConfig config, void* native_window, const EGLAttrib* attrib_list))            \
  X(EGLSurface, eglCreatePlatformWindowSurfaceEXT,                                                    \
    (EGLDisplay dpy, EGLConfig config, void* native_window, const EGLint* attrib_list))               \
  X(EGLSync, eglCreateSync, (EGLDisplay dpy, EGLenum type, const EGLAttrib* attrib_list))             \
  X(EGLSyncKHR, eglCreateSyncKHR, (EGLDisplay dpy, EGLenum type, const EGLint* attrib_list))          \
  X(EGLSurface, eglCreateWindowSurface,                                                               \
    (EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint* attrib_list))           \
  X(EGLBoolean, eglDestroyContext, (EGLDisplay dpy, EGLContext ctx))                                  \
  X(EGLBoolean, eglDestroyImage, (EGLDisplay dpy, EGLImage image))                                    \
  X(EGLBoolean, eglDestroyImageKHR, (EGLDisplay dpy, EGLImageKHR image))                              \
  X(EGLBoolean, eglDestroySurface, (EGLDisplay dpy, EGLSurface surface))                              \
  X(EGLBoolean, eglDestroySync, (EGLDisplay dpy, EGLSync sync))                                       \
  X(EGLBoolean, eglDestroySyncKHR, (EGLDisplay dpy, EGLSyncKHR sync))                                 \
  X(EGLBoolean, eglGetConfigAttrib, (EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint* value)) \
  X(EGLBoolean, eglGetConfigs, (EGLDisplay dpy, EGLConfig* configs, EGLint config_size, EGLint* num_config)) \
  X(EGLContext, eglGetCurrentContext, (void))                                                         \
  X(EGLDisplay, eglGetCurrentDisplay, (void))                                                         \
  X(EGLSurface, eglGetCurrentSurface, (EGLint readdraw))                                              \
  X(EGLDisplay, eglGetDisplay, (EGLNativeDisplayType display_id))                                     \
  X(EGLint, eglGetError, (void))                                                                      \
  X(EGLDisplay, eglGetPlatformDisplay, (EGLenum platform, void* native_display, const EGLAttrib* attrib_list)) \
  X(EGLDisplay, eglGetPlatformDisplayEXT, (EGLenum platform, void* native_display, const EGLint* attrib_list)) \
  X(__eglMustCastToProperFunctionPointerType, eglGetProcAddress, (const char* procname))              \
  X(EGLBoolean, eglGetSyncAttrib, (EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib* value)) \
  X(EGLBoolean, eglGetSyncAttribKHR, (EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint* value)) \
  X(EGLBoolean, eglInitialize, (EGLDisplay dpy, EGLint* major, EGLint* minor))                        \
  X(EGLBoolean, eglMakeCurrent, (EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx))   \
  X(EGLenum, eglQueryAPI, (void))                                                                     \
  X(EGLBoolean, eglQueryContext, (EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint* value))   \
  X(EGLBoolean, eglQueryDeviceAttribEXT, (EGLDeviceEXT device, EGLint attribute, EGLAttrib* value))   \
  X(const char*, eglQueryDeviceStringEXT, (EGLDeviceEXT device, EGLint name))                         \
  X(EGLBoolean, eglQueryDevicesEXT, (EGLint max_devices, EGLDeviceEXT* devices, EGLint* num_devices)) \
  X(EGLBoolean, eglQueryDisplayAttribEXT, (EGLDisplay dpy, EGLint attribute, EGLAttrib* value))       \
  X(const char*, eglQueryString, (EGLDisplay dpy, EGLint name))                                       \
  X(EGLBoolean, eglQuerySurface, (EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint* value)) \
  X(EGLBoolean, eglReleaseTexImage, (EGLDisplay dpy, EGLSurface surface, EGLint buffer))              \
  X(EGLBoolean, eglReleaseThread, (void))                                                             \
  X(EGLBoolean, eglSurfaceAttrib, (EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value)) \
  X(EGLBoolean, eglSwapBuffers, (EGLDisplay dpy, EGLSurface surface))                                 \
  X(EGLBoolean, eglSwapInterval, (EGLDisplay dpy, EGLint interval))                                   \
  X(EGLBoolean, eglTerminate, (EGLDisplay dpy))                                                       \
  X(EGLBoolean, eglWaitClient, (void))                                                                \
  X(EGLBoolean, eglWaitGL, (void))                                                                    \
  X(EGLBoolean, eglWaitNative, (EGLint engine))                                                       \
  X(EGLBoolean, eglWaitSync, (EGLDisplay dpy, EGLSync sync, EGLint flags))                            \
  X(EGLint, eglWaitSyncKHR, (EGLDisplay dpy, EGLSyncKHR sync, EGLint flags))

namespace brass::egl::api {

#define BRASS_EGL_DECLARE(ret, name, params) ret EGLAPIENTRY name params;
BRASS_EGL_FUNCTIONS(BRASS_EGL_DECLARE)
#undef BRASS_EGL_DECLARE

}  // namespace brass::egl::api

namespace brass::egl {

// EGL function by name, else GL function through the client API; null when unknown.
void* get_proc_address(const char* name);
// eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS).
const char* client_extensions();
// The platform extensions alone (glvnd's __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS).
const char* platform_extensions();
// Whether eglBindAPI(api) can succeed.
bool supports_api(EGLenum api);

}  // namespace brass::egl
