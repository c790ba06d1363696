// One share group used from many threads at once, as a browser or a game
// with loading threads uses it: every thread has its own context, and each
// iteration it
//   - creates a texture, a uniform buffer and a program (from shared shader
//     objects) in the share group, uploads them and draws with them together
//     with a long-lived shared program and a shared texture every thread
//     samples at the same time;
//   - hands those objects to the next thread behind a fence (glFenceSync
//     waited with glWaitSync or glClientWaitSync, or an EGL fence waited with
//     eglClientWaitSync or eglWaitSync);
//   - takes the objects the previous thread handed over, waits for their
//     fence and draws with them, while their creator deletes their names
//     (GL keeps a deleted object alive while another context still has it
//     bound; the last reference then goes on the receiving thread);
//   - reads every frame back and checks it by pixels.
// Iterations: kShortIterations in CI; BRASS_TEST_STRESS_ITERATIONS (the
// `long` ctest label sets it) for long runs under the sanitizer presets
// (docs/testing.md).
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "share_group_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kThreads = 8;
constexpr int kShortIterations = 12;
constexpr int kSize = 4;
// How long a thread waits for its neighbour before it reports a hang.
constexpr auto kHandoffTimeout = std::chrono::seconds(120);

constexpr const char* kVs = R"(#version 300 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
// Red and green from the (per-iteration) texture, blue from the uniform
// buffer, alpha from a default-block uniform of the program, all scaled by
// the shared white texture every thread samples at once.
constexpr const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D tex;
uniform sampler2D shared_white;
uniform float alpha;
layout(std140) uniform Tint { vec4 tint; };
out vec4 o;
void main() {
  vec4 t = texture(tex, vec2(0.5));
  o = vec4(t.r, t.g, tint.b, alpha) * texture(shared_white, vec2(0.5));
})";

int iterations() {
  const char* env = std::getenv("BRASS_TEST_STRESS_ITERATIONS");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? n : kShortIterations;
}

struct Color {
  uint8_t r, g, b, a;
};
Color color_of(int thread, int iteration) {
  return {uint8_t(thread * 31 + iteration * 7), uint8_t(thread * 17 + iteration * 13 + 5),
          uint8_t(thread * 5 + iteration * 11 + 9), uint8_t(255 - (iteration * 3 + thread) % 64)};
}

// How a handoff is fenced (rotates with the iteration).
enum class FenceKind { kGlWait, kGlClientWait, kEglClientWait, kEglWait, kCount };

// What one thread hands to the next.
struct Handoff {
  GLuint texture = 0, buffer = 0, program = 0;
  Color expected{};
  FenceKind kind{};
  GLsync gl_sync = nullptr;
  EGLSync egl_sync = EGL_NO_SYNC;
  bool bound = false;  // the receiver has bound the objects (guarded by Mailbox::mutex)
};

// Handoffs into one thread, in order.
struct Mailbox {
  std::mutex mutex;
  std::condition_variable cv;
  std::deque<std::shared_ptr<Handoff>> queue;
};

using StatsValueFn = bool (*)(const char*, uint64_t*);

class ShareGroupStress : public ShareGroupTest {
 protected:
  void SetUp() override {
    ShareGroupTest::SetUp();
    if (HasFatalFailure()) return;
    // The loaded vendor's counters (e2e_frame_counters_test.cpp): a
    // validation message anywhere in the run fails the test.
    void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
    if (!lib) lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOLOAD | RTLD_NOW);
    ASSERT_NE(lib, nullptr) << dlerror();
    stats_value = reinterpret_cast<StatsValueFn>(dlsym(lib, "brass_stats_value"));
    dlclose(lib);
    ASSERT_NE(stats_value, nullptr);
    ASSERT_TRUE(stats_value("validation.messages", &validation_before));
  }
  void TearDown() override {
    uint64_t validation_after = 0;
    EXPECT_TRUE(stats_value("validation.messages", &validation_after));
    EXPECT_EQ(validation_after, validation_before) << "Vulkan validation messages during the test";
    ShareGroupTest::TearDown();
  }

  StatsValueFn stats_value = nullptr;
  uint64_t validation_before = 0;
};

GLuint compile(GLenum type, const char* src) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  return ok ? s : 0;
}

// A program from the shared shader objects, its samplers and block bound.
GLuint link(GLuint vs, GLuint fs, float alpha) {
  GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    glDeleteProgram(p);
    return 0;
  }
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "tex"), 0);
  glUniform1i(glGetUniformLocation(p, "shared_white"), 1);
  glUniform1f(glGetUniformLocation(p, "alpha"), alpha);
  glUniformBlockBinding(p, glGetUniformBlockIndex(p, "Tint"), 0);
  return p;
}

