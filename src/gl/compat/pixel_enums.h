// Compatibility-profile enums of the pixel path that the core header
// (GL/glcorearb.h) leaves out; values from the Khronos registry. Guarded:
// other compatibility modules may define the same names with the same
// values.
#pragma once

#include "gl/compat/compat_enums.h"
#include "gl/gl_types.h"
#include "gl/pixel/gl_enums.h"

#ifndef GL_DEPTH_STENCIL_TO_RGBA_NV
#define GL_DEPTH_STENCIL_TO_RGBA_NV 0x886E
#endif
#ifndef GL_DEPTH_STENCIL_TO_BGRA_NV
#define GL_DEPTH_STENCIL_TO_BGRA_NV 0x886F
#endif
