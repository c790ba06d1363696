// ES 3.1 multisample textures through glvnd: the limits and
// GetInternalformativ's sample counts, glTexStorage2DMultisample and its
// errors, the TEXTURE_2D_MULTISAMPLE binding, parameters and level queries,
// framebuffer attachment and completeness.
#include <array>
#include <vector>

#include "e2e_multisample_textures_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(E2eMultisampleTextures, LimitsAndInternalformatQueries) {
  GLint words = 0, color = 0, depth = 0, integer = 0, max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &color);
  glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &depth);
  glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &integer);
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  EXPECT_GE(words, 1);
  EXPECT_GE(color, 1);
  EXPECT_GE(depth, 1);
  EXPECT_GE(integer, 1);
  // ES 3.1 §20.3: a format's highest count is at least the lower of its
  // kind's limit and MAX_SAMPLES.
  EXPECT_GE(max_texture_samples(GL_RGBA8), std::min(color, max_samples));
  EXPECT_GE(max_texture_samples(GL_RGBA8UI), std::min(integer, max_samples));
  EXPECT_GE(max_texture_samples(GL_DEPTH24_STENCIL8), std::min(depth, max_samples));
  // Counts are listed highest first, all above one.
  GLint n = 0;
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
  std::vector<GLint> counts(static_cast<size_t>(std::max(n, 1)), 0);
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, n, counts.data());
  for (GLint i = 0; i < n; ++i) {
    EXPECT_GT(counts[size_t(i)], 1);
    if (i) {
      EXPECT_LT(counts[size_t(i)], counts[size_t(i - 1)]);
    }
  }
  // Only renderable sized formats; the target must be one the call knows.
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGB9_E5, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // ES 3.1 allows multisampled integer renderbuffers.
  GLint rb_count = 0;
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1, &rb_count);
  if (integer > 1) {
    EXPECT_GT(rb_count, 0);
  }
}

TEST_F(E2eMultisampleTextures, StorageSetsTheLevelParametersAndImmutability) {
  const GLint max = max_texture_samples(GL_RGBA8);
  if (max < 2) GTEST_SKIP() << "no multisample RGBA8 textures";
  GLint samples = 0;
  GLuint t = ms_texture(GL_RGBA8, 1, 13, 7, &samples, GL_FALSE);
  // At least what was asked for, and a count the format lists.
  EXPECT_GE(samples, 1);
  EXPECT_LE(samples, max);
  GLint v = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 13);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_HEIGHT, &v);
  EXPECT_EQ(v, 7);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_DEPTH, &v);
  EXPECT_EQ(v, 1);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_RGBA8);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_RED_SIZE, &v);
  EXPECT_EQ(v, 8);
  GLfloat f = 0;
  glGetTexLevelParameterfv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &f);
  EXPECT_EQ(f, GLfloat(samples));
  // Level 1 does not exist: the initial state.
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_TEXTURE_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
  EXPECT_EQ(v, 1);
  // Asking for three gives the next count up, never fewer.
  if (max >= 4) {
    GLint three = 0;
    GLuint t3 = ms_texture(GL_RGBA8, 3, 4, 4, &three);
    EXPECT_GE(three, 3);
    glDeleteTextures(1, &t3);
  }
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisampleTextures, StorageErrors) {
  const GLint max = max_texture_samples(GL_RGBA8);
  if (max < 2) GTEST_SKIP() << "no multisample RGBA8 textures";
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
  const struct {
    GLenum target;
    GLsizei samples;
    GLenum format;
    GLsizei w, h;
    GLenum error;
    const char* what;
  } cases[] = {
      {GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, GL_INVALID_ENUM, "not the multisample target"},
      {GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 1, GL_RGBA8, 4, 4, GL_INVALID_ENUM, "the array target (an extension's)"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA, 4, 4, GL_INVALID_ENUM, "unsized format"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGB9_E5, 4, 4, GL_INVALID_ENUM, "not renderable"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, GL_INVALID_ENUM, "compressed"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, 0x1234, 4, 4, GL_INVALID_ENUM, "no format at all"},
      {GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, GL_INVALID_VALUE, "zero samples"},
      {GL_TEXTURE_2D_MULTISAMPLE, -1, GL_RGBA8, 4, 4, GL_INVALID_VALUE, "negative samples"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 0, 4, GL_INVALID_VALUE, "zero width"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 0, GL_INVALID_VALUE, "zero height"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, -4, 4, GL_INVALID_VALUE, "negative width"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, max_size + 1, 4, GL_INVALID_VALUE, "too wide"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, max_size + 1, GL_INVALID_VALUE, "too tall"},
      {GL_TEXTURE_2D_MULTISAMPLE, max + 1, GL_RGBA8, 4, 4, GL_INVALID_OPERATION, "more samples than SAMPLES lists"},
      {GL_TEXTURE_2D_MULTISAMPLE, 0x7fffffff, GL_RGBA8, 4, 4, GL_INVALID_OPERATION, "far more samples"},
  };
  for (const auto& c : cases) {
    glTexStorage2DMultisample(c.target, c.samples, c.format, c.w, c.h, GL_TRUE);
    EXPECT_EQ(glGetError(), c.error) << c.what;
  }
  // Nothing was allocated by the failures.
  GLint v = -1;
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 0);
  // Immutable once specified.
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 4);
  // The default texture cannot be given storage.
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Other image calls do not take the target.
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
  glTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexStorage2D(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  const uint32_t texel = 0;
  glTexSubImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glCopyTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 0, 0, 4, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGenerateMipmap(GL_TEXTURE_2D_MULTISAMPLE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisampleTextures, BindingAndParameters) {
  GLuint t[2] = {};
  glGenTextures(2, t);
  GLint v = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, 0);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, GLint(t[0]));
  glActiveTexture(GL_TEXTURE0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, 0);  // per unit
  glActiveTexture(GL_TEXTURE2);
  // A texture keeps the target it was first bound to.
  glBindTexture(GL_TEXTURE_2D, t[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);

  // Sampler state is no parameter of a multisample texture (ES 3.1 §8.10).
  const std::pair<GLenum, GLint> sampler_state[] = {
      {GL_TEXTURE_MIN_FILTER, GL_NEAREST}, {GL_TEXTURE_MAG_FILTER, GL_NEAREST},
      {GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE}, {GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE},
      {GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE}, {GL_TEXTURE_MIN_LOD, 0},
      {GL_TEXTURE_MAX_LOD, 4},               {GL_TEXTURE_COMPARE_MODE, GL_NONE},
      {GL_TEXTURE_COMPARE_FUNC, GL_LESS},
  };
  for (auto [pname, value] : sampler_state) {
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, pname, value);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
    glTexParameterf(GL_TEXTURE_2D_MULTISAMPLE, pname, GLfloat(value));
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
  }
  // Its one level is level 0.
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // The rest are parameters as for other targets.
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, 7);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, &v);
  EXPECT_EQ(v, 7);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R, &v);
  EXPECT_EQ(v, GL_BLUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, &v);
  EXPECT_EQ(v, 0);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_FALSE);

  // Level queries of a texture without storage answer the initial state.
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, -1, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // A 2D texture has no samples.
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_SAMPLES, &v);
  EXPECT_EQ(v, 0);

  // Deleting a bound texture unbinds it.
  glDeleteTextures(2, t);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, 0);
  glActiveTexture(GL_TEXTURE0);
}