bool near(uint8_t a, uint8_t b) { return std::abs(int(a) - int(b)) <= 1; }

// The state one thread runs with; failures are recorded, never thrown, and
// the thread keeps its part of the handoff protocol so that no neighbour
// waits forever.
struct Worker {
  int index = 0;
  EGLDisplay dpy = EGL_NO_DISPLAY;
  GLuint vs = 0, fs = 0, shared_program = 0, shared_white = 0;
  Mailbox* inbox = nullptr;
  Mailbox* outbox = nullptr;
  std::string failure;
  int frames_checked = 0;

  void fail(const std::string& what) {
    if (failure.empty()) failure = what;
  }

  // Binds the objects by name.
  static void bind(GLuint program, GLuint texture, GLuint buffer) {
    glUseProgram(program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, buffer);
  }

  // Draws one frame with what is bound into the thread's framebuffer and
  // checks its middle.
  void draw_and_check(Color want, const std::string& what) {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    uint8_t px[4] = {1, 2, 3, 4};
    glReadPixels(kSize / 2, kSize / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (GLenum e = glGetError(); e != GL_NO_ERROR) return fail(what + ": GL error " + std::to_string(e));
    if (!near(px[0], want.r) || !near(px[1], want.g) || !near(px[2], want.b) || !near(px[3], want.a))
      return fail(what + ": read " + std::to_string(px[0]) + "," + std::to_string(px[1]) + "," +
                  std::to_string(px[2]) + "," + std::to_string(px[3]) + " want " + std::to_string(want.r) + "," +
                  std::to_string(want.g) + "," + std::to_string(want.b) + "," + std::to_string(want.a));
    ++frames_checked;
  }

  std::shared_ptr<Handoff> produce(int it) {
    auto h = std::make_shared<Handoff>();
    h->expected = color_of(index, it);
    const Color c = h->expected;
    glGenTextures(1, &h->texture);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, h->texture);
    std::vector<uint8_t> texels(kSize * kSize * 4);
    for (size_t i = 0; i < texels.size(); i += 4) {
      texels[i] = c.r;
      texels[i + 1] = c.g;
      texels[i + 2] = 0;
      texels[i + 3] = 255;
    }
    // Alternate a full specification and a sub-image upload over stale data.
    if (it % 2) {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kSize, kSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    } else {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kSize, kSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    const float tint[4] = {0, 0, c.b / 255.0f, 0};
    glGenBuffers(1, &h->buffer);
    glBindBuffer(GL_UNIFORM_BUFFER, h->buffer);
    glBufferData(GL_UNIFORM_BUFFER, sizeof(tint), it % 3 ? tint : nullptr, GL_DYNAMIC_DRAW);
    if (it % 3 == 0) glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(tint), tint);
    h->program = link(vs, fs, c.a / 255.0f);
    if (!h->program) fail("iteration " + std::to_string(it) + ": link failed");

    // The new objects with the long-lived shared program (alpha 1).
    bind(shared_program, h->texture, h->buffer);
    draw_and_check({c.r, c.g, c.b, 255}, "iteration " + std::to_string(it) + " shared program");
    // And with the new program.
    glUseProgram(h->program);
    draw_and_check(c, "iteration " + std::to_string(it) + " own program");

    h->kind = FenceKind(it % int(FenceKind::kCount));
    if (h->kind == FenceKind::kGlWait || h->kind == FenceKind::kGlClientWait) {
      h->gl_sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      if (!h->gl_sync) fail("glFenceSync failed");
    } else {
      h->egl_sync = eglCreateSync(dpy, EGL_SYNC_FENCE, nullptr);
      if (h->egl_sync == EGL_NO_SYNC) fail("eglCreateSync failed");
    }
    glFlush();
    return h;
  }

  // Waits for the handoff's fence as its kind says, then deletes the fence
  // (on this thread, not the one that made it).
  void wait_fence(Handoff& h, int it) {
    const std::string where = "iteration " + std::to_string(it) + " fence: ";
    switch (h.kind) {
      case FenceKind::kGlWait:
        glWaitSync(h.gl_sync, 0, GL_TIMEOUT_IGNORED);
        break;
      case FenceKind::kGlClientWait: {
        const GLenum r = glClientWaitSync(h.gl_sync, GL_SYNC_FLUSH_COMMANDS_BIT, 60'000'000'000ull);
        if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED) fail(where + "glClientWaitSync " + std::to_string(r));
        GLint status = 0;
        glGetSynciv(h.gl_sync, GL_SYNC_STATUS, 1, nullptr, &status);
        if (status != GL_SIGNALED) fail(where + "not signalled after the wait");
        break;
      }
      case FenceKind::kEglClientWait:
        if (eglClientWaitSync(dpy, h.egl_sync, 0, EGL_FOREVER) != EGL_CONDITION_SATISFIED)
          fail(where + "eglClientWaitSync");
        break;
      case FenceKind::kEglWait:
        if (!eglWaitSync(dpy, h.egl_sync, 0)) fail(where + "eglWaitSync");
        break;
      case FenceKind::kCount:
        break;
    }
    if (h.gl_sync) glDeleteSync(h.gl_sync);
    if (h.egl_sync != EGL_NO_SYNC && !eglDestroySync(dpy, h.egl_sync)) fail(where + "eglDestroySync");
  }

