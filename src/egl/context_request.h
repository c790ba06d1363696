// What an eglCreateContext attribute list asks for, and whether Brass can
// make it: EGL 1.5 §3.7.1 and EGL_KHR_create_context (_no_error),
// EGL_EXT_create_context_robustness. Pure functions of the list and the
// client API's versions, apart from the EGL lock's callers.
#pragma once

#include "egl/client_api.h"
#include "egl/egl_types.h"

namespace brass::egl {

// Parses a context attribute list for `api` into *req: EGL_SUCCESS, or
// EGL_BAD_ATTRIBUTE for an unknown attribute, a bad value, or an attribute
// the API does not have.
EGLint parse_context_attribs(const EGLint* list, EGLenum api, ClientContextRequest* req);

// The errors of a desktop OpenGL request that depend on its version
// (EGL_KHR_create_context, EGL 1.5 §3.7.1.1-3.7.1.2), EGL_SUCCESS when Brass
// can make it; sets req->compatibility when the compatibility profile
// answers it.
EGLint check_desktop_request(ClientContextRequest* req, const ClientApi& client, const pipe::Screen& screen);

}  // namespace brass::egl
