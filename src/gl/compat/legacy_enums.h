// Compatibility-profile enums of vertex specification that the core-profile
// header (GL/glcorearb.h) lacks, from the Khronos registry (gl.xml).
#pragma once

#include "gl/compat/compat_enums.h"
#include "gl/gl_types.h"

#ifndef GL_PACK_SWAP_BYTES
#define GL_PACK_SWAP_BYTES 0x0D00
#endif
#ifndef GL_PACK_LSB_FIRST
#define GL_PACK_LSB_FIRST 0x0D01
#endif
#ifndef GL_UNPACK_SWAP_BYTES
#define GL_UNPACK_SWAP_BYTES 0x0CF0
#endif
#ifndef GL_UNPACK_LSB_FIRST
#define GL_UNPACK_LSB_FIRST 0x0CF1
#endif
