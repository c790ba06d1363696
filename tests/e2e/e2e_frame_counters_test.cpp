// Steady-state cost of a frame, through glvnd as an application runs it: the
// BRASS_STATS counters of the vendor library glvnd loaded are read through
// its brass_stats_value export. After warm-up, a loop of frames with draws
// and state changes (uniforms, textures, vertex buffers, program switches,
// blend and depth state, two FBOs and the default framebuffer) submits only
// at the frame's end, begins one render pass per framebuffer per frame, and
// allocates no descriptor set, pipeline, stream chunk or resource.

#include <array>
#include <string>
#include <vector>

#include "e2e_allocation_counter.h"
#include "e2e_fixture.h"
#include "wait_for_driver.h"
#include "brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

const char* kColorVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
uniform vec2 offset;
void main() { gl_Position = vec4(pos + offset, 0.5, 1.0); })";
const char* kColorFs = R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })";
const char* kTextureVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
out vec2 uv;
void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.25, 1.0); })";
const char* kTextureFs = R"(#version 300 es
precision mediump float;
uniform sampler2D tex;
uniform float scale;
in vec2 uv;
out vec4 o;
void main() { o = texture(tex, uv) * scale; })";

const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
const float kSmallQuad[12] = {-0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f};

const char* const kSubmitReasons[] = {"submit.flush", "submit.fence", "submit.readback",
                                      "submit.swap",  "submit.limit", "submit.destroy"};
// Creation and allocation counters that must not move in steady state.
const char* const kNoCreation[] = {
    "descriptor.sets_allocated", "descriptor.allocate_calls", "descriptor.pools_created",
    "pipeline.created",          "pipeline.libraries_created", "pipeline.draw_path.fast_links",
    "pipeline.draw_path.full_compiles", "meta.pipelines_created", "render_pass.objects_created",
    "render_pass.framebuffers_created", "stream.chunks_created", "resource.objects_created",
    // A context sampling what it rendered itself records the transition in
    // its batch: no submission of its own (sync/shared_layout_publisher.h).
    "sync.published_layouts",
};

class FrameCounters : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";

    color_prog_ = program(kColorVs, kColorFs);
    texture_prog_ = program(kTextureVs, kTextureFs);
    color_loc_ = glGetUniformLocation(color_prog_, "color");
    offset_loc_ = glGetUniformLocation(color_prog_, "offset");
    scale_loc_ = glGetUniformLocation(texture_prog_, "scale");
    glUseProgram(texture_prog_);
    glUniform1i(glGetUniformLocation(texture_prog_, "tex"), 0);

    glGenBuffers(2, vbos_);
    glBindBuffer(GL_ARRAY_BUFFER, vbos_[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, vbos_[1]);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kSmallQuad), kSmallQuad, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);

    // Two sampled textures with different contents.
    glGenTextures(2, textures_);
    for (int i = 0; i < 2; ++i) {
      std::vector<uint32_t> texels(16 * 16, i ? rgba(0, 255, 0) : rgba(255, 0, 255));
      glBindTexture(GL_TEXTURE_2D, textures_[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    // Two FBOs: a colour texture each (FBO 0's is sampled later in the
    // frame) and a depth renderbuffer on FBO 0.
    glGenFramebuffers(2, fbos_);
    glGenTextures(2, fbo_textures_);
    glGenRenderbuffers(1, &depth_);
    glBindRenderbuffer(GL_RENDERBUFFER, depth_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kWidth, kHeight);
    for (int i = 0; i < 2; ++i) {
      glBindTexture(GL_TEXTURE_2D, fbo_textures_[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, kWidth, kHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glBindFramebuffer(GL_FRAMEBUFFER, fbos_[i]);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fbo_textures_[i], 0);
      if (i == 0) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
      ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }

  void TearDown() override {
    glDeleteFramebuffers(2, fbos_);
    glDeleteTextures(2, fbo_textures_);
    glDeleteTextures(2, textures_);
    glDeleteRenderbuffers(1, &depth_);
    glDeleteBuffers(2, vbos_);
    glDeleteProgram(color_prog_);
    glDeleteProgram(texture_prog_);
    GlesTest::TearDown();
  }

  // A counter of the loaded vendor library; an unknown name fails the test.
  uint64_t counter(const char* name) {
    wait_for_driver_thread();
    uint64_t value = 0;
    if (!stats_value_ || !stats_value_(name, &value)) ADD_FAILURE() << "no BRASS_STATS counter named \"" << name << "\"";
    return value;
  }
  template <size_t N>
  std::array<uint64_t, N> counters(const char* const (&names)[N]) {
    std::array<uint64_t, N> v{};
    for (size_t i = 0; i < N; ++i) v[i] = counter(names[i]);
    return v;
  }

  void use_vbo(int i) {
    glBindBuffer(GL_ARRAY_BUFFER, vbos_[i]);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  }

  // One frame: FBO 0 (depth-tested colour quads, uniforms changing per draw),
  // FBO 1 (textured, blended, the textures alternating), then the default
  // framebuffer sampling FBO 0, and the frame's end (eglSwapBuffers).
  void frame(int n) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbos_[0]);
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0, 0, 0.2f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(n % 2 ? GL_LESS : GL_LEQUAL);
    glUseProgram(color_prog_);
    use_vbo(0);
    glUniform4f(color_loc_, 1, 0, 0, 1);
    glUniform2f(offset_loc_, 0, 0);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    use_vbo(1);
    glUniform4f(color_loc_, 0, float(n % 7) / 7.0f, 1, 1);
    glUniform2f(offset_loc_, 0.25f, float(n % 3) * 0.1f);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_DEPTH_TEST);

    glBindFramebuffer(GL_FRAMEBUFFER, fbos_[1]);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(texture_prog_);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, n % 2 ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA);
    glActiveTexture(GL_TEXTURE0);
    for (int t = 0; t < 2; ++t) {
      glBindTexture(GL_TEXTURE_2D, textures_[(n + t) % 2]);
      glUniform1f(scale_loc_, 0.5f + 0.25f * float(t));
      use_vbo(t);
      glDrawArrays(GL_TRIANGLES, 0, 6);
    }
    glDisable(GL_BLEND);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindTexture(GL_TEXTURE_2D, fbo_textures_[0]);
    glUniform1f(scale_loc_, 1.0f);
    use_vbo(0);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  }

  StatsValueFn stats_value_ = nullptr;
  GLuint color_prog_ = 0, texture_prog_ = 0;
  GLint color_loc_ = -1, offset_loc_ = -1, scale_loc_ = -1;
  GLuint vbos_[2] = {}, textures_[2] = {}, fbos_[2] = {}, fbo_textures_[2] = {}, depth_ = 0;
};

