// ES 3.2's per-sample shading as ES 3.1 extensions, through glvnd:
// OES_sample_shading (SAMPLE_SHADING, glMinSampleShadingOES and its value),
// OES_sample_variables (gl_SampleID, gl_SamplePosition, gl_NumSamples,
// gl_SampleMaskIn, gl_SampleMask) and OES_shader_multisample_interpolation
// (`sample`, interpolateAtCentroid/Sample/Offset and the offset limits).
// Fragments are rendered into a 4x multisample texture whose every sample
// is read back with texelFetch and checked on the CPU against the sample
// positions glGetMultisamplefv reports.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>


#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kSamples = 4, kSize = 4;

// A triangle over the viewport; `v` is the window position, so that its
// interpolated value is where the fragment shader is evaluated.
constexpr const char* kWindowVs = R"(#version 310 es
uniform vec2 size;
out vec2 v;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  v = (p * 0.5 + 0.5) * size;
  gl_Position = vec4(p, 0.0, 1.0);
})";

// Sample (x % samples) of texel (x / samples, y) into pixel (x, y).
constexpr const char* kFetchFs = R"(#version 310 es
precision highp float;
uniform highp sampler2DMS tex;
out vec4 o;
void main() {
  ivec2 c = ivec2(gl_FragCoord.xy);
  o = texelFetch(tex, ivec2(c.x / 4, c.y), c.x % 4);
})";

class E2eSampleShading : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    for (const char* e : {"GL_OES_sample_shading", "GL_OES_sample_variables", "GL_OES_shader_multisample_interpolation"})
      ASSERT_TRUE(has_extension(e)) << e;
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenTextures(1, &ms_);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms_);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, kSamples, GL_RGBA8, kSize, kSize, GL_TRUE);
    GLint samples = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &samples);
    ASSERT_EQ(samples, kSamples);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms_, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    for (int i = 0; i < kSamples; ++i) glGetMultisamplefv(GL_SAMPLE_POSITION, GLuint(i), positions_[size_t(i)].data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo_);
    glDeleteTextures(1, &ms_);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    Es31Test::TearDown();
  }

  // Clears the multisample target to `clear` and draws `fs` over it.
  void draw(const char* fs, std::array<float, 4> clear = {0, 0, 0, 0}) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glViewport(0, 0, kSize, kSize);
    glClearColor(clear[0], clear[1], clear[2], clear[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    GLuint p = program(kWindowVs, fs);
    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "size"), float(kSize), float(kSize));
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDeleteProgram(p);
  }

  // Every sample as RGBA8: [(y * kSize + x) * kSamples + s].
  std::vector<uint32_t> samples() {
    GLuint dst = 0, f = 0;
    glGenTextures(1, &dst);
    glBindTexture(GL_TEXTURE_2D, dst);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize * kSamples, kSize);
    glGenFramebuffers(1, &f);
    glBindFramebuffer(GL_FRAMEBUFFER, f);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
    GLuint p = program(kFullscreenVs310, kFetchFs);
    glUseProgram(p);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms_);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    glViewport(0, 0, kSize * kSamples, kSize);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::vector<uint32_t> px(size_t(kSize * kSamples * kSize), 0xdeadbeef);
    glReadPixels(0, 0, kSize * kSamples, kSize, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glDeleteProgram(p);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &f);
    glDeleteTextures(1, &dst);
    return px;
  }

  static float channel(uint32_t px, int c) { return float((px >> (8 * c)) & 0xff) / 255.0f; }
  // Channels c and c+1 of every sample of every pixel hold `expected(s)`
  // (within 8-bit rounding).
  template <typename F>
  static void expect_pairs(const std::vector<uint32_t>& px, int c, F expected, const char* what) {
    for (size_t i = 0; i < px.size(); ++i) {
      const std::array<float, 2> e = expected(int(i % kSamples));
      EXPECT_NEAR(channel(px[i], c), e[0], 1.5f / 255) << what << " sample " << i % kSamples << " of pixel " << i / kSamples;
      EXPECT_NEAR(channel(px[i], c + 1), e[1], 1.5f / 255) << what << " sample " << i % kSamples << " of pixel " << i / kSamples;
    }
  }

  GLuint vao_ = 0, ms_ = 0, fbo_ = 0;
  std::array<std::array<float, 2>, kSamples> positions_{};
};

