// What a GLX context request asks for (glXCreateContextAttribsARB's
// attributes, or a legacy glXCreateContext / glXCreateNewContext) and what
// Brass makes of it: the GL API and version of the context, or the X error
// GLX_ARB_create_context (_profile, _no_error, _robustness) and
// GLX_EXT_create_context_es_profile name. Pure: tests call it directly.
#pragma once

#include "glx/errors.h"
#include "glx/gl_binding.h"

namespace brass::glx {

struct ContextRequest {
  int major = 1, minor = 0;
  int flags = 0;
  int profile_mask = 0x1;  // GLX_CONTEXT_CORE_PROFILE_BIT_ARB
  int render_type = 0x8014;  // GLX_RGBA_TYPE
  bool no_error = false;
  bool lose_context_on_reset = false;  // GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB
};

// What contexts can be: the provided desktop core version (0: none), the
// compatibility-profile version (0: none) and ES version, major * 10 + minor.
struct ProvidedVersions {
  int desktop = 0;
  int compat = 0;
  int es = 31;
  bool robust_access = false;  // the screen gives robust buffer access (pipe::Cap::RobustBufferAccess)
};

// Parses a None-terminated attribute list (null: empty) into *out.
// kNoError, or BadValue for an unknown attribute or flag.
XErr parse_context_attribs(const int* attribs, ContextRequest* out);

// The context for a parsed request: api and flags in *out, or the error.
XErr decide_context(const ContextRequest& request, const ProvidedVersions& provided, GlRequest* out);

}  // namespace brass::glx
