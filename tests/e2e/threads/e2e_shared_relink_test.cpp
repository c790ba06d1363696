// Shared objects changed by one context while the others of its share group
// draw with them on other threads (GL 4.6 / ES 3.2 §5.3): a program relinked
// again and again, and a buffer whose data store is specified again,
// orphaned and invalidated. Until a context binds the object again it may
// draw with the old or the new state; once the changing context finished
// (glFinish) and published the change, a context that binds the object
// again must draw with it. Every frame is checked by pixels against the
// states allowed at that moment; tsan sees the accesses (docs/testing.md).
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl31.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "share_group_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kDrawThreads = 4;

int rounds() {
  const char* env = std::getenv("BRASS_TEST_STRESS_ITERATIONS");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? std::min(n, 100) : 24;
}

struct Color {
  uint8_t r, g, b;
};
// A colour per round, distinct from every other round's and from black.
Color round_color(int round) {
  return {uint8_t(40 + (round * 53) % 200), uint8_t(30 + (round * 97) % 200), uint8_t(20 + (round * 29) % 220)};
}
bool near(const uint8_t* px, Color c) {
  return std::abs(px[0] - c.r) <= 1 && std::abs(px[1] - c.g) <= 1 && std::abs(px[2] - c.b) <= 1;
}
// The round in [first, last] whose colour `px` is, or -1.
int round_of(const uint8_t* px, int first, int last) {
  for (int r = first; r <= last; ++r)
    if (near(px, round_color(r))) return r;
  return -1;
}
std::string pixel(const uint8_t* px) {
  return std::to_string(px[0]) + "," + std::to_string(px[1]) + "," + std::to_string(px[2]);
}

constexpr const char* kVs = R"(#version 310 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

// A fragment shader drawing round `r`'s colour (plus a uniform the drawing
// threads set to 0 every frame, so that glUniform* and the location query
// run against a program being relinked).
std::string relink_fs(int r) {
  const Color c = round_color(r);
  return "#version 310 es\nprecision highp float;\nuniform vec4 add;\nout vec4 o;\nvoid main() { o = vec4(" +
         std::to_string(c.r) + ".0, " + std::to_string(c.g) + ".0, " + std::to_string(c.b) +
         ".0, 255.0) / 255.0 + add; }\n";
}

GLuint compile(GLenum type, const std::string& src) {
  GLuint s = glCreateShader(type);
  const char* p = src.c_str();
  glShaderSource(s, 1, &p, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  return ok ? s : 0;
}

class SharedChanges : public ShareGroupTest {
 public:
  void SetUp() override {
    ShareGroupTest::SetUp();
    if (HasFatalFailure()) return;
    root = context(EGL_NO_CONTEXT);
    ASSERT_NE(root, EGL_NO_CONTEXT);
  }
  void TearDown() override {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (root != EGL_NO_CONTEXT) eglDestroyContext(dpy, root);
    ShareGroupTest::TearDown();
  }
  EGLContext context(EGLContext share) { return ShareGroupTest::context(share, 1); }

  // Runs `change(round)` for rounds 1..rounds() in a context of its own
  // (each followed by glFinish and publishing the round), while
  // kDrawThreads contexts run `draw(thread, published)` until the last
  // round is out, and once more after it. `draw` returns the round its
  // frame showed, or -1 with *failure set; a frame drawn after reading
  // `published` must show that round or a later one.
  template <class Setup, class Change, class Draw>
  void run(Setup&& setup, Change&& change, Draw&& draw) {
    const int last = rounds();
    std::atomic<int> published{0};
    std::atomic<bool> done{false};
    std::vector<std::string> failures(kDrawThreads + 1);
    std::vector<int> frames(kDrawThreads, 0), newest(kDrawThreads, 0);
    std::vector<std::thread> threads;
    threads.emplace_back([&] {
      EGLContext ctx = context(root);
      if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        failures[kDrawThreads] = "no context";
        done = true;
        return;
      }
      for (int r = 1; r <= last && failures[kDrawThreads].empty(); ++r) {
        change(r, &failures[kDrawThreads]);
        glFinish();  // complete before any other context relies on it (§5.3)
        published.store(r, std::memory_order_release);
        std::this_thread::yield();
      }
      if (glGetError() != GL_NO_ERROR) failures[kDrawThreads] = "GL error while changing";
      done.store(true, std::memory_order_release);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, ctx);
      eglReleaseThread();
    });
    for (int t = 0; t < kDrawThreads; ++t) {
      threads.emplace_back([&, t] {
        EGLContext ctx = context(root);
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
        setup(t);
        bool finished = false;
        while (failures[t].empty()) {
          finished = done.load(std::memory_order_acquire);
          const int floor = published.load(std::memory_order_acquire);
          const int shown = draw(t, floor, &failures[t]);
          if (shown < 0) break;
          if (shown < floor) {
            failures[t] = "frame " + std::to_string(frames[t]) + " showed round " + std::to_string(shown) +
                          " after round " + std::to_string(floor) + " was published";
            break;
          }
          newest[t] = std::max(newest[t], shown);
          ++frames[t];
          if (finished) break;  // this frame was drawn after the last round
        }
        if (failures[t].empty() && newest[t] != last)
          failures[t] = "the last frame showed round " + std::to_string(newest[t]) + ", not " + std::to_string(last);
        if (failures[t].empty() && glGetError() != GL_NO_ERROR) failures[t] = "GL error while drawing";
        glDeleteFramebuffers(1, &fbo);
        glDeleteTextures(1, &target);
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(dpy, ctx);
        eglReleaseThread();
      });
    }
    for (auto& th : threads) th.join();
    for (size_t t = 0; t < failures.size(); ++t)
      EXPECT_TRUE(failures[t].empty()) << (t == kDrawThreads ? std::string("changing thread") : "thread " + std::to_string(t))
                                       << ": " << failures[t];
    for (int t = 0; t < kDrawThreads; ++t) EXPECT_GT(frames[t], 0) << "thread " << t;
  }

  EGLContext root = EGL_NO_CONTEXT;
};