TEST_F(E2eSampleShading, StateQueriesAndClamping) {
  GLfloat value = -1;
  EXPECT_FALSE(glIsEnabled(GL_SAMPLE_SHADING_OES));
  glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE_OES, &value);
  EXPECT_EQ(value, 0.0f);
  glEnable(GL_SAMPLE_SHADING_OES);
  EXPECT_TRUE(glIsEnabled(GL_SAMPLE_SHADING_OES));
  GLboolean b = GL_FALSE;
  glGetBooleanv(GL_SAMPLE_SHADING_OES, &b);
  EXPECT_EQ(b, GL_TRUE);
  glDisable(GL_SAMPLE_SHADING_OES);
  EXPECT_FALSE(glIsEnabled(GL_SAMPLE_SHADING_OES));
  auto min_sample_shading = reinterpret_cast<PFNGLMINSAMPLESHADINGOESPROC>(eglGetProcAddress("glMinSampleShadingOES"));
  ASSERT_NE(min_sample_shading, nullptr);
  // Clamped to [0, 1], never an error.
  for (auto [in, out] : {std::pair{0.5f, 0.5f}, std::pair{1.5f, 1.0f}, std::pair{-3.0f, 0.0f}, std::pair{0.25f, 0.25f}}) {
    min_sample_shading(in);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE_OES, &value);
    EXPECT_EQ(value, out) << in;
  }
  // The interpolation offset limits, at least ES 3.2's.
  GLfloat lo = 0, hi = 0;
  GLint bits = 0;
  glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES, &lo);
  glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES, &hi);
  glGetIntegerv(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES, &bits);
  EXPECT_LE(lo, -0.5f);
  EXPECT_GE(hi, 0.5f);
  EXPECT_GE(bits, 4);
}

// gl_FragCoord: at the pixel's centre without sample shading, at each
// sample's own location with a fraction of 1.0, and so is a centroid input
// then (ES 3.2 §13.4.1: every value is evaluated at the sample location).
// Without sample shading a centroid input may lie at any covered sample
// (lavapipe shades such a shader per sample): not checked.
TEST_F(E2eSampleShading, FractionOneShadesEverySampleAtItsLocation) {
  const char* fs = R"(#version 310 es
precision highp float;
centroid in vec2 v;
out vec4 o;
void main() { o = vec4(fract(gl_FragCoord.xy), fract(v)); })";
  auto centre = [](int) { return std::array<float, 2>{0.5f, 0.5f}; };
  auto at_sample = [this](int s) { return positions_[size_t(s)]; };
  draw(fs);
  std::vector<uint32_t> px = samples();
  expect_pairs(px, 0, centre, "gl_FragCoord, no sample shading");

  auto min_sample_shading = reinterpret_cast<PFNGLMINSAMPLESHADINGOESPROC>(eglGetProcAddress("glMinSampleShadingOES"));
  ASSERT_NE(min_sample_shading, nullptr);
  glEnable(GL_SAMPLE_SHADING_OES);
  min_sample_shading(1.0f);
  draw(fs);
  px = samples();
  expect_pairs(px, 0, at_sample, "gl_FragCoord, sample shading 1.0");
  expect_pairs(px, 2, at_sample, "centroid input, sample shading 1.0");

  // Disabled again: one invocation per pixel.
  glDisable(GL_SAMPLE_SHADING_OES);
  draw(fs);
  px = samples();
  expect_pairs(px, 0, centre, "gl_FragCoord, sample shading disabled again");
}

// A fraction below one may shade fewer samples apart: each sample's value
// is some location in its pixel that the device shaded it at, and at least
// ceil(0.5 * 4) = 2 different ones per pixel.
TEST_F(E2eSampleShading, FractionHalfShadesAtLeastHalfTheSamples) {
  auto min_sample_shading = reinterpret_cast<PFNGLMINSAMPLESHADINGOESPROC>(eglGetProcAddress("glMinSampleShadingOES"));
  ASSERT_NE(min_sample_shading, nullptr);
  glEnable(GL_SAMPLE_SHADING_OES);
  min_sample_shading(0.5f);
  draw(R"(#version 310 es
precision highp float;
out vec4 o;
void main() { o = vec4(fract(gl_FragCoord.xy), 0.0, 1.0); })");
  const std::vector<uint32_t> px = samples();
  for (size_t p = 0; p < px.size(); p += kSamples) {
    std::vector<uint32_t> distinct;
    for (int s = 0; s < kSamples; ++s) {
      const uint32_t v = px[p + size_t(s)] & 0xffff;
      if (std::find(distinct.begin(), distinct.end(), v) == distinct.end()) distinct.push_back(v);
    }
    EXPECT_GE(distinct.size(), 2u) << "pixel " << p / kSamples;
  }
}

