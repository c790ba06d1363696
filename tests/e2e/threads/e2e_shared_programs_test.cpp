// One share group drawn from several threads at once: the same programs
// (their pipelines and descriptor sets live with the program) used by
// contexts on different threads, each with state that makes new pipeline
// keys, and every thread's frames checked by pixels.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "share_group_fixture.h"

namespace brass::e2e {
namespace {

// The color comes from the current generic attribute value, which is
// per-context state (uniforms belong to the shared program).
constexpr const char* kVs = R"(#version 300 es
in vec4 color_in;
out vec4 color;
void main() {
  color = color_in;
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
constexpr const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 color;
uniform sampler2D tex;
out vec4 o;
void main() { o = color + texture(tex, vec2(0.5)) * 0.0; })";

class SharedPrograms : public ShareGroupTest {
 protected:
  void SetUp() override {
    ShareGroupTest::SetUp();
    if (HasFatalFailure()) return;
  }
  // Root makes the programs and a 1x1 white texture (uploaded, or cleared
  // through a framebuffer when `rendered`), finishes, and four threads with
  // contexts in its share group draw with them at once.
  void draw_from_threads(bool rendered) {
    constexpr int kThreads = 4, kPrograms = 3, kFrames = 200;
    EGLContext root = context(EGL_NO_CONTEXT);
    ASSERT_NE(root, EGL_NO_CONTEXT);
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
    GLuint programs[kPrograms];
    for (GLuint& p : programs) {
      p = glCreateProgram();
      glAttachShader(p, compile_shader(GL_VERTEX_SHADER, kVs));
      glAttachShader(p, compile_shader(GL_FRAGMENT_SHADER, kFs));
      glBindAttribLocation(p, 0, "color_in");
      glLinkProgram(p);
      GLint linked = 0;
      glGetProgramiv(p, GL_LINK_STATUS, &linked);
      ASSERT_TRUE(linked);
    }
    // A shared texture every thread samples (sets of the samplers type).
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    const uint8_t texel[4] = {255, 255, 255, 255};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rendered ? nullptr : texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    if (rendered) {  // white by a clear of this context, not by an upload
      GLuint fbo = 0;
      glGenFramebuffers(1, &fbo);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      glClearColor(1, 1, 1, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glDeleteFramebuffers(1, &fbo);
    }
    glFinish();
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

    std::atomic<int> ok{0};
    std::vector<std::string> failures(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
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
        glBindTexture(GL_TEXTURE_2D, tex);
        for (int f = 0; f < kFrames && failures[t].empty(); ++f) {
          const GLuint p = programs[(f + t) % kPrograms];
          glUseProgram(p);
          // Each frame a blend state another thread may be creating a
          // pipeline for at the same moment.
          const int variant = (f * 7 + t) % 4;
          if (variant == 0) glDisable(GL_BLEND);
          else glEnable(GL_BLEND);
          glBlendFunc(variant == 2 ? GL_ONE : GL_SRC_ALPHA, variant == 3 ? GL_ZERO : GL_ONE_MINUS_SRC_ALPHA);
          glClearColor(0, 0, 0, 1);
          glClear(GL_COLOR_BUFFER_BIT);
          const float c = float((f + t) % 5) / 4.0f;
          glVertexAttrib4f(0, c, 1.0f - c, 0.5f, 1.0f);
          glDrawArrays(GL_TRIANGLES, 0, 3);
          uint8_t px[4] = {};
          glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
          const int r = int(c * 255.0f + 0.5f), g = int((1.0f - c) * 255.0f + 0.5f);
          if (std::abs(px[0] - r) > 1 || std::abs(px[1] - g) > 1 || std::abs(px[2] - 128) > 1)
            failures[t] = "frame " + std::to_string(f) + ": " + std::to_string(px[0]) + "," + std::to_string(px[1]) +
                          "," + std::to_string(px[2]);
          if (glGetError() != GL_NO_ERROR) failures[t] = "GL error in frame " + std::to_string(f);
        }
        glDeleteFramebuffers(1, &fbo);
        glDeleteTextures(1, &target);
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(dpy, ctx);
        eglReleaseThread();
        if (failures[t].empty()) ++ok;
      });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) EXPECT_TRUE(failures[t].empty()) << "thread " << t << ": " << failures[t];
    EXPECT_EQ(ok.load(), kThreads);
    eglDestroyContext(dpy, root);
  }
};

TEST_F(SharedPrograms, DrawnFromSeveralThreadsAtOnce) { draw_from_threads(false); }

// A texture root rendered (left in COLOR_ATTACHMENT_OPTIMAL), sampled by
// four contexts at once. The first to sample it needs a layout transition,
// and the others see the new layout: recorded in the first one's batch, a
// reader whose batch reached the queue before it sampled the image in the
// old layout (validation: InvalidImageLayout at vkQueueSubmit2, about one
// run in five). The transition now goes to the queue at once
// (driver/sync/shared_layout_publisher.h). Uploaded textures are left in the
// sampled layout by the upload (cpu_transfers.cpp), the test above.
TEST_F(SharedPrograms, SampleATextureRenderedByAnotherContext) { draw_from_threads(true); }

// The same race for transfer reads: root renders a texture (a different
// colour per round), finishes, and four contexts at once read it back with
// glReadPixels, copy it with glCopyTexSubImage2D and blit it, each through
// a framebuffer of its own; every first read needs TRANSFER_SRC_OPTIMAL.
TEST_F(SharedPrograms, ReadBackCopyAndBlitATextureRenderedByAnotherContext) {
  constexpr int kThreads = 4, kRounds = 6;
  EGLContext root = context(EGL_NO_CONTEXT);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  for (int round = 0; round < kRounds; ++round) {
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
    GLuint tex = 0, fbo = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    const uint8_t red = uint8_t(40 * round + 20);
    glClearColor(float(red) / 255.0f, 0.5f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDeleteFramebuffers(1, &fbo);
    glFinish();
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

    std::vector<std::string> failures(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        EGLContext ctx = context(root);
        if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
          failures[t] = "no context";
          return;
        }
        GLuint read_fbo = 0, target = 0, draw_fbo = 0;
        glGenFramebuffers(1, &read_fbo);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        glGenTextures(1, &target);
        glBindTexture(GL_TEXTURE_2D, target);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
        glGenFramebuffers(1, &draw_fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw_fbo);
        glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
        auto check = [&](const char* what, GLenum read_target) {
          glBindFramebuffer(GL_READ_FRAMEBUFFER, read_target == GL_TEXTURE_2D ? read_fbo : draw_fbo);
          uint8_t px[4] = {};
          glReadPixels(1, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
          if (std::abs(px[0] - red) > 1 || std::abs(px[1] - 128) > 1 || px[2] != 255)
            failures[t] = std::string(what) + ": " + std::to_string(px[0]) + "," + std::to_string(px[1]) + "," +
                          std::to_string(px[2]);
          glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
        };
        check("read back", GL_TEXTURE_2D);
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
        check("copied", 0);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        check("blitted", 0);
        if (glGetError() != GL_NO_ERROR) failures[t] = "GL error";
        glDeleteFramebuffers(1, &read_fbo);
        glDeleteFramebuffers(1, &draw_fbo);
        glDeleteTextures(1, &target);
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(dpy, ctx);
        eglReleaseThread();
      });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) EXPECT_TRUE(failures[t].empty()) << "round " << round << ", thread " << t << ": " << failures[t];
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, root));
    glDeleteTextures(1, &tex);
  }
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  eglDestroyContext(dpy, root);
}

}  // namespace
}  // namespace brass::e2e