TEST_F(E2eMultisampleTextures, AttachmentErrorsQueriesAndCompleteness) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 8, 8, &samples);
  GLuint ms_var = ms_texture(GL_RGBA8, 4, 8, 8, nullptr, GL_FALSE);
  GLuint t2d = 0;
  glGenTextures(1, &t2d);
  glBindTexture(GL_TEXTURE_2D, t2d);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  GLuint f = 0;
  glGenFramebuffers(1, &f);
  glBindFramebuffer(GL_FRAMEBUFFER, f);

  // Level 0 only; the texture's target must be the one named.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t2d, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, ms, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ms, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint v = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_NONE);

  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_TEXTURE);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
  EXPECT_EQ(v, GLint(ms));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
  EXPECT_EQ(v, 0);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetIntegerv(GL_SAMPLES, &v);
  EXPECT_EQ(v, samples);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
  EXPECT_EQ(v, 1);

  // §9.4.2: one sample count for all attachments...
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, t2d, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  // ... a renderbuffer of the same count is fine with fixed locations ...
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, 8, 8);
  GLint rb_samples = 0;
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &rb_samples);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
  if (rb_samples == samples) {
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  }
  // ... but not with variable ones, which textures must then all share.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms_var, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, ms_var, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  // A single-sampled renderbuffer with a multisample texture: mismatch.
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  // Drawing into an incomplete framebuffer.
  GLuint p = program(kFullscreenVs310, kColorFs);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  glDeleteProgram(p);

  // Two different sample counts, where the device has two.
  GLint n = 0;
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
  if (n >= 2) {
    std::vector<GLint> counts(static_cast<size_t>(n));
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, n, counts.data());
    // A count other than the first texture's (the list is in decreasing
    // order and need not start at 4).
    const GLint other_count = counts[0] != samples ? counts[0] : counts[1];
    GLuint other = ms_texture(GL_RGBA8, other_count, 8, 8);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, other, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
    glDeleteTextures(1, &other);
  }

  // Deleting an attached texture detaches it from the bound framebuffer.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  glDeleteTextures(1, &ms);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_NONE);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &ms_var);
  glDeleteTextures(1, &t2d);
}

}  // namespace
}  // namespace brass::e2e
