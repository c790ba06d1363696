// A shared object's first use by other contexts while the context that
// made it keeps using it: each round one thread makes a uniform buffer,
// draws with it, hands its name over and keeps drawing with it (binding
// it every frame, so that each draw records its access), while four other
// contexts, each on its own thread, use it for the first time at once. The
// driver records every binding's barrier state and usage mark
// (driver/resource/resource_object.h, SharedAccess; batch/gpu_usage.h),
// which the object's own ring used to do without a lock: tsan saw it race
// with the other rings' first uses. Every frame is checked by pixels.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "share_group_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kReaders = 4;

int rounds() {
  const char* env = std::getenv("BRASS_TEST_STRESS_ITERATIONS");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? std::min(n, 200) : 12;
}

std::array<float, 4> round_color(int r) {
  return {float(40 + (r * 53) % 200) / 255.0f, float(30 + (r * 97) % 200) / 255.0f,
          float(20 + (r * 29) % 220) / 255.0f, 1.0f};
}

constexpr const char* kVs = R"(#version 300 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
constexpr const char* kFs = R"(#version 300 es
precision highp float;
layout(std140) uniform Colour { vec4 c; };
out vec4 o;
void main() { o = c; })";
constexpr const char* kVsReading = R"(#version 300 es
layout(std140) uniform Colour { vec4 c; };
out vec4 colour;
void main() {
  colour = c;
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
constexpr const char* kFsPassing = R"(#version 300 es
precision highp float;
in vec4 colour;
out vec4 o;
void main() { o = colour; })";

// Binds `buffer` as the uniform block, draws into the bound 4x4
// framebuffer and checks the pixel against round `r`'s colour.
// `draws` draws, each binding the buffer anew (so that each records the
// binding's access), before the one read back.
bool draw_and_check(GLuint buffer, int r, std::string* failure, int draws = 1) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  for (int i = 0; i < draws; ++i) {
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, buffer);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  uint8_t px[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  const std::array<float, 4> c = round_color(r);
  for (int i = 0; i < 3; ++i) {
    if (std::abs(px[i] - int(c[i] * 255.0f + 0.5f)) > 1) {
      *failure = "round " + std::to_string(r) + ": " + std::to_string(px[0]) + "," + std::to_string(px[1]) + "," +
                 std::to_string(px[2]);
      return false;
    }
  }
  if (glGetError() != GL_NO_ERROR) {
    *failure = "GL error in round " + std::to_string(r);
    return false;
  }
  return true;
}

class SharedFirstUse : public ShareGroupTest {
 protected:
  void SetUp() override {
    ShareGroupTest::SetUp();
    if (HasFatalFailure()) return;
  }
  // Made by root before the threads start (glslang's built-in types are
  // shared by links on several threads, compiler/link_checks.cpp): a
  // program reading the block in the fragment stage, or in the vertex stage.
  static GLuint make_program(bool vertex_reads) {
    const GLuint program = glCreateProgram();
    const GLuint shaders[2] = {compile_shader(GL_VERTEX_SHADER, vertex_reads ? kVsReading : kVs),
                               compile_shader(GL_FRAGMENT_SHADER, vertex_reads ? kFsPassing : kFs)};
    for (GLuint sh : shaders) {
      glAttachShader(program, sh);
      glDeleteShader(sh);  // freed with the program
    }
    glLinkProgram(program);
    GLint linked = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    return linked ? program : 0;
  }
  // A 4x4 render target and `program`, in the current context.
  static void prepare(GLuint program, GLuint* target, GLuint* fbo) {
    glGenTextures(1, target);
    glBindTexture(GL_TEXTURE_2D, *target);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    glGenFramebuffers(1, fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, *fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *target, 0);
    glViewport(0, 0, 4, 4);
    glUseProgram(program);
  }
  // The rounds; `one_reader_program`: the readers draw with one program
  // (its descriptor sets then serve four contexts at once), else each with
  // its own.
  void run(bool one_reader_program);
};

