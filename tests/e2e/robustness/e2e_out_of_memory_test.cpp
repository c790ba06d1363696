// Out-of-memory surfaces: every Vulkan allocation Brass makes for a GL or
// EGL call that fails becomes GL_OUT_OF_MEMORY at that call (EGL_BAD_ALLOC
// for an EGL call), or is recovered from with correct results; nothing
// crashes, nothing stops rendering silently, and the context works again
// afterwards. The sweep fails each allocation point of a workload in turn
// (fault injection, src/util/fault_injection.h).
#include "e2e_robustness_fixture.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace brass::e2e {
namespace {

constexpr const char* kVs = R"(#version 300 es
in vec2 pos;
out vec2 uv;
void main() {
  uv = pos * 0.5 + 0.5;
  gl_Position = vec4(pos, 0.0, 1.0);
})";
// `variant` makes each run's program new to Brass (its SPIR-V differs), so
// that every run compiles and links pipelines as a first run does.
std::string fragment_shader(int variant) {
  return std::string(R"(#version 300 es
precision mediump float;
uniform sampler2D tex;
uniform vec4 tint;
in vec2 uv;
out vec4 c;
void main() {
  if (uv.x < -)") + std::to_string(variant) + R"(.0) discard;  // never: uv is in [0, 1]
  c = texture(tex, uv) * tint;
})";
}

constexpr uint32_t kGreen = 0xff00ff00;

// What one run of the workload saw.
struct WorkloadRun {
  std::vector<std::string> log;  // "step: error" for each step that reported one
  int failed_step = -1;          // the step during which the injected failure happened
  bool failed_on_app_thread = false;
  GLenum error_at_failed_step = GL_NO_ERROR;  // or the EGL error of an EGL step
  bool any_error = false;
  bool pixels_ok = true;
  bool finished = false;  // every step ran (no EGL failure cut it short)
};

class OutOfMemory : public RobustnessTest {
 protected:
  // After each step: the GL (or EGL) error it left, and whether the
  // injected failure happened during it.
  void step(WorkloadRun& r, const char* what, bool egl = false, EGLint egl_error = EGL_SUCCESS) {
    ++step_;
    GLenum e = GL_NO_ERROR;
    if (egl) {
      e = egl_error == EGL_SUCCESS ? GL_NO_ERROR : static_cast<GLenum>(egl_error);
    } else {
      e = glGetError();
      // Later errors of the same step (there is one error flag per kind).
      while (glGetError() != GL_NO_ERROR) {
      }
    }
    bool on_app = false;
    if (r.failed_step < 0 && hooks.allocation_failed(&on_app)) {
      r.failed_step = step_;
      r.failed_on_app_thread = on_app;
      r.error_at_failed_step = e;
    }
    if (e != GL_NO_ERROR) {
      r.any_error = true;
      char line[128];
      std::snprintf(line, sizeof(line), "step %d (%s): 0x%x", step_, what, e);
      r.log.emplace_back(line);
    }
  }

  // Creates a context, textures, buffers, a renderbuffer, a framebuffer and
  // a program; draws to both framebuffers; reads back; deletes everything.
  WorkloadRun workload() {
    WorkloadRun r;
    step_ = 0;
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext c = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
    step(r, "eglCreateContext", true, c == EGL_NO_CONTEXT ? eglGetError() : EGL_SUCCESS);
    if (c == EGL_NO_CONTEXT) return r;
    const bool current = eglMakeCurrent(dpy, surface, surface, c);
    step(r, "eglMakeCurrent", true, current ? EGL_SUCCESS : eglGetError());
    if (!current) {
      eglDestroyContext(dpy, c);
      return r;
    }

    std::vector<uint32_t> texels(16 * 16, 0xff00ff00);
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    step(r, "glTexImage2D");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    step(r, "glTexParameteri");
    GLuint storage_tex = 0;
    glGenTextures(1, &storage_tex);
    glBindTexture(GL_TEXTURE_2D, storage_tex);
    glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 16, 16);
    step(r, "glTexStorage2D");
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    step(r, "glTexSubImage2D");
    glGenerateMipmap(GL_TEXTURE_2D);
    step(r, "glGenerateMipmap");
    glBindTexture(GL_TEXTURE_2D, tex);

    const float tri[] = {-1, -1, 3, -1, -1, 3};
    GLuint vbo = 0, vao = 0;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
    step(r, "glBufferData");
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    step(r, "glVertexAttribPointer");

    // Storage too large for a shared memory block: its own vkAllocateMemory.
    GLuint big_tex = 0;
    glGenTextures(1, &big_tex);
    glBindTexture(GL_TEXTURE_2D, big_tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2048, 2048);
    step(r, "glTexStorage2D (dedicated)");
    glBindTexture(GL_TEXTURE_2D, tex);

