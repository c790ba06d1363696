#include "oom_workload.h"

#include <cstdlib>

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
constexpr int kWidth = 32, kHeight = 32;  // the fixture's pbuffer

bool is_out_of_memory(GLenum e) { return e == GL_OUT_OF_MEMORY || e == static_cast<GLenum>(EGL_BAD_ALLOC); }

}  // namespace

void OomWorkload::step(WorkloadRun& r, const char* what, bool egl, EGLint egl_error) {
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
  if (r.failed_step < 0 && points_.failed(&on_app)) {
    r.failed_step = step_;
    r.failed_on_app_thread = on_app;
    r.error_at_failed_step = e;
  }
  if (e != GL_NO_ERROR) {
    if (!r.any_error) {
      r.first_error_step = step_;
      r.first_error = e;
    }
    r.any_error = true;
    char line[128];
    std::snprintf(line, sizeof(line), "step %d (%s): 0x%x", step_, what, e);
    r.log.emplace_back(line);
  }
}

WorkloadRun OomWorkload::run() {
  WorkloadRun r;
  step_ = 0;
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext c = eglCreateContext(dpy_, config_, EGL_NO_CONTEXT, attribs);
  step(r, "eglCreateContext", true, c == EGL_NO_CONTEXT ? eglGetError() : EGL_SUCCESS);
  if (c == EGL_NO_CONTEXT) return r;
  const bool current = eglMakeCurrent(dpy_, surface_, surface_, c);
  step(r, "eglMakeCurrent", true, current ? EGL_SUCCESS : eglGetError());
  if (!current) {
    eglDestroyContext(dpy_, c);
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
  GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  step(r, "glFenceSync");
  if (fence) {
    // A wait that cannot end would hang the sweep: a second is plenty on
    // lavapipe for one small draw.
    const GLenum waited = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
    step(r, "glClientWaitSync");
    r.pixels_ok &= waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED || waited == GL_WAIT_FAILED;
    glDeleteSync(fence);
  }
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
  const bool back = eglMakeCurrent(dpy_, surface_, surface_, home_);
  step(r, "eglMakeCurrent (back)", true, back ? EGL_SUCCESS : eglGetError());
  const bool destroyed = eglDestroyContext(dpy_, c);
  step(r, "eglDestroyContext", true, destroyed ? EGL_SUCCESS : eglGetError());
  r.finished = back && destroyed;
  return r;
}

void sweep(OomWorkload& workload, const AllocationPoints& points, const SweepRules& rules, SweepFigures* figures) {
  SweepFigures f;
  // Warm up (pipelines, caches), then count the allocation points of one run.
  for (int i = 0; i < 2; ++i) {
    const WorkloadRun warm = workload.run();
    ASSERT_TRUE(warm.finished && !warm.any_error && warm.pixels_ok)
        << "finished " << warm.finished << " pixels " << warm.pixels_ok << "\n" << warm.joined();
  }
  // A run's allocation count can differ with timing (background pipeline
  // links, under a parallel ctest): the sweep must reach the points every
  // run has, the fewest of three counted runs.
  uint64_t counted = UINT64_MAX;
  for (int i = 0; i < 3; ++i) {
    const uint64_t before = points.count();
    const WorkloadRun run = workload.run();
    counted = std::min(counted, points.count() - before);
    ASSERT_TRUE(run.finished && !run.any_error && run.pixels_ok) << run.joined();
  }
  ASSERT_GT(counted, 10u);
  f.counted = counted;
  if (points.live) f.live_before = points.live();

  const uint64_t stride = std::max<uint64_t>(rules.stride, 1);
  // BRASS_TEST_SWEEP_FIRST=<n> (read here, not by Brass) starts at point n:
  // to reach a failure a trace (BRASS_TEST_SWEEP_TRACE) ended at quickly.
  uint64_t first = 1;
  if (const char* v = std::getenv("BRASS_TEST_SWEEP_FIRST")) first = std::max<uint64_t>(1, std::strtoull(v, nullptr, 10));
  const bool trace = std::getenv("BRASS_TEST_SWEEP_TRACE") != nullptr;
  for (uint64_t n = first; n <= counted + 16 * stride; n += stride) {
    if (trace) {
      // Before the run: a point that ends the process is the last line.
      std::printf("[ sweep ] failing %s allocation %llu\n", points.name, static_cast<unsigned long long>(n));
      std::fflush(stdout);
    }
    // Background pipeline links may land inside or outside a run, so a run
    // can have fewer points than counted: try the same point up to three
    // times before taking it as past the workload's end.
    WorkloadRun r;
    bool happened = false;
    for (int attempt = 0; attempt < 3 && !happened; ++attempt) {
      points.fail(n);
      r = workload.run();
      happened = points.failed(nullptr);
      points.fail(0);
    }
    if (!happened) break;  // past the workload's allocation points
    if (trace)
      std::printf("[ sweep ] %s allocation %llu: step %d%s%s, live %lld\n", points.name,
                  static_cast<unsigned long long>(n), r.failed_step, points.failure_command ? " in " : "",
                  points.failure_command ? points.failure_command() : "",
                  static_cast<long long>(points.live ? points.live() : 0));
    ++f.swept;
    std::string where = std::string(points.name) + " allocation " + std::to_string(n);
    if (points.failure_command) where += std::string(" (in ") + points.failure_command() + ")";
    ASSERT_GE(r.failed_step, 1) << where;
    if (!r.failed_on_app_thread && !r.any_error) {
      // A background thread (a pipeline compile, the driver's queue): the
      // application sees nothing, and rendering is right all the same.
      ++f.background;
      EXPECT_TRUE(r.pixels_ok) << where << " (background)";
    } else if (r.any_error) {
      // Nothing was reported before the call that failed; the first report
      // is an out-of-memory error at it (or, for a host allocation in
      // command recording, at the flush that reports it).
      EXPECT_TRUE(is_out_of_memory(r.first_error)) << where << ": step " << r.failed_step << "\n" << r.joined();
      if (r.first_error_step == r.failed_step) {
        ++f.reported;
      } else {
        ++f.deferred;
        EXPECT_TRUE(rules.deferred_reports && r.first_error_step > r.failed_step)
            << where << ": failed at step " << r.failed_step << ", first error at step " << r.first_error_step
            << "\n" << r.joined();
      }
    } else {
      // Brass recovered (a fallback path): then nothing may be missing.
      ++f.recovered;
      EXPECT_TRUE(r.pixels_ok) << where << ": failed at step " << r.failed_step
                               << " without an error, and rendering was wrong";
    }
    // The same work succeeds once memory is back.
    const WorkloadRun again = workload.run();
    ASSERT_TRUE(again.finished && !again.any_error && again.pixels_ok)
        << "after failing " << where << "\n" << again.joined();
  }
  if (first == 1) {
    EXPECT_GE(f.swept * stride, counted);
  }
  if (points.live) {
    // Every run gave back what it allocated, failed or not: an error path
    // that forgot to destroy a Vulkan object shows here.
    f.live_after = points.live();
    // Background work (pipeline compiles, garbage waiting for its batch)
    // holds a few blocks at times: a leak stays through more clean runs.
    for (int i = 0; i < 3 && f.live_after > f.live_before; ++i) {
      const WorkloadRun clean = workload.run();
      EXPECT_TRUE(clean.finished && !clean.any_error) << clean.joined();
      f.live_after = std::min(f.live_after, points.live());
    }
    if (rules.gives_everything_back) {
      EXPECT_LE(f.live_after, f.live_before) << points.name << " allocations still held after the sweep";
    }
    std::printf("[ sweep ] live %s allocations: %lld after the counted runs, %lld after the sweep\n", points.name,
                static_cast<long long>(f.live_before), static_cast<long long>(f.live_after));
  }
  *figures = f;
  std::printf("[ sweep ] %llu %s allocation points swept (stride %llu, %llu counted in one run): %llu reported "
              "at the failing call, %llu at a later flush, %llu recovered, %llu in background work\n",
              static_cast<unsigned long long>(f.swept), points.name, static_cast<unsigned long long>(stride),
              static_cast<unsigned long long>(counted),
              static_cast<unsigned long long>(f.reported), static_cast<unsigned long long>(f.deferred),
              static_cast<unsigned long long>(f.recovered), static_cast<unsigned long long>(f.background));
}

void expect_failed_texture_storage_recovers(const AllocationPoints& points) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  points.fail(1);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  bool on_app = false;
  ASSERT_TRUE(points.failed(&on_app)) << points.name << ": no allocation failed";
  EXPECT_TRUE(on_app);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_OUT_OF_MEMORY));
  GLint immutable = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(immutable, GL_FALSE) << "a failed glTexStorage2D leaves the texture as it was";
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &tex);
}

}  // namespace brass::e2e
