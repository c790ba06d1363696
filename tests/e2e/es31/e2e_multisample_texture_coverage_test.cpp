// ES 3.1 multisample rendering into multisample textures: each sample
// holds its own coverage, the sample positions are Vulkan's standard ones
// (also of a framebuffer without attachments) and match what rendering
// covers, and the sample mask (glSampleMaski) writes only the masked
// samples, combines with coverage and resolves to the covered fraction.
#include <array>
#include <vector>

#include "e2e_multisample_textures_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(E2eMultisampleTextures, EachSampleHoldsItsOwnCoverage) {
  REQUIRE_4X(GL_RGBA8);
  constexpr int kW = 4, kH = 2;
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, kW, kH, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const auto pos = sample_positions(samples);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Green over pixels 0 and 1 and the left half of pixel 2 of every row:
  // in pixel 2 only the samples left of its middle are covered.
  color_rect(0, 0, 2.5f, float(kH), kW, kH, {0, 1, 0, 1});
  const std::vector<uint32_t> px = fetch_samples(ms, samples, kW, kH);
  const uint32_t green = rgba(0, 255, 0), blue = rgba(0, 0, 255);
  int partial_green = 0;
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x)
      for (int s = 0; s < samples; ++s) {
        const bool covered = x < 2 || (x == 2 && pos[size_t(s)][0] < 0.5f);
        if (x == 2 && covered) ++partial_green;
        EXPECT_EQ(px[size_t((y * kW + x) * samples + s)], covered ? green : blue)
            << "pixel " << x << "," << y << " sample " << s;
      }
  // The edge pixel really has samples of both colors.
  EXPECT_GT(partial_green, 0);
  EXPECT_LT(partial_green, kH * samples);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SamplePositionsAreVulkansStandardOnesAndMatchRendering) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 1, 1, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const auto pos = sample_positions(samples);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int s = 0; s < samples; ++s) {
    EXPECT_GE(pos[size_t(s)][0], 0.0f);
    EXPECT_LT(pos[size_t(s)][0], 1.0f);
    EXPECT_GE(pos[size_t(s)][1], 0.0f);
    EXPECT_LT(pos[size_t(s)][1], 1.0f);
    EXPECT_EQ(pos[size_t(s)][0], kStandard4[s][0]) << "sample " << s;
    EXPECT_EQ(pos[size_t(s)][1], kStandard4[s][1]) << "sample " << s;
  }
  // Rendering agrees, in GL's orientation: a rectangle over the lower half
  // of the pixel covers the samples whose y is below 0.5.
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  color_rect(0, 0, 1, 0.5f, 1, 1, {1, 0, 0, 1});
  const std::vector<uint32_t> px = fetch_samples(ms, samples, 1, 1);
  for (int s = 0; s < samples; ++s)
    EXPECT_EQ(px[size_t(s)], pos[size_t(s)][1] < 0.5f ? rgba(255, 0, 0) : rgba(0, 0, 0)) << "sample " << s;

  // Errors: the pname, and an index past SAMPLES of the draw framebuffer.
  GLfloat val[2] = {-1, -1};
  glBindFramebuffer(GL_FRAMEBUFFER, f);
  glGetMultisamplefv(GL_SAMPLES, 0, val);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetMultisamplefv(GL_SAMPLE_POSITION, GLuint(samples), val);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(val[0], -1.0f);
  // The single-sampled default framebuffer has no sample positions.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glGetMultisamplefv(GL_SAMPLE_POSITION, 0, val);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, FramebufferWithoutAttachmentsHasItsDefaultSamplesPositions) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_FRAMEBUFFER_SAMPLES, &max);
  if (max < 4) GTEST_SKIP() << "no 4x framebuffers without attachments";
  GLuint f = 0;
  glGenFramebuffers(1, &f);
  glBindFramebuffer(GL_FRAMEBUFFER, f);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 4);
  GLint v = -1;
  glGetIntegerv(GL_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  GLfloat pos[2] = {};
  glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // Rasterized with 4 samples (the next count at least 3): SAMPLES says so,
  // and their positions are there to ask for.
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 3);
  glGetIntegerv(GL_SAMPLES, &v);
  EXPECT_EQ(v, 4);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
  EXPECT_EQ(v, 1);
  const auto p = sample_positions(4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(p[size_t(s)][0], kStandard4[s][0]);
    EXPECT_EQ(p[size_t(s)][1], kStandard4[s][1]);
  }
  glGetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
}