// Root makes program P (round 0's colour) and the fragment shaders of every
// round; one context relinks P with round r's shader each round while four
// draw with it, bound with glUseProgram (`pipeline` false) or as both
// stages of a program pipeline (separable), binding it again every frame.
void relink_while_drawing(SharedChanges& test, bool pipeline) {
  const int last = rounds();
  ASSERT_TRUE(eglMakeCurrent(test.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, test.root));
  const GLuint vs = compile(GL_VERTEX_SHADER, kVs);
  ASSERT_NE(vs, 0u);
  std::vector<GLuint> fs(last + 1);
  for (int r = 0; r <= last; ++r) {
    fs[r] = compile(GL_FRAGMENT_SHADER, relink_fs(r));
    ASSERT_NE(fs[r], 0u) << "round " << r;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs[0]);
  if (pipeline) glProgramParameteri(program, GL_PROGRAM_SEPARABLE, GL_TRUE);
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  glFinish();
  ASSERT_TRUE(eglMakeCurrent(test.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

  std::vector<GLuint> pipelines(kDrawThreads, 0);
  test.run(
      [&](int t) {
        if (!pipeline) return;
        glGenProgramPipelines(1, &pipelines[t]);
        glUseProgramStages(pipelines[t], GL_VERTEX_SHADER_BIT | GL_FRAGMENT_SHADER_BIT, program);
      },
      [&](int r, std::string* failure) {
        glDetachShader(program, fs[r - 1]);
        glAttachShader(program, fs[r]);
        glLinkProgram(program);
        GLint ok = 0;
        glGetProgramiv(program, GL_LINK_STATUS, &ok);
        if (!ok) *failure = "relink " + std::to_string(r) + " failed";
      },
      [&](int t, int floor, std::string* failure) -> int {
        // Bound again: at least the published round's executable.
        if (pipeline) {
          glBindProgramPipeline(pipelines[t]);
          glActiveShaderProgram(pipelines[t], program);
        } else {
          glUseProgram(program);
        }
        const GLint add = glGetUniformLocation(program, "add");
        if (pipeline) glProgramUniform4f(program, add, 0, 0, 0, 0);
        else glUniform4f(add, 0, 0, 0, 0);
        GLint status = 0, log_length = -1;
        glGetProgramiv(program, GL_LINK_STATUS, &status);
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &log_length);
        if (!status || log_length < 0) {
          *failure = "program queries: link status " + std::to_string(status);
          return -1;
        }
        int shown = -1;
        // Two draws without binding again: each shows a linked round
        // at or after the floor.
        for (int i = 0; i < 2; ++i) {
          glClearColor(0, 0, 0, 1);
          glClear(GL_COLOR_BUFFER_BIT);
          glDrawArrays(GL_TRIANGLES, 0, 3);
          uint8_t px[4] = {};
          glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
          const int r = round_of(px, floor, last);
          if (r < 0) {
            *failure = "pixel " + pixel(px) + " is no round's from " + std::to_string(floor);
            return -1;
          }
          shown = std::max(shown, r);
        }
        if (glGetError() != GL_NO_ERROR) {
          *failure = "GL error";
          return -1;
        }
        return shown;
      });
  ASSERT_TRUE(eglMakeCurrent(test.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, test.root));
  glDeleteProgram(program);
  for (GLuint s : fs) glDeleteShader(s);
  glDeleteShader(vs);
}

TEST_F(SharedChanges, ProgramRelinkedWhileOtherContextsDrawWithIt) { relink_while_drawing(*this, false); }

TEST_F(SharedChanges, SeparableProgramRelinkedWhilePipelinesOfOtherContextsDrawWithIt) {
  relink_while_drawing(*this, true);
}

// Root makes buffer B holding round 0's colour as four floats and a program
// reading it as a uniform block (even threads) or a per-instance vertex
// attribute (odd threads). Each round one context gives B round r's colour
// in one of the ways that replace its storage: glBufferData of another
// size (a new data store), of the same size (orphaning), glMapBufferRange
// with MAP_INVALIDATE_BUFFER_BIT, or orphaned without data and then
// written with glBufferSubData. Drawing threads bind B again every frame.
// Disabled: the storage swap is not yet safe against another context's
// reads (docs/driver.md, "Threads and share groups", limits). It passes, and
// tsan did not see the race in its interleavings (locks both threads take
// order them): the check for that fix, run with
// --gtest_also_run_disabled_tests.
TEST_F(SharedChanges, DISABLED_BufferStorageReplacedWhileOtherContextsDrawWithIt) {
  const int last = rounds();
  auto data = [](int r) {
    const Color c = round_color(r);
    return std::array<float, 8>{c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f, 0, 0, 0, 0};
  };
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
  const char* vs = R"(#version 310 es
layout(location = 0) in vec4 color_in;
out vec4 color;
void main() {
  color = color_in;
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
  const char* ubo_fs = R"(#version 310 es
precision highp float;
layout(std140, binding = 0) uniform Colour { vec4 c; };
out vec4 o;
void main() { o = c; })";
  const char* attrib_fs = R"(#version 310 es
precision highp float;
in vec4 color;
out vec4 o;
void main() { o = color; })";
  GLuint programs[2];
  for (int i = 0; i < 2; ++i) {
    programs[i] = glCreateProgram();
    glAttachShader(programs[i], compile(GL_VERTEX_SHADER, vs));
    glAttachShader(programs[i], compile(GL_FRAGMENT_SHADER, i == 0 ? ubo_fs : attrib_fs));
    glLinkProgram(programs[i]);
    GLint linked = 0;
    glGetProgramiv(programs[i], GL_LINK_STATUS, &linked);
    ASSERT_TRUE(linked) << i;
  }
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  const std::array<float, 8> first = data(0);
  glBufferData(GL_ARRAY_BUFFER, 16, first.data(), GL_DYNAMIC_DRAW);
  glFinish();
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

  std::vector<GLuint> vaos(kDrawThreads, 0);
  run(
      [&](int t) {
        glGenVertexArrays(1, &vaos[t]);
        glBindVertexArray(vaos[t]);
        glUseProgram(programs[t % 2]);
      },
      [&](int r, std::string* failure) {
        const std::array<float, 8> d = data(r);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        GLint size = 0;
        glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
        switch (r % 4) {
          case 0:  // a new data store of another size
            glBufferData(GL_ARRAY_BUFFER, size == 16 ? 32 : 16, d.data(), GL_DYNAMIC_DRAW);
            break;
          case 1:  // the same size: orphaned
            glBufferData(GL_ARRAY_BUFFER, size, d.data(), GL_DYNAMIC_DRAW);
            break;
          case 2: {  // the whole buffer invalidated by the map
            void* p = glMapBufferRange(GL_ARRAY_BUFFER, 0, size, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
            if (!p) {
              *failure = "map failed";
              return;
            }
            std::memcpy(p, d.data(), 16);
            if (!glUnmapBuffer(GL_ARRAY_BUFFER)) *failure = "unmap failed";
            break;
          }
          default:  // orphaned without data, then written
            glBufferData(GL_ARRAY_BUFFER, size, nullptr, GL_DYNAMIC_DRAW);
            glBufferSubData(GL_ARRAY_BUFFER, 0, 16, d.data());
            break;
        }
      },
      [&](int t, int floor, std::string* failure) -> int {
        // Bound again: at least the published round's data.
        if (t % 2 == 0) {
          glBindBufferBase(GL_UNIFORM_BUFFER, 0, buffer);
        } else {
          glBindBuffer(GL_ARRAY_BUFFER, buffer);
          glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
          glVertexAttribDivisor(0, 1);
          glEnableVertexAttribArray(0);
        }
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 1);
        uint8_t px[4] = {};
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        const int r = round_of(px, floor, last);
        if (r < 0) *failure = "pixel " + pixel(px) + " is no round's from " + std::to_string(floor);
        if (glGetError() != GL_NO_ERROR) {
          *failure = "GL error";
          return -1;
        }
        return r;
      });
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
  glDeleteBuffers(1, &buffer);
  for (GLuint p : programs) glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
