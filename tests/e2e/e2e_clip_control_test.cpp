// EXT_clip_control through glvnd: glClipControlEXT's origin mirrors the
// image in y while keeping which faces are front, its depth mode maps clip
// z in [0, w] (not [-w, w]) onto the depth range; errors and queries as the
// extension specifies.
#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

// A triangle in the lower half of clip space (y < 0), counter-clockwise,
// at clip depth z = `depth`.
constexpr const char* kVs = R"(#version 300 es
uniform float depth;
void main() {
  const vec2 corners[3] = vec2[3](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 0.0));
  gl_Position = vec4(corners[gl_VertexID], depth, 1.0);
})";
constexpr const char* kFs = R"(#version 300 es
precision mediump float;
out vec4 o;
void main() { o = gl_FrontFacing ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); })";

class ClipControl : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_EXT_clip_control")) GTEST_SKIP() << "no VK_EXT_depth_clip_control on this device";
    clip_control = reinterpret_cast<PFNGLCLIPCONTROLEXTPROC>(eglGetProcAddress("glClipControlEXT"));
    ASSERT_NE(clip_control, nullptr);
    prog = program(kVs, kFs);
    glUseProgram(prog);
    glViewport(0, 0, kWidth, kHeight);
  }
  void TearDown() override {
    if (clip_control) clip_control(GL_LOWER_LEFT_EXT, GL_NEGATIVE_ONE_TO_ONE_EXT);
    if (prog) glDeleteProgram(prog);
    GlesTest::TearDown();
  }
  void draw(float depth) {
    glUniform1f(glGetUniformLocation(prog, "depth"), depth);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  PFNGLCLIPCONTROLEXTPROC clip_control = nullptr;
  GLuint prog = 0;
};

TEST_F(ClipControl, InitialStateErrorsAndQueries) {
  GLint v = 0;
  glGetIntegerv(GL_CLIP_ORIGIN_EXT, &v);
  EXPECT_EQ(v, GL_LOWER_LEFT_EXT);
  glGetIntegerv(GL_CLIP_DEPTH_MODE_EXT, &v);
  EXPECT_EQ(v, GL_NEGATIVE_ONE_TO_ONE_EXT);
  clip_control(GL_UPPER_LEFT_EXT, GL_ZERO_TO_ONE_EXT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetIntegerv(GL_CLIP_ORIGIN_EXT, &v);
  EXPECT_EQ(v, GL_UPPER_LEFT_EXT);
  glGetIntegerv(GL_CLIP_DEPTH_MODE_EXT, &v);
  EXPECT_EQ(v, GL_ZERO_TO_ONE_EXT);
  // A bad enum in either argument changes neither.
  clip_control(GL_LOWER_LEFT_EXT, GL_LOWER_LEFT_EXT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  clip_control(GL_ZERO_TO_ONE_EXT, GL_NEGATIVE_ONE_TO_ONE_EXT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetIntegerv(GL_CLIP_ORIGIN_EXT, &v);
  EXPECT_EQ(v, GL_UPPER_LEFT_EXT);
  glGetIntegerv(GL_CLIP_DEPTH_MODE_EXT, &v);
  EXPECT_EQ(v, GL_ZERO_TO_ONE_EXT);
}

// Upper-left origin: the triangle below the middle in clip space lands in
// the top half of the window (GL rows from the bottom), still front-facing.
TEST_F(ClipControl, UpperLeftOriginMirrorsYAndKeepsFacing) {
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  draw(0.0f);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0)) << "lower-left origin: bottom half, front";
  EXPECT_EQ(pixel(4, kHeight - 5), rgba(0, 0, 255));
  glClear(GL_COLOR_BUFFER_BIT);
  clip_control(GL_UPPER_LEFT_EXT, GL_NEGATIVE_ONE_TO_ONE_EXT);
  draw(0.0f);
  EXPECT_EQ(pixel(4, kHeight - 5), rgba(0, 255, 0)) << "upper-left origin: top half, still front";
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255));
  // Culling follows the same facing: back faces culled leaves it drawn.
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  draw(0.0f);
  EXPECT_EQ(pixel(4, kHeight - 5), rgba(0, 255, 0));
  glCullFace(GL_FRONT);
  glClear(GL_COLOR_BUFFER_BIT);
  draw(0.0f);
  EXPECT_EQ(pixel(4, kHeight - 5), rgba(0, 0, 255)) << "front faces culled";
  glDisable(GL_CULL_FACE);
}

// Depth mode: clip z = -0.5 is clipped away with [0, 1] and drawn at depth
// 0.25 with [-1, 1]; z = 0.5 lands at 0.5 with [0, 1] (0.75 with [-1, 1]).
TEST_F(ClipControl, ZeroToOneDepthMode) {
  GLuint fbo = 0, color = 0, depth = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  glGenRenderbuffers(1, &depth);
  glBindRenderbuffer(GL_RENDERBUFFER, depth);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kWidth, kHeight);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glEnable(GL_DEPTH_TEST);
  // Whether a fragment at `clip_z` passes against a buffer cleared to `clear`.
  auto passes = [&](float clip_z, float clear) {
    glClearColor(0, 0, 1, 1);
    glClearDepthf(clear);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    draw(clip_z);
    return pixel(4, 4) == rgba(0, 255, 0);
  };
  EXPECT_TRUE(passes(-0.5f, 0.3f)) << "[-1, 1]: window depth 0.25";
  EXPECT_FALSE(passes(-0.5f, 0.2f));
  clip_control(GL_LOWER_LEFT_EXT, GL_ZERO_TO_ONE_EXT);
  EXPECT_FALSE(passes(-0.5f, 1.0f)) << "[0, 1]: negative clip z is outside the view volume";
  EXPECT_TRUE(passes(0.5f, 0.55f)) << "[0, 1]: window depth 0.5";
  EXPECT_FALSE(passes(0.5f, 0.45f));
  clip_control(GL_LOWER_LEFT_EXT, GL_NEGATIVE_ONE_TO_ONE_EXT);
  EXPECT_FALSE(passes(0.5f, 0.7f)) << "[-1, 1] again: window depth 0.75";
  glDisable(GL_DEPTH_TEST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteRenderbuffers(1, &color);
  glDeleteRenderbuffers(1, &depth);
  glDeleteFramebuffers(1, &fbo);
}

}  // namespace
}  // namespace brass::e2e
