#!/usr/bin/env python3
"""Ask an EGL vendor (through glvnd) which GL ES renderer it gives us.

Stdlib only (ctypes).  Opens the surfaceless platform, creates an OpenGL ES 2
context without a surface (EGL_KHR_surfaceless_context), makes it current and
prints GL_VENDOR / GL_RENDERER / GL_VERSION as one JSON object.  The runner
calls this in a subprocess with the driver's environment, so that a zink run
that silently fell back to llvmpipe (or a Brass run that loaded Mesa) is caught
before hundreds of tests run.

Exit status: 0 = context created and strings read, 1 = EGL/GL failure (the
JSON carries "error").
"""
import ctypes
import json
import sys

EGL_PLATFORM_SURFACELESS_MESA = 0x31DD
EGL_NONE = 0x3038
EGL_RENDERABLE_TYPE = 0x3040
EGL_OPENGL_ES2_BIT = 0x0004
EGL_SURFACE_TYPE = 0x3033
EGL_CONTEXT_CLIENT_VERSION = 0x3098
EGL_OPENGL_ES_API = 0x30A0
EGL_VENDOR = 0x3053
EGL_VERSION = 0x3054
EGL_CLIENT_APIS = 0x308D
GL_VENDOR = 0x1F00
GL_RENDERER = 0x1F01
GL_VERSION = 0x1F02


def probe():
    out = {}
    try:
        egl = ctypes.CDLL("libEGL.so.1")
        gles = ctypes.CDLL("libGLESv2.so.2")
    except OSError as e:
        return {"error": "cannot load libEGL/libGLESv2: %s" % e}
    vp = ctypes.c_void_p
    egl.eglGetProcAddress.restype = vp
    egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
    egl.eglGetError.restype = ctypes.c_int
    addr = egl.eglGetProcAddress(b"eglGetPlatformDisplayEXT")
    if not addr:
        return {"error": "eglGetPlatformDisplayEXT missing"}
    get_display = ctypes.CFUNCTYPE(vp, ctypes.c_uint, vp, vp)(addr)
    dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, None, None)
    if not dpy:
        return {"error": "no surfaceless display (0x%x)" % egl.eglGetError()}
    egl.eglInitialize.argtypes = [vp, vp, vp]
    if not egl.eglInitialize(dpy, None, None):
        return {"error": "eglInitialize failed (0x%x)" % egl.eglGetError()}
    egl.eglQueryString.restype = ctypes.c_char_p
    egl.eglQueryString.argtypes = [vp, ctypes.c_int]
    for key, name in ((EGL_VENDOR, "egl_vendor"), (EGL_VERSION, "egl_version"),
                      (EGL_CLIENT_APIS, "egl_client_apis")):
        s = egl.eglQueryString(dpy, key)
        out[name] = s.decode(errors="replace") if s else None
    attribs = (ctypes.c_int * 5)(EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                                 EGL_SURFACE_TYPE, 0, EGL_NONE)
    cfg = vp()
    n = ctypes.c_int(0)
    egl.eglChooseConfig.argtypes = [vp, vp, ctypes.POINTER(vp), ctypes.c_int,
                                    ctypes.POINTER(ctypes.c_int)]
    if not egl.eglChooseConfig(dpy, attribs, ctypes.byref(cfg), 1,
                               ctypes.byref(n)) or n.value < 1:
        return dict(out, error="no ES2 config (0x%x)" % egl.eglGetError())
    egl.eglBindAPI(EGL_OPENGL_ES_API)
    cattr = (ctypes.c_int * 3)(EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE)
    egl.eglCreateContext.restype = vp
    egl.eglCreateContext.argtypes = [vp, vp, vp, vp]
    ctx = egl.eglCreateContext(dpy, cfg, None, cattr)
    if not ctx:
        return dict(out, error="eglCreateContext failed (0x%x)" % egl.eglGetError())
    egl.eglMakeCurrent.argtypes = [vp, vp, vp, vp]
    if not egl.eglMakeCurrent(dpy, None, None, ctx):
        return dict(out, error="eglMakeCurrent (surfaceless) failed (0x%x)"
                    % egl.eglGetError())
    gles.glGetString.restype = ctypes.c_char_p
    gles.glGetString.argtypes = [ctypes.c_uint]
    for key, name in ((GL_VENDOR, "gl_vendor"), (GL_RENDERER, "gl_renderer"),
                      (GL_VERSION, "gl_version")):
        s = gles.glGetString(key)
        out[name] = s.decode(errors="replace") if s else None
    egl.eglMakeCurrent(dpy, None, None, None)
    egl.eglDestroyContext.argtypes = [vp, vp]
    egl.eglDestroyContext(dpy, ctx)
    egl.eglTerminate.argtypes = [vp]
    egl.eglTerminate(dpy)
    if not out.get("gl_renderer"):
        out["error"] = "glGetString(GL_RENDERER) returned NULL"
    return out


def main():
    res = probe()
    print(json.dumps(res))
    return 1 if "error" in res else 0


if __name__ == "__main__":
    sys.exit(main())