  void run(int iteration_count) {
    GLuint target = 0, fbo = 0;
    glGenTextures(1, &target);
    glBindTexture(GL_TEXTURE_2D, target);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize, kSize);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    glViewport(0, 0, kSize, kSize);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, shared_white);

    for (int it = 0; it < iteration_count; ++it) {
      std::shared_ptr<Handoff> mine = produce(it);
      {
        std::lock_guard lock(outbox->mutex);
        outbox->queue.push_back(mine);
      }
      outbox->cv.notify_all();

      // Take the previous thread's objects of this iteration.
      std::shared_ptr<Handoff> theirs;
      {
        std::unique_lock lock(inbox->mutex);
        if (!inbox->cv.wait_for(lock, kHandoffTimeout, [&] { return !inbox->queue.empty(); })) {
          fail("iteration " + std::to_string(it) + ": no handoff arrived");
          return;
        }
        theirs = inbox->queue.front();
        inbox->queue.pop_front();
      }
      wait_fence(*theirs, it);
      bind(theirs->program, theirs->texture, theirs->buffer);
      {
        std::lock_guard lock(inbox->mutex);
        theirs->bound = true;
      }
      inbox->cv.notify_all();
      // Their creator deletes the names now (and may reuse them for new
      // objects), while this thread draws with the objects it bound.
      draw_and_check(theirs->expected, "iteration " + std::to_string(it) + " handed over");

      // Delete this iteration's own names once the next thread holds them.
      {
        std::unique_lock lock(outbox->mutex);
        if (!outbox->cv.wait_for(lock, kHandoffTimeout, [&] { return mine->bound; })) {
          fail("iteration " + std::to_string(it) + ": handoff never bound");
          return;
        }
      }
      glDeleteTextures(1, &mine->texture);
      glDeleteBuffers(1, &mine->buffer);
      glDeleteProgram(mine->program);
    }
    // Drop the last handed-over bindings (their last references) here.
    glUseProgram(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &target);
    if (GLenum e = glGetError(); e != GL_NO_ERROR) fail("GL error at the end: " + std::to_string(e));
  }
};

TEST_F(ShareGroupStress, ThreadsHandObjectsAroundBehindFences) {
  const int iteration_count = iterations();
  EGLContext root = context(EGL_NO_CONTEXT);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
  const GLuint vs = compile(GL_VERTEX_SHADER, kVs), fs = compile(GL_FRAGMENT_SHADER, kFs);
  ASSERT_NE(vs, 0u);
  ASSERT_NE(fs, 0u);
  const GLuint shared_program = link(vs, fs, 1.0f);
  ASSERT_NE(shared_program, 0u);
  GLuint shared_white = 0;
  glGenTextures(1, &shared_white);
  glBindTexture(GL_TEXTURE_2D, shared_white);
  const uint8_t white[4] = {255, 255, 255, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glFinish();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

  std::array<Mailbox, kThreads> mailboxes;
  std::array<Worker, kThreads> workers;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    Worker& w = workers[t];
    w.index = t;
    w.dpy = dpy;
    w.vs = vs;
    w.fs = fs;
    w.shared_program = shared_program;
    w.shared_white = shared_white;
    w.inbox = &mailboxes[t];
    w.outbox = &mailboxes[(t + 1) % kThreads];
    threads.emplace_back([&, t] {
      Worker& me = workers[t];
      EGLContext ctx = context(root);
      if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        me.fail("no context");
        return;
      }
      me.run(iteration_count);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, ctx);
      eglReleaseThread();
    });
  }
  for (auto& th : threads) th.join();
  for (const Worker& w : workers) {
    EXPECT_TRUE(w.failure.empty()) << "thread " << w.index << ": " << w.failure;
    EXPECT_EQ(w.frames_checked, 3 * iteration_count) << "thread " << w.index;
  }

  // The share group outlived every thread's context: its objects are intact.
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
  EXPECT_TRUE(glIsProgram(shared_program));
  EXPECT_TRUE(glIsTexture(shared_white));
  glDeleteProgram(shared_program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteTextures(1, &shared_white);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  eglDestroyContext(dpy, root);
}

}  // namespace
}  // namespace brass::e2e
