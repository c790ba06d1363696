// Contexts of one share group linking programs on several threads at once
// (loading threads compile while the renderer links): each thread compiles
// and links programs of its own, from a vertex shader that writes
// gl_PerVertex's gl_Position, and draws with each, checked by pixels. The
// link step that unifies the precision of struct varyings wrote into
// glslang's built-in gl_PerVertex block, shared by every link: tsan saw
// two links write it at once (compiler/link_checks.cpp).
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace brass::e2e {
namespace {

constexpr int kThreads = 4;

int programs_per_thread() {
  const char* env = std::getenv("BRASS_TEST_STRESS_ITERATIONS");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? std::min(n, 100) : 8;
}

constexpr const char* kVs = R"(#version 300 es
struct Tint { mediump vec4 scale; highp vec4 bias; };
out Tint tint;
void main() {
  tint.scale = vec4(1.0);
  tint.bias = vec4(0.0);
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

// Thread t's program i draws red red_of(t), green green_of(i), blue 128.
int red_of(int t) { return t * 60 + 20; }
int green_of(int i) { return 10 + (i * 25) % 240; }
std::string fragment_shader(int t, int i) {
  return "#version 300 es\nprecision mediump float;\nstruct Tint { mediump vec4 scale; highp vec4 bias; };\n"
         "in Tint tint;\nout vec4 o;\nvoid main() { o = vec4(" +
         std::to_string(red_of(t)) + ".0, " + std::to_string(green_of(i)) + ".0, 128.0, 255.0) / 255.0 * "
         "tint.scale + tint.bias; }\n";
}

TEST(ConcurrentLinks, ContextsOfOneShareGroupLinkOnSeveralThreadsAtOnce) {
  EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  ASSERT_NE(dpy, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                                   EGL_NONE};
  EGLConfig config = nullptr;
  EGLint n = 0;
  ASSERT_TRUE(eglChooseConfig(dpy, config_attribs, &config, 1, &n));
  ASSERT_EQ(n, 1);
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_ES_API));
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext root = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
  ASSERT_NE(root, EGL_NO_CONTEXT);

  const int count = programs_per_thread();
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      EGLContext ctx = eglCreateContext(dpy, config, root, attribs);
      if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        failures[t] = "no context";
        return;
      }
      GLuint target = 0, fbo = 0;
      glGenTextures(1, &target);
      glBindTexture(GL_TEXTURE_2D, target);
      glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
      glGenFramebuffers(1, &fbo);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
      glViewport(0, 0, 4, 4);
      for (int i = 0; i < count && failures[t].empty(); ++i) {
        const std::string fs = fragment_shader(t, i);
        const char* sources[2] = {kVs, fs.c_str()};
        const GLenum types[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
        const GLuint program = glCreateProgram();
        for (int s = 0; s < 2; ++s) {
          const GLuint shader = glCreateShader(types[s]);
          glShaderSource(shader, 1, &sources[s], nullptr);
          glCompileShader(shader);
          glAttachShader(program, shader);
          glDeleteShader(shader);
        }
        glLinkProgram(program);
        GLint linked = 0;
        glGetProgramiv(program, GL_LINK_STATUS, &linked);
        if (!linked) {
          failures[t] = "program " + std::to_string(i) + " did not link";
          break;
        }
        glUseProgram(program);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        uint8_t px[4] = {};
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (std::abs(px[0] - red_of(t)) > 1 || std::abs(px[1] - green_of(i)) > 1 || std::abs(px[2] - 128) > 1)
          failures[t] = "program " + std::to_string(i) + ": " + std::to_string(px[0]) + "," + std::to_string(px[1]) +
                        "," + std::to_string(px[2]);
        glUseProgram(0);
        glDeleteProgram(program);
        if (glGetError() != GL_NO_ERROR) failures[t] = "GL error with program " + std::to_string(i);
      }
      glDeleteFramebuffers(1, &fbo);
      glDeleteTextures(1, &target);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, ctx);
      eglReleaseThread();
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_TRUE(failures[t].empty()) << "thread " << t << ": " << failures[t];
  eglDestroyContext(dpy, root);
  eglTerminate(dpy);
}

}  // namespace
}  // namespace brass::e2e