void SharedFirstUse::run(bool one_reader_program) {
  const int last = rounds();
  EGLContext root = context(EGL_NO_CONTEXT);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
  // The maker's program reads the block in the fragment stage, the
  // readers' in the vertex stage: their first use adds a stage to the
  // buffer's barrier state, which the maker reads meanwhile.
  const GLuint maker_program = make_program(false);
  ASSERT_NE(maker_program, 0u);
  GLuint reader_programs[kReaders];
  for (int t = 0; t < kReaders; ++t) {
    reader_programs[t] = one_reader_program && t > 0 ? reader_programs[0] : make_program(true);
    ASSERT_NE(reader_programs[t], 0u);
  }
  glFinish();
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

  // The round's buffer, published by the maker once it drew with it; the
  // readers count themselves done, and the maker draws until all are.
  std::atomic<GLuint> published{0};
  std::atomic<int> published_round{-1};
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  std::vector<std::string> failures(kReaders + 1);
  std::vector<std::thread> threads;
  threads.emplace_back([&] {
    std::string& failure = failures[kReaders];
    EGLContext ctx = context(root);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      failure = "no context";
      failed = true;
      return;
    }
    GLuint target = 0, fbo = 0;
    prepare(maker_program, &target, &fbo);
    for (int r = 0; r < last && !failed; ++r) {
      GLuint buffer = 0;
      glGenBuffers(1, &buffer);
      glBindBuffer(GL_UNIFORM_BUFFER, buffer);
      const std::array<float, 4> c = round_color(r);
      glBufferData(GL_UNIFORM_BUFFER, sizeof(c), c.data(), GL_STATIC_DRAW);
      if (!draw_and_check(buffer, r, &failure)) break;  // read back: complete (§5.3)
      done = 0;
      published_round = r;
      published = buffer;
      // Drawing with it while the others use it for the first time.
      while (done.load() < kReaders && !failed)
        if (!draw_and_check(buffer, r, &failure, 16)) break;
      published = 0;
      glDeleteBuffers(1, &buffer);
    }
    if (!failure.empty()) failed = true;
    published_round = last;  // no more rounds
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &target);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglReleaseThread();
  });
  for (int t = 0; t < kReaders; ++t) {
    threads.emplace_back([&, t] {
      std::string& failure = failures[t];
      EGLContext ctx = context(root);
      if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        failure = "no context";
        failed = true;
        return;
      }
      GLuint target = 0, fbo = 0;
      prepare(reader_programs[t], &target, &fbo);
      for (int r = 0; r < last && !failed; ++r) {
        // Waits for round r's buffer (the maker goes on only once every
        // reader is done with the round before).
        GLuint buffer = 0;
        while (!failed && !(published_round.load() == r && (buffer = published.load()) != 0))
          std::this_thread::yield();
        if (failed) break;
        const bool ok = draw_and_check(buffer, r, &failure) && draw_and_check(buffer, r, &failure);
        glBindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
        ++done;
        if (!ok) {
          failed = true;
          break;
        }
      }
      glDeleteFramebuffers(1, &fbo);
      glDeleteTextures(1, &target);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, ctx);
      eglReleaseThread();
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t <= kReaders; ++t)
    EXPECT_TRUE(failures[t].empty()) << (t == kReaders ? std::string("maker") : "reader " + std::to_string(t)) << ": "
                                     << failures[t];
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
  glDeleteProgram(maker_program);
  for (int t = 0; t < (one_reader_program ? 1 : kReaders); ++t) glDeleteProgram(reader_programs[t]);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  eglDestroyContext(dpy, root);
}

TEST_F(SharedFirstUse, OtherContextsFirstUseABufferItsMakerKeepsDrawingWith) { run(false); }

// The readers share one program: a cached descriptor set that two rings'
// batches used went idle when the later-tracked batch completed, while the
// other still used it, and was rewritten under it (validation: THREADING
// ERROR on a VkDescriptorSet, VUID-vkCmdDraw-None-02699; about one run in
// five at 100 rounds before the fix, ProgramDescriptors::Set::users).
TEST_F(SharedFirstUse, ReadersSharingOneProgramFirstUseABufferItsMakerKeepsDrawingWith) { run(true); }

}  // namespace
}  // namespace brass::e2e
