#include "glx/context_request.h"

#include "glx/x11_headers.h"

namespace brass::glx {

XErr parse_context_attribs(const int* attribs, ContextRequest* out) {
  for (size_t i = 0; attribs && attribs[i] != None; i += 2) {
    const int v = attribs[i + 1];
    switch (attribs[i]) {
      case GLX_CONTEXT_MAJOR_VERSION_ARB: out->major = v; break;
      case GLX_CONTEXT_MINOR_VERSION_ARB: out->minor = v; break;
      case GLX_CONTEXT_FLAGS_ARB:
        if (v & ~(GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB |
                  GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB))
          return kBadValue;
        out->flags = v;
        break;
      // GLX_ARB_create_context_robustness.
      case GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB:
        if (v != GLX_NO_RESET_NOTIFICATION_ARB && v != GLX_LOSE_CONTEXT_ON_RESET_ARB) return kBadValue;
        out->lose_context_on_reset = v == GLX_LOSE_CONTEXT_ON_RESET_ARB;
        break;
      case GLX_CONTEXT_PROFILE_MASK_ARB: out->profile_mask = v; break;  // checked with the version
      case GLX_RENDER_TYPE: out->render_type = v; break;
      case GLX_CONTEXT_OPENGL_NO_ERROR_ARB:
        if (v != True && v != False) return kBadValue;
        out->no_error = v == True;
        break;
      default: return kBadValue;
    }
  }
  return kNoError;
}

namespace {

bool valid_desktop_version(int major, int minor) {
  switch (major) {
    case 1: return minor >= 0 && minor <= 5;
    case 2: return minor == 0 || minor == 1;
    case 3: return minor >= 0 && minor <= 3;
    case 4: return minor >= 0 && minor <= 6;
    default: return false;
  }
}

bool valid_es_version(int major, int minor) {
  return (major == 1 && (minor == 0 || minor == 1)) || (major == 2 && minor == 0) ||
         (major == 3 && minor >= 0 && minor <= 2);
}

}  // namespace

XErr decide_context(const ContextRequest& r, const ProvidedVersions& provided, GlRequest* out) {
  // Color-index contexts need color-index configs, which no config is.
  if (r.render_type == GLX_COLOR_INDEX_TYPE) return kBadMatch;
  if (r.render_type != GLX_RGBA_TYPE) return kBadValue;
  const bool debug = (r.flags & GLX_CONTEXT_DEBUG_BIT_ARB) != 0;
  const bool forward_compatible = (r.flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) != 0;
  // GLX_ARB_create_context_no_error: no-error and debug contexts exclude
  // each other.
  if (r.no_error && debug) return kBadMatch;
  const int requested = r.major * 10 + r.minor;
  // GLX_ARB_create_context_robustness: robust access the implementation
  // cannot give is BadMatch.
  const bool robust = (r.flags & GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB) != 0;
  if (robust && !provided.robust_access) return kBadMatch;
  out->debug = debug;
  out->no_error = r.no_error;
  out->robust_access = robust;
  out->lose_context_on_reset = r.lose_context_on_reset;
  out->forward_compatible = false;
  if (r.profile_mask == GLX_CONTEXT_ES_PROFILE_BIT_EXT) {
    // GLX_EXT_create_context_es_profile: an ES version, and one of those
    // Brass makes (2.0 and 3.x up to the provided one get the provided one,
    // which is backward compatible with them); ES 1.x is not implemented.
    if (!valid_es_version(r.major, r.minor) || r.major == 1 || requested > provided.es) return kGLXBadProfileARB;
    if (forward_compatible) return kBadMatch;  // a desktop-only flag
    out->api = GlApi::ES;
    return kNoError;
  }
  if (!valid_desktop_version(r.major, r.minor)) return kBadMatch;
  if (forward_compatible && r.major < 3) return kBadMatch;
  if (requested >= 32) {
    // GLX_ARB_create_context_profile: exactly one of core and
    // compatibility; the compatibility profile where it is offered.
    if (r.profile_mask != GLX_CONTEXT_CORE_PROFILE_BIT_ARB &&
        r.profile_mask != GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB)
      return kGLXBadProfileARB;
    if (r.profile_mask == GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB) {
      if (provided.compat == 0) return kGLXBadProfileARB;
      if (requested > provided.compat) return kGLXBadFBConfig;
      out->api = GlApi::DesktopCompat;
      out->forward_compatible = forward_compatible;
      return kNoError;
    }
    if (provided.desktop == 0 || requested > provided.desktop) return kGLXBadFBConfig;
    out->api = GlApi::Desktop;
    out->forward_compatible = forward_compatible;
    return kNoError;
  }
  // 1.0 to 3.1 (the profile mask is ignored below 3.2): the compatibility
  // profile, backward compatible with all of them, unless a forward-
  // compatible context (no legacy features) is asked for; without a
  // compatibility profile, OpenGL 3.1 without GL_ARB_compatibility, what
  // these versions may get then (docs/glx.md).
  if (!forward_compatible && provided.compat != 0 && requested <= provided.compat) {
    out->api = GlApi::DesktopCompat;
    return kNoError;
  }
  if (provided.desktop == 0) return kGLXBadFBConfig;
  out->api = GlApi::DesktopLegacy;
  return kNoError;
}

}  // namespace brass::glx