TEST_F(FrameCounters, UnknownCounterNamesAreReportedAsUnknown) {
  uint64_t value = 77;
  EXPECT_FALSE(stats_value_("submit.no_such_reason", &value));
  EXPECT_EQ(value, 77u) << "left untouched";
  // A counter that exists but may never have been bumped is known.
  EXPECT_TRUE(stats_value_("submit.limit", &value));
}

TEST_F(FrameCounters, SteadyFramesSubmitOnceAndCreateNothing) {
  for (int n = 0; n < 6; ++n) frame(n);  // warm-up: pipelines, descriptor sets, chunks
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  const auto submits = counters(kSubmitReasons);
  const auto creation = counters(kNoCreation);
  const uint64_t total = counter("submit.total");
  const uint64_t passes = counter("render_pass.begun");
  const uint64_t draws = counter("draw.calls");
  constexpr int kFrames = 12;
  for (int n = 6; n < 6 + kFrames; ++n) frame(n);

  EXPECT_EQ(counter("draw.calls") - draws, 5u * kFrames) << "the frame's draws reached the driver";
  EXPECT_EQ(counter("submit.total") - total, uint64_t{kFrames}) << "one submit per frame";
  const auto submits_after = counters(kSubmitReasons);
  for (size_t i = 0; i < std::size(kSubmitReasons); ++i) {
    const uint64_t expected = std::string(kSubmitReasons[i]) == "submit.flush" ? kFrames : 0;
    EXPECT_EQ(submits_after[i] - submits[i], expected) << kSubmitReasons[i];
  }
  EXPECT_EQ(counter("render_pass.begun") - passes, 3u * kFrames) << "one render pass per framebuffer per frame";
  const auto creation_after = counters(kNoCreation);
  for (size_t i = 0; i < std::size(kNoCreation); ++i)
    EXPECT_EQ(creation_after[i] - creation[i], 0u) << kNoCreation[i];

  // And the frames drew what they should: the default framebuffer shows
  // FBO 0. The last frame (odd) tested depth with GL_LESS, so the small quad
  // at the same depth as the red one was rejected: red where it would be.
  static_assert((6 + kFrames - 1) % 2 == 1);
  EXPECT_EQ(pixel(kWidth / 2 + 4, kHeight / 2 + 2), rgba(255, 0, 0));
  frame(6 + kFrames);  // even: GL_LEQUAL, the small quad (blue 255) passes
  const uint32_t centre = pixel(kWidth / 2 + 4, kHeight / 2 + 2);
  EXPECT_EQ(centre & 0xff, 0u) << std::hex << centre;
  EXPECT_EQ(centre >> 16 & 0xff, 255u) << std::hex << centre;
}

// Issue 19: the same frames, every draw after a state change (uniforms,
// vertex buffers, programs, textures, blend and depth state, framebuffers),
// allocate nothing on the heap in Brass once warm (operator new called
// from libEGL_brass.so, e2e_allocation_counter.h).
TEST_F(FrameCounters, SteadyFramesAllocateNothing) {
  for (int n = 0; n < 6; ++n) frame(n);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const uint64_t draws = counter("draw.calls");
  ASSERT_TRUE(count_allocations_from(reinterpret_cast<const void*>(stats_value_)));
  // The counter sees Brass's allocations: a shader object's creation makes some.
  glDeleteShader(glCreateShader(GL_VERTEX_SHADER));
  ASSERT_GT(library_allocations(), 0u) << "allocations in libEGL_brass.so are not seen";
  const uint64_t before = library_allocations();
  constexpr int kFrames = 12;
  for (int n = 6; n < 6 + kFrames; ++n) frame(n);
  const uint64_t allocated = library_allocations() - before;
  EXPECT_EQ(counter("draw.calls") - draws, 5u * kFrames) << "the frame's draws reached the driver";
  EXPECT_EQ(allocated, 0u) << "C++ heap allocations in " << kFrames << " steady frames";
}

TEST_F(FrameCounters, SwitchingBetweenFramebuffersWithinAFrameDoesNotSubmit) {
  for (int n = 0; n < 3; ++n) frame(n);
  const uint64_t total = counter("submit.total");
  const uint64_t changes = counter("render_pass.end.framebuffer_change");
  glUseProgram(color_prog_);
  use_vbo(0);
  for (int i = 0; i < 4; ++i) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbos_[i % 2]);
    glUniform4f(color_loc_, float(i) / 4.0f, 0, 0, 1);
    glDrawArrays(GL_TRIANGLES, 0, 6);
  }
  EXPECT_EQ(counter("submit.total") - total, 0u) << "a framebuffer switch submitted";
  EXPECT_GE(counter("render_pass.end.framebuffer_change") - changes, 3u);
  ASSERT_TRUE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(counter("submit.total") - total, 1u);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace
}  // namespace brass::e2e