TEST_F(E2eMultisampleTextures, SampleMaskWritesOnlyTheMaskedSamples) {
  REQUIRE_4X(GL_RGBA8);
  GLint words = 0;
  glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
  // State: disabled, every bit set.
  EXPECT_EQ(glIsEnabled(GL_SAMPLE_MASK), GL_FALSE);
  GLint word = 0;
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &word);
  EXPECT_EQ(word, -1);
  GLint64 word64 = 0;
  glGetInteger64i_v(GL_SAMPLE_MASK_VALUE, 0, &word64);
  EXPECT_EQ(word64, -1) << "the mask word as a GL integer, widened";
  GLboolean b = GL_FALSE;
  glGetBooleani_v(GL_SAMPLE_MASK_VALUE, 0, &b);
  EXPECT_EQ(b, GL_TRUE);
  // Errors: words past MAX_SAMPLE_MASK_WORDS.
  glSampleMaski(GLuint(words), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, GLuint(words), &word);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // SAMPLE_MASK_VALUE is indexed state only.
  glGetIntegerv(GL_SAMPLE_MASK_VALUE, &word);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 2, 2, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x5);
  EXPECT_EQ(glIsEnabled(GL_SAMPLE_MASK), GL_TRUE);
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &word);
  EXPECT_EQ(word, 0x5);
  color_rect(0, 0, 2, 2, 2, 2, {1, 1, 1, 1});
  // A second draw with the other samples in red, with the mask disabled in
  // between: it applies only while enabled.
  glDisable(GL_SAMPLE_MASK);
  color_rect(0, 0, 1, 2, 2, 2, {1, 0, 0, 1});  // left column, every sample
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0xa);
  color_rect(1, 0, 2, 2, 2, 2, {0, 0, 1, 1});  // right column, samples 1 and 3
  glDisable(GL_SAMPLE_MASK);
  const std::vector<uint32_t> px = fetch_samples(ms, samples, 2, 2);
  for (int y = 0; y < 2; ++y)
    for (int s = 0; s < samples; ++s) {
      EXPECT_EQ(px[size_t((y * 2 + 0) * samples + s)], rgba(255, 0, 0)) << "left, sample " << s;
      EXPECT_EQ(px[size_t((y * 2 + 1) * samples + s)], (s & 1) ? rgba(0, 0, 255) : rgba(255, 255, 255))
          << "right, sample " << s;
    }
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SampleMaskThenResolvingBlitGivesTheCoveredFraction) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 8, 8, &samples);
  ASSERT_EQ(samples, 4);
  GLuint msf = fbo_with(ms);
  GLuint resolved = 0;
  glGenTextures(1, &resolved);
  glBindTexture(GL_TEXTURE_2D, resolved);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  GLuint rf = fbo_with(resolved, GL_TEXTURE_2D);
  for (const auto& [mask, covered] : {std::pair{0x1u, 1}, std::pair{0x3u, 2}, std::pair{0xeu, 3}, std::pair{0xfu, 4}}) {
    glBindFramebuffer(GL_FRAMEBUFFER, msf);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SAMPLE_MASK);
    glSampleMaski(0, mask);
    color_rect(0, 0, 8, 8, 8, 8, {1, 1, 1, 1});
    glDisable(GL_SAMPLE_MASK);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, msf);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rf);
    glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    glBindFramebuffer(GL_FRAMEBUFFER, rf);
    uint8_t px[8 * 8 * 4] = {};
    glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
    const double expected = 255.0 * covered / samples;
    for (int i = 0; i < 8 * 8 * 4; ++i) EXPECT_NEAR(px[i], expected, 2.0) << "mask " << mask << " byte " << i;
  }
  // A multisampled framebuffer is no blit destination and cannot be read.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, rf);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, msf);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msf);
  uint32_t p = 0;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // A resolve may not scale.
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rf);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &msf);
  glDeleteFramebuffers(1, &rf);
  glDeleteTextures(1, &ms);
  glDeleteTextures(1, &resolved);
}

TEST_F(E2eMultisampleTextures, SampleMaskAndCoverageCombineAndFollowTheFramebuffer) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 1, 1, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Coverage and mask set, then a draw into the single-sampled default
  // framebuffer, where neither applies...
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glEnable(GL_SAMPLE_COVERAGE);
  glSampleCoverage(0.5f, GL_FALSE);  // two of four samples
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x5);
  color_rect(0, 0, 1, 1, kWidth, kHeight, {0, 1, 0, 1});
  EXPECT_EQ(pixel(0, 0), rgba(0, 255, 0));
  // ... then, with no state call in between, into the 4x one: both masks
  // apply there, ANDed (coverage keeps samples 0 and 1, the mask 0 and 2).
  glBindFramebuffer(GL_FRAMEBUFFER, f);
  color_rect(0, 0, 1, 1, 1, 1, {1, 1, 1, 1});
  glDisable(GL_SAMPLE_COVERAGE);
  glDisable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::vector<uint32_t> px = fetch_samples(ms, samples, 1, 1);
  for (int s = 0; s < samples; ++s)
    EXPECT_EQ(px[size_t(s)], s == 0 ? rgba(255, 255, 255) : rgba(0, 0, 0)) << "sample " << s;
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SampleMaskLeavesSingleSampledRenderingAlone) {
  // §15.1.3: without multisample buffers the mask does nothing.
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  color_rect(0, 0, float(kWidth), float(kHeight), kWidth, kHeight, {0, 1, 0, 1});
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  glDisable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0xffffffffu);
}

}  // namespace
}  // namespace brass::e2e
