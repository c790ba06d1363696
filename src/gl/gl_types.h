// GL types and enums for the GL frontend, from the Khronos ES headers and the
// desktop core-profile header (desktop-only enums and types such as
// GLdouble; the enums both define are token-identical). No prototypes: Brass
// defines its entry points under its own names and hands them out through
// GetProcAddress and glvnd's dispatch table only.
#pragma once

#ifndef GL_GLES_PROTOTYPES
#define GL_GLES_PROTOTYPES 0
#endif
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
#include <GL/glcorearb.h>

// ARB_vertex_buffer_object's names for the pointer-sized types (glext.h's;
// glcorearb.h has only the core names), which its *ARB entry points take.
typedef GLsizeiptr GLsizeiptrARB;
typedef GLintptr GLintptrARB;
