// libFuzzer harness: OpenGL ES 3.1 call sequences decoded from bytes,
// against a real surfaceless EGL context of Brass on lavapipe, reached
// through glvnd's libEGL and libGLESv2 as an application reaches it
// (docs/testing.md, "Fuzzing").
//
// Each input is a small program: one byte picks an entry point, the bytes
// after it its arguments (gl_call_ops.h). Arguments mix sensible values with
// hostile ones: negative and huge sizes, offsets near the top of the 64-bit
// range, unknown enums, names that were never generated or were deleted.
// Every input runs in a fresh context (same display, same pbuffer), so an
// input's result does not depend on the inputs before it: a crash found
// replays alone.
//
// What the harness passes as client memory is always as large as a correct
// implementation may read or write for the call (client arrays are not
// used: a vertex array object is bound; reads come from a large read-only
// zero mapping; writes go to a buffer sized for the clamped dimensions), so
// a sanitizer report is Brass's bug, never the harness's.
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstdlib>

#include "gl_call_ops.h"
#include "no_leak_checks_with_lavapipe.h"

namespace {

EGLDisplay g_display = EGL_NO_DISPLAY;
EGLConfig g_config = nullptr;
EGLSurface g_surface = EGL_NO_SURFACE;

void die(const char* what) {
  std::fprintf(stderr, "fuzz_gl_calls: %s failed (EGL error 0x%x)\n", what, eglGetError());
  std::abort();  // the harness's set-up, not an input: stop the run
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Defaults for a run outside ctest; the environment wins when set.
#ifdef BRASS_FUZZ_VENDOR_JSON
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", BRASS_FUZZ_VENDOR_JSON, 0);
#endif
  setenv("BRASS_DEVICE", "llvmpipe", 0);
  setenv("XDG_RUNTIME_DIR", "/tmp", 0);
  setenv("BRASS_LOG", "error", 0);
  setenv("BRASS_SHADER_CACHE_DISABLE", "1", 0);

  g_display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (g_display == EGL_NO_DISPLAY || !eglInitialize(g_display, nullptr, nullptr)) die("eglInitialize");
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                            EGL_RED_SIZE,     8,               EGL_ALPHA_SIZE,      8,
                            EGL_DEPTH_SIZE,   24,              EGL_STENCIL_SIZE,    8,
                            EGL_NONE};
  EGLint n = 0;
  if (!eglChooseConfig(g_display, attribs, &g_config, 1, &n) || n != 1) die("eglChooseConfig");
  const EGLint pbuffer[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
  g_surface = eglCreatePbufferSurface(g_display, g_config, pbuffer);
  if (g_surface == EGL_NO_SURFACE) die("eglCreatePbufferSurface");
  if (!brass::fuzz::init_client_memory()) die("client memory");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  EGLContext ctx = eglCreateContext(g_display, g_config, EGL_NO_CONTEXT, ctx_attribs);
  if (ctx == EGL_NO_CONTEXT) die("eglCreateContext");
  if (!eglMakeCurrent(g_display, g_surface, g_surface, ctx)) die("eglMakeCurrent");

  brass::fuzz::Input in(data, size);
  brass::fuzz::GlCallRunner runner;
  runner.run(in);

  eglMakeCurrent(g_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(g_display, ctx);
  return 0;
}