TEST_F(E2eSampleShading, SampleVariables) {
  // gl_SampleID and gl_SamplePosition make the shader run per sample.
  draw(R"(#version 310 es
#extension GL_OES_sample_variables : require
precision highp float;
out vec4 o;
void main() {
  o = vec4(gl_SamplePosition, float(gl_SampleID) / 4.0, float(gl_NumSamples) / 8.0);
})");
  std::vector<uint32_t> px = samples();
  expect_pairs(px, 0, [this](int s) { return positions_[size_t(s)]; }, "gl_SamplePosition");
  expect_pairs(px, 2, [](int s) { return std::array<float, 2>{float(s) / 4.0f, 0.5f}; }, "gl_SampleID, gl_NumSamples");

  // Without sample inputs: gl_SampleMaskIn has between one (one
  // invocation per sample, which a device may choose) and all four of the
  // covered samples; the shader's gl_SampleMask keeps samples 0 and 2 only
  // (the others keep the clear colour).
  draw(R"(#version 310 es
#extension GL_OES_sample_variables : require
precision highp float;
out vec4 o;
void main() {
  o = vec4(float(bitCount(gl_SampleMaskIn[0])) / 8.0, 1.0, 0.0, 1.0);
  gl_SampleMask[0] = 0x5;
})", {0, 0, 1, 1});
  px = samples();
  for (size_t i = 0; i < px.size(); ++i) {
    const bool written = (i % kSamples) % 2 == 0;
    const uint32_t expected = written ? rgba(0, 255, 0, 255) : rgba(0, 0, 255, 255);
    EXPECT_EQ(px[i] & 0xffffff00, expected & 0xffffff00) << std::hex << px[i] << " sample " << i % kSamples;
    if (written) {
      const float covered = channel(px[i], 0) * 8.0f;
      EXPECT_GE(covered, 0.9f) << "sample " << i % kSamples;
      EXPECT_LE(covered, 4.1f) << "sample " << i % kSamples;
    } else {
      EXPECT_EQ(px[i] & 0xff, 0u) << "sample " << i % kSamples;
    }
  }

  // Per sample (gl_SampleID is used), the mask in is the sample's own bit.
  draw(R"(#version 310 es
#extension GL_OES_sample_variables : require
precision highp float;
out vec4 o;
void main() { o = vec4(float(gl_SampleMaskIn[0]) / 16.0, float(1 << gl_SampleID) / 16.0, 0.0, 1.0); })");
  px = samples();
  expect_pairs(px, 0, [](int s) { return std::array<float, 2>{float(1 << s) / 16.0f, float(1 << s) / 16.0f}; },
               "gl_SampleMaskIn per sample");
}

TEST_F(E2eSampleShading, SampleQualifierAndInterpolateAt) {
  // A `sample` input is evaluated at each sample; interpolateAtSample at
  // the sample asked for, whichever invocation asks.
  draw(R"(#version 310 es
#extension GL_OES_shader_multisample_interpolation : require
precision highp float;
sample in vec2 v;
out vec4 o;
void main() { o = vec4(fract(v), fract(interpolateAtSample(v, 3))); })");
  std::vector<uint32_t> px = samples();
  expect_pairs(px, 0, [this](int s) { return positions_[size_t(s)]; }, "sample input");
  expect_pairs(px, 2, [this](int) { return positions_[3]; }, "interpolateAtSample(v, 3)");

  // An offset from the pixel's centre; the centroid of a fully covered
  // pixel is its centre, or one of its samples where the device runs more
  // than one invocation per pixel (lavapipe does, with a subset of the
  // samples each).
  draw(R"(#version 310 es
#extension GL_OES_shader_multisample_interpolation : require
precision highp float;
in vec2 v;
out vec4 o;
void main() { o = vec4(fract(interpolateAtOffset(v, vec2(0.25, -0.25))), fract(interpolateAtCentroid(v))); })");
  px = samples();
  expect_pairs(px, 0, [](int) { return std::array<float, 2>{0.75f, 0.25f}; }, "interpolateAtOffset");
  for (size_t i = 0; i < px.size(); ++i) {
    const std::array<float, 2> at = {channel(px[i], 2), channel(px[i], 3)};
    bool sample = false;
    for (const std::array<float, 2>& pos : positions_)
      sample = sample || (std::fabs(at[0] - pos[0]) < 0.01f && std::fabs(at[1] - pos[1]) < 0.01f);
    const bool centre = std::fabs(at[0] - 0.5f) < 0.01f && std::fabs(at[1] - 0.5f) < 0.01f;
    EXPECT_TRUE(centre || sample) << "interpolateAtCentroid " << at[0] << ", " << at[1] << " for sample "
                                  << i % kSamples;
  }
}

// Without the directive (ESSL 3.10) the built-ins and functions do not exist.
TEST_F(E2eSampleShading, DirectivesAreRequired) {
  for (const char* src : {"#version 310 es\nprecision highp float;\nout vec4 o;\nvoid main() { o = vec4(float(gl_SampleID)); }\n",
                          "#version 310 es\nprecision highp float;\nsample in vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n"}) {
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint ok = 1;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    EXPECT_EQ(ok, GL_FALSE) << src;
    glDeleteShader(s);
  }
}

}  // namespace
}  // namespace brass::e2e
