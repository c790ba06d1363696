// EGL types and enums from the Khronos headers (no prototypes are used:
// Brass's functions live in brass::egl::api and are handed out by name).
#pragma once

#ifndef EGL_NO_PROTOTYPES
#define EGL_NO_PROTOTYPES
#endif
#include <EGL/egl.h>
#include <EGL/eglext.h>

// EGL_EXT_device_query_name (newer than some distribution headers).
#ifndef EGL_RENDERER_EXT
#define EGL_RENDERER_EXT 0x335F
#endif
