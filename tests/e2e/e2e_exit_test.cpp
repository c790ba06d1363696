// Process exit with Brass still in use: applications often tear EGL down in
// an exit handler they registered before their first EGL call (piglit does),
// which runs after the exit handlers and static destructors of everything
// first used later: Brass's background compile pool, its exit drain, the
// Vulkan driver's own teardown. The case runs in a child process (a death
// test) and must exit cleanly.
#include <gtest/gtest.h>

#include <EGL/egl.h>
#include <GLES3/gl3.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace brass::e2e {
namespace {

EGLDisplay g_dpy = EGL_NO_DISPLAY;
EGLContext g_ctx = EGL_NO_CONTEXT;
EGLSurface g_surface = EGL_NO_SURFACE;

void teardown_at_exit() {
  eglMakeCurrent(g_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(g_dpy, g_ctx);
  eglDestroySurface(g_dpy, g_surface);
  eglTerminate(g_dpy);
}

// Dies with a message (a non-zero exit) when a step fails.
void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "failed: %s\n", what);
  std::_Exit(3);
}

GLuint link(const char* vs, const char* fs) {
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  return p;
}

// Links and draws with new programs (each starts background pipeline work:
// precompiles, optimized links), reads the result as a test would, and
// exits at once, leaving the teardown to the exit handler.
[[noreturn]] void draw_then_exit(const char* cache_dir) {
  // An empty cache: every program compiles, and the persistent pipeline
  // cache is saved from the pool (at fences and at the exit teardown).
  setenv("BRASS_SHADER_CACHE_DIR", cache_dir, 1);
  unsetenv("BRASS_SHADER_CACHE_DISABLE");
  unsetenv("MESA_SHADER_CACHE_DISABLE");
  std::atexit(teardown_at_exit);
  g_dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  require(eglInitialize(g_dpy, nullptr, nullptr), "eglInitialize");
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                            EGL_RED_SIZE,     8,               EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  require(eglChooseConfig(g_dpy, attribs, &config, 1, &n) && n == 1, "eglChooseConfig");
  const EGLint pb[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
  g_surface = eglCreatePbufferSurface(g_dpy, config, pb);
  const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  g_ctx = eglCreateContext(g_dpy, config, EGL_NO_CONTEXT, ctx_attribs);
  require(eglMakeCurrent(g_dpy, g_surface, g_surface, g_ctx), "eglMakeCurrent");
  const char* vs =
      "#version 300 es\n"
      "void main() { gl_Position = vec4(float(gl_VertexID % 2) * 2.0 - 1.0, float(gl_VertexID / 2) * 2.0 - 1.0, 0, 1); }\n";
  for (int i = 0; i < 6; ++i) {
    char fs[256];
    std::snprintf(fs, sizeof(fs),
                  "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
                  "void main() { c = vec4(%d.0 / 8.0, 0.5, 0.25, 1.0); }\n",
                  i);
    glUseProgram(link(vs, fs));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
  uint8_t pixel[4] = {};
  glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  require(pixel[0] == 159 || pixel[0] == 160, "the last program drew");  // 5/8 of 255
  require(glGetError() == GL_NO_ERROR, "no GL error");
  std::exit(0);
}

TEST(E2eExit, TeardownInAnEarlierExitHandlerWithBackgroundWorkInFlight) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::filesystem::path cache = ::testing::TempDir() + "brass-e2e-exit-cache";
  std::filesystem::remove_all(cache);
  EXPECT_EXIT(draw_then_exit(cache.c_str()), ::testing::ExitedWithCode(0), "");
  std::filesystem::remove_all(cache);
}

}  // namespace
}  // namespace brass::e2e