    const std::string fs = fragment_shader(++variant_);
    GLuint prog = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVs}, std::pair{GL_FRAGMENT_SHADER, fs.c_str()}}) {
      const GLuint s = glCreateShader(type);
      glShaderSource(s, 1, &src, nullptr);
      glCompileShader(s);
      glAttachShader(prog, s);
      glDeleteShader(s);
    }
    step(r, "glCompileShader");
    glBindAttribLocation(prog, 0, "pos");
    glLinkProgram(prog);
    step(r, "glLinkProgram");
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "tex"), 0);
    glUniform4f(glGetUniformLocation(prog, "tint"), 1, 1, 1, 1);
    step(r, "glUniform");

    GLuint rb = 0, fbo = 0;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
    step(r, "glRenderbufferStorage");
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    step(r, "glFramebufferRenderbuffer");
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    step(r, "glClear (fbo)");
    glDrawArrays(GL_TRIANGLES, 0, 3);
    step(r, "glDrawArrays (fbo)");
    uint32_t px = 0;
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &px);
    step(r, "glReadPixels (fbo)");
    r.pixels_ok &= px == kGreen;

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindTexture(GL_TEXTURE_2D, storage_tex);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    step(r, "glDrawArrays (default)");
    px = 0;
    glReadPixels(20, 20, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &px);
    step(r, "glReadPixels (default)");
    r.pixels_ok &= px == kGreen;

    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(tri), tri);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glFinish();
    step(r, "glFinish");

    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    glDeleteProgram(prog);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteTextures(1, &tex);
    glDeleteTextures(1, &storage_tex);
    glDeleteTextures(1, &big_tex);
    step(r, "delete");
    const bool back = eglMakeCurrent(dpy, surface, surface, ctx);
    step(r, "eglMakeCurrent (back)", true, back ? EGL_SUCCESS : eglGetError());
    const bool destroyed = eglDestroyContext(dpy, c);
    step(r, "eglDestroyContext", true, destroyed ? EGL_SUCCESS : eglGetError());
    r.finished = back && destroyed;
    return r;
  }

  static std::string joined(const WorkloadRun& r) {
    std::string s;
    for (const std::string& l : r.log) s += "  " + l + "\n";
    return s;
  }

  int step_ = 0;
  int variant_ = 0;
};

TEST_F(OutOfMemory, FailedAllocationIsReportedAndTheContextRecovers) {
  // A texture whose storage allocation fails: GL_OUT_OF_MEMORY at that
  // call; the next one works.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  hooks.fail_allocation(1);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  bool on_app = false;
  ASSERT_TRUE(hooks.allocation_failed(&on_app));
  EXPECT_TRUE(on_app);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_OUT_OF_MEMORY));
  GLint immutable = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(immutable, GL_FALSE) << "a failed glTexStorage2D leaves the texture as it was";
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &tex);
  // And rendering goes on.
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), kGreen);
}

TEST_F(OutOfMemory, EveryAllocationOfAWorkloadFailsCleanly) {
  // Warm up (pipelines, caches), then count the allocation points of one run.
  for (int i = 0; i < 2; ++i) {
    const WorkloadRun warm = workload();
    ASSERT_TRUE(warm.finished && !warm.any_error && warm.pixels_ok)
        << "finished " << warm.finished << " pixels " << warm.pixels_ok << "\n" << joined(warm);
  }
  // A run's allocation count can differ by one with timing (background
  // pipeline links, under a parallel ctest): the sweep must reach the
  // points every run has, the fewest of three counted runs.
  uint64_t points = UINT64_MAX;
  for (int i = 0; i < 3; ++i) {
    const uint64_t before = hooks.allocation_count();
    const WorkloadRun counted = workload();
    points = std::min(points, hooks.allocation_count() - before);
    ASSERT_TRUE(counted.finished && !counted.any_error && counted.pixels_ok) << joined(counted);
  }
  ASSERT_GT(points, 10u);

  uint64_t swept = 0, reported = 0, recovered = 0, background = 0;
  for (uint64_t n = 1; n <= points + 16; ++n) {
    // Background pipeline links may land inside or outside a run, so a run
    // can have one point fewer than counted: try the same point up to three
    // times before taking it as past the workload's end.
    WorkloadRun r;
    bool happened = false;
    for (int attempt = 0; attempt < 3 && !happened; ++attempt) {
      hooks.fail_allocation(n);
      r = workload();
      bool on_app = false;
      happened = hooks.allocation_failed(&on_app);
      hooks.fail_allocation(0);
    }
    if (!happened) break;  // past the workload's allocation points
    ++swept;
    ASSERT_GE(r.failed_step, 1) << "allocation " << n;
    if (!r.failed_on_app_thread) {
      // A background compile: the application sees nothing, and rendering
      // is right all the same.
      ++background;
      EXPECT_FALSE(r.any_error) << "allocation " << n << " (background)\n" << joined(r);
      EXPECT_TRUE(r.pixels_ok) << "allocation " << n << " (background)";
    } else if (r.error_at_failed_step != GL_NO_ERROR) {
      ++reported;
      EXPECT_TRUE(r.error_at_failed_step == GL_OUT_OF_MEMORY || r.error_at_failed_step == EGL_BAD_ALLOC)
          << "allocation " << n << ": step " << r.failed_step << "\n" << joined(r);
      // Nothing was reported before the call that failed.
      EXPECT_NE(r.log.front().find("step " + std::to_string(r.failed_step) + " "), std::string::npos)
          << "allocation " << n << "\n" << joined(r);
    } else {
      // Brass recovered (a fallback path): then nothing may be missing.
      ++recovered;
      EXPECT_FALSE(r.any_error) << "allocation " << n << ": failed at step " << r.failed_step
                                << " without an error, reported later\n" << joined(r);
      EXPECT_TRUE(r.pixels_ok) << "allocation " << n << ": failed at step " << r.failed_step
                               << " without an error, and rendering was wrong";
    }
    // The same work succeeds once memory is back.
    const WorkloadRun again = workload();
    ASSERT_TRUE(again.finished && !again.any_error && again.pixels_ok)
        << "after failing allocation " << n << "\n" << joined(again);
  }
  EXPECT_GE(swept, points);
  std::printf("[ sweep ] %llu allocation points swept (%llu counted in one run): %llu reported, %llu recovered, "
              "%llu in background work\n",
              static_cast<unsigned long long>(swept), static_cast<unsigned long long>(points),
              static_cast<unsigned long long>(reported), static_cast<unsigned long long>(recovered),
              static_cast<unsigned long long>(background));
}

}  // namespace
}  // namespace brass::e2e
