// eglCreateContext's attribute list and the desktop OpenGL versions and
// profiles Brass answers (context_request.h).
#include "egl/context_request.h"

namespace brass::egl {

EGLint parse_context_attribs(const EGLint* list, EGLenum api, ClientContextRequest* req) {
  for (size_t i = 0; list && list[i] != EGL_NONE; i += 2) {
    const EGLint v = list[i + 1];
    switch (list[i]) {
      case EGL_CONTEXT_MAJOR_VERSION: req->major = v; break;  // == EGL_CONTEXT_CLIENT_VERSION
      case EGL_CONTEXT_MINOR_VERSION: req->minor = v; break;
      case EGL_CONTEXT_FLAGS_KHR: {
        const EGLint known = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                             EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
        if (v & ~known) return EGL_BAD_ATTRIBUTE;
        // Both flags exist for OpenGL only (KHR_create_context); ES asks for
        // robust access with the ROBUST_ACCESS attributes.
        if ((v & (EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)) &&
            api != EGL_OPENGL_API)
          return EGL_BAD_ATTRIBUTE;
        req->forward_compatible = (v & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) != 0;
        req->debug = (v & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR) != 0;
        req->robust_access = (v & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR) != 0;
        break;
      }
      case EGL_CONTEXT_OPENGL_DEBUG:
        if (v != EGL_TRUE && v != EGL_FALSE) return EGL_BAD_ATTRIBUTE;
        req->debug = v == EGL_TRUE;
        break;
      // EGL 1.5 / KHR_create_context names and EXT_create_context_robustness's.
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
        if (v != EGL_TRUE && v != EGL_FALSE) return EGL_BAD_ATTRIBUTE;
        req->robust_access = v == EGL_TRUE;
        break;
      // EGL_KHR_create_context_no_error, for OpenGL and OpenGL ES.
      case EGL_CONTEXT_OPENGL_NO_ERROR_KHR:
        if (v != EGL_TRUE && v != EGL_FALSE) return EGL_BAD_ATTRIBUTE;
        req->no_error = v == EGL_TRUE;
        break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
        if (v != EGL_NO_RESET_NOTIFICATION && v != EGL_LOSE_CONTEXT_ON_RESET) return EGL_BAD_ATTRIBUTE;
        req->lose_context_on_reset = v == EGL_LOSE_CONTEXT_ON_RESET;
        break;
      // Desktop-GL-only attributes are errors for OpenGL ES (EGL 1.5 §3.7.1.x).
      case EGL_CONTEXT_OPENGL_PROFILE_MASK:
        if (api != EGL_OPENGL_API) return EGL_BAD_ATTRIBUTE;
        req->profile_mask = v;  // checked with the version (check_desktop_request)
        break;
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
        if (api != EGL_OPENGL_API || (v != EGL_TRUE && v != EGL_FALSE)) return EGL_BAD_ATTRIBUTE;
        req->forward_compatible = v == EGL_TRUE;
        break;
      default: return EGL_BAD_ATTRIBUTE;
    }
  }
  return EGL_SUCCESS;
}

EGLint check_desktop_request(ClientContextRequest* req, const ClientApi& client, const pipe::Screen& screen) {
  // The version number is formed only once both parts are known to be
  // small: the application's attributes may be anything (INT_MAX).
  const bool defined = (req->major == 1 && req->minor >= 0 && req->minor <= 5) ||
                       (req->major == 2 && req->minor >= 0 && req->minor <= 1) ||
                       (req->major == 3 && req->minor >= 0 && req->minor <= 3) ||
                       (req->major == 4 && req->minor >= 0 && req->minor <= 6);
  if (!defined) return EGL_BAD_MATCH;
  const int requested = req->major * 10 + req->minor;
  // Deprecation began with 3.0: no forward-compatible context below it.
  if (req->forward_compatible && requested < 30) return EGL_BAD_MATCH;
  const int compat = client.compat_version(screen);
  req->compatibility = false;
  if (requested >= 32) {
    // Exactly one of the two profiles.
    const EGLint mask = req->profile_mask;
    if (mask != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT && mask != EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT)
      return EGL_BAD_MATCH;
    if (mask == EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT) {
      if (compat == 0 || requested > compat) return EGL_BAD_MATCH;
      req->compatibility = true;
      return EGL_SUCCESS;
    }
    return client.supports_version(screen, true, req->major, req->minor) ? EGL_SUCCESS : EGL_BAD_MATCH;
  }
  // Below 3.2 the profile mask is ignored. The compatibility profile is
  // backward compatible with every such version; a forward-compatible
  // request (3.0 or 3.1) wants the legacy features gone, which only a 3.1
  // request can get, from a core context.
  if (!req->forward_compatible && compat != 0 && requested <= compat) {
    req->compatibility = true;
    return EGL_SUCCESS;
  }
  return client.supports_version(screen, true, req->major, req->minor) ? EGL_SUCCESS : EGL_BAD_MATCH;
}

}  // namespace brass::egl
